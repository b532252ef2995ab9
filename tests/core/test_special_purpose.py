"""The IANA special-purpose registries (RFC 6890) as urikit's data:
one case per row, the most specific row wins, and IPv4 addresses inside IPv6 are judged
too (RFC 4291 2.5.5, RFC 6052 2.2, RFC 3056 2, RFC 4380 4)."""

from __future__ import annotations

import ipaddress

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from urikit import Policy
from urikit._core.special_purpose import (
    REGISTRY_DATE,
    TABLE,
    SpecialPurposeBlock,
    as_registry_writes,
    embedded_ipv4,
    most_specific,
)
from urikit.hosts import analyze, special_purpose

PUBLIC = Policy(allow_internal_host=False)

# (row prefix, an address that row is the most specific one for, IANA name, internal),
# one per row, written from the registries (IPv4 and IPv6 Special-Purpose Address
# Registries; Address Space registries for multicast and IETF-reserved IPv6 space).
ROWS = [
    ("0.0.0.0/8", "0.1.2.3", "This network", True),
    ("0.0.0.0/32", "0.0.0.0", "This host on this network", True),
    ("10.0.0.0/8", "10.1.2.3", "Private-Use", True),
    ("100.64.0.0/10", "100.127.255.254", "Shared Address Space", True),
    ("127.0.0.0/8", "127.0.53.53", "Loopback", True),
    ("169.254.0.0/16", "169.254.169.254", "Link Local", True),
    ("172.16.0.0/12", "172.31.255.255", "Private-Use", True),
    ("192.0.0.0/24", "192.0.0.100", "IETF Protocol Assignments", True),
    ("192.0.0.0/29", "192.0.0.1", "IPv4 Service Continuity Prefix", True),
    ("192.0.0.8/32", "192.0.0.8", "IPv4 dummy address", True),
    ("192.0.0.9/32", "192.0.0.9", "Port Control Protocol Anycast", False),
    ("192.0.0.10/32", "192.0.0.10", "Traversal Using Relays around NAT Anycast", False),
    ("192.0.0.170/32", "192.0.0.170", "NAT64/DNS64 Discovery", True),
    ("192.0.0.171/32", "192.0.0.171", "NAT64/DNS64 Discovery", True),
    ("192.0.2.0/24", "192.0.2.1", "Documentation (TEST-NET-1)", True),
    ("192.31.196.0/24", "192.31.196.1", "AS112-v4", False),
    ("192.52.193.0/24", "192.52.193.1", "AMT", False),
    ("192.88.99.0/24", "192.88.99.1", "Deprecated (6to4 Relay Anycast)", True),
    ("192.88.99.2/32", "192.88.99.2", "6a44-relay anycast address", True),
    ("192.168.0.0/16", "192.168.1.1", "Private-Use", True),
    ("192.175.48.0/24", "192.175.48.6", "Direct Delegation AS112 Service", False),
    ("198.18.0.0/15", "198.19.255.1", "Benchmarking", True),
    ("198.51.100.0/24", "198.51.100.7", "Documentation (TEST-NET-2)", True),
    ("203.0.113.0/24", "203.0.113.9", "Documentation (TEST-NET-3)", True),
    ("240.0.0.0/4", "250.1.2.3", "Reserved", True),
    ("255.255.255.255/32", "255.255.255.255", "Limited Broadcast", True),
    ("::1/128", "::1", "Loopback Address", True),
    ("::/128", "::", "Unspecified Address", True),
    ("::ffff:0:0/96", "::ffff:8.8.8.8", "IPv4-mapped Address", True),
    ("64:ff9b::/96", "64:ff9b::808:808", "IPv4-IPv6 Translat.", False),
    ("64:ff9b:1::/48", "64:ff9b:1:808:8:800::", "IPv4-IPv6 Translat.", True),
    ("100::/64", "100::1", "Discard-Only Address Block", True),
    ("100:0:0:1::/64", "100:0:0:1::1", "Dummy IPv6 Prefix", True),
    ("2001::/23", "2001:5::1", "IETF Protocol Assignments", True),
    ("2001::/32", "2001:0:4136:e378:8000:63bf:f7f7:f7f7", "TEREDO", False),
    ("2001:1::1/128", "2001:1::1", "Port Control Protocol Anycast", False),
    ("2001:1::2/128", "2001:1::2", "Traversal Using Relays around NAT Anycast", False),
    ("2001:1::3/128", "2001:1::3", "DNS-SD Service Registration Protocol Anycast", False),
    ("2001:2::/48", "2001:2::1", "Benchmarking", True),
    ("2001:3::/32", "2001:3::1", "AMT", False),
    ("2001:4:112::/48", "2001:4:112::1", "AS112-v6", False),
    ("2001:10::/28", "2001:10::1", "Deprecated (previously ORCHID)", True),
    ("2001:20::/28", "2001:20::1", "ORCHIDv2", False),
    ("2001:30::/28", "2001:30::1", "Drone Remote ID Protocol Entity Tags (DETs) Prefix", False),
    ("2001:db8::/32", "2001:db8::1", "Documentation", True),
    ("2002::/16", "2002:808:808::1", "6to4", False),
    ("2620:4f:8000::/48", "2620:4f:8000::42", "Direct Delegation AS112 Service", False),
    ("3fff::/20", "3fff:fff::1", "Documentation", True),
    ("5f00::/16", "5f00::1", "Segment Routing (SRv6) SIDs", True),
    ("fc00::/7", "fd12:3456::1", "Unique-Local", True),
    ("fe80::/10", "fe80::1", "Link-Local Unicast", True),
    ("224.0.0.0/4", "239.255.255.250", "Multicast", True),
    ("::/8", "::8.8.8.8", "Reserved by IETF", True),
    ("100::/8", "1ff::1", "Reserved by IETF", True),
    ("200::/7", "200::1", "Reserved by IETF", True),
    ("400::/6", "400::1", "Reserved by IETF", True),
    ("800::/5", "800::1", "Reserved by IETF", True),
    ("1000::/4", "1000::1", "Reserved by IETF", True),
    ("4000::/3", "4000::1", "Reserved by IETF", True),
    ("6000::/3", "6000::1", "Reserved by IETF", True),
    ("8000::/3", "8000::1", "Reserved by IETF", True),
    ("a000::/3", "a000::1", "Reserved by IETF", True),
    ("c000::/3", "c000::1", "Reserved by IETF", True),
    ("e000::/4", "e000::1", "Reserved by IETF", True),
    ("f000::/5", "f000::1", "Reserved by IETF", True),
    ("f800::/6", "f800::1", "Reserved by IETF", True),
    ("fe00::/9", "fe00::1", "Reserved by IETF", True),
    ("fec0::/10", "fec0::1", "Reserved by IETF", True),
    ("ff00::/8", "ff02::1", "Multicast", True),
]
# Forms whose own row is not what decides (RFC 4291 2.5.5.2: a mapped address is the
# IPv4 address; the others lead on to the IPv4 address they carry).
CARRIERS = {"::ffff:0:0/96", "64:ff9b::/96", "2001::/32", "2002::/16"}


