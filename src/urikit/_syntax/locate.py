"""Why text fails a rule: the diagnosis at the position where it fails.

The position is the length of the longest prefix that can still be completed to a
match (a *viable* prefix): the first character at which no valid continuation of the
input exists, found in one linear scan by :mod:`urikit._syntax.automaton`. The diagnosis names
the most specific rule that failed there: the component the position falls in (scheme,
userinfo, host, port, path, query, fragment), refined to ``pct-encoded``,
``IPv6address``, ``IPvFuture``, ``IP-literal`` and so on, with a reason for people.
:mod:`urikit._syntax.compiled` keeps each rule's diagnoser beside its pattern and automaton.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from types import MappingProxyType
from typing import NamedTuple

from urikit._syntax.percent import HEXDIG
from urikit._syntax.rfc3986 import IRI_RULE_NAMES, admits_percent, scheme_chars
from urikit._syntax.rfc3987 import BIDI_FORMATTING, IPRIVATE

__all__ = ["Diagnoser", "Diagnosis", "diagnoser", "missing_scheme"]

_SCHEME_TAIL = scheme_chars()


class Diagnosis(NamedTuple):
    """Why text fails a rule at a position: the most specific rule that failed there,
    a reason for people (a hint follows ``": "``) and the URI component, where known."""

    rule: str
    reason: str
    component: str | None = None


# The rule's scan: the length of the longest viable prefix of a text.
Scan = Callable[[str], int]
# (text, position, scan) -> diagnosis; one per rule, chosen once by diagnoser().
Diagnoser = Callable[[str, int, Scan], Diagnosis]


class _Failure:
    """Text that fails at ``p``: ``char`` is the character there, None at the end."""

    __slots__ = ("char", "p", "scan", "text")

    def __init__(self, text: str, p: int, char: str | None, scan: Scan) -> None:
        self.text, self.p, self.char, self.scan = text, p, char, scan


# RFC 3987 2.2 names its rules after RFC 3986's: "URI" becomes "IRI", and an "i" is
# prefixed otherwise. An IRI failure is diagnosed as the URI one, then renamed back.
_AS_IRI: Mapping[str, str] = MappingProxyType(
    {
        (name.replace("IRI", "URI") if "IRI" in name else name[1:]): name
        for name in IRI_RULE_NAMES
        if name not in ("ucschar", "iprivate")
    }
)
_AS_URI: Mapping[str, str] = MappingProxyType({iri: uri for uri, iri in _AS_IRI.items()})
_IRI_NAMES = frozenset(IRI_RULE_NAMES)


def diagnoser(name: str) -> Diagnoser:
    """How failures of rule ``name`` are explained (an IRI rule as its URI twin)."""
    if name in _IRI_NAMES:
        twin = _AS_URI.get(name, name)
        return partial(_diagnose_iri, _ENTRIES.get(twin, _in_rule), twin)
    return partial(_diagnose, _ENTRIES.get(name, _in_rule), name)


def _diagnose(entry: _Entry, name: str, text: str, p: int, scan: Scan) -> Diagnosis:
    char = text[p] if p < len(text) else None
    if _inside_percent(text, p):
        # The component is the one the escape began in.
        start = text.rfind("%", 0, p)
        component = _diagnose(entry, name, text, start, scan).component
        return Diagnosis("pct-encoded", _pct_reason(char), component)
    return entry(_Failure(text, p, char, scan), name)


def _diagnose_iri(entry: _Entry, twin: str, text: str, p: int, scan: Scan) -> Diagnosis:
    found = _diagnose(entry, twin, text, p, scan)
    rule = _AS_IRI.get(found.rule, found.rule)
    reason = found.reason
    if rule in _IRI_NAMES and p < len(text) and not text[p].isascii():
        reason = _iri_char_reason(text[p])
    return Diagnosis(rule, reason, found.component)


def _iri_char_reason(char: str) -> str:
    """Why a non-ASCII character fails an IRI component (RFC 3987 2.2, 4.1)."""
    name = f"U+{ord(char):04X}"
    if char in BIDI_FORMATTING:
        return (
            f"invalid character {char!r}: the bidirectional formatting character {name}"
            " is not allowed in an IRI (RFC 3987 4.1)"
        )
    if char in IPRIVATE:
        return (
            f"invalid character {char!r}: the private-use character {name} is allowed only"
            " in the query of an IRI (iprivate, RFC 3987 2.2)"
        )
    if 0xD800 <= ord(char) <= 0xDFFF:
        return f"invalid character {char!r}: a lone surrogate is not text and has no UTF-8 form"
    return f"invalid character {char!r}: {name} is not a ucschar (RFC 3987 2.2)"


def _inside_percent(text: str, p: int) -> bool:
    """Whether ``p`` falls within a "%" HEXDIG HEXDIG that has begun."""
    if p >= 1 and text[p - 1] == "%":
        return True
    return p >= 2 and text[p - 2] == "%" and text[p - 1] in HEXDIG


def _pct_reason(char: str | None) -> str:
    if char is None:
        return "input ended inside a percent-encoding: '%' takes two hexadecimal digits"
    return f"'%' must be followed by two hexadecimal digits, not {char!r} (write '%25' for '%')"


# -- where each rule's diagnosis starts: (failure, rule name) -> diagnosis -------------


def _in_reference(f: _Failure, name: str) -> Diagnosis:
    """URI, absolute-URI, URI-reference: the scheme, then the rest as hier-part."""
    colon = _scheme_end(f.text, f.p)
    if colon is not None:
        if name == "absolute-URI" and f.char == "#":
            reason = "a fragment is not allowed in an absolute URI (RFC 4.3)"
            return Diagnosis("absolute-URI", reason, "fragment")
        return _in_relative(f, colon + 1, has_scheme=True)
    if name == "URI-reference":
        return _in_relative(f, 0, has_scheme=False)
    if f.char is None:
        reason = "input ended before the ':' that ends the scheme"
    elif f.p == 0:
        reason = f"a scheme must start with a letter, not {f.char!r}"
    else:
        reason = f"{f.char!r} is not allowed in a scheme"
    hint = missing_scheme(f.text)
    return Diagnosis("scheme", reason if hint is None else f"{reason}: {hint}", "scheme")


def _scheme_end(text: str, p: int) -> int | None:
    """The index of the ':' ending a scheme in ``text[:p]``, if it has one."""
    if not text or not text[0].isascii() or not text[0].isalpha():
        return None
    for i in range(1, p):
        c = text[i]
        if c == ":":
            return i
        if c not in _SCHEME_TAIL:
            return None
    return None


def _in_relative_rule(f: _Failure, name: str) -> Diagnosis:
    """relative-ref, relative-part (no scheme before them) and hier-part (a scheme)."""
    return _in_relative(f, 0, has_scheme=name == "hier-part")


def _in_relative(f: _Failure, start: int, *, has_scheme: bool) -> Diagnosis:
    """Diagnose ``text[start:]`` as hier-part / relative-part plus query and fragment."""
    head, char = f.text[start : f.p], f.char
    if "#" in head:
        return Diagnosis("fragment", _char_reason(char, "fragment"), "fragment")
    if "?" in head:
        return Diagnosis("query", _char_reason(char, "query"), "query")
    if head.startswith("//"):
        if "/" in head[2:]:
            return Diagnosis("path-abempty", _char_reason(char, "path"), "path")
        if char is None and head == "//":
            return Diagnosis("authority", "input ended early", "authority")
        return _in_authority(f, start + 2)
    if head.startswith("/") or (char == "/" and not head):
        return Diagnosis("path-absolute", _char_reason(char, "path"), "path")
    if has_scheme:
        return Diagnosis("path-rootless", _char_reason(char, "path"), "path")
    if char == ":" and "/" not in head:
        reason = (
            "':' is not allowed in the first segment of a relative path (RFC 4.2);"
            " write './' before it, or start with a letter if it is a scheme"
        )
        return Diagnosis("path-noscheme", reason, "path")
    return Diagnosis("path-noscheme", _char_reason(char, "path"), "path")


def _in_authority(f: _Failure, start: int) -> Diagnosis:
    auth = f.text[start : f.p]
    at = auth.find("@")
    if at >= 0:
        return _in_hostport(f, start + at + 1)
    if auth.startswith("["):
        return _in_hostport(f, start)
    _, colon, after_colon = auth.partition(":")
    if colon and after_colon and not after_colon.isdigit():
        # Not digits after ':', so only userinfo could continue this.
        if f.char is None or f.char in "/?#":
            reason = (
                f"the port {after_colon!r} is not digits (RFC 3.2.3); if it is userinfo,"
                " the '@' is missing"
            )
            return Diagnosis("port", reason, "port")
        return Diagnosis("userinfo", _char_reason(f.char, "userinfo"), "userinfo")
    return _in_hostport(f, start)


def _in_hostport(f: _Failure, start: int) -> Diagnosis:
    hostport = f.text[start : f.p]
    if hostport.startswith("["):
        close = hostport.find("]")
        if close < 0:
            return _in_ip_literal(f, start)
        if hostport[close + 1 :].startswith(":"):
            return Diagnosis("port", _char_reason(f.char, "port"), "port")
        reason = f"expected ':' and a port, or the end of the authority, after ']', not {f.char!r}"
        return Diagnosis("authority", reason, "host")
    if ":" in hostport:
        return Diagnosis("port", _char_reason(f.char, "port"), "port")
    return _in_host(f, start)


def _in_host(f: _Failure, start: int) -> Diagnosis:
    if f.text.startswith("[", start) and f.p > start:
        return _in_ip_literal(f, start)
    if f.char == "[":
        reason = "'[' may only open an IP-literal at the start of the host"
        return Diagnosis("reg-name", reason, "host")
    return Diagnosis("reg-name", _char_reason(f.char, "host"), "host")


def _in_ip_literal(f: _Failure, start: int) -> Diagnosis:
    inside, char = f.text[start + 1 : f.p], f.char
    if f.p == start + 1 and char is not None:
        reason = f"expected an IPv6 address or 'v' after '[', not {char!r}"
        return Diagnosis("IP-literal", reason, "host")
    if inside[:1] in ("v", "V"):
        reason = _char_reason(char, "IPvFuture")
        if char is None or char == "]":
            reason = "IPvFuture is 'v', hex digits, '.', then one or more characters"
        return Diagnosis("IPvFuture", reason, "host")
    if char is not None and char != "]":
        return Diagnosis("IPv6address", _ipv6_reason(inside, char), "host")
    # A ']' can follow exactly when what is inside is a whole IPv6address.
    if f.scan(f.text[: f.p] + "]") > f.p:
        return Diagnosis("IP-literal", "expected ']' to close the IP-literal", "host")
    return Diagnosis("IPv6address", "the IPv6 address is incomplete", "host")


def _in_path(f: _Failure, name: str) -> Diagnosis:
    return Diagnosis(name, _char_reason(f.char, "path"), "path")


def _in_ipv6address(f: _Failure, name: str) -> Diagnosis:
    if f.char is None:
        return _in_rule(f, name)
    return Diagnosis(name, _ipv6_reason(f.text[: f.p], f.char))


def _in_rule(f: _Failure, name: str) -> Diagnosis:
    """Any other rule: the character, judged in the rule's own terms."""
    return Diagnosis(name, _char_reason(f.char, name))


