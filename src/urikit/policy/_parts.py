"""What a :class:`urikit.Policy` reads from a parsed reference, and how its messages
name things."""

from __future__ import annotations

from collections.abc import Callable, Collection
from functools import lru_cache
from typing import NamedTuple, cast

from urikit._core import components
from urikit._core.components import Groups
from urikit._core.hosts import HostAnalysis, HostKind, IPAddress, SpecialPurposeBlock
from urikit._core.special_names import INTERNAL_NAMES
from urikit._core.split import split
from urikit._syntax.native import kernel
from urikit._syntax.validation import is_valid
from urikit.errors.problems import Problem, syntax_problem
from urikit.errors.reasons import reason
from urikit.values.scheme_table import check as check_scheme
from urikit.values.uri import URIReference

__all__ = [
    "Parts",
    "either",
    "host_position",
    "internal_host",
    "parts_of",
    "plain_public_name",
    "points_here",
    "port_number",
    "ports_text",
    "reaches",
    "reference_fields",
    "scheme_rule_problems",
    "split_parts",
]

# More digits than any port a policy can list (an int's text is limited in length).
_PORT_DIGITS = 18

# The last labels of the internal special-use names (RFC 6761: localhost, home.arpa, ...).
_INTERNAL_LAST_LABELS = frozenset(name.rpartition(".")[2] for name in INTERNAL_NAMES)


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
    """The parts of ``ref`` a policy reads, with where each starts in its text."""
    scheme = ref.scheme
    authority_at = (0 if scheme is None else len(scheme) + 1) + 2
    return Parts(scheme, ref.userinfo, ref.host, ref.port, ref.fragment, authority_at, length)


def _matched_fields(text: str) -> Groups | None:
    m = components.match(text)
    return None if m is None else cast("Groups", m.groups())


#: The seven components of a text that is a URI-reference, in RFC 3 order (RFC 4.1), or
#: None for other text: the native kernel's one pass where it is built, else the
#: components pattern's groups (the two agree: tests/kernel).
reference_fields: Callable[[str], Groups | None] = (
    _matched_fields if kernel is None else kernel.split
)


@lru_cache(maxsize=4096)
def plain_public_name(host: str) -> bool:
    """Whether ``host`` is a reg-name in which :func:`~urikit._core.hosts.analyze` finds
    nothing to refuse: no escape (every reader reads it as written, RFC 3986 3.2.2), a
    last label of letters only (every IPv4 spelling a reader takes ends in digits or
    ``0x``, RFC 7.4) and not that of an internal special-use name (RFC 6761). False says
    only that ``analyze`` must tell."""
    last = host.rpartition(".")[2]
    return (
        "%" not in host
        and last.isalpha()
        and last.isascii()
        and last.lower() not in _INTERNAL_LAST_LABELS
    )


def port_number(port: str) -> int | None:
    """The number a port's digits write (RFC 3.2.3), leading zeros and all; None for
    text that is not digits, or too long to be a port any policy lists."""
    digits = port.lstrip("0") or "0"
    if len(digits) > _PORT_DIGITS or not (digits.isascii() and digits.isdigit()):
        return None
    return int(digits)


def host_position(parts: Parts) -> int:
    """Where the host starts in the text: after ``//`` and ``userinfo@`` (RFC 3.2)."""
    return parts.authority_at + (0 if parts.userinfo is None else len(parts.userinfo) + 1)


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


def internal_host(host: str, purpose: SpecialPurposeBlock | str, info: HostAnalysis) -> str:
    """Why ``host`` is internal: a special name, or the registry row (RFC 6890) of the
    address it is read as, named as IANA names it."""
    if not isinstance(purpose, SpecialPurposeBlock):
        if purpose == "empty":
            return reason("host-empty-local")
        if purpose in INTERNAL_NAMES:
            return reason("host-special-name", host=host, why=INTERNAL_NAMES[purpose])
        if purpose == "IPvFuture":
            return reason("host-ipvfuture", host=host)
        return reason("host-internal", host=host, purpose=purpose)
    return reaches(host, "leads to", _covered(purpose, info), purpose)


def points_here(purpose: SpecialPurposeBlock | str) -> bool:
    """Whether an internal host leads to this very machine: a loopback address (RFC
    6890 2.2) or a name that does (``localhost``, RFC 6761 6.3), as a person is told."""
    if isinstance(purpose, SpecialPurposeBlock):
        return purpose.name.lower().startswith("loopback")
    return purpose.lower() in {"localhost", "localhost.", "empty"}


def reaches(host: str, verb: str, address: IPAddress | None, block: SpecialPurposeBlock) -> str:
    """``the host H <verb> A, in <block>``, or ``the host H is in <block>`` when the host
    is the address as written."""
    if address is None or str(address) == host.strip("[]"):
        return reason("host-in-block", host=host, block=block)
    return reason("host-reaches", host=host, verb=verb, address=address, block=block)


def _covered(block: SpecialPurposeBlock, info: HostAnalysis) -> IPAddress | None:
    """The address ``block`` covers that the host leads to: the IPv4 address an IPv6
    literal carries, or a reading of a reg-name; None for the literal itself."""
    if info.embedded is not None and info.embedded in block.prefix:
        return info.embedded
    if info.kind is HostKind.REG_NAME:
        return next((a for a in info.addresses if a in block.prefix), None)
    return None


def ports_text(ports: Collection[int]) -> str:
    """The allowed ports in words, for a problem's message: one port as one."""
    if isinstance(ports, range) and ports.step == 1 and len(ports) > 1:
        return reason("port-range", first=ports.start, last=ports.stop - 1)
    return either([str(p) for p in sorted(ports)])


def either(names: list[str]) -> str:
    """``a``, ``a or b``, ``a, b or c``: names for a message."""
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " or " + names[-1]


def scheme_rule_problems(text: str, scheme: str) -> list[Problem]:
    """``text`` against its scheme's registered rule (``Policy(scheme_rules=True)``,
    :mod:`urikit.schemes`): the problem, if it breaks it."""
    error = check_scheme(text, scheme)
    if error is None:
        return []
    return [syntax_problem("scheme-rule", error)]
