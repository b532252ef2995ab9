"""Rows for the RFC 3987 2.2 rules: accepted and rejected inputs, each citing what decides it.

``tests/syntax/test_rule_tables.py`` runs them with the RFC 3986 rows: urikit, the
independent ``tests/refcheck.py`` and the row must agree, and a rejection's position must be
the first character without a valid continuation.
"""

from __future__ import annotations

from tests.syntax.rows import Row, rows
from urikit import RuleName

# RFC 3987's own examples (sections 3.1, 3.2.1, 4.4, 5.3.2), in XML notation there.
RFC_3987_IRIS = (
    "http://r\u00e9sum\u00e9.example.org",  # 3.1
    "http://xn--rsum-bpad.example.org",  # 3.1
    "http://www.example.org/red%09ros\u00e9#red",  # 3.1
    "http://example.com/\U00010300\U00010301\U00010302",  # 3.1, Old Italic
    "http://validator.w3.org/check?uri=http%3A%2F%2Fr\u00e9sum\u00e9.example.org",  # 3.1
    "http://www.example.org/D\u00fcrst",  # 3.2.1
    "http://www.example.org/D%FCrst",  # 3.2.1
    "http://\u7d0d\u8c46.example.org/%E2%80%AE",  # 3.2.1
    "http://ab.\u05d2\u05d3\u05d4\u05d5\u05d6\u05d7.ij/kl/mn/op.html",  # 4.4 example 1
    "http://\u05d0\u05d1.\u05d2\u05d3.\u05d4\u05d5/\u05d6\u05d7?\u05de\u05e0=\u05e4#uv",  # 4.4.3
    "example://a/b/c/%7Bfoo%7D/ros\u00e9",  # 5.3.2
    "eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9",  # 5.3.2
    "http://www.example.org/r\u00e9sum\u00e9.html",  # 5.3.2.2, NFC
    "http://www.example.org/re\u0301sume\u0301.html",  # 5.3.2.2, not NFC but valid
    "http://www.example.org/r%E9sum%E9.xml#r\u00e9sum\u00e9",  # 6.4
)

BIDI = ("\u200e", "\u200f", "\u202a", "\u202b", "\u202c", "\u202d", "\u202e")

