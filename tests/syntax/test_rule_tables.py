"""Per-rule tables of accepted and rejected inputs, each row citing the ABNF that decides it
(RFC 3986 here, RFC 3987 in ``iri_tables.py``).

Every row is checked against both ``urikit.is_valid`` and the independent reference
checker in ``tests/refcheck.py`` (set-of-end-positions, no regex): all three must agree.
"""

from __future__ import annotations

import pickle
import re
from typing import cast

import pytest

import urikit
from tests import refcheck
from tests.corpus import spec_file
from tests.syntax.iri_tables import IRI_ROWS, IRI_SAMPLES, NEVER_IN_AN_IRI
from tests.syntax.rows import Row
from tests.syntax.rows import rows as _rows
from tests.syntax.scheme_tables import SCHEME_EMPTY_ACCEPTED, SCHEME_ROWS, SCHEME_SAMPLES
from urikit import InvalidURIError, RuleName
from urikit._syntax.compiled import compiled
from urikit._syntax.rfc3986 import (
    IRI_RULE_NAMES,
    RULE_NAMES,
    SCHEME_RULE_NAMES,
    URI_RULE_NAMES,
    rule_name,
)
from urikit._syntax.rfc3986 import rule as grammar_rule
from urikit.errors.exceptions import location_as_given
from urikit.integrations.argparse import uri_type

# RFC 1.1.2, "Examples".
RFC_1_1_2 = (
    "ftp://ftp.is.co.za/rfc/rfc1808.txt",
    "http://www.ietf.org/rfc/rfc2396.txt",
    "ldap://[2001:db8::7]/c=GB?objectClass?one",
    "mailto:John.Doe@example.com",
    "news:comp.infosystems.www.servers.unix",
    "tel:+1-816-555-1212",
    "telnet://192.0.2.16:80/",
    "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
)

# RFC 5.4.1 and 5.4.2: the reference examples (base "http://a/b/c/d;p?q").
RFC_5_4_SCHEMED = ("g:h", "http:g")
RFC_5_4_RELATIVE = (
    # 5.4.1 Normal Examples
    "g",
    "./g",
    "g/",
    "/g",
    "//g",
    "?y",
    "g?y",
    "#s",
    "g#s",
    "g?y#s",
    ";x",
    "g;x",
    "g;x?y#s",
    "",
    ".",
    "./",
    "..",
    "../",
    "../g",
    "../..",
    "../../",
    "../../g",
    # 5.4.2 Abnormal Examples
    "../../../g",
    "../../../../g",
    "/./g",
    "/../g",
    "g.",
    ".g",
    "g..",
    "..g",
    "./../g",
    "./g/.",
    "g/./h",
    "g/../h",
    "g;x=1/./y",
    "g;x=1/../y",
    "g?y/./x",
    "g?y/../x",
    "g#s/./x",
    "g#s/../x",
)

