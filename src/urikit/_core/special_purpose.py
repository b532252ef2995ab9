"""The IANA IPv4 and IPv6 Special-Purpose Address Registries (RFC 6890) as data.

Python's ``ipaddress`` knows the registries of the Python version it ships with (3.11
predates 192.0.0.8/32, 3fff::/20, 5f00::/16 ...), so urikit carries its own copy, one
row per registry entry, as of :data:`REGISTRY_DATE`. Each row keeps the registry's
columns (RFC 6890 2.1): name, RFC, and the Source, Destination, Forwardable, Globally
Reachable and Reserved-by-Protocol flags (``None`` where the registry says N/A).

Beside them, rows from the IANA IPv4 and IPv6 Address Space registries for what no
special-purpose row covers but no unicast host lives in: multicast, and the IPv6 space
outside Global Unicast ``2000::/3`` that is reserved by the IETF (RFC 4291 2.4).

A row is *internal* when it is not globally reachable. Where the registry says N/A, the
row says why it decides as it does (see ``_DECIDED``). The most specific row covering
an address applies; an IPv6 address that carries an IPv4 address (RFC 4291 2.5.5,
RFC 6052, RFC 3056, RFC 4380) is judged by both, see :func:`deciding_block`.
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass
from typing import Final, Literal, TypeAlias

__all__ = [
    "REGISTRY_DATE",
    "TABLE",
    "Embedding",
    "Registry",
    "SpecialPurposeBlock",
    "deciding_block",
    "embedded_ipv4",
    "most_specific",
]

#: The registries' state this table copies: the newest row is 100:0:0:1::/64 (RFC 9780).
REGISTRY_DATE: Final = "2025-04"

Embedding: TypeAlias = Literal["ipv4-mapped", "ipv4-compatible", "nat64", "6to4", "teredo"]
Registry: TypeAlias = Literal[
    "ipv4-special-registry", "ipv6-special-registry", "ipv4-address-space", "ipv6-address-space"
]
_Address: TypeAlias = ipaddress.IPv4Address | ipaddress.IPv6Address


@dataclass(frozen=True, slots=True)
class SpecialPurposeBlock:
    """One row of the IANA special-purpose registries (RFC 6890 2.1).

    ``prefix``, ``name`` and ``rfc`` are the registry's Address Block, Name and RFC;
    ``source`` .. ``reserved_by_protocol`` its flags, ``None`` where it says N/A.
    ``internal`` is whether a request to an address of the block may stay inside a
    network: not globally reachable (decided per row where the registry says N/A).
    ``registry`` names the IANA registry the row comes from. ``str()`` gives
    ``10.0.0.0/8 "Private-Use" (RFC 1918)``, as messages name the block.
    """

    prefix: ipaddress.IPv4Network | ipaddress.IPv6Network
    name: str
    rfc: str
    source: bool | None
    destination: bool | None
    forwardable: bool | None
    globally_reachable: bool | None
    reserved_by_protocol: bool | None
    internal: bool
    registry: Registry

    def __str__(self) -> str:
        return f'{self.prefix} "{self.name}" ({self.rfc})'


_FLAG: Final = {"T": True, "F": False, "-": None}

# Rows whose Globally Reachable is N/A in the registry (or that come from an address
# space registry): internal or not, and why.
_DECIDED: Final = {
    # deprecated anycast to the nearest 6to4 relay, which may be a router of one's own
    "192.88.99.0/24": True,
    # the embedded client address decides (RFC 4380 4); the prefix itself is public
    "2001::/32": False,
    # terminated in 2014 (RFC 7343): nothing public is left in it
    "2001:10::/28": True,
    # the embedded IPv4 address decides (RFC 3056 2)
    "2002::/16": False,
}

# IANA IPv4 Special-Purpose Address Registry. Flags: Source, Destination, Forwardable,
# Globally Reachable, Reserved-by-Protocol; T(rue), F(alse), - (N/A).
_IPV4: Final = (
    ("0.0.0.0/8", "This network", "RFC 791, Section 3.2", "TFFFT"),
    ("0.0.0.0/32", "This host on this network", "RFC 1122, Section 3.2.1.3", "TFFFT"),
    ("10.0.0.0/8", "Private-Use", "RFC 1918", "TTTFF"),
    ("100.64.0.0/10", "Shared Address Space", "RFC 6598", "TTTFF"),
    ("127.0.0.0/8", "Loopback", "RFC 1122, Section 3.2.1.3", "FFFFT"),
    ("169.254.0.0/16", "Link Local", "RFC 3927", "TTFFT"),
    ("172.16.0.0/12", "Private-Use", "RFC 1918", "TTTFF"),
    ("192.0.0.0/24", "IETF Protocol Assignments", "RFC 6890, Section 2.1", "FFFFF"),
    ("192.0.0.0/29", "IPv4 Service Continuity Prefix", "RFC 7335", "TTTFF"),
    ("192.0.0.8/32", "IPv4 dummy address", "RFC 7600", "TFFFF"),
    ("192.0.0.9/32", "Port Control Protocol Anycast", "RFC 7723", "TTTTF"),
    ("192.0.0.10/32", "Traversal Using Relays around NAT Anycast", "RFC 8155", "TTTTF"),
    ("192.0.0.170/32", "NAT64/DNS64 Discovery", "RFC 8880, RFC 7050 Section 2.2", "FFFFT"),
    ("192.0.0.171/32", "NAT64/DNS64 Discovery", "RFC 8880, RFC 7050 Section 2.2", "FFFFT"),
    ("192.0.2.0/24", "Documentation (TEST-NET-1)", "RFC 5737", "FFFFF"),
    ("192.31.196.0/24", "AS112-v4", "RFC 7535", "TTTTF"),
    ("192.52.193.0/24", "AMT", "RFC 7450", "TTTTF"),
    ("192.88.99.0/24", "Deprecated (6to4 Relay Anycast)", "RFC 7526", "-----"),
    ("192.168.0.0/16", "Private-Use", "RFC 1918", "TTTFF"),
    ("192.175.48.0/24", "Direct Delegation AS112 Service", "RFC 7534", "TTTTF"),
    ("198.18.0.0/15", "Benchmarking", "RFC 2544", "TTTFF"),
    ("198.51.100.0/24", "Documentation (TEST-NET-2)", "RFC 5737", "FFFFF"),
    ("203.0.113.0/24", "Documentation (TEST-NET-3)", "RFC 5737", "FFFFF"),
    ("240.0.0.0/4", "Reserved", "RFC 1112, Section 4", "FFFFT"),
    ("255.255.255.255/32", "Limited Broadcast", "RFC 8190, RFC 919 Section 7", "FTFFT"),
)

# IANA IPv6 Special-Purpose Address Registry, same columns.
_IPV6: Final = (
    ("::1/128", "Loopback Address", "RFC 4291", "FFFFT"),
    ("::/128", "Unspecified Address", "RFC 4291", "TFFFT"),
    ("::ffff:0:0/96", "IPv4-mapped Address", "RFC 4291", "FFFFT"),
    ("64:ff9b::/96", "IPv4-IPv6 Translat.", "RFC 6052", "TTTTF"),
    ("64:ff9b:1::/48", "IPv4-IPv6 Translat.", "RFC 8215", "TTTFF"),
    ("100::/64", "Discard-Only Address Block", "RFC 6666", "TTTFF"),
    ("100:0:0:1::/64", "Dummy IPv6 Prefix", "RFC 9780", "TFFFF"),
    ("2001::/23", "IETF Protocol Assignments", "RFC 2928", "FFFFF"),
    ("2001::/32", "TEREDO", "RFC 4380, RFC 8190", "TTT-F"),
    ("2001:1::1/128", "Port Control Protocol Anycast", "RFC 7723", "TTTTF"),
    ("2001:1::2/128", "Traversal Using Relays around NAT Anycast", "RFC 8155", "TTTTF"),
    (
        "2001:1::3/128",
        "DNS-SD Service Registration Protocol Anycast Address",
        "RFC 9665",
        "TTTTF",
    ),
    ("2001:2::/48", "Benchmarking", "RFC 5180, RFC Errata 1752", "TTTFF"),
    ("2001:3::/32", "AMT", "RFC 7450", "TTTTF"),
    ("2001:4:112::/48", "AS112-v6", "RFC 7535", "TTTTF"),
    ("2001:10::/28", "Deprecated (previously ORCHID)", "RFC 4843", "-----"),
    ("2001:20::/28", "ORCHIDv2", "RFC 7343", "TTTTF"),
    ("2001:30::/28", "Drone Remote ID Protocol Entity Tags (DETs) Prefix", "RFC 9374", "TTTTF"),
    ("2001:db8::/32", "Documentation", "RFC 3849", "FFFFF"),
    ("2002::/16", "6to4", "RFC 3056", "----F"),
    ("2620:4f:8000::/48", "Direct Delegation AS112 Service", "RFC 7534", "TTTTF"),
    ("3fff::/20", "Documentation", "RFC 9637", "FFFFF"),
    ("5f00::/16", "Segment Routing (SRv6) SIDs", "RFC 9602", "TTTFF"),
    ("fc00::/7", "Unique-Local", "RFC 4193, RFC 8190", "TTTFF"),
    ("fe80::/10", "Link-Local Unicast", "RFC 4291", "TTFFT"),
)

# IANA IPv4 and IPv6 Address Space registries: multicast, and the IPv6 space outside
# Global Unicast that the IETF keeps reserved. No flags there; all internal.
_SPACE_IPV4: Final = (("224.0.0.0/4", "Multicast", "RFC 5771"),)
_SPACE_IPV6: Final = (
    *(
        (prefix, "Reserved by IETF", "RFC 4291")
        for prefix in (
            "::/8",
            "100::/8",
            "200::/7",
            "400::/6",
            "800::/5",
            "1000::/4",
            "4000::/3",
            "6000::/3",
            "8000::/3",
            "a000::/3",
            "c000::/3",
            "e000::/4",
            "f000::/5",
            "f800::/6",
            "fe00::/9",
        )
    ),
    ("fec0::/10", "Reserved by IETF", "RFC 3879"),  # the deprecated site-local unicast
    ("ff00::/8", "Multicast", "RFC 4291"),
)


def _row(prefix: str, name: str, rfc: str, flags: str, registry: Registry) -> SpecialPurposeBlock:
    source, destination, forwardable, reachable, reserved = (_FLAG[f] for f in flags)
    internal = not reachable if reachable is not None else _DECIDED[prefix]
    return SpecialPurposeBlock(
        ipaddress.ip_network(prefix),
        name,
        rfc,
        source,
        destination,
        forwardable,
        reachable,
        reserved,
        internal,
        registry,
    )


def _space(prefix: str, name: str, rfc: str, registry: Registry) -> SpecialPurposeBlock:
    network = ipaddress.ip_network(prefix)
    return SpecialPurposeBlock(network, name, rfc, None, None, None, None, None, True, registry)


#: Every row, the special-purpose registries first, each in the registry's order.
TABLE: Final[tuple[SpecialPurposeBlock, ...]] = (
    *(_row(*row, "ipv4-special-registry") for row in _IPV4),
    *(_row(*row, "ipv6-special-registry") for row in _IPV6),
    *(_space(*row, "ipv4-address-space") for row in _SPACE_IPV4),
    *(_space(*row, "ipv6-address-space") for row in _SPACE_IPV6),
)


def _index(version: int) -> tuple[tuple[int, dict[int, SpecialPurposeBlock]], ...]:
    """Per prefix length, longest first: network number -> row (special-purpose rows
    before the address space rows of the same prefix)."""
    by_length: dict[int, dict[int, SpecialPurposeBlock]] = {}
    for block in TABLE:
        if block.prefix.version == version:
            shift = block.prefix.max_prefixlen - block.prefix.prefixlen
            rows = by_length.setdefault(block.prefix.prefixlen, {})
            rows.setdefault(int(block.prefix.network_address) >> shift, block)
    return tuple(sorted(by_length.items(), reverse=True))


_INDEX: Final = {4: _index(4), 6: _index(6)}


def most_specific(address: _Address) -> SpecialPurposeBlock | None:
    """The row with the longest prefix that covers ``address``, or None."""
    value, bits = int(address), address.max_prefixlen
    for length, rows in _INDEX[address.version]:
        found = rows.get(value >> (bits - length))
        if found is not None:
            return found
    return None


_NAT64: Final = 0x0064_FF9B << 96  # 64:ff9b::/96 (RFC 6052 2.1)
_NAT64_LOCAL: Final = 0x0064_FF9B_0001  # 64:ff9b:1::/48 (RFC 8215)


def embedded_ipv4(
    address: ipaddress.IPv6Address,
) -> tuple[ipaddress.IPv4Address, Embedding] | None:
    """The IPv4 address that packets to ``address`` reach, and the form that carries it:
    IPv4-mapped ``::ffff:0:0/96`` and IPv4-compatible ``::/96`` (RFC 4291 2.5.5), NAT64
    ``64:ff9b::/96`` and ``64:ff9b:1::/48`` (RFC 6052 2.2, by prefix length), 6to4
    ``2002::/16`` (RFC 3056 2) and Teredo ``2001::/32`` (the client address, stored
    with its bits inverted, RFC 4380 4)."""
    value = int(address)
    if address.ipv4_mapped is not None:
        return address.ipv4_mapped, "ipv4-mapped"
    if address.sixtofour is not None:
        return address.sixtofour, "6to4"
    if address.teredo is not None:
        return address.teredo[1], "teredo"
    if value >> 32 == _NAT64 >> 32:
        return ipaddress.IPv4Address(value & 0xFFFF_FFFF), "nat64"
    if value >> 80 == _NAT64_LOCAL:
        # a /48 prefix: 16 bits of the IPv4 address, the u octet (bits 64-71), 16 bits
        high, low = (value >> 64) & 0xFFFF, (value >> 40) & 0xFFFF
        return ipaddress.IPv4Address(high << 16 | low), "nat64"
    if value >> 32 == 0 and value > 1:  # ::/96 without :: and ::1 (RFC 4291 2.5.5.1)
        return ipaddress.IPv4Address(value), "ipv4-compatible"
    return None


def deciding_block(address: _Address) -> SpecialPurposeBlock | None:
    """The row that tells where a request to ``address`` goes, or None (no row covers it).

    An IPv4-mapped address is the IPv4 address it carries (RFC 4291 2.5.5.2): that
    address's row. Other forms that carry an IPv4 address pass through a translator or
    a tunnel to it: the first internal row of the two (the IPv4 address's, then the
    IPv6 address's), else the IPv6 row, else the IPv4 one.
    """
    if isinstance(address, ipaddress.IPv6Address):
        found = embedded_ipv4(address)
        if found is not None:
            inner = most_specific(found[0])
            if found[1] == "ipv4-mapped":
                return inner
            outer = most_specific(address)
            for block in (inner, outer):
                if block is not None and block.internal:
                    return block
            return outer or inner
    return most_specific(address)