_Entry = Callable[[_Failure, str], Diagnosis]


def _at_start(diagnose: Callable[[_Failure, int], Diagnosis]) -> _Entry:
    """A diagnoser of a part of the reference, for the rule that is only that part."""
    return lambda f, _name: diagnose(f, 0)


_ENTRIES: Mapping[str, _Entry] = MappingProxyType(
    {
        "URI": _in_reference,
        "absolute-URI": _in_reference,
        "URI-reference": _in_reference,
        "relative-ref": _in_relative_rule,
        "relative-part": _in_relative_rule,
        "hier-part": _in_relative_rule,
        "authority": _at_start(_in_authority),
        "host": _at_start(_in_host),
        "IP-literal": _at_start(_in_ip_literal),
        "path": _in_path,
        "path-abempty": _in_path,
        "path-absolute": _in_path,
        "path-noscheme": _in_path,
        "path-rootless": _in_path,
        "IPv6address": _in_ipv6address,
    }
)


def _ipv6_reason(inside: str, char: str) -> str:
    if char == ":" and _second_double_colon(inside + char):
        return "only one '::' is allowed in an IPv6 address"
    group = inside.rsplit(":", 1)[-1]
    if char in HEXDIG and len(group) >= 4 and "." not in group:
        return "an IPv6 group (h16) has at most four hexadecimal digits"
    if char in HEXDIG or char == ":":
        return "an IPv6 address has at most eight 16-bit groups"
    if char == "." or "." in group:
        return "an embedded IPv4 address must be the last 32 bits and a valid dotted quad"
    if char == "%":
        return _ZONE_ID
    return f"{char!r} is not allowed in an IPv6 address"


