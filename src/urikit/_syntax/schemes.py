"""The rules of URI schemes, under their RFCs' names, written with the grammar combinators.

- ``http-URI``, ``https-URI`` (RFC 9110 4.2.1, 4.2.2);
- ``ws-URI``, ``wss-URI`` (RFC 6455 3);
- ``mailtoURI`` and its parts (RFC 6068 2);
- ``namestring``, ``assigned-name`` and their parts (RFC 8141 2);
- ``dataurl``, ``mediatype`` (RFC 2397 3);
- ``file-URI`` and its parts (RFC 8089 2), and ``file-URI-nonstandard``, the collected
  rules of its Appendix F (drive letters, UNC paths, ``userinfo``), never a default.

Each rule refers to the RFC 3986 rules its RFC imports (``authority``, ``host``,
``path-abempty``, ``query``, ``pchar``, ...) by name; :mod:`urikit._syntax.rfc3986` registers
these rules beside its own. Where the RFC states a MUST in prose, the rule carries it
and its ``abnf`` text says so: the non-empty host of http(s) (RFC 9110 4.2.1).

RFC 6068 2 writes ``addr-spec`` with RFC 5322's ``dot-atom-text`` and
``quoted-string`` and says which of their characters a URI percent-encodes. The rule
here is that restriction spelled at the level of URI characters: ``%22`` (DQUOTE)
opens and closes a quoted local part, ``%5C`` (backslash) escapes one character in it,
``%5B`` and ``%5D`` enclose a domain literal, and the characters RFC 6068 2 (item 1)
lists as encoded (``&``, ``;``, ``=``, gen-delims but ``@`` and ``:``) never appear
unencoded. A quoted local part also encodes ``,``, which separates addresses in
``to``; so each address is read one way only (no regex backtracking between readings).
"""

from __future__ import annotations

from urikit._syntax.abnf import Chars, Node, char_range, chars, lit, opt, rep
from urikit._syntax.names import Rule, ref

__all__ = ["ADDR_LITERAL", "SCHEME_RULES", "TOKEN_LITERAL"]

_HEX = char_range("0", "9") | char_range("A", "F") | char_range("a", "f")


def _pct_except(*octets: str) -> Node:
    """``pct-encoded`` less the escapes of ``octets`` (two hex digits each, any case):
    ``%22`` opens a quoted local part and so is no atext (RFC 6068 2, RFC 5322 3.2.3)."""
    seconds: dict[str, Chars] = {}
    for octet in octets:
        first = octet[0].upper()
        seconds[first] = seconds.get(first, Chars(())) | chars(octet[1].upper() + octet[1].lower())
    free = _HEX - chars("".join(f + f.lower() for f in seconds))
    node: Node = free + _HEX
    for first, taken in seconds.items():
        node = node | (chars(first + first.lower()) + (_HEX - taken))
    return lit("%") + node


def _authority_host(host: Node) -> Node:
    """``[ userinfo "@" ] host [ ":" port ]`` with the given ``host``."""
    return opt(ref("userinfo") + lit("@")) + host + opt(lit(":") + ref("port"), possessive=True)


def _then_query() -> Node:
    return opt(lit("?") + ref("query"), possessive=True)


# RFC 9110 4.2.1: "A sender MUST NOT generate an "http" URI with an empty host
# identifier. A recipient that processes such a URI reference MUST reject it as
# invalid." An IPv4address is also a non-empty reg-name (RFC 3986 3.2.2).
_NON_EMPTY_HOST: Node = ref("IP-literal") | rep(
    ref("unreserved") | ref("pct-encoded") | ref("sub-delims"), 1, possessive=True
)


def _http(scheme: str) -> Node:
    return (
        lit(scheme)
        + lit("://")
        + _authority_host(_NON_EMPTY_HOST)
        + ref("path-abempty")
        + (_then_query())
    )


def _ws(scheme: str) -> Node:
    return (
        lit(scheme + ":")
        + lit("//")
        + ref("host")
        + opt(lit(":") + ref("port"), possessive=True)
        + ref("path-abempty")
        + _then_query()
    )


# RFC 6068 2, at the level of URI characters (see the module docstring).
# The atext of RFC 5322 3.2.3 that a mailto URI holds unencoded.
ADDR_LITERAL: Chars = (
    char_range("A", "Z") | char_range("a", "z") | char_range("0", "9") | chars("!$'*+-_~")
)
_ATEXT = ADDR_LITERAL | _pct_except("22", "5B")
_DOT_ATOM = rep(_ATEXT, 1, possessive=True) + rep(
    lit(".") + rep(_ATEXT, 1, possessive=True), possessive=True
)
_QUOTED_LITERAL = ref("unreserved") | chars("!$'()*+:@")
_QUOTED = (
    lit("%22")
    + rep(
        _QUOTED_LITERAL
        | _pct_except("22", "5C")
        | (lit("%5C") + (ref("pct-encoded") | _QUOTED_LITERAL)),
        possessive=True,
    )
    + lit("%22")
)
_DOMAIN_LITERAL = (
    lit("%5B")
    + rep(ref("unreserved") | chars("!$'()*+:") | _pct_except("5B", "5C", "5D"), possessive=True)
    + lit("%5D")
)