IRI_ROWS: list[Row] = [
    *rows("IRI", True, "RFC 3987 examples", *RFC_3987_IRIS),
    *rows("IRI", True, "every URI is an IRI (RFC 3987 3.1)", "http://a/b?c#d", "urn:x"),
    *rows("IRI", True, "iprivate in iquery", "http://a/?\ue000", "http://a/?\U0010fffd"),
    *rows("IRI", False, "iprivate only in iquery", "http://a/\ue000", "http://a/#\ue000"),
    *rows("IRI", False, "iprivate only in iquery, not in ihost", "http://\U000f0000/"),
    *rows("IRI", False, "RFC 3987 4.1: no bidi formatting characters", "http://a/\u202eb"),
    *rows("IRI", False, "scheme stays ASCII (RFC 3987 2.2 reuses scheme)", "h\u00e9://a"),
    *rows("IRI", False, "IRI needs a scheme", "//a/b"),
    *rows("IRI", False, "port stays DIGIT", "http://a:\u0661/"),
    *rows("ihier-part", True, "//iauthority ipath-abempty", "//\u00e9/\u00e9", "\u00e9:x"),
    *rows("ihier-part", False, "no query in ihier-part", "//a/?q"),
    *rows("IRI-reference", True, "irelative-ref", "\u00e9/\u00e9?\u00e9#\u00e9", "", "#\u00e9"),
    *rows("IRI-reference", False, "':' in the first segment of ipath-noscheme", "1\u00e9:x"),
    *rows("IRI-reference", False, "U+FFFE is no ucschar", "a\ufffe"),
    *rows("absolute-IRI", True, "scheme : ihier-part ? iquery", "x:\u00e9?\ue000"),
    *rows("absolute-IRI", False, "no fragment in absolute-IRI", "x:\u00e9#f"),
    *rows("irelative-ref", True, "irelative-part ? iquery # ifragment", "\u00e9?\u00e9#\u00e9"),
    *rows("irelative-ref", False, "a scheme makes it an IRI", "x:\u00e9"),
    *rows("irelative-part", True, "ipath-noscheme", "\u00e9/\u00e9", "//\u00e9"),
    *rows("irelative-part", False, "no query", "\u00e9?q"),
    *rows("iauthority", True, "iuserinfo @ ihost : port", "\u00fc@\u00e9:80", "[::1]:1"),
    *rows("iauthority", False, "port is DIGIT only", "\u00e9:\u00e9"),
    *rows("iuserinfo", True, "iunreserved / pct-encoded / sub-delims / ':'", "\u00fc:p%41!"),
    *rows("iuserinfo", False, "'@' ends iuserinfo", "a@b"),
    *rows("iuserinfo", False, "no iprivate in iuserinfo", "\ue000"),
    *rows("ihost", True, "ireg-name", "b\u00fccher.example", "\u4f8b\u3048.\u30c6\u30b9\u30c8"),
    *rows("ihost", True, "IP-literal and IPv4address as in RFC 3986", "[v1.x]", "1.2.3.4"),
    *rows("ihost", False, "IP-literal stays ASCII", "[\u00e9]", "[::\u0661]"),
    *rows("ireg-name", True, "ucschar", "\u00e9", "\U0001f600.example", "%C3%A9"),
    *rows("ireg-name", False, "no ':' in ireg-name", "a:b"),
    *rows("ireg-name", False, "no iprivate in ireg-name", "\uf8ff"),
    *rows("ipath", True, "each form", "/\u00e9", "\u00e9:x", "", "//\u00e9"),
    *rows("ipath", False, "'?' ends the path", "\u00e9?"),
    *rows("ipath-abempty", True, "*( / isegment )", "/\u00e9/\U00010000/", ""),
    *rows("ipath-abempty", False, "must start with '/'", "\u00e9"),
    *rows("ipath-absolute", True, "/ [ isegment-nz ... ]", "/", "/\u00e9//"),
    *rows("ipath-absolute", False, "not '//'", "//\u00e9"),
    *rows("ipath-noscheme", True, "isegment-nz-nc", "\u00e9@/x:y"),
    *rows("ipath-noscheme", False, "no ':' in the first segment", "\u00e9:x"),
    *rows("ipath-rootless", True, "isegment-nz", "\u00e9:x/y"),
    *rows("ipath-rootless", False, "not rooted", "/\u00e9"),
    *rows("ipath-empty", True, "zero characters", ""),
    *rows("ipath-empty", False, "zero characters only", "\u00e9"),
    *rows("isegment", True, "*ipchar", "", "\u00e9:@!%20"),
    *rows("isegment", False, "'/' ends a segment", "\u00e9/"),
    *rows("isegment-nz", True, "1*ipchar", "\u00e9"),
    *rows("isegment-nz", False, "at least one ipchar", ""),
    *rows("isegment-nz-nc", True, "no colon", "\u00e9@"),
    *rows("isegment-nz-nc", False, "no colon", "\u00e9:"),
    *rows("ipchar", True, "iunreserved / pct-encoded / sub-delims / ':' / '@'", "\u00e9", "%41"),
    *rows("ipchar", False, "one character", "\u00e9\u00e9"),
    *rows("ipchar", False, "no iprivate in ipchar", "\ue000"),
    *rows("iquery", True, "ipchar / iprivate / '/' / '?'", "q=\u00e9&\ue000/?", "\U000ffffd"),
    *rows("iquery", False, "'#' ends the query", "\u00e9#"),
    *rows("iquery", False, "U+10FFFE / U+FFFFE are noncharacters", "\U0010fffe", "\U000ffffe"),
    *rows("ifragment", True, "ipchar / '/' / '?'", "\u00e9/?", ""),
    *rows("ifragment", False, "no iprivate in ifragment", "\ue000", "\U00100000"),
    *rows("iunreserved", True, "ucschar", "\u00a0", "-"),
    *rows("iunreserved", False, "not reserved", ":"),
    # ucschar = %xA0-D7FF / %xF900-FDCF / %xFDF0-FFEF / %x10000-1FFFD / ... / %xE1000-EFFFD
    *rows("ucschar", True, "first and last of %xA0-D7FF", "\u00a0", "\ud7ff"),
    *rows("ucschar", True, "ends of %xF900-FDCF and %xFDF0-FFEF", "\uf900", "\ufdcf", "\ufdf0"),
    *rows("ucschar", True, "last of %xFDF0-FFEF", "\uffef"),
    *rows("ucschar", True, "%x10000-1FFFD", "\U00010000", "\U0001fffd"),
    *rows("ucschar", True, "%x20000-2FFFD ... %xD0000-DFFFD", "\U00020000", "\U000dfffd"),
    *rows("ucschar", True, "%xE1000-EFFFD", "\U000e1000", "\U000efffd"),
    *rows("ucschar", True, "neighbours of the bidi controls", "\u200d", "\u2010", "\u202f"),
    *rows("ucschar", False, "C1 controls end at U+9F", "\x9f", "a"),
    *rows("ucschar", False, "surrogates are not characters", "\ud800", "\udfff"),
    *rows("ucschar", False, "%xE000-F8FF is iprivate", "\ue000", "\uf8ff"),
    *rows("ucschar", False, "U+FDD0-FDEF are noncharacters", "\ufdd0", "\ufdef"),
    *rows("ucschar", False, "U+FFF0-FFFF: specials", "\ufff0", "\ufffd", "\ufffe", "\uffff"),
    *rows("ucschar", False, "U+nFFFE and U+nFFFF", "\U0001fffe", "\U0001ffff", "\U000efffe"),
    *rows("ucschar", False, "U+E0000-E0FFF (tags)", "\U000e0000", "\U000e0fff"),
    *rows("ucschar", False, "planes 15-16 are iprivate", "\U000f0000", "\U0010fffd"),
    *rows("ucschar", False, "RFC 3987 4.1: bidi formatting characters", *BIDI),
    *rows("iprivate", True, "%xE000-F8FF", "\ue000", "\uf8ff"),
    *rows("iprivate", True, "%xF0000-FFFFD / %x100000-10FFFD", "\U000f0000", "\U0010fffd"),
    *rows("iprivate", False, "outside the private ranges", "\udfff", "\uf900", "\U000ffffe"),
    *rows("iprivate", False, "U+10FFFE-10FFFF", "\U0010fffe", "\U0010ffff"),
]

