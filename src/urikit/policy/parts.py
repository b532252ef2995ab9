"""What a :class:`urikit.Policy` reads from a parsed reference, and how its messages
name things."""

from __future__ import annotations

from collections.abc import Collection
from typing import NamedTuple

from urikit._core.hosts import IPAddress
from urikit.values.uri import URIReference

__all__ = ["Parts", "either", "internal_host", "parts_of", "port_number", "ports_text"]

# More digits than any port a policy can list (an int's text is limited in length).
_PORT_DIGITS = 18


class Parts(NamedTuple):
    """What the rules look at, from the parsed value."""

    scheme: str | None
    userinfo: str | None
    host: str | None
    port: str | None
    fragment: str | None
    authority_at: int  # where userinfo (or host) starts in the text
    length: int  # of the whole text


def parts_of(ref: URIReference, length: int) -> Parts:
    scheme = ref.scheme
    authority_at = (0 if scheme is None else len(scheme) + 1) + 2
    return Parts(scheme, ref.userinfo, ref.host, ref.port, ref.fragment, authority_at, length)


def port_number(port: str) -> int | None:
    """The number a port's digits write (RFC 3.2.3), leading zeros and all; None for
    text that is not digits, or too long to be a port any policy lists."""
    digits = port.lstrip("0") or "0"
    if len(digits) > _PORT_DIGITS or not (digits.isascii() and digits.isdigit()):
        return None
    return int(digits)


def internal_host(host: str, purpose: str, address: IPAddress | None) -> str:
    if purpose == "empty":
        return "an empty host names the local machine"
    if purpose == "localhost":
        return f"the host {host!r} names the local machine (RFC 6761)"
    if purpose == "IPvFuture":
        return f"the host {host} is an IPvFuture address, which cannot be checked"
    shown = "" if address is None or str(address) == host.strip("[]") else f" ({address})"
    return f"the host {host} leads to a {purpose} address{shown}"


def ports_text(ports: Collection[int]) -> str:
    if isinstance(ports, range) and ports.step == 1:
        return f"a port from {ports.start} to {ports.stop - 1}"
    return either([str(p) for p in sorted(ports)])


def either(names: list[str]) -> str:
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " or " + names[-1]
