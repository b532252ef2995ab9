"""The checks :class:`urikit.Policy` runs on its own arguments, so a wrong one fails
when the policy is made, with a message that names it (not later, on some input)."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from collections.abc import Set as AbstractSet
from types import MappingProxyType
from typing import Literal, NamedTuple, TypeAlias, TypedDict, cast, get_args

from urikit._syntax.validation import is_valid

__all__ = [
    "DEFAULTS",
    "HOST_SYNTAXES",
    "RULES",
    "HostSyntax",
    "PolicyRules",
    "Requirement",
    "RuleKind",
    "RuleSpec",
    "RulesBesidesHost",
    "SchemeNames",
    "checked_arguments",
]

Requirement: TypeAlias = Literal["absolute", "relative", "any"]

HostSyntax: TypeAlias = Literal["generic", "dns"]
"""How a :class:`urikit.Policy` reads a host: ``"generic"`` as RFC 3986 3.2.2 allows
it, ``"dns"`` as a client that looks it up needs it (:mod:`urikit._core.reachable`)."""

HOST_SYNTAXES: tuple[HostSyntax, ...] = get_args(HostSyntax)


#: Scheme names, a collection that is not itself a str: ``{"https"}``, ``["http",
#: "https"]``; ``"https"`` alone would be its letters, and is refused by the types too.
SchemeNames: TypeAlias = AbstractSet[str] | list[str] | tuple[str, ...]


class RulesBesidesHost(TypedDict, total=False):
    """The keyword arguments of :class:`urikit.Policy` besides ``require``,
    ``normalize`` and ``require_host`` (which the overloads of ``Policy`` spell out,
    as the type of what :meth:`~urikit.Policy.check` returns depends on them)."""

    schemes: SchemeNames | None
    allow_userinfo: bool
    allow_password: bool
    allow_fragment: bool
    allow_ip_host: bool
    allow_internal_host: bool
    ports: Collection[int] | None
    max_length: int | None
    accept_iri: bool
    idna: bool
    host_syntax: HostSyntax
    scheme_rules: bool
    strip_whitespace: bool


class PolicyRules(RulesBesidesHost, total=False):
    """The keyword arguments of :class:`urikit.Policy` besides ``require`` and
    ``normalize``: its rules; see the class for what each one means."""

    require_host: bool


#: How a rule's value is written on a command line: a switch (``--x`` / ``--no-x``),
#: comma-separated names, comma-separated ports and ranges, a count, one of a few words.
RuleKind: TypeAlias = Literal["switch", "names", "ports", "count", "choice"]


class RuleSpec(NamedTuple):
    """One rule of :class:`urikit.Policy`: its keyword, default, how a command line
    writes it, the ``--help`` group it is listed in, a phrase for ``--help``, and the
    words a ``"choice"`` takes."""

    name: str
    default: object
    kind: RuleKind
    group: Literal["form", "host"]
    help: str
    choices: tuple[str, ...] = ()


#: Every rule, in the order ``urikit validate --help`` lists them; a test keeps it, the
#: :class:`PolicyRules` keys and the fields of ``Policy`` in step.
RULES: tuple[RuleSpec, ...] = (
    RuleSpec("schemes", None, "names", "form", "allowed schemes, any case (RFC 3.1)"),
    RuleSpec("require_host", False, "switch", "form", "a non-empty host (RFC 3.2.2)"),
    RuleSpec("allow_userinfo", True, "switch", "form", "'user@' before the host (RFC 3.2.1)"),
    RuleSpec("allow_password", True, "switch", "form", "'user:password@' (RFC 3.2.1, 7.5)"),
    RuleSpec("allow_fragment", True, "switch", "form", "'#fragment' (RFC 3.5)"),
    RuleSpec("max_length", None, "count", "form", "at most N characters"),
    RuleSpec("accept_iri", False, "switch", "form", "text beyond ASCII as an IRI (RFC 3987)"),
    RuleSpec("idna", False, "switch", "form", "IRI hosts as A-labels (needs --accept-iri)"),
    RuleSpec(
        "host_syntax",
        "generic",
        "choice",
        "host",
        "generic: any RFC 3.2.2 host; dns: an IP address or a DNS host name (RFC 1123 2.1)",
        HOST_SYNTAXES,
    ),
    RuleSpec("allow_ip_host", True, "switch", "host", "an IP address as host, any spelling"),
    RuleSpec(
        "allow_internal_host",
        True,
        "switch",
        "host",
        "a host of this machine or an internal network, or a special-use name no public"
        " DNS answers (RFC 7.4, RFC 6761)",
    ),
    RuleSpec("ports", None, "ports", "host", "allowed ports, e.g. 443,8000-8999 (RFC 3.2.3)"),
    RuleSpec("scheme_rules", False, "switch", "form", "the scheme's own rule (urikit.schemes)"),
    RuleSpec(
        "strip_whitespace", False, "switch", "form", "remove whitespace around the text first"
    ),
)

#: Each rule's default, by keyword: what ``Policy()`` holds.
DEFAULTS: Mapping[str, object] = MappingProxyType({rule.name: rule.default for rule in RULES})


def checked_arguments(
    require: object, normalize: object, rules: Mapping[str, object]
) -> dict[str, object]:
    """Every field of a Policy from its arguments, each checked; TypeError or ValueError
    naming the argument otherwise."""
    unknown = sorted(set(rules) - set(DEFAULTS))
    if unknown:
        raise TypeError(f"Policy() got unexpected keyword arguments: {', '.join(unknown)}")
    if require not in get_args(Requirement):
        raise ValueError(f"require must be one of {get_args(Requirement)}, not {require!r}")
    if not isinstance(normalize, bool) and not callable(normalize):
        raise TypeError(f"normalize must be True, False or a callable, not {normalize!r}")
    values = {**DEFAULTS, **rules}
    for name, value in values.items():
        if isinstance(DEFAULTS[name], bool):
            checked_bool(name, value)
    values["schemes"] = checked_schemes(values["schemes"])
    values["ports"] = allowed_ports(values["ports"])
    values["max_length"] = checked_max_length(values["max_length"])
    if values["host_syntax"] not in HOST_SYNTAXES:
        raise ValueError(
            f"host_syntax must be one of {HOST_SYNTAXES}, not {values['host_syntax']!r}"
        )
    if values["idna"] and not values["accept_iri"]:
        raise ValueError("idna=True maps IRI hosts, so it needs accept_iri=True")
    values["require"] = require
    values["normalize"] = normalize
    return values


_TEXT_LIKE = (str, bytes, bytearray, memoryview)


def checked_bool(name: str, value: object) -> bool:
    """``value`` if it is a bool (``1`` or ``"no"`` would pass a truth test by accident)."""
    if not isinstance(value, bool):
        raise TypeError(f"{name} must be True or False, not {value!r}")
    return value


def checked_schemes(schemes: object) -> frozenset[str] | None:
    """The schemes lowercased (RFC 3.1: case-insensitive), each checked against ``scheme``."""
    if schemes is None:
        return None
    kind = type(schemes).__name__
    if isinstance(schemes, _TEXT_LIKE) or not isinstance(schemes, Collection):
        raise TypeError(f"schemes must be a collection of str such as {{'https'}}, not {kind}")
    names: list[str] = []
    for scheme in cast("Collection[object]", schemes):
        if not isinstance(scheme, str):
            raise TypeError(f"schemes must hold str, not {type(scheme).__name__} ({scheme!r})")
        if not is_valid(scheme, "scheme"):
            raise ValueError(f"schemes: {scheme!r} is not a scheme (RFC 3986 3.1)")
        names.append(scheme)
    return frozenset(s.lower() for s in names)


def checked_max_length(max_length: object) -> int | None:
    """A positive int, or None."""
    if max_length is None:
        return None
    if isinstance(max_length, bool) or not isinstance(max_length, int):
        raise TypeError(f"max_length must be an int, not {type(max_length).__name__}")
    if max_length < 1:
        raise ValueError(f"max_length must be a positive int, not {max_length!r}")
    return max_length


def allowed_ports(ports: object) -> Collection[int] | None:
    """A range of ports as it is, any other collection of ints as a frozenset. A port
    above :data:`~urikit._core.reachable.MAX_PORT` is allowed only when listed here."""
    if ports is None:
        return None
    if isinstance(ports, range):
        if not ports or min(ports) < 0:
            raise ValueError(f"ports must be a non-empty range of numbers from 0, not {ports}")
        return ports
    if isinstance(ports, _TEXT_LIKE) or not isinstance(ports, Collection):
        raise TypeError(f"ports must be a collection of int such as {{443}}, not {ports!r}")
    numbers: list[int] = []
    for port in cast("Collection[object]", ports):
        if isinstance(port, bool) or not isinstance(port, int):
            raise TypeError(f"ports must hold int, not {type(port).__name__} ({port!r})")
        if port < 0:
            raise ValueError(f"a port is a number from 0, not {port}")
        numbers.append(port)
    if not ports:
        raise ValueError("ports is empty, so no URI with a host could pass; use None for any")
    return frozenset(numbers)