def _second_double_colon(text: str) -> bool:
    """Whether ``text`` has a "::" beginning after the start of its first one."""
    first = text.find("::")
    return first >= 0 and text.find("::", first + 1) >= 0


_ZONE_ID = (
    "invalid character '%': a zone identifier ('fe80::1%eth0') is not part of a URI;"
    " RFC 9844 obsoleted RFC 6874, which had allowed '%25eth0' in an IP-literal"
)


def missing_scheme(text: str, scheme: str = "https") -> str | None:
    """A hint when ``text`` looks like a URI written without its scheme: it starts with
    ``www.``, or what reads as its scheme (RFC 3.1) is a host with a port
    (``search.example:443``: scheme ``search.example``, path ``443``)."""
    if text[:4].lower() == "www.":
        return f"missing scheme? write '{scheme}://' before 'www.'"
    head, colon, rest = text.partition(":")
    port = rest.partition("/")[0].partition("?")[0].partition("#")[0]
    hostlike = "." in head or head.lower() == "localhost"
    if colon and hostlike and port.isascii() and port.isdigit() and _is_scheme(head):
        return (
            f"missing scheme? {head + ':' + port!r} reads as scheme {head!r};"
            f" for a host and port write '{scheme}://' before it"
        )
    return None


def _is_scheme(text: str) -> bool:
    return text[:1].isascii() and text[:1].isalpha() and all(c in _SCHEME_TAIL for c in text)


