"""One reading of a host (RFC 3986 3.2.2, 7.4): what it is, and what address it reaches.

RFC 3.2.2 defines a host as an IP-literal, an ``IPv4address`` or a ``reg-name``, and
RFC 7.4 warns that resolvers read more than the dotted-decimal form as an address.
:func:`analyze` classifies a host once, for :mod:`urikit.security`, :class:`urikit.Policy`
and the ``host_address`` view of a value:

- an ``IPv4address``, or an ``IPv6address`` with the IPv4 address it embeds: IPv4-mapped
  ``::ffff:0:0/96`` and IPv4-compatible ``::/96`` (RFC 4291 2.5.5), NAT64 ``64:ff9b::/96``
  and ``64:ff9b:1::/48`` (RFC 6052), 6to4 ``2002::/16`` (RFC 3056), Teredo ``2001::/32``
  (RFC 4380); an ``IPvFuture`` literal;
- a ``reg-name``, and every address some reader reads from it: a host is an IP host
  when ``getaddrinfo``, ``inet_aton``, ``ipaddress`` or a WHATWG URL parser reads it as
  an address after the decoding a client performs. The name is percent-decoded first
  (RFC 3.2.2 lets a reg-name carry encoded UTF-8), then read three ways: its octets as
  they are, as ``inet_aton`` sees a C string; mapped by IDNA 2003 nameprep (what
  Python's ``"idna"`` codec, and so ``socket.getaddrinfo``, applies: full-width digits
  and colons become ASCII, the dots U+3002, U+FF0E, U+FF61 separate labels, soft
  hyphens vanish), here without its 63-character label limit; and mapped by UTS #46 as
  WHATWG URL parsers do, when the ``idna`` package is installed (``urikit[idna]``; it
  follows newer Unicode versions than the standard library). Each reading is also cut
  at its first NUL, where a C string ends (``127.0.0.1%00.evil.example``), and read as
  an IPv6 address as ``inet_pton`` and ``ipaddress`` read one (``%3A%3A1``, a zone
  after ``%`` ignored). Each reading
  goes through the IPv4 number syntax of ``inet_aton`` and of the WHATWG URL standard:
  one to four parts, each decimal, octal (a leading ``0``) or hexadecimal (``0x``), with
  no length limit, a trailing dot allowed (WHATWG) and text after a space ignored
  (``inet_aton``). Four decimal parts with leading zeros are also read as decimal, as
  some parsers do (``010.0.0.1`` is 8.0.0.1 or 10.0.0.1).

A reg-name that decodes to a character no host name holds (NUL, a control character,
``:``, ``%``, ...) says so in :attr:`HostAnalysis.not_a_name`; the names of the IANA
Special-Use Domain Names registry (RFC 6761: ``localhost``, ``.test``, ``.onion``,
``home.arpa``, ...; :data:`SPECIAL_USE_NAMES`, as checked on
:data:`SPECIAL_USE_CHECKED`) are found in every reading
(:attr:`HostAnalysis.special_use`).

:func:`special_purpose` gives the row of the IANA special-purpose registries (RFC 6890)
an address belongs to, from urikit's own copy of them (:data:`TABLE`, as of
:data:`REGISTRY_DATE`): ``"Loopback"``, ``"Private-Use"``, ``"Documentation"`` and so on,
with the registry's flags; an IPv6 address that embeds an IPv4 address is judged by the
IPv4 address the packets reach too.
"""

from __future__ import annotations

import ipaddress
import re
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from typing import Final, Literal, TypeAlias

from urikit._core.host_reading import ipv6_reading, not_a_name, readings
from urikit._core.special_names import (
    SPECIAL_USE_CHECKED,
    SPECIAL_USE_NAMES,
    InternalName,
    SpecialName,
    SpecialUseName,
    is_internal,
    special_name,
    special_use,
)
from urikit._core.special_purpose import (
    REGISTRY_DATE,
    TABLE,
    Embedding,
    SpecialPurposeBlock,
    deciding_block,
    embedded_ipv4,
)
from urikit._syntax.compiled import compiled
from urikit.errors import URIBuildError, plain_str

__all__ = [
    "REGISTRY_DATE",
    "SPECIAL_USE_CHECKED",
    "SPECIAL_USE_NAMES",
    "TABLE",
    "Embedding",
    "HostAnalysis",
    "HostKind",
    "IPAddress",
    "InternalName",
    "SpecialName",
    "SpecialPurposeBlock",
    "SpecialUseName",
    "address_host",
    "analyze",
    "host_kind",
    "special_purpose",
]

IPAddress: TypeAlias = ipaddress.IPv4Address | ipaddress.IPv6Address