ROWS: list[Row] = [
    # --- RFC 5234 B.1 core rules -----------------------------------------------------
    *_rows("ALPHA", True, "ALPHA = %x41-5A / %x61-7A", "a", "z", "A", "Z"),
    *_rows("ALPHA", False, "ALPHA is one character", "", "ab"),
    *_rows("ALPHA", False, "ALPHA is ASCII only (%x41-5A / %x61-7A)", "é", "\u212a", "ß"),
    *_rows("ALPHA", False, "a digit or symbol is not ALPHA", "1", "_", "@", "["),
    Row("a\n", "ALPHA", False, "no rule admits a trailing newline"),
    *_rows("DIGIT", True, "DIGIT = %x30-39", "0", "5", "9"),
    *_rows("DIGIT", False, "DIGIT is ASCII %x30-39 only", "\u0660", "\uff11", "\u00b2"),
    *_rows("DIGIT", False, "DIGIT is one character of %x30-39", "", "a", "10", "1\n"),
    *_rows("HEXDIG", True, 'HEXDIG = DIGIT / "A" / ... / "F", case-insensitive', "0", "a", "F"),
    *_rows("HEXDIG", True, "ABNF strings are case-insensitive: hex digits either case", "f", "C"),
    *_rows("HEXDIG", False, "HEXDIG stops at F", "g", "G", "x", ""),
    *_rows("HEXDIG", False, "HEXDIG is ASCII only", "\uff21", "\u0661"),
    # --- RFC 2.1 - 2.3 ---------------------------------------------------------------
    *_rows("pct-encoded", True, 'pct-encoded = "%" HEXDIG HEXDIG', "%20", "%41", "%ff"),
    *_rows("pct-encoded", True, "HEXDIG in either case", "%aF", "%Af", "%0a"),
    *_rows("pct-encoded", False, "G is not HEXDIG", "%G0", "%0G", "%zz"),
    *_rows("pct-encoded", False, "pct-encoded takes exactly two HEXDIG", "%4", "%", "%414"),
    *_rows("pct-encoded", False, "HEXDIG is ASCII", "%\u0660\u0660", "%\uff11\uff11"),
    Row("", "pct-encoded", False, 'pct-encoded starts with "%"'),
    *_rows("unreserved", True, 'unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"', "-", "."),
    *_rows("unreserved", True, "unreserved includes ALPHA, DIGIT, _ and ~", "_", "~", "a", "0"),
    *_rows("unreserved", False, "reserved characters are not unreserved", "!", ":", "/"),
    *_rows("unreserved", False, "pct-encoded is not unreserved", "%41"),
    *_rows("unreserved", False, "unreserved is ASCII", "é", ""),
    *_rows("gen-delims", True, 'gen-delims = ":" / "/" / "?" / "#" / "[" / "]" / "@"', *":/?#[]@"),
    *_rows("gen-delims", False, "sub-delims are not gen-delims", "!", "="),
    *_rows("sub-delims", True, 'sub-delims = "!" / "$" / ... / ";" / "="', *"!$&'()*+,;="),
    *_rows("sub-delims", False, "gen-delims and others are not sub-delims", ":", "%", "~", ""),
    *_rows("reserved", True, "reserved = gen-delims / sub-delims", ":", "@", "!", "="),
    *_rows("reserved", False, "unreserved and % are not reserved", "~", "a", "%", "", "::"),
    # --- RFC 3.3 paths ---------------------------------------------------------------
    *_rows("pchar", True, 'pchar = unreserved / pct-encoded / sub-delims / ":" / "@"', ":", "@"),
    *_rows("pchar", True, "pchar includes pct-encoded", "%41", "%aF", "a", "!"),
    *_rows("pchar", False, '"/", "?", "#", "[" are not pchar', "/", "?", "#", "[", "]"),
    *_rows("pchar", False, "pchar is one unit", "", "ab", "%4"),
    *_rows("segment", True, "segment = *pchar (empty allowed)", "", "a:b@c", "%20x", "~!$"),
    *_rows("segment", False, '"/" ends a segment', "a/b", "/"),
    *_rows("segment", False, "space, %, non-ASCII are not pchar", "a b", "a%", "é"),
    *_rows("segment-nz", True, "segment-nz = 1*pchar", ":", "a:b", "@"),
    Row("", "segment-nz", False, "segment-nz = 1*pchar: at least one pchar"),
    *_rows("segment-nz-nc", True, 'segment-nz-nc = 1*( unreserved / ... / "@" )', "a@b", "%3A"),
    *_rows("segment-nz-nc", False, "segment-nz-nc has no colon", "a:b", ":", "a:"),
    Row("", "segment-nz-nc", False, "segment-nz-nc = 1*(...): not empty"),
    *_rows("path-abempty", True, 'path-abempty = *( "/" segment )', "", "/", "//", "/a//b/"),
    *_rows("path-abempty", False, 'path-abempty segments start with "/"', "a", "a/b", "/a b"),
    *_rows("path-absolute", True, 'path-absolute = "/" [ segment-nz *( "/" segment ) ]', "/"),
    *_rows("path-absolute", True, "later segments may be empty", "/a/b", "/a//b", "/a/", "/:"),
    *_rows("path-absolute", False, 'path-absolute: segment-nz after "/", so never "//"', "//"),
    *_rows("path-absolute", False, 'path-absolute never begins "//"', "//a", "///"),
    *_rows("path-absolute", False, 'path-absolute begins with "/"', "", "a/b"),
    *_rows("path-noscheme", True, 'path-noscheme = segment-nz-nc *( "/" segment )', "a", "a/b"),
    *_rows("path-noscheme", True, "colons are allowed after the first segment", "a/b:c", "./a:b"),
    *_rows("path-noscheme", False, "segment-nz-nc: no colon in the first segment", "a:b", ":"),
    *_rows("path-noscheme", False, "no colon in the first segment", "a:b/c", "ab:/c"),
    *_rows("path-noscheme", False, "path-noscheme starts with segment-nz-nc", "", "/a"),
    *_rows("path-rootless", True, 'path-rootless = segment-nz *( "/" segment )', "a:b", "a//"),
    *_rows("path-rootless", False, "path-rootless starts with segment-nz", "", "/a", "//a"),
    Row("", "path-empty", True, "path-empty = 0<pchar>"),
    *_rows("path-empty", False, "path-empty is zero characters", "a", "/", " "),
    *_rows("path", True, "path = path-abempty / ... / path-empty", "", "/a", "a:b", "//a", "a"),
    *_rows("path", False, "no path alternative admits a space or ?", "a b", "a?b", "a#b"),
    # --- RFC 3.4, 3.5 ----------------------------------------------------------------
    *_rows("query", True, 'query = *( pchar / "/" / "?" )', "", "a=b&c=d", "/?x", "?", "%aF"),
    *_rows("query", False, '"#" ends the query', "#", "a#b"),
    *_rows("query", False, "brackets, space and bad escapes are not in query", "[", " ", "%4"),
    *_rows("query", False, "no rule admits a trailing newline, non-ASCII", "a\n", "é"),
    *_rows("fragment", True, 'fragment = *( pchar / "/" / "?" )', "", "s", "/./x", "?y"),
    *_rows("fragment", False, '"#" is not in fragment', "#", "a#b", "%G0", "a b"),
    # --- RFC 3.1 scheme --------------------------------------------------------------
    *_rows("scheme", True, 'scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )', "http", "H"),
    *_rows("scheme", True, "scheme tail allows DIGIT + - .", "a+b-c.d", "z3950"),
    *_rows("scheme", False, "scheme starts with ALPHA", "", "1a", "+a", ".a"),
    *_rows("scheme", False, "scheme tail is ALPHA / DIGIT / + - .", "a_b", "a:b", "a b", "a%41"),
    *_rows("scheme", False, "ALPHA is ASCII", "é", "\u212a", "h\u212a"),
    Row("http\n", "scheme", False, "no rule admits a trailing newline"),
    # --- RFC 3.2 authority -----------------------------------------------------------
    *_rows("userinfo", True, 'userinfo = *( unreserved / pct-encoded / sub-delims / ":" )', ""),
    *_rows("userinfo", True, "userinfo allows colons and escapes", "user:pass", "u%20", ":::"),
    *_rows("userinfo", False, '"@" ends userinfo', "a@b", "@"),
    *_rows("userinfo", False, '"/" "?" "#" "[" are not in userinfo', "a/b", "a?", "[", "é"),
    *_rows("port", True, "port = *DIGIT: any length, including none", "", "0", "80", "65536"),
    *_rows("port", True, "port = *DIGIT: no upper bound", "99999999999", "00080"),
    *_rows("port", False, "DIGIT is ASCII only", "\u0660", "8\u0660", "\uff18\uff10"),
    *_rows("port", False, "port is digits only", "1\n", "-1", "8x", " 1", "+1", "0x50"),
    *_rows("reg-name", True, "reg-name = *( unreserved / pct-encoded / sub-delims )", ""),
    *_rows("reg-name", True, "reg-name", "example.com", "%C3%A9", "a!$&'()*+,;=b", "01.1.1.1"),
    *_rows("reg-name", False, '":" "@" "[" are not in reg-name', "a:b", "a@b", "[::1]"),
    *_rows("reg-name", False, "reg-name is ASCII (IRIs are not URIs)", "é", "ex\u00e4mple"),
    *_rows("reg-name", False, "space and bad escapes are not in reg-name", "a b", "%G0"),
    *_rows("dec-octet", True, 'dec-octet = DIGIT / %x31-39 DIGIT / "1" 2DIGIT / ...', "0", "9"),
    *_rows("dec-octet", True, "dec-octet 10-99 = %x31-39 DIGIT", "10", "99"),
    *_rows("dec-octet", True, 'dec-octet 100-199 = "1" 2DIGIT', "100", "199"),
    *_rows("dec-octet", True, 'dec-octet 200-249 = "2" %x30-34 DIGIT', "200", "249"),
    *_rows("dec-octet", True, 'dec-octet 250-255 = "25" %x30-35', "250", "255"),
    *_rows("dec-octet", False, "dec-octet has no leading zeros: %x31-39 DIGIT", "01", "00", "001"),
    *_rows("dec-octet", False, 'dec-octet is at most 255: "25" %x30-35', "256", "260", "300"),
    *_rows("dec-octet", False, "dec-octet is 1-3 digits", "", "1000", "-1", "\u0661"),
    *_rows("IPv4address", True, 'IPv4address = dec-octet "." dec-octet "." ...', "0.0.0.0"),
    *_rows("IPv4address", True, "IPv4address", "255.255.255.255", "192.0.2.16", "10.0.0.1"),
    *_rows("IPv4address", False, "dec-octet is at most 255", "256.1.1.1", "1.1.1.300"),
    *_rows("IPv4address", False, "dec-octet has no leading zeros", "01.1.1.1", "1.1.1.00"),
    *_rows("IPv4address", False, "exactly four dec-octets", "1.1.1", "1.1.1.1.1", "1.1.1.1."),
    *_rows("IPv4address", False, "IPv4address is not empty", "", "..."),
    *_rows("IPv4address", False, "DIGIT is ASCII", "\u0661.1.1.1", "1.1.1.1\n"),
    *_rows("h16", True, "h16 = 1*4HEXDIG", "1", "ab", "abc", "ABCD", "aBcD", "0000"),
    *_rows("h16", False, "h16 = 1*4HEXDIG: not five, not none", "12345", "", "g", ":"),
    *_rows("ls32", True, 'ls32 = ( h16 ":" h16 )', "1:2", "ffff:FFFF"),
    *_rows("ls32", True, "ls32 = ... / IPv4address", "1.2.3.4", "192.0.2.1"),
    *_rows("ls32", False, "ls32 is two h16 or an IPv4address", "1", "1:2:3", "1::", "01.2.3.4"),
    # IPv6address: the nine alternatives, each with ls32 as h16:h16 and as IPv4address.
    *_rows("IPv6address", True, '6( h16 ":" ) ls32', "1:2:3:4:5:6:7:8", "1:2:3:4:5:6:1.2.3.4"),
    *_rows("IPv6address", True, '"::" 5( h16 ":" ) ls32', "::2:3:4:5:6:7:8", "::2:3:4:5:6:1.2.3.4"),
    *_rows("IPv6address", True, '[ h16 ] "::" 4( h16 ":" ) ls32', "1::3:4:5:6:7:8"),
    *_rows("IPv6address", True, '[ h16 ] "::" 4( h16 ":" ) ls32', "1::3:4:5:6:1.2.3.4"),
    *_rows("IPv6address", True, '[ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32', "1:2::4:5:6:7:8"),
    *_rows("IPv6address", True, '[ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32', "::4:5:6:7:8"),
    *_rows("IPv6address", True, '[ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32', "1::4:5:1.2.3.4"),
    *_rows("IPv6address", True, '[ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32', "1:2:3::5:6:7:8"),
    *_rows("IPv6address", True, '[ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32', "1::5:1.2.3.4"),
    *_rows("IPv6address", True, '[ *3( h16 ":" ) h16 ] "::" h16 ":" ls32', "1:2:3:4::6:7:8"),
    *_rows("IPv6address", True, '[ *3( h16 ":" ) h16 ] "::" h16 ":" ls32', "::6:1.2.3.4"),
    *_rows("IPv6address", True, '[ *4( h16 ":" ) h16 ] "::" ls32', "1:2:3:4:5::7:8", "::7:8"),
    *_rows("IPv6address", True, '[ *4( h16 ":" ) h16 ] "::" ls32', "1:2:3:4:5::1.2.3.4"),
    *_rows("IPv6address", True, '[ *4( h16 ":" ) h16 ] "::" ls32', "::1.2.3.4", "::ffff:1.2.3.4"),
    *_rows("IPv6address", True, '[ *5( h16 ":" ) h16 ] "::" h16', "1:2:3:4:5:6::8", "::1", "1::"),
    *_rows("IPv6address", True, '[ *6( h16 ":" ) h16 ] "::"', "1:2:3:4:5:6:7::", "::"),
    *_rows("IPv6address", True, "h16 of 1-4 HEXDIG, either case", "ABCD:ef01::", "2001:DB8::7"),
    *_rows("IPv6address", True, "RFC 3.2.2 / 1.1.2 example", "2001:db8::7", "FEDC:BA98::3210"),
    *_rows("IPv6address", False, "more than 8 groups", "1:2:3:4:5:6:7:8:9", "1:2:3:4:5:6:7::8"),
    *_rows("IPv6address", False, "more than 8 groups", "1:2:3:4:5:6:7:8::", "::1:2:3:4:5:6:7:8"),
    *_rows("IPv6address", False, "ls32 as IPv4 counts as 2 groups", "1:2:3:4:5:6:7:1.2.3.4"),
    *_rows("IPv6address", False, "fewer than 8 groups need '::'", "1:2:3:4:5:6:7", "1"),
    *_rows("IPv6address", False, 'only one "::" in any alternative', "1::2::3", "::1::", "::::"),
    *_rows("IPv6address", False, "h16 = 1*4HEXDIG: five digits rejected", "12345::", "::12345"),
    *_rows("IPv6address", False, "h16 = 1*4HEXDIG: five digits rejected", "1:2:3:4:5:6:7:12345"),
    *_rows("IPv6address", False, "IPv4address in ls32 must be last", "::1.2.3.4:5", "1.2.3.4::"),
    *_rows("IPv6address", False, "IPv4address: dec-octet rules", "::256.1.1.1", "::01.1.1.1"),
    *_rows("IPv6address", False, "IPv4address has four dec-octets", "::1.2.3", "::1.2.3.4.5"),
    *_rows("IPv6address", False, "no lone leading/trailing colon", ":1::", "1::2:", ":", "1:"),
    *_rows("IPv6address", False, "zone IDs are not RFC 3986 syntax", "fe80::1%25eth0"),
    *_rows("IPv6address", False, "HEXDIG only", "::g", "::\uff11", "", "[::1]"),
    *_rows("IPvFuture", True, 'IPvFuture = "v" 1*HEXDIG "." 1*( ... )', "v1.a", "vF.x"),
    *_rows("IPvFuture", True, 'IPvFuture: 1*( unreserved / sub-delims / ":" )', "v7.a:b", "v1.!$"),
    *_rows("IPvFuture", True, '"v" is case-insensitive (ABNF strings)', "V1.a", "VfF.::"),
    *_rows("IPvFuture", False, '"v" 1*HEXDIG: at least one HEXDIG', "v.a", "vg.a", "v"),
    *_rows("IPvFuture", False, '"." 1*(...): at least one char after the dot', "v1.", "v1"),
    *_rows("IPvFuture", False, "no / ? # [ ] @ % in IPvFuture", "v1.a/b", "v1.a@b", "v1.%41"),
    *_rows("IPvFuture", False, 'IPvFuture starts with "v"', "w1.a", "1.a", "\u1d5b1.a"),
    *_rows("IP-literal", True, 'IP-literal = "[" ( IPv6address / IPvFuture ) "]"', "[::1]"),
    *_rows("IP-literal", True, "IP-literal", "[v7.abc]", "[V1.x]", "[2001:db8::7]"),
    *_rows("IP-literal", False, "brackets around IPv6address / IPvFuture", "[]", "[::1", "::1"),
    *_rows("IP-literal", False, "no IPv4address alone in brackets", "[1.2.3.4]", "[::1]]"),
    *_rows("host", True, "host = IP-literal / IPv4address / reg-name", "", "example.com"),
    *_rows("host", True, "host = ... / IPv4address", "192.0.2.16", "[::1]", "[v1.x]"),
    *_rows("host", True, "not an IPv4address, but a valid reg-name", "256.1.1.1", "01.1.1.1"),
    *_rows("host", True, "reg-name", "1.1.1", "1.1.1.1.1", "%C3%A9.example"),
    *_rows("host", False, "host alternatives", "[::1", "a:b", "a b", "[1.2.3.4]", "a@b"),
    *_rows("host", False, "host is ASCII", "ex\u00e4mple", "\u212aelvin", "a\n"),
    *_rows("authority", True, 'authority = [ userinfo "@" ] host [ ":" port ]', ""),
    *_rows("authority", True, "authority", "user@host:80", "host", "host:", "[::1]:8080"),
    *_rows("authority", True, "empty userinfo and host", "@", "@:", ":"),
    *_rows("authority", True, "userinfo may contain ':'", "u:p@h", "a:b:c@d"),
    *_rows("authority", False, '"@" may not appear in userinfo or host', "a@b@c"),
    *_rows("authority", False, "port = *DIGIT", "host:80:90", "host:8x", "h:-1"),
    *_rows("authority", False, "nothing after the port or IP-literal", "[::1]x", "h/p"),
    Row("h:80\n", "authority", False, "no rule admits a trailing newline"),
    # --- RFC 3 URI, 4 references -----------------------------------------------------
    *_rows("URI", True, "RFC 1.1.2 examples", *RFC_1_1_2),
    *_rows("URI", True, "RFC 5.4 base URI and scheme-ful references", "http://a/b/c/d;p?q"),
    *_rows("URI", True, "RFC 5.4 scheme-ful references", *RFC_5_4_SCHEMED),
    *_rows("URI", True, "hier-part = ... / path-empty", "http:", "a:", "a:?q#f"),
    *_rows("URI", True, "URI with every component", "http://user@[::1]:80/p?q/?#f/?"),
    *_rows("URI", True, '"//" authority path-abempty with empty host', "file:///etc/hosts"),
    *_rows("URI", False, "URI needs scheme", "", "//example.com", "/a", "?q"),
    *_rows("URI", False, "scheme starts with ALPHA", "1http://a", ":a", "+a:b"),
    *_rows("URI", False, "no rule admits a trailing newline", "http://a\n", "http://a/\r\n"),
    *_rows("URI", False, "space is not allowed anywhere", "http://exa mple.com", "http://a/ b"),
    *_rows("URI", False, "fragment = *( pchar / ... ): no second #", "http://a/b#c#d"),
    *_rows("URI", False, "IP-literal needs its ]", "http://[::1", "http://[::1/"),
    *_rows("URI", False, "port = *DIGIT", "http://h:8x/", "http://h:80x/"),
    *_rows("URI", False, "pct-encoded needs two HEXDIG", "http://h/%zz", "http://h/%4"),
    *_rows("URI", False, "IPv6address: one ::", "http://[1::2::3]/"),
    *_rows("URI", False, "URIs are ASCII", "http://ex\u00e4mple.com", "http://a/\u0660"),
    *_rows("URI", False, "no backslash, no NUL", "http:\\\\a", "http://a/\0"),
    *_rows("hier-part", True, 'hier-part = "//" authority path-abempty / ...', "//a/b", "///a"),
    *_rows("hier-part", True, "hier-part = ... / path-absolute / path-rootless", "/a", "a:b"),
    Row("", "hier-part", True, "hier-part = ... / path-empty"),
    *_rows("hier-part", False, "no query or fragment in hier-part", "/a?q", "#f"),
    *_rows("URI-reference", True, "URI-reference = URI / relative-ref", *RFC_1_1_2),
    *_rows("URI-reference", True, "RFC 5.4 references", *RFC_5_4_SCHEMED, *RFC_5_4_RELATIVE),
    *_rows("URI-reference", True, "relative-ref", "//host", "./a:b", "a/b:c"),
    *_rows("URI-reference", False, "not a URI (scheme) nor path-noscheme", "1a:b", ":a"),
    *_rows("URI-reference", False, "no rule admits a trailing newline", "http://a\n", "a\n"),
    *_rows("URI-reference", False, "space is not allowed", "a b", " "),
    *_rows("URI-reference", False, "brackets only in IP-literal", "/a[1]", "?[", "http://a]"),
    *_rows("URI-reference", False, "%-escapes need two HEXDIG", "%", "a%2", "%G0"),
    *_rows("absolute-URI", True, 'absolute-URI = scheme ":" hier-part [ "?" query ]', "a:b"),
    *_rows("absolute-URI", True, "absolute-URI", "http://a/b?c", "http://a/b/c/d;p?q"),
    *_rows("absolute-URI", False, "no fragment in absolute-URI", "http://a/b#c", "a:#"),
    *_rows("absolute-URI", False, "absolute-URI needs a scheme", "a", "//a", ""),
    *_rows("relative-ref", True, "RFC 5.4 relative references", *RFC_5_4_RELATIVE),
    *_rows("relative-ref", True, "relative-ref", "//u@h:1/p?q#f", "?", "#"),
    *_rows("relative-ref", False, "path-noscheme: no colon in first segment", *RFC_5_4_SCHEMED),
    *_rows("relative-ref", False, "path-noscheme: no colon in first segment", "a:b", "1a:b"),
    *_rows("relative-ref", False, "no rule admits a trailing newline", "g\n"),
    *_rows("relative-part", True, 'relative-part = "//" authority path-abempty / ...', "", "//a"),
    *_rows("relative-part", True, "relative-part", "/a", "a/b:c", "//a:1/b"),
    *_rows("relative-part", False, "path-noscheme: no colon in first segment", "a:b"),
    *_rows("relative-part", False, "no query or fragment in relative-part", "?q", "a#f"),
    *IRI_ROWS,
    *SCHEME_ROWS,
]


