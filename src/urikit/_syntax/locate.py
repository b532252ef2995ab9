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
from urikit.errors.reasons import reason

__all__ = ["NO_SPACES_IN_HOST", "Diagnoser", "Diagnosis", "diagnoser", "missing_scheme"]

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
        return reason("char-bidi", char=char, name=name)
    if char in IPRIVATE:
        return reason("char-private-use", char=char, name=name)
    if 0xD800 <= ord(char) <= 0xDFFF:
        return reason("char-lone-surrogate", char=char)
    return reason("char-not-ucschar", char=char, name=name)


def _inside_percent(text: str, p: int) -> bool:
    """Whether ``p`` falls within a "%" HEXDIG HEXDIG that has begun."""
    if p >= 1 and text[p - 1] == "%":
        return True
    return p >= 2 and text[p - 2] == "%" and text[p - 1] in HEXDIG


def _pct_reason(char: str | None) -> str:
    if char is None:
        return reason("pct-ended")
    return reason("pct-digits", char=char)


# -- where each rule's diagnosis starts: (failure, rule name) -> diagnosis -------------


# A space before a reference is a slip (pasted text), not data: %20 would not mend it.
_LEADING_SPACE = reason("leading-space")


def _in_reference(f: _Failure, name: str) -> Diagnosis:
    """URI, absolute-URI, URI-reference: the scheme, then the rest as hier-part."""
    found = _in_reference_parts(f, name)
    if f.p == 0 and f.char is not None and f.char.isspace():
        return found._replace(reason=reason("char-hinted", char=f.char, hint=_LEADING_SPACE))
    return found


def _in_reference_parts(f: _Failure, name: str) -> Diagnosis:
    colon = _scheme_end(f.text, f.p)
    if colon is not None:
        if name == "absolute-URI" and f.char == "#":
            return Diagnosis("absolute-URI", reason("absolute-fragment"), "fragment")
        return _in_relative(f, colon + 1, has_scheme=True)
    if name == "URI-reference":
        return _in_relative(f, 0, has_scheme=False)
    if f.char is None:
        why = reason("scheme-unended")
    elif f.p == 0:
        why = reason("scheme-first", char=f.char)
    else:
        why = reason("scheme-char", char=f.char)
    hint = missing_scheme(f.text)
    why = why if hint is None else reason("with-hint", reason=why, hint=hint)
    return Diagnosis("scheme", why, "scheme")


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
            return Diagnosis("authority", reason("ended-early"), "authority")
        return _in_authority(f, start + 2)
    if head.startswith("/") or (char == "/" and not head):
        return Diagnosis("path-absolute", _char_reason(char, "path"), "path")
    if has_scheme:
        return Diagnosis("path-rootless", _char_reason(char, "path"), "path")
    if char == ":" and "/" not in head:
        return Diagnosis("path-noscheme", reason("first-segment-colon"), "path")
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
            return Diagnosis("port", reason("port-not-digits", port=after_colon), "port")
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
        return Diagnosis("authority", reason("after-ip-literal", char=f.char), "host")
    if ":" in hostport:
        return Diagnosis("port", _char_reason(f.char, "port"), "port")
    return _in_host(f, start)


def _in_host(f: _Failure, start: int) -> Diagnosis:
    if f.text.startswith("[", start) and f.p > start:
        return _in_ip_literal(f, start)
    if f.char == "[":
        return Diagnosis("reg-name", reason("bracket-in-host"), "host")
    return Diagnosis("reg-name", _char_reason(f.char, "host"), "host")


