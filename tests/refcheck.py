"""An independent reference checker for RFC 3986 Appendix A (plus RFC 5234 B.1 core rules),
the IRI rules of RFC 3987 2.2 (less the bidi formatting characters of its 4.1) and the
rules of URI schemes (RFC 9110 4.2, 6455 3, 6068 2, 8141 2, 2397 3, 8089 2 and F).

It shares nothing with urikit and uses no regular expressions. Each rule is a function
``(text, pos) -> set[int]`` returning *every* position at which a match of the rule that
starts at ``pos`` can end; alternation is set union, concatenation feeds each end of one
part into the next, and repetition is a breadth-first closure over end positions. So
ambiguity and backtracking are handled exactly, by construction, with no engine at all.

The set may also hold :data:`PARTIAL`: "the input ran out while this rule could still go
on". That gives prefix viability (:func:`viable`): a prefix is viable when some
continuation completes it to a match, which is how an error position is defined.

Characters are compared against explicit ASCII sets, never ``str.isalpha`` and friends, so
every non-ASCII character (Arabic digits, the Kelvin sign, ...) is rejected by the RFC 3986
rules; the RFC 3987 rules compare code points with the RFC's ranges. ABNF quoted
strings are case-insensitive (RFC 5234 2.3): ``"v"`` matches ``v`` and ``V``.
"""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["PARTIAL", "RULE_NAMES", "accepts", "longest_viable_prefix", "viable"]

PARTIAL = -1
"""Marker in a set of end positions: the input ended where the rule could continue."""

Matcher = Callable[[str, int], set[int]]

_UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_LOWER = "abcdefghijklmnopqrstuvwxyz"
_DIGITS = "0123456789"


# --- primitives --------------------------------------------------------------------------


def _charset(members: str) -> Matcher:
    allowed = frozenset(members)

    def match(text: str, pos: int) -> set[int]:
        if pos >= len(text):
            return {PARTIAL}
        return {pos + 1} if text[pos] in allowed else set()

    return match


def _lit(literal: str) -> Matcher:
    """A quoted ABNF string: ASCII letters match in either case, nothing else does."""
    options: list[frozenset[str]] = []
    for ch in literal:
        if ch in _UPPER or ch in _LOWER:
            options.append(frozenset({ch.lower(), ch.upper()}))
        else:
            options.append(frozenset({ch}))

    def match(text: str, pos: int) -> set[int]:
        for i, allowed in enumerate(options):
            if pos + i >= len(text):
                return {PARTIAL}
            if text[pos + i] not in allowed:
                return set()
        return {pos + len(options)}

    return match


def _seq(*parts: Matcher) -> Matcher:
    def match(text: str, pos: int) -> set[int]:
        current = {pos}
        for part in parts:
            following: set[int] = set()
            for end in current:
                if end == PARTIAL:
                    following.add(PARTIAL)
                else:
                    following |= part(text, end)
            current = following
            if not current:
                break
        return current

    return match


def _alt(*options: Matcher) -> Matcher:
    def match(text: str, pos: int) -> set[int]:
        result: set[int] = set()
        for option in options:
            result |= option(text, pos)
        return result

    return match


def _rep(element: Matcher, low: int = 0, high: int | None = None) -> Matcher:
    """``low*high element``; unbounded repetition is a closure, visiting each position once."""

    def match(text: str, pos: int) -> set[int]:
        result: set[int] = set()
        level = {pos}
        count = 0
        # Exact levels while a count matters (below ``low``, or up to a finite ``high``).
        while level and (count < low or (high is not None and count < high)):
            if count >= low:
                result |= level
            following: set[int] = set()
            for end in level:
                if end == PARTIAL:
                    following.add(PARTIAL)
                else:
                    following |= element(text, end)
            level = following
            count += 1
        if high is not None or not level:
            return result | level
        # Unbounded: every position reachable from here, each expanded once.
        seen = set(level)
        todo = [end for end in level if end != PARTIAL]
        while todo:
            end = todo.pop()
            for nxt in element(text, end):
                if nxt not in seen:
                    seen.add(nxt)
                    if nxt != PARTIAL:
                        todo.append(nxt)
        return result | seen

    return match


