# Pyright stub for the peer used by tests/differential (the package ships no types);
# only what the tests call. Its patterns come from `regex` or `re`, whichever is installed.
from typing import Protocol

class _Pattern(Protocol):
    def match(self, string: str) -> object: ...

def get_compiled_pattern(rule: str, flags: int = ...) -> _Pattern: ...
