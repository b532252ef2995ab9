"""What a :class:`urikit.Policy` reads from a text, and how its messages name things.

The parts come from the parsed value, or, for a text that is not a URI-reference, from
the RFC 3986 Appendix B split, so that a form still hears about every rule it breaks.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import NamedTuple

from urikit._core.hosts import IPAddress
from urikit._core.split import split
from urikit._syntax.validation import is_valid
from urikit.values.uri import URIReference

__all__ = ["Parts", "either", "internal_host", "parts_of", "ports_text", "split_parts"]


class Parts(NamedTuple):
    """What the rules look at, from the parsed value or the Appendix B split."""

    scheme: str | None  # None also for a scheme that is not valid (RFC 3.1)
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


def split_parts(text: str) -> Parts:
    """The parts of a text that is not a URI-reference, cut as RFC Appendix B cuts it
    (the authority as WHATWG URL parsers cut it: userinfo up to the last ``@``)."""
    parts = split(text)
    scheme = parts.scheme if parts.scheme and is_valid(parts.scheme, "scheme") else None
    authority_at = (0 if parts.scheme is None else len(parts.scheme) + 1) + 2
    userinfo = host = port = None
    if parts.authority is not None:
        before, at, hostport = parts.authority.rpartition("@")
        userinfo = before if at else None
        if hostport.startswith("["):
            end = hostport.find("]") + 1 or len(hostport)
            host, rest = hostport[:end], hostport[end:]
        else:
            host, colon, rest = hostport.partition(":")
            rest = colon + rest
        port = rest[1:] if rest.startswith(":") else None
    return Parts(scheme, userinfo, host, port, parts.fragment, authority_at, len(text))


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