def _opt(element: Matcher) -> Matcher:
    return _rep(element, 0, 1)


# --- RFC 5234 B.1 core rules --------------------------------------------------------------

ALPHA = _charset(_UPPER + _LOWER)  # ALPHA = %x41-5A / %x61-7A
DIGIT = _charset(_DIGITS)  # DIGIT = %x30-39
HEXDIG = _charset(_DIGITS + "ABCDEF" + "abcdef")  # DIGIT / "A" ... "F", case-insensitive

# --- RFC 3986 2.1 - 2.3 -------------------------------------------------------------------

pct_encoded = _seq(_lit("%"), HEXDIG, HEXDIG)
unreserved = _charset(_UPPER + _LOWER + _DIGITS + "-._~")
gen_delims = _charset(":/?#[]@")
sub_delims = _charset("!$&'()*+,;=")
reserved = _alt(gen_delims, sub_delims)

# --- RFC 3986 3.1, 3.2.2, 3.2.3: the rules RFC 3987 2.2 takes as they are ---------------

scheme = _seq(ALPHA, _rep(_alt(ALPHA, DIGIT, _charset("+-."))))
port = _rep(DIGIT)
dec_octet = _alt(
    DIGIT,  # 0-9
    _seq(_charset("123456789"), DIGIT),  # 10-99
    _seq(_lit("1"), DIGIT, DIGIT),  # 100-199
    _seq(_lit("2"), _charset("01234"), DIGIT),  # 200-249
    _seq(_lit("25"), _charset("012345")),  # 250-255
)
_dot = _lit(".")
IPv4address = _seq(dec_octet, _dot, dec_octet, _dot, dec_octet, _dot, dec_octet)
h16 = _rep(HEXDIG, 1, 4)
_colon = _lit(":")
_dcolon = _lit("::")
ls32 = _alt(_seq(h16, _colon, h16), IPv4address)


def _groups(n: int) -> Matcher:
    """``n( h16 ":" )``."""
    return _rep(_seq(h16, _colon), n, n)


def _head(n: int) -> Matcher:
    """``[ *n( h16 ":" ) h16 ]``."""
    return _opt(_seq(_rep(_seq(h16, _colon), 0, n), h16))


IPv6address = _alt(
    _seq(_groups(6), ls32),
    _seq(_dcolon, _groups(5), ls32),
    _seq(_opt(h16), _dcolon, _groups(4), ls32),
    _seq(_head(1), _dcolon, _groups(3), ls32),
    _seq(_head(2), _dcolon, _groups(2), ls32),
    _seq(_head(3), _dcolon, h16, _colon, ls32),
    _seq(_head(4), _dcolon, ls32),
    _seq(_head(5), _dcolon, h16),
    _seq(_head(6), _dcolon),
)
IPvFuture = _seq(
    _lit("v"),
    _rep(HEXDIG, 1),
    _dot,
    _rep(_alt(unreserved, sub_delims, _colon), 1),
)
IP_literal = _seq(_lit("["), _alt(IPv6address, IPvFuture), _lit("]"))


def path_empty(text: str, pos: int) -> set[int]:
    """``0<pchar>``: exactly zero characters."""
    return {pos}


# --- RFC 3986 3 - 4.3 over its unreserved characters; RFC 3987 2.2 writes the same rules
# again with an "i" over iunreserved, and lets iquery hold iprivate as well.


