"""Resolve once, check every address, connect to those (RFC 3986 7.4; RFC 6890).

A syntax check cannot stop a name whose DNS answer is ``127.0.0.1``. :func:`resolve_checked`
judges the text with a :class:`~urikit.Policy`, resolves the host once, judges every
address the resolver returns by the IANA special-purpose registries
(:func:`urikit.hosts.special_purpose`), and returns those addresses, so that the caller
connects to exactly them: a second lookup, which DNS may answer differently (rebinding),
never happens. :mod:`urikit.security` re-exports it; docs/security.md shows it with
httpx, urllib3 and requests.
"""

from __future__ import annotations

import ipaddress
import socket
import threading
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Final, NamedTuple, Protocol, TypeAlias

from urikit._core.hosts import IPAddress, analyze, special_purpose
from urikit._core.normalization import DEFAULT_PORTS
from urikit._core.reachable import MAX_PORT
from urikit.errors.problems import PolicyError, problem
from urikit.errors.reasons import reason
from urikit.errors.redact import redact
from urikit.policy._hints import example_scheme, scheme_start
from urikit.policy._parts import host_position, points_here, reaches, split_parts
from urikit.policy.checker import Policy
from urikit.values.uri import URI

__all__ = ["DEFAULT_GUARD", "AddressInfo", "CheckedHost", "Resolver", "resolve_checked"]

#: The policy :func:`resolve_checked` applies when given none: a host is required and it
#: may not lead to an internal address in any spelling (``allow_internal_host=False``).
DEFAULT_GUARD: Final[Policy[URI]] = Policy(require_host=True, allow_internal_host=False)

#: What a resolver returns as the address of a socket (``socket.getaddrinfo``'s fifth).
SockAddr: TypeAlias = tuple[str, int] | tuple[str, int, int, int]
Network: TypeAlias = ipaddress.IPv4Network | ipaddress.IPv6Network

_INET: Final = frozenset({socket.AF_INET, socket.AF_INET6})


class Resolver(Protocol):
    """A callable shaped like :func:`socket.getaddrinfo`, called as
    ``resolver(host, port, family, type)`` (``family`` 0: any, ``type``
    ``socket.SOCK_STREAM``)."""

    def __call__(
        self, host: str, port: int, family: int, type: int, /
    ) -> Sequence[tuple[int, int, int, str, tuple[object, ...]]]: ...


class AddressInfo(NamedTuple):
    """One checked answer: ``socket.socket(family, type, proto).connect(sockaddr)``."""

    family: int
    type: int
    proto: int
    sockaddr: SockAddr
    address: IPAddress


@dataclass(frozen=True, slots=True)
class CheckedHost:
    """What :func:`resolve_checked` checked: connect to these and nowhere else.

    ``uri`` is the URI the policy returned; ``host`` the name that was resolved (the
    host decoded: a reg-name percent-decoded, an IP-literal without brackets); ``port``
    the port written or the scheme's default; ``addresses`` every address the
    resolver gave, each once, in its order; ``infos`` its answers, with ``sockaddr``.
    """

    uri: URI
    host: str
    port: int
    addresses: tuple[IPAddress, ...]
    infos: tuple[AddressInfo, ...]


def resolve_checked(
    uri: URI | str,
    policy: Policy[URI] | None = None,
    *,
    resolver: Resolver = socket.getaddrinfo,
    timeout: float | None = 5.0,
    allow: Collection[Network] = (),
) -> CheckedHost:
    """Check ``uri`` against ``policy``, resolve its host once, check every address.

    ``policy`` defaults to :data:`DEFAULT_GUARD`. Each address the resolver returns is
    refused when its block of the IANA special-purpose registries is not globally
    reachable (:func:`urikit.hosts.special_purpose`, ``.internal``), whatever the
    policy says, unless it lies in one of the ``allow`` networks (an internal service
    you mean to reach). One refused address refuses the URI: a name may answer with a
    public and an internal address.

    A name no DNS lookup may be made for (``.onion``, RFC 7686 2; ``.alt``, RFC 9476
    2) is refused before the resolver is called, whatever the policy says (code
    ``host-not-dns``).

    Raises :class:`~urikit.PolicyError` for a text the policy refuses, a URI without a
    host or a usable port, such a name, and an internal address (code
    ``internal-host-forbidden``, naming host and address; the text in the error has its
    password written ``***``);
    :class:`TimeoutError` when the resolver has not answered within ``timeout``
    seconds (``None``: wait as long as it takes; the lookup runs in a daemon thread,
    which is left to finish); whatever the resolver raises (:class:`socket.gaierror`
    for an unknown name); :class:`OSError` when it gives no IPv4 or IPv6 address.
    """
    if timeout is not None:
        if isinstance(timeout, bool) or not isinstance(timeout, int | float):
            raise TypeError(f"timeout must be a number of seconds or None, not {timeout!r}")
        if not timeout > 0:
            raise ValueError(f"timeout must be more than 0 seconds, not {timeout!r}")
    if policy is not None and not isinstance(policy, Policy):
        raise TypeError(f"policy must be a Policy or None, not {type(policy).__name__}")
    networks = tuple(allow)
    for network in networks:
        if not isinstance(network, ipaddress.IPv4Network | ipaddress.IPv6Network):
            raise TypeError(f"allow holds ipaddress networks, not {type(network).__name__}")
    text = str(uri) if isinstance(uri, URI) else uri  # Policy.check refuses a non-str
    checked = (DEFAULT_GUARD if policy is None else policy).check(text)
    host, port = _target(checked, text)
    _refuse_unresolvable(checked, text)
    answers = _resolve(resolver, host, port, timeout)
    infos: list[AddressInfo] = []
    addresses: list[IPAddress] = []
    for family, kind, proto, _, sockaddr in answers:
        if family not in _INET:
            continue
        info = _info(family, kind, proto, sockaddr)
        infos.append(info)
        if info.address not in addresses:
            addresses.append(info.address)
    if not addresses:
        raise OSError(f"{host!r} resolved to no IPv4 or IPv6 address")
    for address in addresses:
        block = special_purpose(address)
        if block is None or not block.internal or any(address in n for n in networks):
            continue
        shown = redact(text)  # the position counts in the text the error carries
        raise PolicyError(
            shown,
            (
                problem(
                    "internal-host-forbidden",
                    component="host",
                    position=host_position(split_parts(shown)) if str(checked) == text else None,
                    host=reaches(checked.host or host, "resolves to", address, block),
                    person="this-computer" if points_here(block) else None,
                ),
            ),
        )
    return CheckedHost(checked, host, port, tuple(addresses), tuple(infos))


