# rfc3987 compiles with the third-party `regex` module when it is importable (always in
# this project: `regex` is a runtime dependency of urikit), so patterns and matches are
# `regex` objects; it would fall back to `re` otherwise.
from collections.abc import Callable, Mapping
from typing import Literal, NoReturn, TypeAlias, overload

import regex

__version__: str
__all__ = (
    "compose",
    "format_patterns",
    "get_compiled_pattern",
    "match",
    "parse",
    "patterns",
    "resolve",
)

NARROW_BUILD: bool
REGEX: bool

# Every key of `patterns` (RFC 3986 / RFC 3987 rule names with "-" spelled "_").
_Rule: TypeAlias = Literal[
    "IP_literal",
    "IPv4address",
    "IPv6address",
    "IPvFuture",
    "IRI",
    "IRI_reference",
    "URI",
    "URI_reference",
    "absolute_IRI",
    "absolute_URI",
    "authority",
    "dec_octet",
    "fragment",
    "gen_delims",
    "h16",
    "hexdig",
    "hier_part",
    "host",
    "iauthority",
    "ifragment",
    "ihier_part",
    "ihost",
    "ipath",
    "ipath_abempty",
    "ipath_absolute",
    "ipath_empty",
    "ipath_noscheme",
    "ipath_rootless",
    "ipchar",
    "iprivate",
    "iquery",
    "ireg_name",
    "irelative_part",
    "irelative_ref",
    "isegment",
    "isegment_nz",
    "isegment_nz_nc",
    "iunreserved",
    "iuserinfo",
    "ls32",
    "path",
    "path_abempty",
    "path_absolute",
    "path_empty",
    "path_noscheme",
    "path_rootless",
    "pchar",
    "pct_encoded",
    "port",
    "query",
    "reg_name",
    "relative_part",
    "relative_ref",
    "reserved",
    "scheme",
    "segment",
    "segment_nz",
    "segment_nz_nc",
    "sub_delims",
    "ucschar",
    "unreserved",
    "userinfo",
]
_Parts: TypeAlias = Mapping[str, str | None]

def format_patterns(**names: str | Callable[[str], str]) -> dict[str, str]: ...

DEFAULT_GROUP_NAMES: dict[str, str]
#: mapping of rfc3986 / rfc3987 rule names to regular expressions
patterns: dict[str, str]
patterns_no_names: dict[str, str]
upatterns_no_names: dict[str, str]
bmp_patterns: dict[str, str]
bmp_upatterns_no_names: dict[str, str]
REFERENCE_RULES: tuple[str, ...]

# `rule` is a rule name or a %-template over them, e.g. "^%(URI)s$".
def get_compiled_pattern(rule: str, flags: int = 0) -> regex.Pattern[str]: ...

# Anchored with "^...$" and `.match`, so one trailing "\n" is also accepted.
def match(string: str, rule: _Rule = "IRI_reference") -> regex.Match[str] | None: ...

# rule=None parses without validation (RFC 3986 Appendix B); otherwise ValueError
# when `string` does not match `rule`.
def parse(string: str, rule: _Rule | None = "IRI_reference") -> dict[str, str | None]: ...
def compose(
    scheme: str | None = None,
    authority: str | None = None,
    path: str | None = None,
    query: str | None = None,
    fragment: str | None = None,
    iauthority: str | None = None,
    ipath: str | None = None,
    iquery: str | None = None,
    ifragment: str | None = None,
    **kw: str | None,
) -> str: ...
@overload
def resolve(
    base: str | _Parts,
    uriref: str | _Parts,
    strict: bool = True,
    return_parts: Literal[False] = False,
) -> str: ...
@overload
def resolve(
    base: str | _Parts, uriref: str | _Parts, strict: bool, return_parts: Literal[True]
) -> dict[str, str | None]: ...
@overload
def resolve(
    base: str | _Parts, uriref: str | _Parts, strict: bool = True, *, return_parts: Literal[True]
) -> dict[str, str | None]: ...
@overload
def resolve(
    base: str | _Parts, uriref: str | _Parts, strict: bool = True, return_parts: bool = False
) -> str | dict[str, str | None]: ...

# Not implemented upstream: always raises NotImplementedError.
def normalize(uri: str) -> NoReturn: ...
