"""The IANA IPv4 and IPv6 Special-Purpose Address Registries (RFC 6890) as data.

Python's ``ipaddress`` knows the registries of the Python version it ships with (3.11
predates 192.0.0.8/32, 3fff::/20, 5f00::/16 ...), so urikit carries its own copy, one
row per registry entry, as of :data:`REGISTRY_DATE`. Each row keeps the registry's
columns (RFC 6890 2.1): name, RFC, allocation and termination dates, and the Source,
Destination, Forwardable, Globally Reachable and Reserved-by-Protocol flags (``None``
where the registry says N/A, and on a terminated row, where it says nothing).

Beside them, rows from the IANA IPv4 and IPv6 Address Space registries for what no
special-purpose row covers but no unicast host lives in: multicast, and the IPv6 space
outside Global Unicast ``2000::/3`` that is reserved by the IETF (RFC 4291 2.4).

A row is *internal* when it is not globally reachable. Where the registry says N/A, the
row says why it decides as it does (see ``_DECIDED``). The most specific row covering
an address applies (the registries' footnotes on 192.0.0.0/24 and 2001::/23: "unless
allowed by a more specific allocation"); an IPv6 address that carries an IPv4 address
(RFC 4291 2.5.5, RFC 6052, RFC 3056, RFC 4380) is judged by both, see
:func:`deciding_block`.

Checked cell by cell against IANA's CSV files of both registries as last updated on
2025-10-09 (fetched from iana.org in 2026 and stored by PDP-Connect/pdpp,
``openspec/changes/fix-client-event-delivery-ssrf-guard/research/iana-special-purpose-registries-2026-07-18.md``,
and by bart-turczynski/raddr, ``docs/research/01-iana-registries.md``); the copy and its
provenance are in ``tests/core/iana/``, which the tests compare this table with. Names
and RFCs are the registry's, written as text: ``[RFC791], Section 3.2`` is
``RFC 791, Section 3.2``, the quotes around ``"This network"`` are left to ``str()``.
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
    "as_registry_writes",
    "deciding_block",
    "embedded_ipv4",
    "most_specific",
]

#: When IANA last updated the two special-purpose registries this table copies.
REGISTRY_DATE: Final = "2025-10-09"

Embedding: TypeAlias = Literal["ipv4-mapped", "ipv4-compatible", "nat64", "6to4", "teredo"]
Registry: TypeAlias = Literal[
    "ipv4-special-registry", "ipv6-special-registry", "ipv4-address-space", "ipv6-address-space"
]
_Address: TypeAlias = ipaddress.IPv4Address | ipaddress.IPv6Address


@dataclass(frozen=True, slots=True)
class SpecialPurposeBlock:
    """One row of the IANA special-purpose registries (RFC 6890 2.1).

    ``prefix``, ``name`` and ``rfc`` are the registry's Address Block, Name and RFC;
    ``allocation_date`` and ``termination_date`` its dates (``"YYYY-MM"``; None for N/A,
    and both None on rows of the IPv6 Address Space registry, which has no dates);
    ``source`` .. ``reserved_by_protocol`` its flags, ``None`` where it says N/A or, on a
    terminated row, nothing. ``internal`` is whether a request to an address of the block
    may stay inside a network: not globally reachable (decided per row where the
    registry says N/A). ``registry`` names the IANA registry the row comes from.
    ``str()`` gives ``10.0.0.0/8 "Private-Use" (RFC 1918)``, as messages name the block.
    """

    prefix: ipaddress.IPv4Network | ipaddress.IPv6Network
    name: str
    rfc: str
    allocation_date: str | None
    termination_date: str | None
    source: bool | None
    destination: bool | None
    forwardable: bool | None
    globally_reachable: bool | None
    reserved_by_protocol: bool | None
    internal: bool
    registry: Registry

    def __str__(self) -> str:
        return f'{as_registry_writes(self.prefix)} "{self.name}" ({self.rfc})'


def as_registry_writes(prefix: ipaddress.IPv4Network | ipaddress.IPv6Network) -> str:
    """The block as the registry writes it: ``::ffff:0:0/96``, all hexadecimal, on every
    Python (3.13's ipaddress writes a mapped address's last 32 bits dotted, RFC 5952 5)."""
    mapped = prefix.network_address.ipv4_mapped if prefix.version == 6 else None
    if mapped is None:
        return str(prefix)
    high, low = divmod(int(mapped), 0x10000)
    return f"::ffff:{high:x}:{low:x}/{prefix.prefixlen}"


_FLAG: Final = {"T": True, "F": False, "-": None}
# prefix, name, RFC, allocation date, termination date, flags
_Row: TypeAlias = tuple[str, str, str, str, str | None, str]

# Rows whose Globally Reachable is N/A in the registry, or empty (terminated rows):
# internal or not, and why.
_DECIDED: Final = {
    # terminated 2015 (RFC 7526): anycast to the nearest 6to4 relay, which may be a
    # router of one's own network
    "192.88.99.0/24": True,
    # the embedded client address decides (RFC 4380 4); the prefix itself is public
    "2001::/32": False,
    # terminated 2014 (ORCHIDv2 replaced it, RFC 7343): nothing public is left in it
    "2001:10::/28": True,
    # the embedded IPv4 address decides (RFC 3056 2)
    "2002::/16": False,
}

# IANA IPv4 Special-Purpose Address Registry, in its order: Address Block, Name, RFC,
# Allocation Date, Termination Date (None: N/A), then the flags Source, Destination,
# Forwardable, Globally Reachable, Reserved-by-Protocol: T(rue), F(alse), - (N/A, or
# nothing on a terminated row).
_IPV4: Final[tuple[_Row, ...]] = (
    ("0.0.0.0/8", "This network", "RFC 791, Section 3.2", "1981-09", None, "TFFFT"),
    (
        "0.0.0.0/32",
        "This host on this network",
        "RFC 1122, Section 3.2.1.3",
        "1981-09",
        None,
        "TFFFT",
    ),
    ("10.0.0.0/8", "Private-Use", "RFC 1918", "1996-02", None, "TTTFF"),
    ("100.64.0.0/10", "Shared Address Space", "RFC 6598", "2012-04", None, "TTTFF"),
    # footnote [1] on the four False: some protocols have exceptions (RFC 8029, RFC 5884)
    ("127.0.0.0/8", "Loopback", "RFC 1122, Section 3.2.1.3", "1981-09", None, "FFFFT"),
    ("169.254.0.0/16", "Link Local", "RFC 3927", "2005-05", None, "TTFFT"),
    ("172.16.0.0/12", "Private-Use", "RFC 1918", "1996-02", None, "TTTFF"),
    # footnote [2]: not useable unless by virtue of a more specific reservation
    (
        "192.0.0.0/24",
        "IETF Protocol Assignments",
        "RFC 6890, Section 2.1",
        "2010-01",
        None,
        "FFFFF",
    ),
    ("192.0.0.0/29", "IPv4 Service Continuity Prefix", "RFC 7335", "2011-06", None, "TTTFF"),
    ("192.0.0.8/32", "IPv4 dummy address", "RFC 7600", "2015-03", None, "TFFFF"),
    ("192.0.0.9/32", "Port Control Protocol Anycast", "RFC 7723", "2015-10", None, "TTTTF"),
    (
        "192.0.0.10/32",
        "Traversal Using Relays around NAT Anycast",
        "RFC 8155",
        "2017-02",
        None,
        "TTTTF",
    ),
    # one registry row for both addresses
    *(
        (
            prefix,
            "NAT64/DNS64 Discovery",
            "RFC 8880, RFC 7050, Section 2.2",
            "2013-02",
            None,
            "FFFFT",
        )
        for prefix in ("192.0.0.170/32", "192.0.0.171/32")
    ),
    ("192.0.2.0/24", "Documentation (TEST-NET-1)", "RFC 5737", "2010-01", None, "FFFFF"),
    ("192.31.196.0/24", "AS112-v4", "RFC 7535", "2014-12", None, "TTTTF"),
    ("192.52.193.0/24", "AMT", "RFC 7450", "2014-12", None, "TTTTF"),
    (
        "192.88.99.0/24",
        "Deprecated (6to4 Relay Anycast)",
        "RFC 7526",
        "2001-06",
        "2015-03",
        "-----",
    ),
    ("192.88.99.2/32", "6a44-relay anycast address", "RFC 6751", "2012-10", None, "TTTFF"),
    ("192.168.0.0/16", "Private-Use", "RFC 1918", "1996-02", None, "TTTFF"),
    ("192.175.48.0/24", "Direct Delegation AS112 Service", "RFC 7534", "1996-01", None, "TTTTF"),
    ("198.18.0.0/15", "Benchmarking", "RFC 2544", "1999-03", None, "TTTFF"),
    ("198.51.100.0/24", "Documentation (TEST-NET-2)", "RFC 5737", "2010-01", None, "FFFFF"),
    ("203.0.113.0/24", "Documentation (TEST-NET-3)", "RFC 5737", "2010-01", None, "FFFFF"),
    ("240.0.0.0/4", "Reserved", "RFC 1112, Section 4", "1989-08", None, "FFFFT"),
    (
        "255.255.255.255/32",
        "Limited Broadcast",
        "RFC 8190, RFC 919, Section 7",
        "1984-10",
        None,
        "FTFFT",
    ),
)

# IANA IPv6 Special-Purpose Address Registry, same columns, in its order.
_IPV6: Final[tuple[_Row, ...]] = (
    ("::1/128", "Loopback Address", "RFC 4291", "2006-02", None, "FFFFT"),
    ("::/128", "Unspecified Address", "RFC 4291", "2006-02", None, "TFFFT"),
    ("::ffff:0:0/96", "IPv4-mapped Address", "RFC 4291", "2006-02", None, "FFFFT"),
    ("64:ff9b::/96", "IPv4-IPv6 Translat.", "RFC 6052", "2010-10", None, "TTTTF"),
    ("64:ff9b:1::/48", "IPv4-IPv6 Translat.", "RFC 8215", "2017-06", None, "TTTFF"),
    ("100::/64", "Discard-Only Address Block", "RFC 6666", "2012-06", None, "TTTFF"),
    ("100:0:0:1::/64", "Dummy IPv6 Prefix", "RFC 9780", "2025-04", None, "TFFFF"),
    # footnote [1] on the four False: unless allowed by a more specific allocation
    ("2001::/23", "IETF Protocol Assignments", "RFC 2928", "2000-09", None, "FFFFF"),
    ("2001::/32", "TEREDO", "RFC 4380, RFC 8190", "2006-01", None, "TTT-F"),
    ("2001:1::1/128", "Port Control Protocol Anycast", "RFC 7723", "2015-10", None, "TTTTF"),
    (
        "2001:1::2/128",
        "Traversal Using Relays around NAT Anycast",
        "RFC 8155",
        "2017-02",
        None,
        "TTTTF",
    ),
    (
        "2001:1::3/128",
        "DNS-SD Service Registration Protocol Anycast",
        "RFC 9665",
        "2024-04",
        None,
        "TTTTF",
    ),
    ("2001:2::/48", "Benchmarking", "RFC 5180, RFC Errata 1752", "2008-04", None, "TTTFF"),
    ("2001:3::/32", "AMT", "RFC 7450", "2014-12", None, "TTTTF"),
    ("2001:4:112::/48", "AS112-v6", "RFC 7535", "2014-12", None, "TTTTF"),
    ("2001:10::/28", "Deprecated (previously ORCHID)", "RFC 4843", "2007-03", "2014-03", "-----"),
    ("2001:20::/28", "ORCHIDv2", "RFC 7343", "2014-07", None, "TTTTF"),
    (
        "2001:30::/28",
        "Drone Remote ID Protocol Entity Tags (DETs) Prefix",
        "RFC 9374",
        "2022-12",
        None,
        "TTTTF",
    ),
    ("2001:db8::/32", "Documentation", "RFC 3849", "2004-07", None, "FFFFF"),
    ("2002::/16", "6to4", "RFC 3056", "2001-02", None, "TTT-F"),
    ("2620:4f:8000::/48", "Direct Delegation AS112 Service", "RFC 7534", "2011-05", None, "TTTTF"),
    ("3fff::/20", "Documentation", "RFC 9637", "2024-07", None, "FFFFF"),
    ("5f00::/16", "Segment Routing (SRv6) SIDs", "RFC 9602", "2024-04", None, "TTTFF"),
    ("fc00::/7", "Unique-Local", "RFC 4193, RFC 8190", "2005-10", None, "TTTFF"),
    ("fe80::/10", "Link-Local Unicast", "RFC 4291", "2006-02", None, "TTFFT"),
)

# IANA IPv4 and IPv6 Address Space registries: multicast (224/8 to 239/8 there, one row
# here), and the IPv6 space outside Global Unicast that the IETF keeps reserved
# (fc00::/7 and fe80::/10 are rows of the special-purpose registry). No flags there;
# all internal.
_SPACE_IPV4: Final = (("224.0.0.0/4", "Multicast", "RFC 5771", "1981-09"),)
_SPACE_IPV6: Final = (
    *((prefix, "Reserved by IETF", "RFC 3513, RFC 4291", None) for prefix in ("::/8", "100::/8")),
    ("200::/7", "Reserved by IETF", "RFC 4048", None),  # formerly OSI NSAP-mapped
    *(
        (prefix, "Reserved by IETF", "RFC 3513, RFC 4291", None)
        for prefix in (
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
    ("fec0::/10", "Reserved by IETF", "RFC 3879", None),  # the deprecated site-local unicast
    ("ff00::/8", "Multicast", "RFC 3513, RFC 4291", None),
)


def _row(
    prefix: str,
    name: str,
    rfc: str,
    allocated: str,
    terminated: str | None,
    flags: str,
    registry: Registry,
) -> SpecialPurposeBlock:
    source, destination, forwardable, reachable, reserved = (_FLAG[f] for f in flags)
    internal = not reachable if reachable is not None else _DECIDED[prefix]
    return SpecialPurposeBlock(
        ipaddress.ip_network(prefix),
        name,
        rfc,
        allocated,
        terminated,
        source,
        destination,
        forwardable,
        reachable,
        reserved,
        internal,
        registry,
    )


def _space(
    prefix: str, name: str, rfc: str, allocated: str | None, registry: Registry
) -> SpecialPurposeBlock:
    network = ipaddress.ip_network(prefix)
    flags = (None, None, None, None, None)
    return SpecialPurposeBlock(network, name, rfc, allocated, None, *flags, True, registry)


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