def _row_id(row: Row) -> str:
    return f"{row.rule}:{row.text!r}"[:60]


def test_tables_cover_every_rule() -> None:
    """Every RFC rule name has at least one accepted and one rejected row."""
    accepted = {row.rule for row in ROWS if row.valid}
    rejected = {row.rule for row in ROWS if not row.valid}
    assert set(RULE_NAMES) - accepted == set()
    assert set(RULE_NAMES) - rejected == set()


@pytest.mark.parametrize("row", ROWS, ids=_row_id)
def test_reference_checker(row: Row) -> None:
    assert refcheck.accepts(row.rule, row.text) is row.valid, row.reason


@pytest.mark.parametrize("row", ROWS, ids=_row_id)
def test_is_valid(row: Row) -> None:
    assert urikit.is_valid(row.text, row.rule) is row.valid, row.reason


@pytest.mark.parametrize("row", ROWS, ids=_row_id)
def test_validate(row: Row) -> None:
    if row.valid:
        urikit.validate(row.text, row.rule)  # returns (None) without raising
        return
    with pytest.raises(InvalidURIError) as info:
        urikit.validate(row.text, row.rule)
    err = info.value
    assert err.text == row.text
    assert err.rule in RULE_NAMES
    assert isinstance(err.reason, str) and err.reason
    # The first character at which no valid continuation exists (len(text) if the
    # input ended early), computed independently by the reference checker.
    assert err.position == refcheck.longest_viable_prefix(row.rule, row.text), row.reason


