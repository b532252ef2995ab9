"""The port rules of :class:`urikit.Policy` (RFC 3986 3.2.3): the ports it allows, and
the 16-bit limit every policy keeps unless ``ports`` lists a larger one."""

from __future__ import annotations

from collections.abc import Collection

from urikit._core.normalization import DEFAULT_PORTS
from urikit._core.reachable import MAX_PORT
from urikit.errors.problems import Problem, problem
from urikit.errors.reasons import reason
from urikit.policy._parts import Parts, port_number, ports_text

__all__ = ["port_problems", "port_range_problems"]


def port_problems(ports: Collection[int], parts: Parts, *, port_at: int) -> list[Problem]:
    """The port a client uses (written, or the scheme's default, RFC 3.2.3), if it is
    not one of ``ports``; ``port_at`` is where the host ends."""
    port, scheme = parts.port, (parts.scheme or "").lower()
    if port:
        number, at = port_number(port), port_at + 1
    else:
        number, at = DEFAULT_PORTS.get(scheme), port_at
    if number is not None and number in ports:
        return []  # the message is written only for a port refused
    if port:
        what = reason("port-written", port=port)
    elif number is not None:
        what = reason("port-default", port=number, scheme=scheme)
    else:
        what = reason("port-unknown")
    return [
        problem(
            "port-not-allowed",
            component="port",
            position=at,
            port=what,
            allowed=ports_text(ports),
        )
    ]


def port_range_problems(port: str, at: int, *, zero: bool) -> list[Problem]:
    """RFC 3.2.3 allows any digits; a client's port is 16 bits (``ports`` may allow more);
    ``zero``: port 0 refused too, which no client connects to (RFC 6335 6 reserves it)."""
    number = port_number(port)
    if number == 0 and zero:
        return [problem("port-zero", component="port", position=at)]
    if number is not None and number <= MAX_PORT:
        return []
    return [
        problem("port-out-of-range", component="port", position=at, port=port, max_port=MAX_PORT)
    ]