def test_every_row_has_its_case() -> None:
    assert sorted(as_registry_writes(block.prefix) for block in TABLE) == sorted(
        row[0] for row in ROWS
    )
    assert len({block.prefix for block in TABLE}) == len(TABLE)


@pytest.mark.parametrize(("prefix", "sample", "name", "internal"), ROWS, ids=[r[0] for r in ROWS])
def test_row(prefix: str, sample: str, name: str, internal: bool) -> None:
    """The most specific row covering the sample is this one, named as IANA names it;
    internal exactly when not globally reachable (RFC 6890 2.1), and so the policy."""
    address = ipaddress.ip_address(sample)
    block = most_specific(address)
    assert block is not None
    assert (as_registry_writes(block.prefix), block.name, block.internal) == (
        prefix,
        name,
        internal,
    )
    if block.globally_reachable is not None:
        assert block.internal is not block.globally_reachable
    if prefix not in CARRIERS:
        assert special_purpose(address) == block
        literal = f"[{address}]" if address.version == 6 else sample
        found = PUBLIC.problems(f"http://{literal}/")
        # the block by its IANA name, no article to get wrong ("a unspecified")
        expected = f"the host {literal} is in {block}; a public host is required"
        assert [p.message for p in found] == ([expected] if internal else [])


def test_issue_23_examples() -> None:
    """192.0.0.0/24 is globally reachable only at .9 and .10; 192.0.0.8 is not None."""
    found = [special_purpose(ipaddress.IPv4Address(f"192.0.0.{n}")) for n in range(256)]
    assert all(block is not None for block in found)
    reachable = [n for n, block in enumerate(found) if block is not None and not block.internal]
    assert reachable == [9, 10]
    assert str(special_purpose(ipaddress.IPv4Address("192.0.0.8"))) == (
        '192.0.0.8/32 "IPv4 dummy address" (RFC 7600)'
    )