# RFC 8141 2: alphanum = ALPHA / DIGIT, ldh = alphanum / "-".
_ALPHANUM = ref("ALPHA") | ref("DIGIT")

# RFC 2397 3: "type", "subtype", "attribute" and "value" are RFC 2045 tokens in URL
# escaped form: the token characters a URI holds as they are, or pct-encoded.
TOKEN_LITERAL: Chars = (
    char_range("A", "Z") | char_range("a", "z") | char_range("0", "9") | chars("!$&'*+-._~")
)
_TOKEN = rep(TOKEN_LITERAL | ref("pct-encoded"), 1, possessive=True)

# RFC 8089 Appendix F (collected nonstandard rules), inline: their names repeat those
# of section 2 with other definitions.
_DRIVE_LETTER = ref("ALPHA") + chars(":|")
_FILE_ABSOLUTE = lit("/") + _DRIVE_LETTER + ref("path-absolute")
# file-auth = "localhost" / [ userinfo "@" ] host: "localhost" is a host too, so the
# second alternative alone is the same language.
_FILE_AUTH_F = opt(ref("userinfo") + lit("@")) + ref("host")
_FILE_HOST = (
    (lit("%5B") + (ref("IPv6address") | ref("IPvFuture")) + lit("%5D"))
    | ref("IPv4address")
    | ref("reg-name")
)
_AUTH_PATH_F = (
    (opt(_FILE_AUTH_F) + ref("path-absolute"))
    | (opt(_FILE_AUTH_F) + _FILE_ABSOLUTE)
    | (rep(lit("/"), 2, 3) + _FILE_HOST + ref("path-absolute"))
)
_LOCAL_PATH_F = (opt(_DRIVE_LETTER) + ref("path-absolute")) | _FILE_ABSOLUTE


