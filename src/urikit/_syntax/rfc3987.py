"""RFC 3987 section 2.2: the rules of IRIs that differ from RFC 3986, in the RFC's order.

Each rule is written with the same combinators as :mod:`urikit._syntax.rfc3986` and refers to the
RFC 3986 rules that RFC 3987 reuses unchanged (``scheme``, ``port``, ``IP-literal``,
``IPv4address``, ``pct-encoded``, ``sub-delims``, ``ALPHA``, ``DIGIT``) by their names;
:mod:`urikit._syntax.rfc3986` registers these rules beside its own, so every rule name resolves
in one table.

One departure from the ABNF, made here and nowhere else: section 4.1 says "IRIs MUST
NOT contain bidirectional formatting characters (LRM, RLM, LRE, RLE, LRO, RLO, and
PDF)", which the ranges of ``ucschar`` include; ``ucschar`` leaves them out, so every
IRI rule refuses them (the ``abnf`` text says so).
"""

from __future__ import annotations

from urikit._syntax.abnf import Chars, Node, chars, code_range, lit, opt, rep
from urikit._syntax.names import Rule, ref

__all__ = ["BIDI_FORMATTING", "IPRIVATE", "IRI_RULES", "UCSCHAR_RFC"]


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


def _after(node: Node) -> Node:
    """``*( "/" isegment )``, the tail every path form shares."""
    return node + rep(lit("/") + ref("isegment"), possessive=True)