def _reference(
    unreserved: Matcher, *, private: Matcher | None = None, i: str = "", uri: str = "URI"
) -> dict[str, Matcher]:
    """RFC 3986 3 - 4.3 rule by rule, by name, ``unreserved`` their characters; for RFC
    3987 2.2 ``iunreserved``, ``private`` what the query holds besides (``iprivate``),
    ``i`` before each name and ``IRI`` where RFC 3986 says ``URI``."""
    pchar = _alt(unreserved, pct_encoded, sub_delims, _lit(":"), _lit("@"))
    segment = _rep(pchar)
    segment_nz = _rep(pchar, 1)
    segment_nz_nc = _rep(_alt(unreserved, pct_encoded, sub_delims, _lit("@")), 1)
    path_abempty = _rep(_seq(_lit("/"), segment))
    path_absolute = _seq(_lit("/"), _opt(_seq(segment_nz, path_abempty)))
    path_noscheme = _seq(segment_nz_nc, path_abempty)
    path_rootless = _seq(segment_nz, path_abempty)
    path = _alt(path_abempty, path_absolute, path_noscheme, path_rootless, path_empty)
    fragment = _rep(_alt(pchar, _lit("/"), _lit("?")))
    query = fragment if private is None else _rep(_alt(pchar, private, _lit("/"), _lit("?")))
    userinfo = _rep(_alt(unreserved, pct_encoded, sub_delims, _colon))
    reg_name = _rep(_alt(unreserved, pct_encoded, sub_delims))
    host = _alt(IP_literal, IPv4address, reg_name)
    authority = _seq(_opt(_seq(userinfo, _lit("@"))), host, _opt(_seq(_colon, port)))
    authority_path = _seq(_lit("//"), authority, path_abempty)
    hier_part = _alt(authority_path, path_absolute, path_rootless, path_empty)
    query_part = _opt(_seq(_lit("?"), query))
    fragment_part = _opt(_seq(_lit("#"), fragment))
    absolute = _seq(scheme, _colon, hier_part, query_part, fragment_part)
    relative_part = _alt(authority_path, path_absolute, path_noscheme, path_empty)
    relative_ref = _seq(relative_part, query_part, fragment_part)
    return {
        uri: absolute,
        f"{i}hier-part": hier_part,
        f"{uri}-reference": _alt(absolute, relative_ref),
        f"absolute-{uri}": _seq(scheme, _colon, hier_part, query_part),
        f"{i}relative-ref": relative_ref,
        f"{i}relative-part": relative_part,
        f"{i}authority": authority,
        f"{i}userinfo": userinfo,
        f"{i}host": host,
        f"{i}reg-name": reg_name,
        f"{i}path": path,
        f"{i}path-abempty": path_abempty,
        f"{i}path-absolute": path_absolute,
        f"{i}path-noscheme": path_noscheme,
        f"{i}path-rootless": path_rootless,
        f"{i}path-empty": path_empty,
        f"{i}segment": segment,
        f"{i}segment-nz": segment_nz,
        f"{i}segment-nz-nc": segment_nz_nc,
        f"{i}pchar": pchar,
        f"{i}query": query,
        f"{i}fragment": fragment,
    }


_URI = _reference(unreserved)
# The rules the scheme rules below are made of.
path_abempty = _URI["path-abempty"]
path_absolute = _URI["path-absolute"]
pchar = _URI["pchar"]
query = _URI["query"]
fragment = _URI["fragment"]
userinfo = _URI["userinfo"]
reg_name = _URI["reg-name"]
host = _URI["host"]
_query_part = _opt(_seq(_lit("?"), query))

# --- RFC 3987 2.2 (IRIs), transcribed from the RFC's ABNF ---------------------------------


def _code_points(*spans: tuple[int, int], minus: str = "") -> Matcher:
    """``%xA-B / %xC-D ...`` by code point, less the characters of ``minus``."""

    def match(text: str, pos: int) -> set[int]:
        if pos >= len(text):
            return {PARTIAL}
        char = text[pos]
        ok = char not in minus and any(a <= ord(char) <= b for a, b in spans)
        return {pos + 1} if ok else set()

    return match


# LRM, RLM, LRE, RLE, PDF, LRO, RLO: "IRIs MUST NOT contain" them (RFC 3987 4.1).
_BIDI = "\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
ucschar = _code_points(
    (0xA0, 0xD7FF),
    (0xF900, 0xFDCF),
    (0xFDF0, 0xFFEF),
    (0x10000, 0x1FFFD),
    (0x20000, 0x2FFFD),
    (0x30000, 0x3FFFD),
    (0x40000, 0x4FFFD),
    (0x50000, 0x5FFFD),
    (0x60000, 0x6FFFD),
    (0x70000, 0x7FFFD),
    (0x80000, 0x8FFFD),
    (0x90000, 0x9FFFD),
    (0xA0000, 0xAFFFD),
    (0xB0000, 0xBFFFD),
    (0xC0000, 0xCFFFD),
    (0xD0000, 0xDFFFD),
    (0xE1000, 0xEFFFD),
    minus=_BIDI,
)
iprivate = _code_points((0xE000, 0xF8FF), (0xF0000, 0xFFFFD), (0x100000, 0x10FFFD))
iunreserved = _alt(unreserved, ucschar)
_IRI = _reference(iunreserved, private=iprivate, i="i", uri="IRI")

