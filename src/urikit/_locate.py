"""Finding where and why text fails a rule.

The position is the length of the longest prefix that can still be completed to a
match (a *viable* prefix): the first character at which no valid continuation of the
input exists, found in one linear scan by :mod:`urikit._automaton`. The rule named is
the most specific one that failed there: the component the position falls in (scheme,
userinfo, host, port, path, query, fragment), refined to ``pct-encoded``,
``IPv6address``, ``IPvFuture``, ``IP-literal`` and so on.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from urikit._automaton import viable_prefix_length
from urikit._compiled import validator
from urikit._percent import HEXDIG
from urikit.errors import InvalidURIError
from urikit.grammar import admits_percent, scheme_chars
from urikit.grammar_iri import BIDI_FORMATTING, IPRIVATE, IRI_RULES

__all__ = ["locate", "missing_scheme"]

_SCHEME_TAIL = scheme_chars()

# Rules whose failures are explained component by component.
_SCHEME_LEVEL = frozenset({"URI", "absolute-URI", "URI-reference"})
_RELATIVE_LEVEL = frozenset({"relative-ref", "relative-part", "hier-part"})
_PATHS = frozenset({"path", "path-abempty", "path-absolute", "path-noscheme", "path-rootless"})


# RFC 3987 2.2 names its rules after RFC 3986's: "URI" becomes "IRI", and an "i" is
# prefixed otherwise. An IRI failure is diagnosed as the URI one, then renamed back.
_AS_IRI: Mapping[str, str] = MappingProxyType(
    {
        (name.replace("IRI", "URI") if "IRI" in name else name[1:]): name
        for name, *_ in IRI_RULES
        if name not in ("ucschar", "iprivate")
    }
)
_AS_URI: Mapping[str, str] = MappingProxyType({iri: uri for uri, iri in _AS_IRI.items()})
_IRI_NAMES = frozenset(name for name, *_ in IRI_RULES)


def locate(text: str, name: str) -> InvalidURIError:
    """The error for ``text``, known not to match rule ``name``."""
    position = viable_prefix_length(text, name)
    if name not in _IRI_NAMES:
        rule, reason, component = _diagnose(text, position, name)
        return InvalidURIError(
            text, position=position, rule=rule, reason=reason, component=component
        )
    rule, reason, component = _diagnose(text, position, _AS_URI.get(name, name))
    rule = _AS_IRI.get(rule, rule)
    if rule in _IRI_NAMES and position < len(text) and not text[position].isascii():
        reason = _iri_char_reason(text[position])
    return InvalidURIError(text, position=position, rule=rule, reason=reason, component=component)


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


def _diagnose(text: str, p: int, name: str) -> tuple[str, str, str | None]:
    """(rule, reason, component) for a failure of ``name`` at position ``p``."""
    char = text[p] if p < len(text) else None
    if _inside_percent(text, p):
        # The component is the one the escape began in.
        start = text.rfind("%", 0, p)
        component = _diagnose(text, start, name)[2]
        return "pct-encoded", _pct_reason(char), component
    if name in _SCHEME_LEVEL:
        return _in_reference(text, p, char, name)
    if name in _RELATIVE_LEVEL:
        return _in_relative(text, 0, p, char, has_scheme=name == "hier-part")
    if name == "authority":
        return _in_authority(text, 0, p, char)
    if name == "host":
        return _in_host(text, 0, p, char)
    if name == "IP-literal":
        return _in_ip_literal(text, 0, p, char)
    if name in _PATHS:
        return name, _char_reason(char, "path"), "path"
    if name == "IPv6address" and char is not None:
        return name, _ipv6_reason(text[:p], char), None
    return name, _char_reason(char, name), None


def _inside_percent(text: str, p: int) -> bool:
    """Whether ``p`` falls within a "%" HEXDIG HEXDIG that has begun."""
    if p >= 1 and text[p - 1] == "%":
        return True
    return p >= 2 and text[p - 2] == "%" and text[p - 1] in HEXDIG


def _pct_reason(char: str | None) -> str:
    if char is None:
        return "input ended inside a percent-encoding: '%' takes two hexadecimal digits"
    return f"'%' must be followed by two hexadecimal digits, not {char!r} (write '%25' for '%')"


def _in_reference(text: str, p: int, char: str | None, name: str) -> tuple[str, str, str | None]:
    colon = _scheme_end(text, p)
    if colon is None:
        if name != "URI-reference":
            if p == 0 and char is not None:
                reason = f"a scheme must start with a letter, not {char!r}"
            elif char is None:
                reason = "input ended before the ':' that ends the scheme"
            else:
                reason = f"{char!r} is not allowed in a scheme"
            hint = missing_scheme(text)
            return "scheme", reason if hint is None else f"{reason}: {hint}", "scheme"
        return _in_relative(text, 0, p, char, has_scheme=False)
    if name == "absolute-URI" and char == "#":
        return "absolute-URI", "a fragment is not allowed in an absolute URI (RFC 4.3)", "fragment"
    return _in_relative(text, colon + 1, p, char, has_scheme=True)


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


def _in_relative(
    text: str, start: int, p: int, char: str | None, *, has_scheme: bool
) -> tuple[str, str, str | None]:
    """Diagnose ``text[start:]`` as hier-part / relative-part plus query and fragment."""
    head = text[start:p]
    if "#" in head:
        return "fragment", _char_reason(char, "fragment"), "fragment"
    if "?" in head:
        return "query", _char_reason(char, "query"), "query"
    if head.startswith("//"):
        if head.find("/", 2) < 0:
            if char is None and start + 2 == p:
                return "authority", "input ended early", "authority"
            return _in_authority(text, start + 2, p, char)
        return "path-abempty", _char_reason(char, "path"), "path"
    if head.startswith("/") or (char == "/" and not head):
        return "path-absolute", _char_reason(char, "path"), "path"
    if has_scheme:
        return "path-rootless", _char_reason(char, "path"), "path"
    if char == ":" and "/" not in head:
        return (
            "path-noscheme",
            "':' is not allowed in the first segment of a relative path (RFC 4.2);"
            " write './' before it, or start with a letter if it is a scheme",
            "path",
        )
    return "path-noscheme", _char_reason(char, "path"), "path"


def _in_authority(text: str, start: int, p: int, char: str | None) -> tuple[str, str, str | None]:
    auth = text[start:p]
    at = auth.find("@")
    if at >= 0:
        return _in_hostport(text, start + at + 1, p, char)
    if auth.startswith("["):
        return _in_hostport(text, start, p, char)
    colon = auth.find(":")
    if colon >= 0 and not auth[colon + 1 :].isdigit() and auth[colon + 1 :]:
        # Not digits after ':', so only userinfo could continue this.
        if char is None or char in "/?#":
            return (
                "port",
                f"the port {auth[colon + 1 :]!r} is not digits (RFC 3.2.3); if it is userinfo,"
                " the '@' is missing",
                "port",
            )
        return "userinfo", _char_reason(char, "userinfo"), "userinfo"
    return _in_hostport(text, start, p, char)


def _in_hostport(text: str, start: int, p: int, char: str | None) -> tuple[str, str, str | None]:
    hostport = text[start:p]
    if hostport.startswith("["):
        close = hostport.find("]")
        if close < 0:
            return _in_ip_literal(text, start, p, char)
        rest = hostport[close + 1 :]
        if rest.startswith(":"):
            return "port", _char_reason(char, "port"), "port"
        return (
            "authority",
            f"expected ':' and a port, or the end of the authority, after ']', not {char!r}",
            "host",
        )
    colon = hostport.find(":")
    if colon >= 0:
        return "port", _char_reason(char, "port"), "port"
    return _in_host(text, start, p, char)


def _in_host(text: str, start: int, p: int, char: str | None) -> tuple[str, str, str | None]:
    if text.startswith("[", start) and p > start:
        return _in_ip_literal(text, start, p, char)
    if char == "[":
        return "reg-name", "'[' may only open an IP-literal at the start of the host", "host"
    return "reg-name", _char_reason(char, "host"), "host"


def _in_ip_literal(text: str, start: int, p: int, char: str | None) -> tuple[str, str, str | None]:
    inside = text[start + 1 : p]
    if p == start + 1 and char is not None:
        return "IP-literal", f"expected an IPv6 address or 'v' after '[', not {char!r}", "host"
    if inside[:1] in ("v", "V"):
        reason = _char_reason(char, "IPvFuture")
        if char is None or char == "]":
            reason = "IPvFuture is 'v', hex digits, '.', then one or more characters"
        return "IPvFuture", reason, "host"
    if char is None or char == "]":
        if validator("IPv6address").fullmatch(inside):
            return "IP-literal", "expected ']' to close the IP-literal", "host"
        return "IPv6address", "the IPv6 address is incomplete", "host"
    return "IPv6address", _ipv6_reason(inside, char), "host"


def _ipv6_reason(inside: str, char: str) -> str:
    if char == ":" and "::" in inside and "::" in (inside + char)[inside.index("::") + 1 :]:
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