# --- appendix A, names and the empty string -------------------------------------------


# A rule's definition in an RFC's ABNF: its name at the ABNF's indent, then "=".
_DEFINED = re.compile(r"^   ([A-Za-z][A-Za-z0-9-]*) +=", re.MULTILINE)
# The RFC 5234 B.1 core rules that RFC 3986 Appendix A uses (defined there, not here).
CORE = frozenset({"ALPHA", "DIGIT", "HEXDIG"})


def _defined(rfc: str, start: str, end: str) -> frozenset[str]:
    """The rules defined in the text of ``rfc`` from the line ``start`` up to ``end``,
    read from the RFC itself (not from urikit: an independent oracle)."""
    path = spec_file(rfc)
    if not path.is_file():
        pytest.skip(f"no {rfc} (set $URIKIT_SPEC to the directory of the RFC texts)")
    text = path.read_text(encoding="utf-8").replace("\r\n", "\n")
    begin = re.search(f"^{re.escape(start)}$", text, re.MULTILINE)
    assert begin is not None, start
    stop = text.index(end, begin.end())
    return frozenset(_DEFINED.findall(text, begin.end(), stop))


def test_every_appendix_a_rule_is_named() -> None:
    appendix_a = _defined("rfc3986.txt", "Appendix A.  Collected ABNF for URI", "\nAppendix B.")
    # RFC 3987 2.2, up to the rules it takes from RFC 3986 unchanged.
    rfc_3987_2_2 = _defined(
        "rfc3987.txt",
        "2.2.  ABNF for IRI References and IRIs",
        "The following rules are the same as those in [RFC3986]",
    )
    assert (len(appendix_a), len(rfc_3987_2_2)) == (36, 25)
    expected = appendix_a | CORE | rfc_3987_2_2 | set(SCHEME_SAMPLES)
    assert len(expected) == 36 + 3 + 25 + len(SCHEME_SAMPLES)  # no name in two of them
    assert set(URI_RULE_NAMES) == appendix_a | CORE
    assert set(IRI_RULE_NAMES) == rfc_3987_2_2
    assert set(SCHEME_RULE_NAMES) == set(SCHEME_SAMPLES)
    assert set(RULE_NAMES) == expected
    assert set(urikit.rules) == expected
    assert set(refcheck.RULE_NAMES) == expected
    for name in expected:
        info = urikit.rules[cast(RuleName, name)]
        assert info.name == name
        assert info.abnf.startswith(f"{name} =")


