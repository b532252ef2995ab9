"""The floor: one hand-written, precompiled regex for RFC 3986 ``URI-reference``.

Written from the ABNF of RFC 3986 Appendix A (``../shared/spec/rfc3986.txt``), compiled
once with the standard ``re`` module (possessive quantifiers need Python 3.11) and used
with ``fullmatch``. It is what a careful person would write by hand, so it is the speed
no validator built on ``re`` should expect to beat.

Notes on the reading of the ABNF:

- ASCII only: every class is spelled out (no ``\\w``/``\\d``) and ``re.ASCII`` is set.
- ``host = IP-literal / IPv4address / reg-name``: every ``IPv4address`` is also a
  ``reg-name`` (digits and ``.`` are unreserved), so for a yes/no verdict the
  ``IPv4address`` branch adds nothing and is left out.  ``999.1.1.1`` is a valid
  ``reg-name``, exactly as the RFC says (section 3.2.2).
- ABNF strings are case-insensitive: the ``"v"`` of ``IPvFuture`` matches ``V`` too.
- Possessive repetition only where what follows can never continue what is repeated
  (segment, reg-name, userinfo, port, scheme tail, query, fragment, ``*( "/" segment )``),
  and never on the ``*N( h16 ":" ) h16 "::"`` prefixes of ``IPv6address``, whose
  repetition has to give back its last ``h16``.
"""

from __future__ import annotations

import re

__all__ = ["FLOOR", "FLOOR_SOURCE", "floor_is_valid", "reference_source"]

# Pieces used more than once, each with its ABNF.
_HEXDIG = "[0-9A-Fa-f]"
# h16 = 1*4HEXDIG   (always followed by ":", "]" or "::", never by a HEXDIG)
_H16 = f"{_HEXDIG}{{1,4}}+"
# dec-octet = "25" %x30-35 / "2" %x30-34 DIGIT / "1" 2DIGIT / %x31-39 DIGIT / DIGIT
_DEC_OCTET = "(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])"
# IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet
_IPV4 = rf"{_DEC_OCTET}\.{_DEC_OCTET}\.{_DEC_OCTET}\.{_DEC_OCTET}"
# ls32 = ( h16 ":" h16 ) / IPv4address
_LS32 = f"(?:{_H16}:{_H16}|{_IPV4})"
# pct-encoded = "%" HEXDIG HEXDIG
_PCT = f"%{_HEXDIG}{_HEXDIG}"
# unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"
_UNRESERVED = r"A-Za-z0-9\-._~"
# sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="
_SUB_DELIMS = "!$&'()*+,;="

# IPv6address =                            6( h16 ":" ) ls32
#             /                       "::" 5( h16 ":" ) ls32
#             / [               h16 ] "::" 4( h16 ":" ) ls32
#             / [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
#             / [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
#             / [ *3( h16 ":" ) h16 ] "::"    h16 ":"   ls32
#             / [ *4( h16 ":" ) h16 ] "::"              ls32
#             / [ *5( h16 ":" ) h16 ] "::"              h16
#             / [ *6( h16 ":" ) h16 ] "::"
_IPV6 = (
    "(?:"
    f"(?:{_H16}:){{6}}{_LS32}"
    f"|::(?:{_H16}:){{5}}{_LS32}"
    f"|(?:{_H16})?::(?:{_H16}:){{4}}{_LS32}"
    f"|(?:(?:{_H16}:){{0,1}}{_H16})?::(?:{_H16}:){{3}}{_LS32}"
    f"|(?:(?:{_H16}:){{0,2}}{_H16})?::(?:{_H16}:){{2}}{_LS32}"
    f"|(?:(?:{_H16}:){{0,3}}{_H16})?::{_H16}:{_LS32}"
    f"|(?:(?:{_H16}:){{0,4}}{_H16})?::{_LS32}"
    f"|(?:(?:{_H16}:){{0,5}}{_H16})?::{_H16}"
    f"|(?:(?:{_H16}:){{0,6}}{_H16})?::"
    ")"
)
# IP-literal = "[" ( IPv6address / IPvFuture  ) "]"
# IPvFuture  = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
_IP_LITERAL = rf"\[(?:{_IPV6}|[vV]{_HEXDIG}++\.[{_UNRESERVED}{_SUB_DELIMS}:]++)\]"


