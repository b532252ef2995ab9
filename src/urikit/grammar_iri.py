"""RFC 3987 section 2.2: the rules of IRIs that differ from RFC 3986, in the RFC's order.

Each rule is written with the same combinators as :mod:`urikit.grammar` and refers to the
RFC 3986 rules that RFC 3987 reuses unchanged (``scheme``, ``port``, ``IP-literal``,
``IPv4address``, ``pct-encoded``, ``sub-delims``, ``ALPHA``, ``DIGIT``) by their names;
:mod:`urikit.grammar` registers these rules beside its own, so every rule name resolves
in one table.

One departure from the ABNF, made here and nowhere else: section 4.1 says "IRIs MUST
NOT contain bidirectional formatting characters (LRM, RLM, LRE, RLE, LRO, RLO, and
PDF)", which the ranges of ``ucschar`` include; ``ucschar`` leaves them out, so every
IRI rule refuses them (the ``abnf`` text says so).
"""

from __future__ import annotations

from typing import Literal, TypeAlias

from urikit._abnf import Chars, Node, Ref, chars, code_range, lit, opt, rep

__all__ = ["BIDI_FORMATTING", "IPRIVATE", "IRI_RULES", "UCSCHAR_RFC", "IRIRuleName"]

IRIRuleName: TypeAlias = Literal[
    "IRI",
    "ihier-part",
    "IRI-reference",
    "absolute-IRI",
    "irelative-ref",
    "irelative-part",
    "iauthority",
    "iuserinfo",
    "ihost",
    "ireg-name",
    "ipath",
    "ipath-abempty",
    "ipath-absolute",
    "ipath-noscheme",
    "ipath-rootless",
    "ipath-empty",
    "isegment",
    "isegment-nz",
    "isegment-nz-nc",
    "ipchar",
    "iquery",
    "ifragment",
    "iunreserved",
    "ucschar",
    "iprivate",
]

# (name, ABNF text, section, node): grammar.py makes them Rules.
IRIRuleRow: TypeAlias = tuple[IRIRuleName, str, str, Node]


def _planes(first: int, last: int) -> Chars:
    """``%x10000-1FFFD / ... `` : each plane from ``first`` to ``last`` less its last
    two code points (the noncharacters U+nFFFE and U+nFFFF)."""
    out = Chars(())
    for plane in range(first, last + 1):
        out = out | code_range(plane << 16, (plane << 16) + 0xFFFD)
    return out


# ucschar as the RFC lists it (section 2.2), before section 4.1 takes the bidi
# formatting characters out.
UCSCHAR_RFC: Chars = (
    code_range(0xA0, 0xD7FF)
    | code_range(0xF900, 0xFDCF)
    | code_range(0xFDF0, 0xFFEF)
    | _planes(0x1, 0xD)
    | code_range(0xE1000, 0xEFFFD)
)

# LRM, RLM, LRE, RLE, PDF, LRO, RLO (section 4.1).
BIDI_FORMATTING: Chars = chars("\u200e\u200f\u202a\u202b\u202c\u202d\u202e")

IPRIVATE: Chars = (
    code_range(0xE000, 0xF8FF) | code_range(0xF0000, 0xFFFFD) | code_range(0x100000, 0x10FFFD)
)


# References to the rules by name, each exactly one RFC rule.
IRI: Ref = Ref("IRI")
ihier_part: Ref = Ref("ihier-part")
irelative_ref: Ref = Ref("irelative-ref")
irelative_part: Ref = Ref("irelative-part")
iauthority: Ref = Ref("iauthority")
iuserinfo: Ref = Ref("iuserinfo")
ihost: Ref = Ref("ihost")
ireg_name: Ref = Ref("ireg-name")
ipath_abempty: Ref = Ref("ipath-abempty")
ipath_absolute: Ref = Ref("ipath-absolute")
ipath_noscheme: Ref = Ref("ipath-noscheme")
ipath_rootless: Ref = Ref("ipath-rootless")
ipath_empty: Ref = Ref("ipath-empty")
isegment: Ref = Ref("isegment")
isegment_nz: Ref = Ref("isegment-nz")
isegment_nz_nc: Ref = Ref("isegment-nz-nc")
ipchar: Ref = Ref("ipchar")
iquery: Ref = Ref("iquery")
ifragment: Ref = Ref("ifragment")
iunreserved: Ref = Ref("iunreserved")
ucschar: Ref = Ref("ucschar")
iprivate: Ref = Ref("iprivate")
# The RFC 3986 rules RFC 3987 reuses.
scheme: Ref = Ref("scheme")
port: Ref = Ref("port")
IP_literal: Ref = Ref("IP-literal")
IPv4address: Ref = Ref("IPv4address")
pct_encoded: Ref = Ref("pct-encoded")
sub_delims: Ref = Ref("sub-delims")
ALPHA: Ref = Ref("ALPHA")
DIGIT: Ref = Ref("DIGIT")


def _after(node: Node) -> Node:
    """``*( "/" isegment )``, the tail every path form shares."""
    return node + rep(lit("/") + isegment, possessive=True)


