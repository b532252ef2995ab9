import re
from typing import Literal

__version__: str
__author__: str
__all__ = ["validate_rfc3986"]

IPv6_RE: str
AUTHORITY_RE: str
PCHAR_RE: str
QUERY_RE: str
URI_RE: str
RELATIVE_REF_RE: str
URI_RE_COMP: re.Pattern[str]
URI_REF_RE_COMP: re.Pattern[str]

# Anchored with "^...$" and `.match`, so one trailing "\n" is also accepted.
# Any other rule name raises ValueError("Invalid rule").
def validate_rfc3986(
    url: str, rule: Literal["URI", "URI_reference"] = "URI"
) -> re.Match[str] | None: ...
