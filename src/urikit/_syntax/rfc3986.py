"""RFC 3986 Appendix A, rule by rule, in the RFC's order, then RFC 3987's IRI rules.

Each rule is written once, under its RFC name (the one list of names is
:data:`RuleName`, in :mod:`urikit._syntax.names`), with its ABNF line beside it. Rules refer to
each other by name (:func:`ref`) and are rendered inline, so the regex for ``URI`` is the
RFC's ``URI`` spelled out. Repetitions are marked possessive only
where what follows can never be what they repeat (see docs/design.md, "Linear time").
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from types import MappingProxyType
from typing import TypeGuard

from urikit._syntax.abnf import (
    Alt,
    Chars,
    Node,
    Ref,
    Repeat,
    Seq,
    char_alternatives,
    char_range,
    chars,
    lit,
    opt,
    rep,
)
from urikit._syntax.connection import CONNECTION_RULES
from urikit._syntax.names import (
    IRI_RULE_NAMES,
    RULE_NAMES,
    SCHEME_RULE_NAMES,
    URI_RULE_NAMES,
    Rule,
    RuleName,
    ref,
)
from urikit._syntax.rfc3987 import IRI_RULES
from urikit._syntax.schemes import SCHEME_RULES
from urikit.errors import expected_str
from urikit.errors.redact import redact

__all__ = [
    "IRI_RULE_NAMES",
    "RULES",
    "RULE_NAMES",
    "SCHEME_RULE_NAMES",
    "URI_RULE_NAMES",
    "Rule",
    "RuleName",
    "admits_percent",
    "char_class",
    "chars_of",
    "is_rule_name",
    "ref",
    "rule",
    "rule_name",
    "scheme_chars",
]


def _then_query(*, fragment: bool) -> Node:
    """``[ "?" query ]``, then ``[ "#" fragment ]`` if ``fragment``: the tail of URI,
    absolute-URI and relative-ref. Possessive: "?" and "#" end what comes before."""
    tail = opt(lit("?") + ref("query"), possessive=True)
    return tail + opt(lit("#") + ref("fragment"), possessive=True) if fragment else tail


def _hierarchical(third: RuleName) -> Node:
    """``"//" authority path-abempty / path-absolute / <third> / path-empty``: hier-part
    (``path-rootless``) and relative-part (``path-noscheme``) differ only there."""
    authority = lit("//") + ref("authority") + ref("path-abempty")
    return authority | ref("path-absolute") | ref(third) | ref("path-empty")


def _h16_colon(n: int) -> Node:
    """``n( h16 ":" )``; never possessive: the colon may be the first of a "::"."""
    return rep(ref("h16") + lit(":"), n, n)


def _ipv6_head(n: int) -> Node:
    """``[ *n( h16 ":" ) h16 ]``, the part before "::" in IPv6address."""
    return opt(rep(ref("h16") + lit(":"), 0, n) + ref("h16"))


_RULES: tuple[Rule, ...] = (
    Rule(
        "URI",
        'URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]',
        "3",
        ref("scheme") + lit(":") + ref("hier-part") + _then_query(fragment=True),
    ),
    Rule(
        "hier-part",
        'hier-part = "//" authority path-abempty / path-absolute / path-rootless / path-empty',
        "3",
        _hierarchical("path-rootless"),
    ),
    Rule(
        "URI-reference",
        "URI-reference = URI / relative-ref",
        "4.1",
        ref("URI") | ref("relative-ref"),
    ),
    Rule(
        "absolute-URI",
        'absolute-URI = scheme ":" hier-part [ "?" query ]',
        "4.3",
        ref("scheme") + lit(":") + ref("hier-part") + _then_query(fragment=False),
    ),
    Rule(
        "relative-ref",
        'relative-ref = relative-part [ "?" query ] [ "#" fragment ]',
        "4.2",
        ref("relative-part") + _then_query(fragment=True),
    ),
    Rule(
        "relative-part",
        'relative-part = "//" authority path-abempty / path-absolute / path-noscheme / path-empty',
        "4.2",
        _hierarchical("path-noscheme"),
    ),
    Rule(
        "scheme",
        'scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )',
        "3.1",
        ref("ALPHA")
        + rep(ref("ALPHA") | ref("DIGIT") | lit("+") | lit("-") | lit("."), possessive=True),
    ),
    Rule(
        "authority",
        'authority = [ userinfo "@" ] host [ ":" port ]',
        "3.2",
        opt(ref("userinfo") + lit("@"))
        + ref("host")
        + opt(lit(":") + ref("port"), possessive=True),
    ),
    Rule(
        "userinfo",
        'userinfo = *( unreserved / pct-encoded / sub-delims / ":" )',
        "3.2.1",
        rep(ref("unreserved") | ref("pct-encoded") | ref("sub-delims") | lit(":"), possessive=True),
    ),
    Rule(
        "host",
        "host = IP-literal / IPv4address / reg-name",
        "3.2.2",
        ref("IP-literal") | ref("IPv4address") | ref("reg-name"),
    ),
    Rule("port", "port = *DIGIT", "3.2.3", rep(ref("DIGIT"), possessive=True)),
    Rule(
        "IP-literal",
        'IP-literal = "[" ( IPv6address / IPvFuture ) "]"',
        "3.2.2",
        lit("[") + (ref("IPv6address") | ref("IPvFuture")) + lit("]"),
    ),
    Rule(
        "IPvFuture",
        'IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )',
        "3.2.2",
        lit("v")
        + rep(ref("HEXDIG"), 1, possessive=True)
        + lit(".")
        + rep(ref("unreserved") | ref("sub-delims") | lit(":"), 1, possessive=True),
    ),
    Rule(
        "IPv6address",
        'IPv6address = 6( h16 ":" ) ls32 / "::" 5( h16 ":" ) ls32'
        ' / [ h16 ] "::" 4( h16 ":" ) ls32 / [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32'
        ' / [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32'
        ' / [ *3( h16 ":" ) h16 ] "::" h16 ":" ls32 / [ *4( h16 ":" ) h16 ] "::" ls32'
        ' / [ *5( h16 ":" ) h16 ] "::" h16 / [ *6( h16 ":" ) h16 ] "::"',
        "3.2.2",
        (_h16_colon(6) + ref("ls32"))
        | (lit("::") + _h16_colon(5) + ref("ls32"))
        | (opt(ref("h16")) + lit("::") + _h16_colon(4) + ref("ls32"))
        | (_ipv6_head(1) + lit("::") + _h16_colon(3) + ref("ls32"))
        | (_ipv6_head(2) + lit("::") + _h16_colon(2) + ref("ls32"))
        | (_ipv6_head(3) + lit("::") + ref("h16") + lit(":") + ref("ls32"))
        | (_ipv6_head(4) + lit("::") + ref("ls32"))
        | (_ipv6_head(5) + lit("::") + ref("h16"))
        | (_ipv6_head(6) + lit("::")),
    ),
    Rule("h16", "h16 = 1*4HEXDIG", "3.2.2", rep(ref("HEXDIG"), 1, 4, possessive=True)),
    Rule(
        "ls32",
        'ls32 = ( h16 ":" h16 ) / IPv4address',
        "3.2.2",
        (ref("h16") + lit(":") + ref("h16")) | ref("IPv4address"),
    ),
    Rule(
        "IPv4address",
        'IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet',
        "3.2.2",
        ref("dec-octet")
        + lit(".")
        + ref("dec-octet")
        + lit(".")
        + ref("dec-octet")
        + lit(".")
        + ref("dec-octet"),
    ),
    Rule(
        "dec-octet",
        'dec-octet = DIGIT / %x31-39 DIGIT / "1" 2DIGIT / "2" %x30-34 DIGIT / "25" %x30-35',
        "3.2.2",
        # Longest alternative first: the language is the same, and a regex engine
        # then needs no backtracking to read "255".
        (lit("25") + char_range("0", "5"))
        | (lit("2") + char_range("0", "4") + ref("DIGIT"))
        | (lit("1") + rep(ref("DIGIT"), 2, 2))
        | (char_range("1", "9") + ref("DIGIT"))
        | ref("DIGIT"),
    ),
    Rule(
        "reg-name",
        "reg-name = *( unreserved / pct-encoded / sub-delims )",
        "3.2.2",
        rep(ref("unreserved") | ref("pct-encoded") | ref("sub-delims"), possessive=True),
    ),
    Rule(
        "path",
        "path = path-abempty / path-absolute / path-noscheme / path-rootless / path-empty",
        "3.3",
        ref("path-abempty")
        | ref("path-absolute")
        | ref("path-noscheme")
        | ref("path-rootless")
        | ref("path-empty"),
    ),
    Rule(
        "path-abempty",
        'path-abempty = *( "/" segment )',
        "3.3",
        rep(lit("/") + ref("segment"), possessive=True),
    ),
    Rule(
        "path-absolute",
        'path-absolute = "/" [ segment-nz *( "/" segment ) ]',
        "3.3",
        lit("/") + opt(ref("segment-nz") + rep(lit("/") + ref("segment"), possessive=True)),
    ),
    Rule(
        "path-noscheme",
        'path-noscheme = segment-nz-nc *( "/" segment )',
        "3.3",
        ref("segment-nz-nc") + rep(lit("/") + ref("segment"), possessive=True),
    ),
    Rule(
        "path-rootless",
        'path-rootless = segment-nz *( "/" segment )',
        "3.3",
        ref("segment-nz") + rep(lit("/") + ref("segment"), possessive=True),
    ),
    Rule("path-empty", "path-empty = 0<pchar>", "3.3", rep(ref("pchar"), 0, 0)),
    Rule("segment", "segment = *pchar", "3.3", rep(ref("pchar"), possessive=True)),
    Rule("segment-nz", "segment-nz = 1*pchar", "3.3", rep(ref("pchar"), 1, possessive=True)),
    Rule(
        "segment-nz-nc",
        'segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )',
        "3.3",
        rep(
            ref("unreserved") | ref("pct-encoded") | ref("sub-delims") | lit("@"),
            1,
            possessive=True,
        ),
    ),
    Rule(
        "pchar",
        'pchar = unreserved / pct-encoded / sub-delims / ":" / "@"',
        "3.3",
        ref("unreserved") | ref("pct-encoded") | ref("sub-delims") | lit(":") | lit("@"),
    ),
    Rule(
        "query",
        'query = *( pchar / "/" / "?" )',
        "3.4",
        rep(ref("pchar") | lit("/") | lit("?"), possessive=True),
    ),
    Rule(
        "fragment",
        'fragment = *( pchar / "/" / "?" )',
        "3.5",
        rep(ref("pchar") | lit("/") | lit("?"), possessive=True),
    ),
    Rule(
        "pct-encoded",
        'pct-encoded = "%" HEXDIG HEXDIG',
        "2.1",
        lit("%") + ref("HEXDIG") + ref("HEXDIG"),
    ),
    Rule(
        "unreserved",
        'unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"',
        "2.3",
        ref("ALPHA") | ref("DIGIT") | chars("-._~"),
    ),
    Rule(
        "reserved",
        "reserved = gen-delims / sub-delims",
        "2.2",
        ref("gen-delims") | ref("sub-delims"),
    ),
    Rule(
        "gen-delims",
        'gen-delims = ":" / "/" / "?" / "#" / "[" / "]" / "@"',
        "2.2",
        chars(":/?#[]@"),
    ),
    Rule(
        "sub-delims",
        'sub-delims = "!" / "$" / "&" / "\'" / "(" / ")" / "*" / "+" / "," / ";" / "="',
        "2.2",
        chars("!$&'()*+,;="),
    ),
    Rule(
        "ALPHA",
        "ALPHA = %x41-5A / %x61-7A",
        "RFC 5234 B.1",
        char_range("A", "Z") | char_range("a", "z"),
    ),
    Rule("DIGIT", "DIGIT = %x30-39", "RFC 5234 B.1", char_range("0", "9")),
    Rule(
        "HEXDIG",
        'HEXDIG = DIGIT / "A" / "B" / "C" / "D" / "E" / "F"',
        "RFC 5234 B.1",
        ref("DIGIT") | lit("A") | lit("B") | lit("C") | lit("D") | lit("E") | lit("F"),
    ),
)

RULES: Mapping[RuleName, Rule] = MappingProxyType(
    {r.name: r for r in (*_RULES, *IRI_RULES, *SCHEME_RULES, *CONNECTION_RULES)}
)


def rule(name: str) -> Rule:
    """The rule called ``name``, its case ignored (RFC 5234 2.1); ``ValueError`` says
    "did you mean" otherwise, ``TypeError`` for a name that is not a str."""
    return RULES[rule_name(name)]


def is_rule_name(name: object) -> TypeGuard[RuleName]:
    """Whether ``name`` is a rule name, spelled as RFC 3986 Appendix A or RFC 3987 2.2 spells it.

    Narrows a ``str`` to :data:`RuleName` for a type checker:

    >>> rule = "IPv6address"
    >>> is_rule_name(rule), is_rule_name("ipv6address")
    (True, False)
    """
    return isinstance(name, str) and name in RULES


def rule_name(text: str) -> RuleName:
    """The rule name ``text`` spells with its case ignored, as ABNF rule names are
    (RFC 5234 2.1): ``"uri"`` is ``URI``. The one look-up of a rule name given at run
    time: every function that takes one (and the CLI's ``--rule``) reads it here.

    Raises ``ValueError`` for any other text, with the closest names ("did you mean"),
    and ``TypeError`` for a name that is not a str.
    """
    if is_rule_name(text):
        return text
    if not isinstance(text, str):
        raise expected_str(text, "a rule name")
    folded = _FOLDED.get(text.casefold())
    if folded is None:
        raise _unknown(text)
    return folded


_FOLDED: Mapping[str, RuleName] = MappingProxyType({n.casefold(): n for n in RULE_NAMES})


def _unknown(name: str) -> ValueError:
    """The error for a name that is no rule: the names closest to it (by difflib's
    ratio, the closest first; else those it begins), never the whole list."""
    from difflib import get_close_matches  # imported on this error path only

    folded = name.casefold()
    close = (
        get_close_matches(folded, _FOLDED, n=3, cutoff=0.7)
        or get_close_matches(folded, _FOLDED, n=3, cutoff=0.6)
        or [n for n in _FOLDED if folded and n.startswith(folded)][:3]
    )
    shown = redact(name) if isinstance(name, str) else name  # text given as a name: RFC 7.5
    if close:
        named = " or ".join(repr(_FOLDED[c]) for c in close)
        return ValueError(f"unknown rule {shown!r}; did you mean {named}?")
    return ValueError(
        f"unknown rule {shown!r}; the rules are those of RFC 3986 Appendix A, RFC 3987 2.2"
        " and the schemes of urikit.schemes (urikit.rules)"
    )


def resolve(name: str) -> Node:
    """The node of rule ``name``: the resolver that :func:`urikit._syntax.abnf.render` takes."""
    return rule(name).node


@cache
def admits_percent(name: str) -> bool:
    """Whether rule ``name`` can hold a percent-encoding: it refers, directly or through
    other rules, to ``pct-encoded`` (RFC 2.1). A scheme or a port cannot (3.1, 3.2.3)."""
    return name == "pct-encoded" or _refers_to_pct(resolve(name))


def _refers_to_pct(node: Node) -> bool:
    if isinstance(node, Ref):
        return admits_percent(node.name)
    if isinstance(node, Seq):
        return any(_refers_to_pct(item) for item in node.items)
    if isinstance(node, Alt):
        return any(_refers_to_pct(option) for option in node.options)
    if isinstance(node, Repeat):
        return node.max != 0 and _refers_to_pct(node.node)
    return False


def chars_of(name: RuleName) -> frozenset[str]:
    """The single characters that rule ``name`` (a set of characters, such as
    ``unreserved`` or ``HEXDIG``) matches, for code that tests characters one by one."""
    return char_class(name).members


def char_class(name: RuleName) -> Chars:
    """Rule ``name``'s single characters as a :class:`~urikit._syntax.abnf.Chars` (code point
    ranges; ``char in char_class("ucschar")`` costs one bisect)."""
    return char_alternatives(Ref(name), resolve)


def scheme_chars() -> frozenset[str]:
    """The characters of a scheme after its first letter, read from the rule
    ``scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`` (RFC 3.1)."""
    match rule("scheme").node:
        case Seq((_, tail)):
            return char_alternatives(tail, resolve).members
        case _:
            pass
    raise AssertionError("scheme is ALPHA followed by a repetition")  # pragma: no cover