IRI_RULES: tuple[IRIRuleRow, ...] = (
    (
        "IRI",
        'IRI = scheme ":" ihier-part [ "?" iquery ] [ "#" ifragment ]',
        "RFC 3987 2.2",
        scheme
        + lit(":")
        + ihier_part
        + opt(lit("?") + iquery, possessive=True)
        + opt(lit("#") + ifragment, possessive=True),
    ),
    (
        "ihier-part",
        'ihier-part = "//" iauthority ipath-abempty / ipath-absolute / ipath-rootless'
        " / ipath-empty",
        "RFC 3987 2.2",
        (lit("//") + iauthority + ipath_abempty) | ipath_absolute | ipath_rootless | ipath_empty,
    ),
    ("IRI-reference", "IRI-reference = IRI / irelative-ref", "RFC 3987 2.2", IRI | irelative_ref),
    (
        "absolute-IRI",
        'absolute-IRI = scheme ":" ihier-part [ "?" iquery ]',
        "RFC 3987 2.2",
        scheme + lit(":") + ihier_part + opt(lit("?") + iquery, possessive=True),
    ),
    (
        "irelative-ref",
        'irelative-ref = irelative-part [ "?" iquery ] [ "#" ifragment ]',
        "RFC 3987 2.2",
        irelative_part
        + opt(lit("?") + iquery, possessive=True)
        + opt(lit("#") + ifragment, possessive=True),
    ),
    (
        "irelative-part",
        'irelative-part = "//" iauthority ipath-abempty / ipath-absolute / ipath-noscheme'
        " / ipath-empty",
        "RFC 3987 2.2",
        (lit("//") + iauthority + ipath_abempty) | ipath_absolute | ipath_noscheme | ipath_empty,
    ),
    (
        "iauthority",
        'iauthority = [ iuserinfo "@" ] ihost [ ":" port ]',
        "RFC 3987 2.2",
        opt(iuserinfo + lit("@")) + ihost + opt(lit(":") + port, possessive=True),
    ),
    (
        "iuserinfo",
        'iuserinfo = *( iunreserved / pct-encoded / sub-delims / ":" )',
        "RFC 3987 2.2",
        rep(iunreserved | pct_encoded | sub_delims | lit(":"), possessive=True),
    ),
    (
        "ihost",
        "ihost = IP-literal / IPv4address / ireg-name",
        "RFC 3987 2.2",
        IP_literal | IPv4address | ireg_name,
    ),
    (
        "ireg-name",
        "ireg-name = *( iunreserved / pct-encoded / sub-delims )",
        "RFC 3987 2.2",
        rep(iunreserved | pct_encoded | sub_delims, possessive=True),
    ),
    (
        "ipath",
        "ipath = ipath-abempty / ipath-absolute / ipath-noscheme / ipath-rootless / ipath-empty",
        "RFC 3987 2.2",
        ipath_abempty | ipath_absolute | ipath_noscheme | ipath_rootless | ipath_empty,
    ),
    (
        "ipath-abempty",
        'ipath-abempty = *( "/" isegment )',
        "RFC 3987 2.2",
        rep(lit("/") + isegment, possessive=True),
    ),
    (
        "ipath-absolute",
        'ipath-absolute = "/" [ isegment-nz *( "/" isegment ) ]',
        "RFC 3987 2.2",
        lit("/") + opt(_after(isegment_nz)),
    ),
    (
        "ipath-noscheme",
        'ipath-noscheme = isegment-nz-nc *( "/" isegment )',
        "RFC 3987 2.2",
        _after(isegment_nz_nc),
    ),
    (
        "ipath-rootless",
        'ipath-rootless = isegment-nz *( "/" isegment )',
        "RFC 3987 2.2",
        _after(isegment_nz),
    ),
    ("ipath-empty", "ipath-empty = 0<ipchar>", "RFC 3987 2.2", rep(ipchar, 0, 0)),
    ("isegment", "isegment = *ipchar", "RFC 3987 2.2", rep(ipchar, possessive=True)),
    ("isegment-nz", "isegment-nz = 1*ipchar", "RFC 3987 2.2", rep(ipchar, 1, possessive=True)),
    (
        "isegment-nz-nc",
        'isegment-nz-nc = 1*( iunreserved / pct-encoded / sub-delims / "@" )',
        "RFC 3987 2.2",
        rep(iunreserved | pct_encoded | sub_delims | lit("@"), 1, possessive=True),
    ),
    (
        "ipchar",
        'ipchar = iunreserved / pct-encoded / sub-delims / ":" / "@"',
        "RFC 3987 2.2",
        iunreserved | pct_encoded | sub_delims | lit(":") | lit("@"),
    ),
    (
        "iquery",
        'iquery = *( ipchar / iprivate / "/" / "?" )',
        "RFC 3987 2.2",
        rep(ipchar | iprivate | lit("/") | lit("?"), possessive=True),
    ),
    (
        "ifragment",
        'ifragment = *( ipchar / "/" / "?" )',
        "RFC 3987 2.2",
        rep(ipchar | lit("/") | lit("?"), possessive=True),
    ),
    (
        "iunreserved",
        'iunreserved = ALPHA / DIGIT / "-" / "." / "_" / "~" / ucschar',
        "RFC 3987 2.2",
        ALPHA | DIGIT | chars("-._~") | ucschar,
    ),
    (
        "ucschar",
        "ucschar = %xA0-D7FF / %xF900-FDCF / %xFDF0-FFEF / %x10000-1FFFD / %x20000-2FFFD"
        " / %x30000-3FFFD / %x40000-4FFFD / %x50000-5FFFD / %x60000-6FFFD / %x70000-7FFFD"
        " / %x80000-8FFFD / %x90000-9FFFD / %xA0000-AFFFD / %xB0000-BFFFD / %xC0000-CFFFD"
        " / %xD0000-DFFFD / %xE1000-EFFFD"
        " ; less %x200E-200F / %x202A-202E, forbidden by RFC 3987 4.1",
        "RFC 3987 2.2, 4.1",
        UCSCHAR_RFC - BIDI_FORMATTING,
    ),
    (
        "iprivate",
        "iprivate = %xE000-F8FF / %xF0000-FFFFD / %x100000-10FFFD",
        "RFC 3987 2.2",
        IPRIVATE,
    ),
)