IRI_RULES: tuple[Rule, ...] = (
    Rule(
        "IRI",
        'IRI = scheme ":" ihier-part [ "?" iquery ] [ "#" ifragment ]',
        "RFC 3987 2.2",
        ref("scheme")
        + lit(":")
        + ref("ihier-part")
        + opt(lit("?") + ref("iquery"), possessive=True)
        + opt(lit("#") + ref("ifragment"), possessive=True),
    ),
    Rule(
        "ihier-part",
        'ihier-part = "//" iauthority ipath-abempty / ipath-absolute / ipath-rootless'
        " / ipath-empty",
        "RFC 3987 2.2",
        (lit("//") + ref("iauthority") + ref("ipath-abempty"))
        | ref("ipath-absolute")
        | ref("ipath-rootless")
        | ref("ipath-empty"),
    ),
    Rule(
        "IRI-reference",
        "IRI-reference = IRI / irelative-ref",
        "RFC 3987 2.2",
        ref("IRI") | ref("irelative-ref"),
    ),
    Rule(
        "absolute-IRI",
        'absolute-IRI = scheme ":" ihier-part [ "?" iquery ]',
        "RFC 3987 2.2",
        ref("scheme")
        + lit(":")
        + ref("ihier-part")
        + opt(lit("?") + ref("iquery"), possessive=True),
    ),
    Rule(
        "irelative-ref",
        'irelative-ref = irelative-part [ "?" iquery ] [ "#" ifragment ]',
        "RFC 3987 2.2",
        ref("irelative-part")
        + opt(lit("?") + ref("iquery"), possessive=True)
        + opt(lit("#") + ref("ifragment"), possessive=True),
    ),
    Rule(
        "irelative-part",
        'irelative-part = "//" iauthority ipath-abempty / ipath-absolute / ipath-noscheme'
        " / ipath-empty",
        "RFC 3987 2.2",
        (lit("//") + ref("iauthority") + ref("ipath-abempty"))
        | ref("ipath-absolute")
        | ref("ipath-noscheme")
        | ref("ipath-empty"),
    ),
    Rule(
        "iauthority",
        'iauthority = [ iuserinfo "@" ] ihost [ ":" port ]',
        "RFC 3987 2.2",
        opt(ref("iuserinfo") + lit("@"))
        + ref("ihost")
        + opt(lit(":") + ref("port"), possessive=True),
    ),
    Rule(
        "iuserinfo",
        'iuserinfo = *( iunreserved / pct-encoded / sub-delims / ":" )',
        "RFC 3987 2.2",
        rep(
            ref("iunreserved") | ref("pct-encoded") | ref("sub-delims") | lit(":"), possessive=True
        ),
    ),
    Rule(
        "ihost",
        "ihost = IP-literal / IPv4address / ireg-name",
        "RFC 3987 2.2",
        ref("IP-literal") | ref("IPv4address") | ref("ireg-name"),
    ),
    Rule(
        "ireg-name",
        "ireg-name = *( iunreserved / pct-encoded / sub-delims )",
        "RFC 3987 2.2",
        rep(ref("iunreserved") | ref("pct-encoded") | ref("sub-delims"), possessive=True),
    ),
    Rule(
        "ipath",
        "ipath = ipath-abempty / ipath-absolute / ipath-noscheme / ipath-rootless / ipath-empty",
        "RFC 3987 2.2",
        ref("ipath-abempty")
        | ref("ipath-absolute")
        | ref("ipath-noscheme")
        | ref("ipath-rootless")
        | ref("ipath-empty"),
    ),
    Rule(
        "ipath-abempty",
        'ipath-abempty = *( "/" isegment )',
        "RFC 3987 2.2",
        rep(lit("/") + ref("isegment"), possessive=True),
    ),
    Rule(
        "ipath-absolute",
        'ipath-absolute = "/" [ isegment-nz *( "/" isegment ) ]',
        "RFC 3987 2.2",
        lit("/") + opt(_after(ref("isegment-nz"))),
    ),
    Rule(
        "ipath-noscheme",
        'ipath-noscheme = isegment-nz-nc *( "/" isegment )',
        "RFC 3987 2.2",
        _after(ref("isegment-nz-nc")),
    ),
    Rule(
        "ipath-rootless",
        'ipath-rootless = isegment-nz *( "/" isegment )',
        "RFC 3987 2.2",
        _after(ref("isegment-nz")),
    ),
    Rule("ipath-empty", "ipath-empty = 0<ipchar>", "RFC 3987 2.2", rep(ref("ipchar"), 0, 0)),
    Rule("isegment", "isegment = *ipchar", "RFC 3987 2.2", rep(ref("ipchar"), possessive=True)),
    Rule(
        "isegment-nz",
        "isegment-nz = 1*ipchar",
        "RFC 3987 2.2",
        rep(ref("ipchar"), 1, possessive=True),
    ),
    Rule(
        "isegment-nz-nc",
        'isegment-nz-nc = 1*( iunreserved / pct-encoded / sub-delims / "@" )',
        "RFC 3987 2.2",
        rep(
            ref("iunreserved") | ref("pct-encoded") | ref("sub-delims") | lit("@"),
            1,
            possessive=True,
        ),
    ),
    Rule(
        "ipchar",
        'ipchar = iunreserved / pct-encoded / sub-delims / ":" / "@"',
        "RFC 3987 2.2",
        ref("iunreserved") | ref("pct-encoded") | ref("sub-delims") | lit(":") | lit("@"),
    ),
    Rule(
        "iquery",
        'iquery = *( ipchar / iprivate / "/" / "?" )',
        "RFC 3987 2.2",
        rep(ref("ipchar") | ref("iprivate") | lit("/") | lit("?"), possessive=True),
    ),
    Rule(
        "ifragment",
        'ifragment = *( ipchar / "/" / "?" )',
        "RFC 3987 2.2",
        rep(ref("ipchar") | lit("/") | lit("?"), possessive=True),
    ),
    Rule(
        "iunreserved",
        'iunreserved = ALPHA / DIGIT / "-" / "." / "_" / "~" / ucschar',
        "RFC 3987 2.2",
        ref("ALPHA") | ref("DIGIT") | chars("-._~") | ref("ucschar"),
    ),
    Rule(
        "ucschar",
        "ucschar = %xA0-D7FF / %xF900-FDCF / %xFDF0-FFEF / %x10000-1FFFD / %x20000-2FFFD"
        " / %x30000-3FFFD / %x40000-4FFFD / %x50000-5FFFD / %x60000-6FFFD / %x70000-7FFFD"
        " / %x80000-8FFFD / %x90000-9FFFD / %xA0000-AFFFD / %xB0000-BFFFD / %xC0000-CFFFD"
        " / %xD0000-DFFFD / %xE1000-EFFFD"
        " ; less %x200E-200F / %x202A-202E, forbidden by RFC 3987 4.1",
        "RFC 3987 2.2, 4.1",
        UCSCHAR_RFC - BIDI_FORMATTING,
    ),
    Rule(
        "iprivate",
        "iprivate = %xE000-F8FF / %xF0000-FFFFD / %x100000-10FFFD",
        "RFC 3987 2.2",
        IPRIVATE,
    ),
)