EMPTY_ACCEPTED = frozenset(
    {
        "URI-reference",
        "relative-ref",
        "relative-part",
        "hier-part",
        "path",
        "path-abempty",
        "path-empty",
        "segment",
        "query",
        "fragment",
        "userinfo",
        "reg-name",
        "host",
        "port",
        "authority",
        # RFC 3987 2.2: the same, with IRI names
        "IRI-reference",
        "irelative-ref",
        "irelative-part",
        "ihier-part",
        "ipath",
        "ipath-abempty",
        "ipath-empty",
        "isegment",
        "iquery",
        "ifragment",
        "iuserinfo",
        "ireg-name",
        "ihost",
        "iauthority",
        *SCHEME_EMPTY_ACCEPTED,
    }
)


@pytest.mark.parametrize("rule", RULE_NAMES)
def test_empty_string(rule: RuleName) -> None:
    """The empty string is accepted exactly where the ABNF allows zero characters."""
    expected = rule in EMPTY_ACCEPTED
    assert refcheck.accepts(rule, "") is expected
    assert urikit.is_valid("", rule) is expected


# A valid sample of each rule, to be spoiled by a non-ASCII character or a newline.
SAMPLES: dict[RuleName, str] = {
    "URI": "http://u@h:1/p?q#f",
    "hier-part": "//u@h:1/p",
    "URI-reference": "//u@h:1/p?q#f",
    "absolute-URI": "http://h/p?q",
    "relative-ref": "a/b?q#f",
    "relative-part": "//h/p",
    "scheme": "svn+ssh",
    "authority": "u@h:1",
    "userinfo": "u:p",
    "host": "example.com",
    "port": "8080",
    "IP-literal": "[::1]",
    "IPvFuture": "v1.a",
    "IPv6address": "1::2",
    "h16": "abcd",
    "ls32": "1:2",
    "IPv4address": "1.2.3.4",
    "dec-octet": "25",
    "reg-name": "a.b",
    "path": "a/b",
    "path-abempty": "/a/b",
    "path-absolute": "/a/b",
    "path-noscheme": "a/b",
    "path-rootless": "a:b/c",
    "path-empty": "",
    "segment": "ab",
    "segment-nz": "ab",
    "segment-nz-nc": "ab",
    "pchar": "a",
    "query": "a=b",
    "fragment": "f",
    "pct-encoded": "%41",
    "unreserved": "a",
    "reserved": "!",
    "gen-delims": ":",
    "sub-delims": "!",
    "ALPHA": "a",
    "DIGIT": "1",
    "HEXDIG": "a",
    **IRI_SAMPLES,
    **SCHEME_SAMPLES,
}