_HINTS: Mapping[str, str] = MappingProxyType(
    {
        " ": "spaces must be percent-encoded as %20",
        "\\": "a backslash is not allowed; use '/' or percent-encode it as %5C",
        "%": "'%' must start a percent-encoding: '%' and two hexadecimal digits",
    }
)
# What a rule that admits no percent-encoding is made of, said instead.
_RULE_HINTS: Mapping[str, str] = MappingProxyType(
    {
        "scheme": "a scheme is a letter, then letters, digits, '+', '-' or '.' (RFC 3.1)",
        "port": "a port is decimal digits only (RFC 3.2.3)",
    }
)
_HINTS_IN: Mapping[tuple[str, str], str] = MappingProxyType(
    {
        ("#", "fragment"): "a '#' inside a fragment must be percent-encoded as %23",
        ("#", "query"): "a '#' would end the query; inside it write %23",
    }
)


def _char_reason(char: str | None, where: str) -> str:
    """The reason for an unexpected character in rule ``where``; a hint follows a ': '.

    Percent-encoding advice is given only where the rule admits ``pct-encoded``.
    """
    if char is None:
        return f"input ended early in {where}"
    encodable = admits_percent(where)
    hint = _HINTS_IN.get((char, where)) or (_HINTS.get(char) if encodable else None)
    if hint is None:
        hint = _RULE_HINTS.get(where)
    if hint:
        return f"invalid character {char!r}: {hint}"
    if 0xD800 <= ord(char) <= 0xDFFF:
        return f"invalid character {char!r}: a lone surrogate is not text and has no UTF-8 form"
    if not char.isascii():
        advice = (
            " percent-encode its UTF-8 bytes (urikit.quote), or convert an IRI"
            " with urikit.iri_to_uri"
            if encodable
            else ""
        )
        return f"invalid character {char!r}: URIs are ASCII only;{advice}".rstrip(";")
    if not char.isprintable():
        return f"invalid control character {char!r}"
    return f"invalid character {char!r}"