def test_registry_flags_rfc_6890() -> None:
    """Flags as the registry gives them (RFC 6890 2.1), N/A as None."""
    loopback = special_purpose(ipaddress.IPv4Address("127.0.0.1"))
    assert loopback is not None
    assert (
        loopback.source,
        loopback.destination,
        loopback.forwardable,
        loopback.globally_reachable,
        loopback.reserved_by_protocol,
    ) == (False, False, False, False, True)
    link_local = special_purpose(ipaddress.IPv6Address("fe80::1"))
    assert link_local is not None
    assert (link_local.forwardable, link_local.reserved_by_protocol) == (False, True)
    six_to_four = most_specific(ipaddress.IPv6Address("2002::1"))
    assert six_to_four is not None
    assert (six_to_four.source, six_to_four.globally_reachable) == (True, None)
    assert REGISTRY_DATE == "2025-10-09"


@pytest.mark.parametrize(
    "address",
    ["8.8.8.8", "1.1.1.1", "2606:4700::1111", "2a00:1450::1", "::ffff:8.8.8.8"],
)
def test_global_unicast_has_no_row(address: str) -> None:
    assert special_purpose(ipaddress.ip_address(address)) is None


# -- IPv4 addresses carried in IPv6 -----------------------------------------------------------


@pytest.mark.parametrize(
    ("address", "embedded", "embedding"),
    [
        ("::ffff:127.0.0.1", "127.0.0.1", "ipv4-mapped"),  # RFC 4291 2.5.5.2
        ("::10.0.0.1", "10.0.0.1", "ipv4-compatible"),  # RFC 4291 2.5.5.1
        ("64:ff9b::a9fe:a9fe", "169.254.169.254", "nat64"),  # RFC 6052 2.2, /96
        ("64:ff9b:1:c0a8:1:100::", "192.168.1.1", "nat64"),  # RFC 6052 2.2, /48: u octet
        ("2002:c0a8:101::1", "192.168.1.1", "6to4"),  # RFC 3056 2
        ("2001:0:4136:e378:8000:63bf:80ff:fffe", "127.0.0.1", "teredo"),  # RFC 4380 4
    ],
)
def test_embedded_ipv4(address: str, embedded: str, embedding: str) -> None:
    found = embedded_ipv4(ipaddress.IPv6Address(address))
    assert found == (ipaddress.IPv4Address(embedded), embedding)
    block = special_purpose(ipaddress.IPv6Address(address))
    assert block == special_purpose(ipaddress.IPv4Address(embedded))
    assert block is not None and block.internal
    info = analyze(f"[{address}]")
    assert (str(info.embedded), info.embedding) == (embedded, embedding)
    assert not PUBLIC.accepts(f"http://[{address}]/")