NON_ASCII = ("é", "\u0660", "\u212a", "\u00a0", "\u2028", "\ufeff", "\ud800", "\U0001f600")


@pytest.mark.parametrize("rule", RULE_NAMES)
def test_samples_are_valid(rule: RuleName) -> None:
    assert refcheck.accepts(rule, SAMPLES[rule])
    assert urikit.is_valid(SAMPLES[rule], rule)


@pytest.mark.parametrize(
    ("rule", "refused"),
    [
        *((rule, NON_ASCII) for rule in URI_RULE_NAMES),
        *((rule, NEVER_IN_AN_IRI) for rule in IRI_RULE_NAMES),
        *((rule, NON_ASCII) for rule in SCHEME_RULE_NAMES),
    ],
)
def test_non_ascii_rejected_everywhere(rule: RuleName, refused: tuple[str, ...]) -> None:
    """An RFC 3986 rule's alphabet is ASCII: any non-ASCII character anywhere is rejected.
    No RFC 3987 rule admits a bidi formatting character (4.1), a noncharacter, a
    surrogate, a tag character or a control."""
    sample = SAMPLES[rule]
    for char in refused:
        for i in range(len(sample) + 1):
            for text in (sample[:i] + char + sample[i:], sample[:i] + char + sample[i + 1 :]):
                assert not refcheck.accepts(rule, text), (rule, text)
                assert not urikit.is_valid(text, rule), (rule, text)