# --- URI schemes, transcribed from their RFCs' ABNF ---------------------------------------


def _pct_not(*octets: int) -> Matcher:
    """``pct-encoded`` whose octet is none of ``octets`` (compared as numbers)."""

    def match(text: str, pos: int) -> set[int]:
        ends = pct_encoded(text, pos)
        if pos + 3 in ends and int(text[pos + 1 : pos + 3], 16) in octets:
            return set()
        return ends

    return match


# RFC 9110 4.2.1: "A sender MUST NOT generate an "http" URI with an empty host".
_some_host = _alt(IP_literal, IPv4address, _rep(_alt(unreserved, pct_encoded, sub_delims), 1))
_http_authority = _seq(_opt(_seq(userinfo, _lit("@"))), _some_host, _opt(_seq(_colon, port)))
http_URI = _seq(_lit("http://"), _http_authority, path_abempty, _query_part)
https_URI = _seq(_lit("https://"), _http_authority, path_abempty, _query_part)
# RFC 6455 3: "ws:" "//" host [ ":" port ] path [ "?" query ], path = path-abempty
_ws_tail = _seq(_lit("//"), host, _opt(_seq(_colon, port)), path_abempty, _query_part)
ws_URI = _seq(_lit("ws:"), _ws_tail)
wss_URI = _seq(_lit("wss:"), _ws_tail)
# RFC 6068 2, with the characters its item 1 says are percent-encoded left out.
some_delims = _charset("!$'()*+,;:@")
qchar = _alt(unreserved, pct_encoded, some_delims)
hfname = _rep(qchar)
hfvalue = _rep(qchar)
hfield = _seq(hfname, _lit("="), hfvalue)
hfields = _seq(_lit("?"), hfield, _rep(_seq(_lit("&"), hfield)))
_atext = _alt(_charset(_UPPER + _LOWER + _DIGITS + "!$'*+-_~"), _pct_not(0x22, 0x5B))
_dot_atom_text = _seq(_rep(_atext, 1), _rep(_seq(_dot, _rep(_atext, 1))))
_qliteral = _alt(unreserved, _charset("!$'()*+:@"))
_quoted_string = _seq(
    _lit("%22"),
    _rep(_alt(_qliteral, _pct_not(0x22, 0x5C), _seq(_lit("%5C"), _alt(pct_encoded, _qliteral)))),
    _lit("%22"),
)
_dtext = _alt(unreserved, _charset("!$'()*+:"), _pct_not(0x5B, 0x5C, 0x5D))
_domain = _alt(_dot_atom_text, _seq(_lit("%5B"), _rep(_dtext), _lit("%5D")))
addr_spec = _seq(_alt(_dot_atom_text, _quoted_string), _lit("@"), _domain)
to = _seq(addr_spec, _rep(_seq(_lit(","), addr_spec)))
mailtoURI = _seq(_lit("mailto:"), _opt(to), _opt(hfields))
# RFC 8141 2
_alphanum = _alt(ALPHA, DIGIT)
NID = _seq(_alphanum, _rep(_alt(_alphanum, _lit("-")), 0, 30), _alphanum)
NSS = _seq(pchar, _rep(_alt(pchar, _lit("/"))))
r_component = _seq(pchar, _rep(_alt(pchar, _lit("/"), _lit("?"))))
q_component = r_component
f_component = fragment
rq_components = _seq(_opt(_seq(_lit("?+"), r_component)), _opt(_seq(_lit("?="), q_component)))
assigned_name = _seq(_lit("urn"), _colon, NID, _colon, NSS)
namestring = _seq(assigned_name, _opt(rq_components), _opt(_seq(_lit("#"), f_component)))
# RFC 2397 3; tokens of RFC 2045 (no tspecials), URL escaped
_token = _rep(_alt(_charset(_UPPER + _LOWER + _DIGITS + "!$&'*+-._~"), pct_encoded), 1)
_parameter = _seq(_token, _lit("="), _token)
mediatype = _seq(_opt(_seq(_token, _lit("/"), _token)), _rep(_seq(_lit(";"), _parameter)))
dataurl = _seq(_lit("data:"), _opt(mediatype), _opt(_lit(";base64")), _lit(","), query)
# RFC 8089 2
file_auth = _alt(_lit("localhost"), host)
auth_path = _seq(_opt(file_auth), path_absolute)
local_path = path_absolute
file_hier_part = _alt(_seq(_lit("//"), auth_path), local_path)
file_URI = _seq(_lit("file:"), file_hier_part)
# RFC 8089 Appendix F
_drive_letter = _seq(ALPHA, _charset(":|"))
_file_absolute = _seq(_lit("/"), _drive_letter, path_absolute)
_file_auth_f = _alt(_lit("localhost"), _seq(_opt(_seq(userinfo, _lit("@"))), host))
_file_host = _alt(
    _seq(_lit("%5B"), _alt(IPv6address, IPvFuture), _lit("%5D")), IPv4address, reg_name
)
_auth_path_f = _alt(
    _seq(_opt(_file_auth_f), path_absolute),
    _seq(_opt(_file_auth_f), _file_absolute),
    _seq(_rep(_lit("/"), 2, 3), _file_host, path_absolute),
)
_local_path_f = _alt(_seq(_opt(_drive_letter), path_absolute), _file_absolute)
file_URI_nonstandard = _seq(_lit("file:"), _alt(_seq(_lit("//"), _auth_path_f), _local_path_f))