class HostKind(StrEnum):
    """Which alternative of ``host`` (RFC 3.2.2) a host is."""

    IPV4 = "IPv4address"
    IPV6 = "IPv6address"
    IPVFUTURE = "IPvFuture"
    REG_NAME = "reg-name"


_SPACE: Final = re.compile("[ \t\n\v\f\r]")  # C isspace(): where inet_aton stops reading
_DIGITS: Final = {
    8: frozenset("01234567"),
    10: frozenset("0123456789"),
    16: frozenset("0123456789abcdefABCDEF"),
}
_CACHED_LENGTH: Final = 255  # a DNS name's limit (RFC 1035 2.3.4); longer ones are rare
_MAX_DIGITS: Final = {10: 10, 8: 11, 16: 8}  # digits of 2**32 - 1 in each radix


def host_kind(host: str) -> HostKind:
    """The alternative of ``host`` a host matches, first match wins (RFC 3.2.2)."""
    if type(host) is not str:
        host = plain_str(host, "host")
    if host.startswith("["):
        return HostKind.IPVFUTURE if host[1:2] in ("v", "V") else HostKind.IPV6
    if compiled("IPv4address").pattern.fullmatch(host):
        return HostKind.IPV4
    return HostKind.REG_NAME


@dataclass(frozen=True, slots=True)
class HostAnalysis:
    """What :func:`analyze` finds in a host.

    ``addresses`` holds every address the host is read as without DNS: the literal
    address, or for a reg-name each address a reader reads from it (the ``inet_aton``
    / WHATWG reading first). ``embedded`` is the IPv4 address an IPv6 address carries
    and ``embedding`` how. ``names`` are the texts readers make of a reg-name (decoded,
    mapped, lowercased, cut at a NUL), ``()`` for an IP-literal. ``not_a_name`` says why
    a reg-name, decoded, is no host name at all (it holds a NUL, a control character,
    ``:``, ``%``, ..., or octets that are not UTF-8), quoting the spelling to blame;
    None for a host name or an IP-literal.
    """

    host: str
    kind: HostKind
    addresses: tuple[IPAddress, ...] = ()
    embedded: ipaddress.IPv4Address | None = None
    embedding: Embedding | None = None
    names: tuple[str, ...] = ()
    not_a_name: str | None = None

    @property
    def special_use(self) -> SpecialUseName | None:
        """The row of the Special-Use Domain Names registry (RFC 6761 7) a reading
        falls under, in any case, with trailing dots, an internal one first; None
        otherwise."""
        return special_use(self.names)

    @property
    def special_name(self) -> SpecialName | None:
        """The name of :attr:`special_use` (``"example"`` for all four example names,
        RFC 6761 6.5); None otherwise."""
        return special_name(self.names)

    @property
    def localhost(self) -> bool:
        """Whether a reading is ``localhost`` or a name under it (RFC 6761 6.3)."""
        return self.special_name == "localhost"

    @property
    def address(self) -> IPAddress | None:
        """The address a resolver uses for this host without DNS, or None for a name."""
        return self.addresses[0] if self.addresses else None

    @property
    def is_ip(self) -> bool:
        """Whether the host is an IP address in any spelling (or an IP-literal at all)."""
        return self.kind is not HostKind.REG_NAME or bool(self.addresses)

    @property
    def special_purpose(self) -> SpecialPurposeBlock | InternalName | Literal["IPvFuture"] | None:
        """Why a server-side request to this host may reach an internal service: the
        registry row of the first internal address it is read as (its ``internal`` is
        true), a special-use name no request to a public host goes to (an internal
        row of :data:`SPECIAL_USE_NAMES`: ``"localhost"``, ``"local"``, ``"home.arpa"``,
        ``"onion"``, ...; RFC 6761), or ``"IPvFuture"`` (an address no one can check);
        None for a globally reachable address or an ordinary name (which DNS may still
        resolve to anything)."""
        if self.kind is HostKind.IPVFUTURE:
            return "IPvFuture"
        name = self.special_name
        if name is not None and is_internal(name):
            return name
        for address in self.addresses:
            found = special_purpose(address)
            if found is not None and found.internal:
                return found
        return None


def special_purpose(address: IPAddress) -> SpecialPurposeBlock | None:
    """The row of the IANA special-purpose registries (RFC 6890) that ``address``
    belongs to, the most specific one; None when no row covers it (global unicast).

    A row may be globally reachable (``192.0.0.9``, Port Control Protocol Anycast):
    its ``internal`` says whether a request may stay inside a network. An IPv6 address
    that carries an IPv4 address is judged by it too: an IPv4-mapped one is that IPv4
    address; for NAT64, 6to4, Teredo and IPv4-compatible forms the first internal row
    of the two counts (the IPv4 address's, then the IPv6 address's).
    """
    return deciding_block(address)