SCHEME_RULES: tuple[Rule, ...] = (
    Rule(
        "http-URI",
        'http-URI = "http" "://" authority path-abempty [ "?" query ]'
        " ; with a non-empty host (RFC 9110 4.2.1: MUST NOT ... an empty host identifier)",
        "RFC 9110 4.2.1",
        _http("http"),
    ),
    Rule(
        "https-URI",
        'https-URI = "https" "://" authority path-abempty [ "?" query ]'
        " ; with a non-empty host (RFC 9110 4.2.2: MUST NOT ... an empty host identifier)",
        "RFC 9110 4.2.2",
        _http("https"),
    ),
    Rule(
        "ws-URI",
        'ws-URI = "ws:" "//" host [ ":" port ] path [ "?" query ] ; path = path-abempty',
        "RFC 6455 3",
        _ws("ws"),
    ),
    Rule(
        "wss-URI",
        'wss-URI = "wss:" "//" host [ ":" port ] path [ "?" query ] ; path = path-abempty',
        "RFC 6455 3",
        _ws("wss"),
    ),
    Rule(
        "mailtoURI",
        'mailtoURI = "mailto:" [ to ] [ hfields ]',
        "RFC 6068 2",
        lit("mailto:") + opt(ref("to"), possessive=True) + opt(ref("hfields"), possessive=True),
    ),
    Rule(
        "to",
        'to = addr-spec *("," addr-spec )',
        "RFC 6068 2",
        ref("addr-spec") + rep(lit(",") + ref("addr-spec"), possessive=True),
    ),
    Rule(
        "hfields",
        'hfields = "?" hfield *( "&" hfield )',
        "RFC 6068 2",
        lit("?") + ref("hfield") + rep(lit("&") + ref("hfield"), possessive=True),
    ),
    Rule(
        "hfield",
        'hfield = hfname "=" hfvalue',
        "RFC 6068 2",
        ref("hfname") + lit("=") + ref("hfvalue"),
    ),
    Rule("hfname", "hfname = *qchar", "RFC 6068 2", rep(ref("qchar"), possessive=True)),
    Rule("hfvalue", "hfvalue = *qchar", "RFC 6068 2", rep(ref("qchar"), possessive=True)),
    Rule(
        "addr-spec",
        'addr-spec = local-part "@" domain ; local-part = dot-atom-text / quoted-string,'
        ' domain = dot-atom-text / "[" *dtext-no-obs "]", percent-encoded as RFC 6068 2'
        ' requires: "%22" quotes, "%5C" escapes, "%5B" "%5D" bracket; "&" ";" "=" ","'
        ' "/" "?" "#" "[" "]" "%" never unencoded',
        "RFC 6068 2",
        (_DOT_ATOM | _QUOTED) + lit("@") + (_DOT_ATOM | _DOMAIN_LITERAL),
    ),
    Rule(
        "qchar",
        "qchar = unreserved / pct-encoded / some-delims",
        "RFC 6068 2",
        ref("unreserved") | ref("pct-encoded") | ref("some-delims"),
    ),
    Rule(
        "some-delims",
        'some-delims = "!" / "$" / "\'" / "(" / ")" / "*" / "+" / "," / ";" / ":" / "@"',
        "RFC 6068 2",
        chars("!$'()*+,;:@"),
    ),
    Rule(
        "namestring",
        'namestring = assigned-name [ rq-components ] [ "#" f-component ]',
        "RFC 8141 2",
        ref("assigned-name")
        + opt(ref("rq-components"), possessive=True)
        + opt(lit("#") + ref("f-component"), possessive=True),
    ),
    Rule(
        "assigned-name",
        'assigned-name = "urn" ":" NID ":" NSS',
        "RFC 8141 2",
        lit("urn") + lit(":") + ref("NID") + lit(":") + ref("NSS"),
    ),
    Rule(
        "NID",
        'NID = (alphanum) 0*30(ldh) (alphanum) ; ldh = alphanum / "-"',
        "RFC 8141 2",
        _ALPHANUM + rep(_ALPHANUM | lit("-"), 0, 30) + _ALPHANUM,
    ),
    Rule(
        "NSS",
        'NSS = pchar *(pchar / "/")',
        "RFC 8141 2",
        ref("pchar") + rep(ref("pchar") | lit("/"), possessive=True),
    ),
    Rule(
        "rq-components",
        'rq-components = [ "?+" r-component ] [ "?=" q-component ]',
        "RFC 8141 2",
        opt(lit("?+") + ref("r-component")) + opt(lit("?=") + ref("q-component")),
    ),
    Rule(
        "r-component",
        'r-component = pchar *( pchar / "/" / "?" )',
        "RFC 8141 2",
        ref("pchar") + rep(ref("pchar") | lit("/") | lit("?"), possessive=True),
    ),
    Rule(
        "q-component",
        'q-component = pchar *( pchar / "/" / "?" )',
        "RFC 8141 2",
        ref("pchar") + rep(ref("pchar") | lit("/") | lit("?"), possessive=True),
    ),
    Rule("f-component", "f-component = fragment", "RFC 8141 2", ref("fragment")),
    Rule(
        "dataurl",
        'dataurl = "data:" [ mediatype ] [ ";base64" ] "," data ; data = *urlchar'
        " (RFC 2396 uric: the characters of an RFC 3986 query)",
        "RFC 2397 3",
        lit("data:")
        + opt(ref("mediatype"))
        + opt(lit(";base64"))
        + lit(",")
        + rep(ref("pchar") | lit("/") | lit("?"), possessive=True),
    ),
    Rule(
        "mediatype",
        'mediatype = [ type "/" subtype ] *( ";" parameter ) ; parameter = attribute "=" value;'
        " type, subtype, attribute, value: RFC 2045 tokens, URL escaped",
        "RFC 2397 3",
        opt(_TOKEN + lit("/") + _TOKEN) + rep(lit(";") + _TOKEN + lit("=") + _TOKEN),
    ),
    Rule(
        "file-URI",
        'file-URI = file-scheme ":" file-hier-part ; file-scheme = "file"',
        "RFC 8089 2",
        lit("file") + lit(":") + ref("file-hier-part"),
    ),
    Rule(
        "file-hier-part",
        'file-hier-part = ( "//" auth-path ) / local-path',
        "RFC 8089 2",
        (lit("//") + ref("auth-path")) | ref("local-path"),
    ),
    Rule(
        "auth-path",
        "auth-path = [ file-auth ] path-absolute",
        "RFC 8089 2",
        opt(ref("file-auth")) + ref("path-absolute"),
    ),
    Rule("local-path", "local-path = path-absolute", "RFC 8089 2", ref("path-absolute")),
    Rule(
        "file-auth",
        'file-auth = "localhost" / host',
        "RFC 8089 2",
        lit("localhost") | ref("host"),
    ),
    Rule(
        "file-URI-nonstandard",
        'file-URI-nonstandard = file-scheme ":" file-hier-part ; with RFC 8089 Appendix F:'
        " auth-path = [ file-auth ] path-absolute / [ file-auth ] file-absolute"
        " / unc-authority path-absolute, local-path = [ drive-letter ] path-absolute"
        ' / file-absolute, file-auth = "localhost" / [ userinfo "@" ] host,'
        ' unc-authority = 2*3"/" file-host, file-host = inline-IP / IPv4address / reg-name,'
        ' inline-IP = "%5B" ( IPv6address / IPvFuture ) "%5D",'
        ' file-absolute = "/" drive-letter path-absolute, drive-letter = ALPHA ":" / ALPHA "|"',
        "RFC 8089 Appendix F",
        lit("file") + lit(":") + ((lit("//") + _AUTH_PATH_F) | _LOCAL_PATH_F),
    ),
)