def _target(uri: URI, text: str) -> tuple[str, int]:
    """The name to resolve and the port to connect to (RFC 3.2.2, 3.2.3)."""
    if type(uri) is not URI:  # a policy typed for URIs that returned a relative reference
        scheme = example_scheme(None)
        refused = problem(
            "scheme-required", component="scheme", scheme=scheme, start=scheme_start(scheme)
        )
        raise PolicyError(redact(text), (refused,))
    host = uri.decoded_host
    if not host:
        raise PolicyError(redact(text), (problem("host-required", component="host"),))
    port = uri.port_number
    if port is None:
        port = DEFAULT_PORTS.get(uri.scheme.lower())
    if port is None:
        refused = problem(
            "port-not-allowed",
            component="port",
            port=reason("port-unknown"),
            allowed=reason("port-explicit"),
        )
        raise PolicyError(redact(text), (refused,))
    if port > MAX_PORT:
        refused = problem("port-out-of-range", component="port", port=port, max_port=MAX_PORT)
        raise PolicyError(redact(text), (refused,))
    return host, port


def _refuse_unresolvable(uri: URI, text: str) -> None:
    """Refuse, before any resolver sees it and whatever the policy says, a name no DNS
    lookup may be made for (``.onion``: RFC 7686 2; ``.alt``: RFC 9476 2) and a host
    that is no name once decoded (``x.onion%20``: RFC 3986 3.2.2), which no lookup can
    be right for and which would carry the name's labels to the resolver."""
    info = analyze(uri.host or "")
    row = info.special_use
    if row is not None and row.reach == "not-dns":
        problem_text = f"it {row.why}"
    elif info.not_a_name is not None:
        problem_text = info.not_a_name
    else:
        return
    shown = redact(text)
    refused = problem(
        "host-not-dns",
        component="host",
        position=host_position(split_parts(shown)) if str(uri) == text else None,
        host=uri.host,
        problem=problem_text,
    )
    raise PolicyError(shown, (refused,))


def _info(family: int, kind: int, proto: int, sockaddr: tuple[object, ...]) -> AddressInfo:
    """One answer of the resolver, its address read (a scope ``%zone`` kept)."""
    ip, port, *rest = sockaddr
    if not isinstance(ip, str) or not isinstance(port, int):
        raise TypeError(f"the resolver gave a socket address that is not (str, int): {sockaddr!r}")
    address = ipaddress.ip_address(ip)
    if family == socket.AF_INET6 and len(rest) == 2:
        flow, scope = rest
        if isinstance(flow, int) and isinstance(scope, int):
            return AddressInfo(family, kind, proto, (ip, port, flow, scope), address)
    return AddressInfo(family, kind, proto, (ip, port), address)


_Answers: TypeAlias = Sequence[tuple[int, int, int, str, tuple[object, ...]]]


def _resolve(resolver: Resolver, host: str, port: int, timeout: float | None) -> _Answers:
    """``resolver``'s answers, or TimeoutError when it takes longer than ``timeout``."""
    if timeout is None:
        return resolver(host, port, 0, socket.SOCK_STREAM)
    answers: list[_Answers] = []
    failures: list[Exception] = []

    def run() -> None:
        try:
            answers.append(resolver(host, port, 0, socket.SOCK_STREAM))
        except Exception as error:  # handed to the waiting thread, raised there
            failures.append(error)

    thread = threading.Thread(target=run, name="urikit-resolve", daemon=True)
    thread.start()
    thread.join(timeout)
    if thread.is_alive():
        raise TimeoutError(f"resolving {host!r} took longer than {timeout} s")
    if failures:
        raise failures[0]
    return answers[0]