def analyze(host: str) -> HostAnalysis:
    """Classify ``host`` (the host component as written) once; see the module text.

    Works on any text (also a host cut out of an invalid reference); it never raises
    for a str.
    """
    if type(host) is not str:
        host = plain_str(host, "host")
    if len(host) <= _CACHED_LENGTH:
        return _analyze_cached(host)
    return _analyze(host)


@lru_cache(maxsize=1024)
def _analyze_cached(host: str) -> HostAnalysis:
    return _analyze(host)


def _analyze(host: str) -> HostAnalysis:
    kind = host_kind(host)
    if kind is HostKind.IPVFUTURE:
        return HostAnalysis(host, kind)
    if kind is HostKind.IPV6:
        try:
            address = ipaddress.IPv6Address(host[1:].removesuffix("]"))
        except ValueError:
            return HostAnalysis(host, kind)
        embedded = embedded_ipv4(address)
        if embedded is None:
            return HostAnalysis(host, kind, (address,))
        return HostAnalysis(host, kind, (address,), embedded[0], embedded[1])
    if kind is HostKind.IPV4:
        return HostAnalysis(host, kind, (ipaddress.IPv4Address(host),))
    names = readings(host)
    found: list[IPAddress] = []
    for text in names:
        for value in (_inet_aton(text), _decimal_with_zeros(text)):
            if value is not None and ipaddress.IPv4Address(value) not in found:
                found.append(ipaddress.IPv4Address(value))
        ipv6 = ipv6_reading(text)
        if ipv6 is not None and ipv6 not in found:
            found.append(ipv6)
    return HostAnalysis(host, kind, tuple(found), names=names, not_a_name=not_a_name(host))


def _number(part: str) -> int | None:
    """One part of an IPv4 address (``strtoul`` base 0, WHATWG IPv4 number parser)."""
    if part[:2] in ("0x", "0X"):
        digits, radix = part[2:], 16  # WHATWG reads a bare "0x" as 0
    elif len(part) > 1 and part[0] == "0":
        digits, radix = part[1:], 8
    else:
        digits, radix = part, 10
    if not digits:
        return None if radix == 10 else 0
    allowed = _DIGITS[radix]
    if not all(c in allowed for c in digits):
        return None
    digits = digits.lstrip("0") or "0"
    if len(digits) > _MAX_DIGITS[radix]:
        return 1 << 32  # too large for any part; no huge int is built
    return int(digits, radix)


def _parts(text: str) -> list[str] | None:
    """``text`` cut into at most four dot-separated parts, one trailing dot dropped."""
    if text.count(".") > 4:
        return None
    parts = text.split(".")
    if len(parts) > 1 and parts[-1] == "":
        parts.pop()
    return parts if len(parts) <= 4 else None


def _inet_aton(text: str) -> int | None:
    """The IPv4 address ``inet_aton`` or a WHATWG URL parser reads from ``text``."""
    space = _SPACE.search(text)
    if space is not None:
        text = text[: space.start()]  # inet_aton ignores what follows a space
    parts = _parts(text)
    if parts is None:
        return None
    values = [_number(p) for p in parts]
    *head, last = values
    if last is None or any(v is None or v > 255 for v in head):
        return None
    if last >= 256 ** (4 - len(head)):
        return None
    address = last
    for i, v in enumerate(head):
        assert v is not None
        address |= v << (8 * (3 - i))
    return address


def _decimal_with_zeros(text: str) -> int | None:
    """Four decimal parts read as decimal despite leading zeros (``010.0.0.1``)."""
    parts = _parts(text)
    if parts is None or len(parts) != 4:
        return None
    if not all(p and all(c in _DIGITS[10] for c in p) for p in parts):
        return None
    if not any(len(p) > 1 and p[0] == "0" for p in parts):
        return None
    values = [int(p.lstrip("0") or "0") if len(p.lstrip("0")) <= 3 else 256 for p in parts]
    if any(v > 255 for v in values):
        return None
    return (values[0] << 24) | (values[1] << 16) | (values[2] << 8) | values[3]


def address_host(address: IPAddress) -> str:
    """The host text of an address (RFC 3986 3.2.2): dotted IPv4, or an IPv6 address in
    brackets, compressed; an IPv6 zone identifier cannot go in a URI (RFC 9844)."""
    if isinstance(address, ipaddress.IPv4Address):
        return str(address)
    if address.scope_id is not None:
        raise URIBuildError.of("zone-id", host=str(address))
    return f"[{address.compressed}]"