@pytest.mark.parametrize("rule", RULE_NAMES)
@pytest.mark.parametrize("ending", ["\n", "\r\n", "\r", "\x00"])
def test_trailing_line_end_never_accepted(rule: RuleName, ending: str) -> None:
    """No rule admits a control character, so a trailing newline is never accepted."""
    text = SAMPLES[rule] + ending
    assert not refcheck.accepts(rule, text)
    assert not urikit.is_valid(text, rule)
    with pytest.raises(InvalidURIError) as info:
        urikit.validate(text, rule)
    assert location_as_given(info.value).position == len(SAMPLES[rule])  # in the text given


# --- API behaviour -------------------------------------------------------------------


@pytest.mark.parametrize("name", ["IPv6adress", "URL", "URI ", "", "host\n", "pct_encoded"])
def test_unknown_rule_name_raises_value_error(name: str) -> None:
    with pytest.raises(ValueError):
        urikit.is_valid("a", cast(RuleName, name))
    with pytest.raises(ValueError):
        urikit.validate("a", cast(RuleName, name))


WEIRD = (
    "\ud800",
    "\udfff",
    "a\ud800b",
    "\x00",
    "http://a/\x00",
    "\x7f",
    "\uffff",
    "\U0010ffff",
    "%" * 1000,
    "http://[" + ":" * 5000,
    "a" * 1_000_000,
    "http://" + "\ud800" * 1000,
)


@pytest.mark.parametrize("rule", RULE_NAMES)
def test_is_valid_never_raises_for_str(rule: RuleName) -> None:
    for text in WEIRD:
        assert urikit.is_valid(text, rule) in (True, False)


@pytest.mark.parametrize("text", WEIRD[:10], ids=repr)
def test_validate_weird_input_raises_only_invalid_uri_error(text: str) -> None:
    with pytest.raises(InvalidURIError) as info:
        urikit.validate(text)
    err = info.value
    assert 0 <= err.position <= len(err.text)
    assert "^" in str(err)
    found = location_as_given(err).position  # in the text as given
    assert found == refcheck.longest_viable_prefix("URI-reference", text)


def test_error_class_hierarchy() -> None:
    assert issubclass(urikit.InvalidURIError, urikit.URIError)
    assert issubclass(urikit.InvalidURIError, ValueError)
    with pytest.raises(ValueError):
        urikit.validate("a b")
    with pytest.raises(urikit.URIError):
        urikit.validate("a b")


def test_validate_default_rule_is_uri_reference() -> None:
    urikit.validate("../g")  # a relative-ref: URI-reference, not URI
    with pytest.raises(InvalidURIError):
        urikit.validate("../g", "URI")


def _error(text: str, rule: RuleName = "URI-reference") -> InvalidURIError:
    with pytest.raises(InvalidURIError) as info:
        urikit.validate(text, rule)
    return info.value


def test_issue_error_positions() -> None:
    err = _error("http://exa mple.com/")
    assert err.position == 10

    err = _error("http://[::1")
    assert err.position == 11 == len("http://[::1")  # input ended early

    err = _error("http://h/%zz")
    assert (err.position, err.rule) == (10, "pct-encoded")

    err = _error("http://[1::2::3]/")
    assert (err.position, err.rule) == (13, "IPv6address")


@pytest.mark.parametrize("text", ["http://h:8x/", "http://h:80x/"])
def test_issue_port_error(text: str) -> None:
    """Not digits after ':' in the authority: a bad port, unless '@' makes it userinfo."""
    err = _error(text)
    assert err.rule in ("port", "userinfo")
    # "h:8x" can still begin userinfo ("http://h:8x@h/" is valid), so the first
    # character without a valid continuation is the "/".
    assert err.position == refcheck.longest_viable_prefix("URI-reference", text)


@pytest.mark.parametrize(
    "text",
    ["http://exa mple.com/", "http://[::1", "http://h/%zz", "http://[1::2::3]/", "%", "a b"],
)
def test_caret_under_position(text: str) -> None:
    """str(err) has a caret line, with the caret under the character at the position."""
    err = _error(text)
    lines = str(err).splitlines()
    carets = [i for i, line in enumerate(lines) if line.strip() == "^"]
    assert len(carets) == 1
    i = carets[0]
    assert i > 0
    shown = lines[i - 1]  # the input, shown verbatim (these inputs are printable ASCII)
    column = lines[i].index("^")
    assert column == shown.index(text) + err.position


