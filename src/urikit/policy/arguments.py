"""The checks :class:`urikit.Policy` runs on its own arguments, so a wrong one fails
when the policy is made, with a message that names it (not later, on some input)."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Literal, TypeAlias, TypedDict, cast, get_args

from urikit._syntax.validation import is_valid

__all__ = ["PolicyRules", "Requirement", "checked_arguments"]

Requirement: TypeAlias = Literal["absolute", "relative", "any"]


class PolicyRules(TypedDict, total=False):
    """The keyword arguments of :class:`urikit.Policy` besides ``require`` and
    ``normalize``; see the class for what each one means."""

    schemes: Collection[str] | None
    require_host: bool
    allow_userinfo: bool
    allow_password: bool
    allow_fragment: bool
    allow_ip_host: bool
    allow_internal_host: bool
    ports: Collection[int] | None
    max_length: int | None
    accept_iri: bool
    idna: bool


_DEFAULTS: dict[str, object] = {
    "schemes": None,
    "require_host": False,
    "allow_userinfo": True,
    "allow_password": True,
    "allow_fragment": True,
    "allow_ip_host": True,
    "allow_internal_host": True,
    "ports": None,
    "max_length": None,
    "accept_iri": False,
    "idna": False,
}


def checked_arguments(
    require: object, normalize: object, rules: Mapping[str, object]
) -> dict[str, object]:
    """Every field of a Policy from its arguments, each checked; TypeError or ValueError
    naming the argument otherwise."""
    unknown = sorted(set(rules) - set(_DEFAULTS))
    if unknown:
        raise TypeError(f"Policy() got unexpected keyword arguments: {', '.join(unknown)}")
    if require not in get_args(Requirement):
        raise ValueError(f"require must be one of {get_args(Requirement)}, not {require!r}")
    if not isinstance(normalize, bool) and not callable(normalize):
        raise TypeError(f"normalize must be True, False or a callable, not {normalize!r}")
    values = {**_DEFAULTS, **rules}
    for name, value in values.items():
        if isinstance(_DEFAULTS[name], bool):
            checked_bool(name, value)
    values["schemes"] = checked_schemes(values["schemes"])
    values["ports"] = allowed_ports(values["ports"])
    values["max_length"] = checked_max_length(values["max_length"])
    if values["idna"] and not values["accept_iri"]:
        raise ValueError("idna=True maps IRI hosts, so it needs accept_iri=True")
    values["require"] = require
    values["normalize"] = normalize
    return values


_TEXT_LIKE = (str, bytes, bytearray, memoryview)
_MAX_PORT = 65535  # a TCP or UDP port is 16 bits (RFC 3.2.3 leaves the range to schemes)


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
            raise ValueError(f"not a scheme (RFC 3.1): {scheme!r}")
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
    """A range of ports as it is, any other collection of ints as a frozenset."""
    if ports is None:
        return None
    if isinstance(ports, range):
        if not ports or min(ports) < 0 or max(ports) > _MAX_PORT:
            raise ValueError(f"ports must be a non-empty range within 0-{_MAX_PORT}, not {ports}")
        return ports
    if isinstance(ports, _TEXT_LIKE) or not isinstance(ports, Collection):
        raise TypeError(f"ports must be a collection of int such as {{443}}, not {ports!r}")
    numbers: list[int] = []
    for port in cast("Collection[object]", ports):
        if isinstance(port, bool) or not isinstance(port, int):
            raise TypeError(f"ports must hold int, not {type(port).__name__} ({port!r})")
        if not 0 <= port <= _MAX_PORT:
            raise ValueError(f"a port is within 0-{_MAX_PORT}, not {port}")
        numbers.append(port)
    if not ports:
        raise ValueError("ports is empty, so no URI with a host could pass; use None for any")
    return frozenset(numbers)