# Connection strings as their clients read them (libpq 34.1.1.2, SQLAlchemy, redis-py,
# the RabbitMQ URI Specification, the MongoDB Connection String Specification).
list_host = _alt(
    IP_literal,
    _rep(_alt(_charset(_UPPER + _LOWER + _DIGITS + "-._~!$&'()*+;="), pct_encoded), 1),
)
_param_char = _alt(_charset(_UPPER + _LOWER + _DIGITS + "-._~!$'()*+,:@/?"), pct_encoded)
conn_param = _seq(_rep(_param_char, 1), _lit("="), _rep(_param_char))
conn_params = _seq(conn_param, _rep(_seq(_lit("&"), conn_param)))
_params_part = _opt(_seq(_lit("?"), _opt(conn_params)))
_hostport = _seq(_opt(list_host), _opt(_seq(_colon, port)))
host_list = _seq(_hostport, _rep(_seq(_lit(","), _hostport)))
_at_userinfo = _opt(_seq(userinfo, _lit("@")))
_dbname = _opt(_seq(_lit("/"), _rep(_alt(pchar, _lit("/")))))
_driver = _rep(_alt(ALPHA, DIGIT, _lit("_")), 1)
_pg = _alt(_lit("postgresql"), _lit("postgres"))
postgresql_URI = _alt(
    _seq(_pg, _lit("://"), _at_userinfo, host_list, _dbname, _params_part),
    _seq(_pg, _lit("+"), _driver, _lit("://"), _at_userinfo, _hostport, _dbname, _params_part),
)
mysql_URI = _seq(
    _alt(_lit("mysql"), _lit("mariadb")),
    _opt(_seq(_lit("+"), _driver)),
    _lit("://"),
    _at_userinfo,
    _hostport,
    _dbname,
    _params_part,
)
redis_URI = _seq(
    _alt(_lit("redis"), _lit("rediss")),
    _lit("://"),
    _at_userinfo,
    _hostport,
    _opt(_seq(_lit("/"), _rep(DIGIT))),
    _params_part,
)
redis_socket_URI = _seq(_lit("unix://"), _at_userinfo, path_absolute, _params_part)
amqp_URI = _seq(
    _alt(_lit("amqp"), _lit("amqps")),
    _lit("://"),
    _at_userinfo,
    _hostport,
    _opt(_seq(_lit("/"), _URI["segment"])),
    _params_part,
)
_mongo_char = _alt(unreserved, pct_encoded, sub_delims)
_mongo_userinfo = _opt(_seq(_rep(_mongo_char, 1), _opt(_seq(_colon, _rep(_mongo_char))), _lit("@")))
_mongo_host = _seq(list_host, _opt(_seq(_colon, _rep(DIGIT, 1))))
_mongo_tail = _seq(_opt(_seq(_lit("/"), _rep(pchar))), _params_part)
mongodb_URI = _seq(
    _lit("mongodb://"),
    _mongo_userinfo,
    _mongo_host,
    _rep(_seq(_lit(","), _mongo_host)),
    _mongo_tail,
)
mongodb_srv_URI = _seq(
    _lit("mongodb+srv://"),
    _mongo_userinfo,
    _rep(_alt(unreserved, _charset("!$&'()*+;=")), 1),
    _mongo_tail,
)

