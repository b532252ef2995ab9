# Pyright stub for the peer used by tests/differential (the package ships no types).
import re

def validate_rfc3986(url: str, rule: str = ...) -> re.Match[str] | None: ...