# A valid sample of each rule, to be spoiled by a character the rule refuses.
IRI_SAMPLES: dict[RuleName, str] = {
    "IRI": "http://\u00fc@\u00e9:1/\u00e9?\ue000#\u00e9",
    "ihier-part": "//\u00fc@\u00e9:1/\u00e9",
    "IRI-reference": "//\u00e9/p?\u00e9#\u00e9",
    "absolute-IRI": "http://\u00e9/p?\u00e9",
    "irelative-ref": "\u00e9/b?q#\u00e9",
    "irelative-part": "//\u00e9/p",
    "iauthority": "\u00fc@\u00e9:1",
    "iuserinfo": "\u00fc:p",
    "ihost": "b\u00fccher.example",
    "ireg-name": "\u00e9.b",
    "ipath": "\u00e9/b",
    "ipath-abempty": "/\u00e9/b",
    "ipath-absolute": "/\u00e9/b",
    "ipath-noscheme": "\u00e9/b",
    "ipath-rootless": "\u00e9:b/c",
    "ipath-empty": "",
    "isegment": "\u00e9b",
    "isegment-nz": "\u00e9b",
    "isegment-nz-nc": "\u00e9b",
    "ipchar": "\u00e9",
    "iquery": "\u00e9=\ue000",
    "ifragment": "\u00e9",
    "iunreserved": "\u00e9",
    "ucschar": "\u00e9",
    "iprivate": "\ue000",
}

# Characters no IRI rule accepts, wherever they stand.
NEVER_IN_AN_IRI = (*BIDI, "\ufffe", "\uffff", "\ud800", "\U000e0001", " ", "\n", "\x7f")