def _in_ip_literal(f: _Failure, start: int) -> Diagnosis:
    inside, char = f.text[start + 1 : f.p], f.char
    if f.p == start + 1 and char is not None:
        return Diagnosis("IP-literal", reason("ip-literal-start", char=char), "host")
    if inside[:1] in ("v", "V"):
        if char is None or char == "]":
            return Diagnosis("IPvFuture", reason("ipvfuture-form"), "host")
        return Diagnosis("IPvFuture", _char_reason(char, "IPvFuture"), "host")
    if char is not None and char != "]":
        return Diagnosis("IPv6address", _ipv6_reason(inside, char), "host")
    # A ']' can follow exactly when what is inside is a whole IPv6address.
    if f.scan(f.text[: f.p] + "]") > f.p:
        return Diagnosis("IP-literal", reason("ip-literal-unclosed"), "host")
    return Diagnosis("IPv6address", reason("ipv6-incomplete"), "host")


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
        return reason("ipv6-double-colon")
    group = inside.rsplit(":", 1)[-1]
    if char in HEXDIG and len(group) >= 4 and "." not in group:
        return reason("ipv6-long-group")
    if char in HEXDIG or char == ":":
        return reason("ipv6-groups")
    if char == "." or "." in group:
        return reason("ipv6-embedded-ipv4")
    if char == "%":
        return reason("zone-id")
    return reason("ipv6-char", char=char)


def _second_double_colon(text: str) -> bool:
    """Whether ``text`` has a "::" beginning after the start of its first one."""
    first = text.find("::")
    return first >= 0 and text.find("::", first + 1) >= 0


def missing_scheme(text: str, scheme: str = "https") -> str | None:
    """A hint when ``text`` looks like a URI written without its scheme: it starts with
    ``www.``, or what reads as its scheme (RFC 3.1) is a host with a port
    (``search.example:443``: scheme ``search.example``, path ``443``)."""
    if text[:4].lower() == "www.":
        return reason("missing-scheme-www", scheme=scheme)
    head, colon, rest = text.partition(":")
    port = rest.partition("/")[0].partition("?")[0].partition("#")[0]
    hostlike = "." in head or head.lower() == "localhost"
    if colon and hostlike and port.isascii() and port.isdigit() and _is_scheme(head):
        return reason("missing-scheme-port", written=f"{head}:{port}", head=head, scheme=scheme)
    return None


def _is_scheme(text: str) -> bool:
    return text[:1].isascii() and text[:1].isalpha() and all(c in _SCHEME_TAIL for c in text)


_HINTS: Mapping[str, str] = MappingProxyType(
    {
        " ": reason("hint-space"),
        "\\": reason("hint-backslash"),
        "%": reason("hint-percent"),
    }
)
# What a rule that admits no percent-encoding is made of, said instead.
_RULE_HINTS: Mapping[str, str] = MappingProxyType(
    {
        "scheme": reason("hint-scheme"),
        "port": reason("hint-port"),
    }
)
# A host is a name to look up, not text: an encoded space is no host name either.
NO_SPACES_IN_HOST = reason("hint-host-space")
_HINTS_IN: Mapping[tuple[str, str], str] = MappingProxyType(
    {
        (" ", "host"): NO_SPACES_IN_HOST,
        (" ", "reg-name"): NO_SPACES_IN_HOST,
        ("#", "fragment"): reason("hint-fragment-hash"),
        ("#", "query"): reason("hint-query-hash"),
        (",", "port"): reason("hint-host-list"),
    }
)


_IN_IP_LITERAL = frozenset({"IP-literal", "IPv6address", "h16", "ls32", "IPv4address", "dec-octet"})


def _char_reason(char: str | None, where: str) -> str:
    """The reason for an unexpected character in rule ``where``; a hint follows a ': '.

    Percent-encoding advice is given only where the rule admits ``pct-encoded``.
    """
    if char is None:
        return reason("ended-in", rule=where)
    if char == "%" and where in _IN_IP_LITERAL:  # RFC 9844: no zone identifier in a URI
        return reason("zone-id")
    encodable = admits_percent(where)
    hint = _HINTS_IN.get((char, where)) or (_HINTS.get(char) if encodable else None)
    if hint is None:
        hint = _RULE_HINTS.get(where)
    if hint:
        return reason("char-hinted", char=char, hint=hint)
    if 0xD800 <= ord(char) <= 0xDFFF:
        return reason("char-lone-surrogate", char=char)
    if not char.isascii():
        return reason("char-not-ascii-encodable" if encodable else "char-not-ascii", char=char)
    if not char.isprintable():
        return reason("char-control", char=char)
    return reason("char", char=char)