def reference_source(unreserved: str, *, private: str = "") -> str:
    """The verbose ``URI-reference`` regex of RFC 3986 4.1 over the class body
    ``unreserved``; with RFC 3987's ``iunreserved`` and ``iprivate`` (which only a query
    takes), the ``IRI-reference`` of RFC 3987 2.2, rule for rule the same shape."""
    # pchar = unreserved / pct-encoded / sub-delims / ":" / "@"
    # segment = *pchar ; runs of plain characters are eaten in one step
    segment = f"(?:[{unreserved}{_SUB_DELIMS}:@]++|{_PCT})*+"
    # segment-nz = 1*pchar
    segment_nz = f"(?:[{unreserved}{_SUB_DELIMS}:@]++|{_PCT})++"
    # segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )
    segment_nz_nc = f"(?:[{unreserved}{_SUB_DELIMS}@]++|{_PCT})++"
    # query = *( pchar / "/" / "?" ) ; iquery = *( ipchar / iprivate / "/" / "?" )
    query = f"(?:[{unreserved}{private}{_SUB_DELIMS}:@/?]++|{_PCT})*+"
    # fragment = *( pchar / "/" / "?" )
    fragment = f"(?:[{unreserved}{_SUB_DELIMS}:@/?]++|{_PCT})*+"
    # authority = [ userinfo "@" ] host [ ":" port ]
    # userinfo  = *( unreserved / pct-encoded / sub-delims / ":" )
    # host      = IP-literal / IPv4address / reg-name   (IPv4address is inside reg-name)
    # reg-name  = *( unreserved / pct-encoded / sub-delims )
    # port      = *DIGIT
    authority = (
        f"(?:(?:[{unreserved}{_SUB_DELIMS}:]++|{_PCT})*+@)?"
        f"(?:{_IP_LITERAL}|(?:[{unreserved}{_SUB_DELIMS}]++|{_PCT})*+)"
        "(?::[0-9]*+)?+"
    )
    # path-abempty  = *( "/" segment )
    # path-absolute = "/" [ segment-nz *( "/" segment ) ]
    # path-rootless = segment-nz *( "/" segment )
    # path-noscheme = segment-nz-nc *( "/" segment )
    # path-empty    = 0<pchar>
    return rf"""
# URI-reference = URI / relative-ref
# URI           = scheme ":" hier-part [ "?" query ] [ "#" fragment ]
# relative-ref  = relative-part [ "?" query ] [ "#" fragment ]
(?:
    # scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
    [A-Za-z][A-Za-z0-9+\-.]*+ :
    # hier-part = "//" authority path-abempty
    #           / path-absolute / path-rootless / path-empty
    (?: // {authority} (?:/{segment})*+
      | / (?:{segment_nz}(?:/{segment})*+)?
      | {segment_nz}(?:/{segment})*+
      |
    )
  |
    # relative-part = "//" authority path-abempty
    #               / path-absolute / path-noscheme / path-empty
    (?: // {authority} (?:/{segment})*+
      | / (?:{segment_nz}(?:/{segment})*+)?
      | {segment_nz_nc}(?:/{segment})*+
      |
    )
)
(?: \? {query} )?+   # [ "?" query ]
(?: \# {fragment} )?+   # [ "#" fragment ]
"""


FLOOR_SOURCE = reference_source(_UNRESERVED)

#: The compiled floor; use ``FLOOR.fullmatch(text)``.
FLOOR: re.Pattern[str] = re.compile(FLOOR_SOURCE, re.VERBOSE | re.ASCII)


def floor_is_valid(text: str) -> bool:
    """Whether ``text`` is an RFC 3986 ``URI-reference``, by the floor regex."""
    return FLOOR.fullmatch(text) is not None