@pytest.mark.parametrize(
    ("text", "rule"),
    [("http://h/%zz", "URI"), ("http://[1::2::3]/", "URI-reference"), ("1\n", "port")],
)
def test_error_pickles(text: str, rule: RuleName) -> None:
    err = _error(text, rule)
    clone = pickle.loads(pickle.dumps(err))
    assert type(clone) is InvalidURIError
    assert (clone.text, clone.position, clone.rule, clone.reason) == (
        err.text,
        err.position,
        err.rule,
        err.reason,
    )
    assert str(clone) == str(err)


@pytest.mark.parametrize(
    ("text", "rule", "hint"),
    [
        ("a#b", "query", "would end the query"),
        ("a#b", "fragment", "inside a fragment"),
        ("\ud800", "URI-reference", "lone surrogate"),
    ],
)
def test_hints_fit_the_component(text: str, rule: urikit.RuleName, hint: str) -> None:
    with pytest.raises(urikit.InvalidURIError) as info:
        urikit.validate(text, rule)
    assert hint in info.value.reason


def test_character_sets_support_union_and_difference() -> None:
    # RFC 3.3: segment-nz-nc is pchar's characters without ":"; RFC 2.2: reserved is
    # gen-delims and sub-delims together.
    from urikit._syntax.abnf import Repeat, char_alternatives, chars
    from urikit._syntax.rfc3986 import chars_of, resolve

    pchar = char_alternatives(grammar_rule("pchar").node, resolve)
    nz_nc = grammar_rule("segment-nz-nc").node  # 1*( unreserved / ... / "@" )
    assert isinstance(nz_nc, Repeat)
    assert (pchar - chars(":")).members == char_alternatives(nz_nc.node, resolve).members
    union = chars("".join(chars_of("gen-delims"))) | chars("".join(chars_of("sub-delims")))
    assert isinstance(union, type(pchar))
    assert union.members == chars_of("reserved")


def test_is_rule_name_is_exact() -> None:
    """is_rule_name accepts the names of RFC 3986 Appendix A as spelled there."""
    assert all(urikit.is_rule_name(name) for name in urikit.rules)
    assert not any(urikit.is_rule_name(x) for x in ("uri", "URI ", "", None, 1, ["URI"]))


def test_unknown_rule_name_says_did_you_mean() -> None:
    """Only the close names are suggested, never the whole list of rules."""
    # RFC 2397 3's dataurl is close to "URL" too
    with pytest.raises(ValueError, match=r"unknown rule 'URL'; did you mean 'URI' or 'dataurl'\?$"):
        urikit.validate("x", "URL")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"did you mean 'IPv6address'\?$"):
        urikit.validate("x", "ipv6")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"unknown rule 'zzz'; the rules are those of RFC") as info:
        urikit.validate("x", "zzz")  # type: ignore[arg-type]
    assert "hier-part" not in str(info.value)
    assert rule_name("ipv4ADDRESS") == "IPv4address"  # case folded: no two names collide


@pytest.mark.parametrize(
    ("name", "canonical"),
    [("uri", "URI"), ("Ipv6Address", "IPv6address"), ("IREG-NAME", "ireg-name")],
)
def test_rule_names_are_case_insensitive(name: str, canonical: RuleName) -> None:
    """RFC 5234 2.1: "The names of rules are case insensitive", in every function that
    takes one at run time, with the RFC's spelling in what they report."""
    text = SAMPLES[canonical]
    assert urikit.is_valid(text, name)  # type: ignore[arg-type]
    urikit.validate(text, name)  # type: ignore[arg-type]
    assert not urikit.is_valid(text + "\n", name)  # type: ignore[arg-type]
    with pytest.raises(InvalidURIError):
        urikit.validate(text + "\n", name)  # type: ignore[arg-type]
    found = urikit.validate_many([text, "\x00"], name)  # type: ignore[arg-type]
    assert [(i, e.args) for i, e in found] == [
        (i, e.args) for i, e in urikit.validate_many([text, "\x00"], canonical)
    ]
    assert urikit.ecmascript_pattern(name) == urikit.ecmascript_pattern(canonical)  # type: ignore[arg-type]
    assert urikit.rules[name] == urikit.rules[canonical]  # type: ignore[index]
    assert grammar_rule(name) is grammar_rule(canonical)
    assert compiled(name) is compiled(canonical)  # one compiled rule per rule


@pytest.mark.parametrize("name", [b"URI", 1, None, ["URI"], bytearray(b"URI")])
def test_a_rule_name_that_is_not_a_str_is_a_type_error(name: object) -> None:
    """A name must be text: like a text that is not a str, the error is a TypeError."""
    for call in (
        lambda: urikit.is_valid("a", name),  # type: ignore[arg-type]
        lambda: urikit.validate("a", name),  # type: ignore[arg-type]
        lambda: list(urikit.validate_many(["a"], name)),  # type: ignore[arg-type]
        lambda: urikit.ecmascript_pattern(name),  # type: ignore[arg-type]
        lambda: grammar_rule(name),  # type: ignore[arg-type]
        lambda: rule_name(name),  # type: ignore[arg-type]
        lambda: uri_type(rule=name),  # type: ignore[call-overload]
    ):
        with pytest.raises(TypeError):
            call()
    assert name not in urikit.rules  # a mapping: no such key