@pytest.mark.parametrize(
    ("address", "accepted"),
    [
        ("::ffff:8.8.8.8", True),  # the IPv4 address itself (RFC 4291 2.5.5.2)
        ("64:ff9b::808:808", True),  # well-known NAT64 prefix, globally reachable
        ("2002:808:808::1", True),  # 6to4 of a public address
        ("2001:0:4136:e378:8000:63bf:f7f7:f7f7", True),  # Teredo client 8.8.8.8
        ("64:ff9b:1:808:8:800::", False),  # local-use NAT64 prefix: not globally reachable
        ("::8.8.8.8", False),  # IPv4-compatible (deprecated) lies in IETF-reserved ::/8
        ("::ffff:192.0.0.9", True),  # the mapped address of a reachable special row
    ],
)
def test_carried_public_addresses(address: str, accepted: bool) -> None:
    assert PUBLIC.accepts(f"http://[{address}]/") is accepted


# -- against an independent reader: Python 3.11's ipaddress, where the registry has not
#    moved since (RFC 6890 2.2.2 as of 2013, plus RFC 6598 shared address space) -------

# Where the registries (or urikit's decisions) and Python's tables differ, by version:
# 192.0.0.0/24 beyond its /29 (RFC 7600, 7723, 8155, 8880), the 6to4 relay anycast
# block, multicast (not in the special-purpose registry, refused by urikit).
_MOVED = [ipaddress.IPv4Network(n) for n in ("192.0.0.0/24", "192.88.99.0/24", "224.0.0.0/4")]


@settings(max_examples=2000, deadline=None)
@given(
    st.one_of(
        st.integers(0, 2**32 - 1),
        st.sampled_from([int(b.prefix.network_address) for b in TABLE if b.prefix.version == 4]),
        st.sampled_from([int(b.prefix.broadcast_address) for b in TABLE if b.prefix.version == 4]),
    )
)
def test_ipv4_table_agrees_with_python_where_nothing_moved(value: int) -> None:
    address = ipaddress.IPv4Address(value)
    if any(address in network for network in _MOVED):
        return
    block = most_specific(address)
    internal = block is not None and block.internal
    assert internal is not address.is_global, (address, block)


# Where Python's is_global (3.11; later versions have caught up with some) and the
# registries disagree, the registry wins (docs/security.md): rows its table lacks, the
# globally reachable rows inside 2001::/23 that it calls private, what carries another
# address (Teredo, whose client decides), and what urikit decides itself (multicast,
# IETF-reserved IPv6 space).
_PYTHON_DIFFERS = {
    "192.0.0.0/24",
    "192.0.0.8/32",
    "192.88.99.0/24",
    "192.88.99.2/32",
    "64:ff9b:1::/48",
    "100:0:0:1::/64",
    "3fff::/20",
    "5f00::/16",
    "2001::/32",
    "2001:1::1/128",
    "2001:1::2/128",
    "2001:1::3/128",
    "2001:3::/32",
    "2001:4:112::/48",
    "2001:20::/28",
    "2001:30::/28",
    "224.0.0.0/4",
    # 6to4 (RFC 3056): the IPv4 address it carries decides; Python 3.13's ipaddress calls
    # the whole block not global
    "2002::/16",
    *(str(b.prefix) for b in TABLE if b.registry == "ipv6-address-space"),
}


@pytest.mark.parametrize("block", TABLE, ids=[str(b.prefix) for b in TABLE])
def test_rows_agree_with_python_but_where_documented(block: SpecialPurposeBlock) -> None:
    """Each row's first, middle and last address: internal exactly when Python's
    ipaddress says not is_global, unless the row is one the registry decides otherwise."""
    first, last = int(block.prefix.network_address), int(block.prefix.broadcast_address)
    build = ipaddress.IPv4Address if block.prefix.version == 4 else ipaddress.IPv6Address
    addresses = [build(v) for v in {first, (first + last) // 2, last}]
    disagree = [a for a in addresses if most_specific(a) == block and a.is_global is block.internal]
    assert not disagree or str(block.prefix) in _PYTHON_DIFFERS, disagree