_RULES: dict[str, Matcher] = {
    **_URI,
    "scheme": scheme,
    "port": port,
    "IP-literal": IP_literal,
    "IPvFuture": IPvFuture,
    "IPv6address": IPv6address,
    "h16": h16,
    "ls32": ls32,
    "IPv4address": IPv4address,
    "dec-octet": dec_octet,
    "pct-encoded": pct_encoded,
    "unreserved": unreserved,
    "reserved": reserved,
    "gen-delims": gen_delims,
    "sub-delims": sub_delims,
    "ALPHA": ALPHA,
    "DIGIT": DIGIT,
    "HEXDIG": HEXDIG,
    **_IRI,
    "iunreserved": iunreserved,
    "ucschar": ucschar,
    "iprivate": iprivate,
    "http-URI": http_URI,
    "https-URI": https_URI,
    "ws-URI": ws_URI,
    "wss-URI": wss_URI,
    "mailtoURI": mailtoURI,
    "to": to,
    "hfields": hfields,
    "hfield": hfield,
    "hfname": hfname,
    "hfvalue": hfvalue,
    "addr-spec": addr_spec,
    "qchar": qchar,
    "some-delims": some_delims,
    "namestring": namestring,
    "assigned-name": assigned_name,
    "NID": NID,
    "NSS": NSS,
    "rq-components": rq_components,
    "r-component": r_component,
    "q-component": q_component,
    "f-component": f_component,
    "dataurl": dataurl,
    "mediatype": mediatype,
    "file-URI": file_URI,
    "file-hier-part": file_hier_part,
    "auth-path": auth_path,
    "local-path": local_path,
    "file-auth": file_auth,
    "file-URI-nonstandard": file_URI_nonstandard,
    "postgresql-URI": postgresql_URI,
    "mysql-URI": mysql_URI,
    "redis-URI": redis_URI,
    "redis-socket-URI": redis_socket_URI,
    "amqp-URI": amqp_URI,
    "mongodb-URI": mongodb_URI,
    "mongodb-srv-URI": mongodb_srv_URI,
    "host-list": host_list,
    "list-host": list_host,
    "conn-params": conn_params,
    "conn-param": conn_param,
}

RULE_NAMES: tuple[str, ...] = tuple(_RULES)


def _matcher(rule: str) -> Matcher:
    try:
        return _RULES[rule]
    except KeyError:
        raise ValueError(f"unknown rule {rule!r}") from None


def accepts(rule: str, text: str) -> bool:
    """Whether all of ``text`` matches ABNF rule ``rule``."""
    return len(text) in _matcher(rule)(text, 0)


def viable(rule: str, text: str) -> bool:
    """Whether some string that matches ``rule`` begins with ``text``."""
    ends = _matcher(rule)(text, 0)
    return len(text) in ends or PARTIAL in ends


def longest_viable_prefix(rule: str, text: str) -> int:
    """The length of the longest viable prefix of ``text``.

    Viability is monotone (a prefix of a viable prefix is viable), so binary search works.
    """
    if viable(rule, text):
        return len(text)
    lo, hi = 0, len(text)  # text[:lo] viable (the empty prefix always is), text[:hi] not
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if viable(rule, text[:mid]):
            lo = mid
        else:
            hi = mid
    return lo
