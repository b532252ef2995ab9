"""The port rules of :class:`urikit.Policy` (RFC 3986 3.2.3): the ports it allows, and
the 16-bit limit every policy keeps unless ``ports`` lists a larger one."""

from __future__ import annotations

from collections.abc import Collection

from urikit._core.normalization import DEFAULT_PORTS
from urikit._core.reachable import MAX_PORT
from urikit.errors.codes import problem_message
from urikit.errors.problems import Problem
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
        Problem(
            code="port-not-allowed",
            message=problem_message("port-not-allowed", port=what, allowed=ports_text(ports)),
            component="port",
            position=at,
        )
    ]


def port_range_problems(port: str, at: int) -> list[Problem]:
    """RFC 3.2.3 allows any digits; a client's port is 16 bits (``ports`` may allow more)."""
    number = port_number(port)
    if number is not None and number <= MAX_PORT:
        return []
    return [
        Problem(
            code="port-out-of-range",
            message=problem_message("port-out-of-range", port=port, max_port=MAX_PORT),
            component="port",
            position=at,
        )
    ]
