"""One host analysis (RFC 3986 3.2.2, 7.4): every spelling a resolver reads as an address."""

from __future__ import annotations

import ipaddress
import socket

import idna
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.core.strategies import encoded, inet_aton_spellings
from urikit import URI, HostKind, parse
from urikit._core.hosts import (
    SpecialPurposeBlock,
    analyze,
    host_kind,
    special_purpose,
)

LOOPBACK = ipaddress.IPv4Address("127.0.0.1")


def special_name(found: SpecialPurposeBlock | str | None) -> str | None:
    """The IANA name of a registry row, or the special name itself."""
    return found.name if isinstance(found, SpecialPurposeBlock) else found


ZEROS_62 = "0" * 62


@pytest.mark.parametrize(
    "host",
    [
        "2130706433",  # one part: 32 bits
        "0x7f.1",  # two parts, hexadecimal
        "0x7F000001",
        "0177.0.0.1",  # octal
        "127.1",
        "127.0.1",
        "127.0.0.1.",  # a trailing dot (WHATWG URL)
        "%31%32%37.0.0.1",  # percent-encoded digits (RFC 2.1)
        "%31%32%37%2E0%2E0%2E1",
        "0x" + ZEROS_62 + "7f.1",  # longer than 64 characters: no length cut-off
        "0" * 500 + "177.0.0.1",
        "%EF%BC%91%EF%BC%92%EF%BC%97.0.0.1",  # full-width digits, percent-encoded
        "127%E3%80%820%E3%80%820%E3%80%821",  # ideographic full stops U+3002
        "127%EF%BC%8E0%EF%BC%8E0%EF%BC%8E1",  # full-width full stop U+FF0E
        "127%EF%BD%A10%EF%BD%A10%EF%BD%A11",  # half-width ideographic full stop U+FF61
        "127%C2%AD.0.0.1",  # a soft hyphen, which IDNA maps to nothing
        "%EF%BC%90%EF%BD%98%EF%BC%97%EF%BD%86.1",  # full-width "0x7f.1"
        "127.1%20anything",  # inet_aton stops at a space
    ],
)
def test_reg_names_read_as_loopback_rfc_7_4(host: str) -> None:
    info = analyze(host)
    assert info.kind is HostKind.REG_NAME
    assert info.address == LOOPBACK
    assert info.is_ip
    assert special_name(info.special_purpose) == "Loopback"


def test_python_resolver_agrees_on_full_width_and_ideographic_dots() -> None:
    # What socket.getaddrinfo does with a str host: the IDNA codec, then inet_aton.
    for host in ["１２７.0.0.1", "127。0。0。1", "127．0．0．1", "127｡0｡0｡1"]:
        assert socket.inet_aton(host.encode("idna").decode()) == LOOPBACK.packed
        assert analyze(encoded(host)).address == LOOPBACK


def test_uts46_reading_covers_newer_unicode() -> None:
    # U+1CCF1 OUTLINED DIGIT ONE (Unicode 16) is mapped to "1" by UTS #46 (idna package)
    # but unknown to the IDNA 2003 tables of the standard library.
    assert idna.uts46_remap("\U0001ccf1", std3_rules=False, transitional=False) == "1"
    host = encoded("\U0001ccf1") + "27.0.0.1"
    assert analyze(host).address == LOOPBACK


@pytest.mark.parametrize(
    ("host", "readings"),
    [
        ("010.0.0.1", ["8.0.0.1", "10.0.0.1"]),  # inet_aton: octal; others: decimal
        ("08.0.0.1", ["8.0.0.1"]),  # not octal at all: only decimal readers take it
        ("0x", ["0.0.0.0"]),  # WHATWG reads an empty hexadecimal number as 0
    ],
)
def test_every_reading_is_kept(host: str, readings: list[str]) -> None:
    assert [str(a) for a in analyze(host).addresses] == readings


@pytest.mark.parametrize(
    "host",
    [
        "example.com",
        "1.2.3.4.5",
        "256.1",
        "0x1g",
        "127..1",
        "1.2.3.256",
        "08",
        "",
        "a1",
        "1" * 5000,
        "0x1" + "0" * 8,
    ],
)
def test_names_that_no_resolver_reads_as_an_address(host: str) -> None:
    info = analyze(host)
    assert info.addresses == ()
    assert not info.is_ip


@pytest.mark.parametrize(
    ("host", "embedded", "embedding"),
    [
        ("[::ffff:127.0.0.1]", "127.0.0.1", "ipv4-mapped"),  # RFC 4291 2.5.5.2
        ("[::FFFF:7f00:1]", "127.0.0.1", "ipv4-mapped"),
        ("[::127.0.0.1]", "127.0.0.1", "ipv4-compatible"),  # RFC 4291 2.5.5.1
        ("[64:ff9b::7f00:1]", "127.0.0.1", "nat64"),  # RFC 6052
        ("[64:FF9B::10.0.0.1]", "10.0.0.1", "nat64"),
        ("[2002:7f00:1::]", "127.0.0.1", "6to4"),  # RFC 3056
        ("[::ffff:169.254.169.254]", "169.254.169.254", "ipv4-mapped"),
    ],
)
def test_ipv6_embedding_ipv4(host: str, embedded: str, embedding: str) -> None:
    info = analyze(host)
    assert info.kind is HostKind.IPV6
    assert str(info.embedded) == embedded
    assert info.embedding == embedding
    assert info.special_purpose == special_purpose(ipaddress.IPv4Address(embedded))


@pytest.mark.parametrize("host", ["[::1]", "[::]", "[2001:db8::1]", "[fe80::1]"])
def test_ipv6_without_ipv4_inside(host: str) -> None:
    assert analyze(host).embedded is None


@pytest.mark.parametrize(
    ("host", "kind"),
    [
        ("127.0.0.1", HostKind.IPV4),
        ("[::1]", HostKind.IPV6),
        ("[v1.x]", HostKind.IPVFUTURE),
        ("[V7.a:b]", HostKind.IPVFUTURE),
        ("127.0.0.01", HostKind.REG_NAME),  # dec-octet has no leading zeros (RFC 3.2.2)
        ("h", HostKind.REG_NAME),
    ],
)
def test_host_kind_rfc_3_2_2(host: str, kind: HostKind) -> None:
    assert host_kind(host) is kind
    assert analyze(host).kind is kind


@pytest.mark.parametrize(
    "host",
    [
        "localhost",
        "LOCALHOST",
        "localhost.",
        "a.b.localhost",
        "%6Cocalhost",
        encoded("ｌｏｃａｌｈｏｓｔ"),
        encoded("localhost。"),
    ],
)
def test_localhost_names_rfc_6761(host: str) -> None:
    info = analyze(host)
    assert info.localhost
    assert special_name(info.special_purpose) == "localhost"


@pytest.mark.parametrize("host", ["localhost.example", "notlocalhost", "localhostx"])
def test_names_merely_containing_localhost(host: str) -> None:
    assert not analyze(host).localhost


@pytest.mark.parametrize(
    ("address", "purpose"),
    [
        ("127.0.0.1", "Loopback"),
        ("10.1.2.3", "Private-Use"),
        ("192.168.0.1", "Private-Use"),
        ("172.16.0.1", "Private-Use"),
        ("169.254.169.254", "Link Local"),
        ("224.0.0.1", "Multicast"),
        ("0.0.0.0", "This host on this network"),
        ("100.64.0.1", "Shared Address Space"),
        ("::1", "Loopback Address"),
        ("::", "Unspecified Address"),
        ("fe80::1", "Link-Local Unicast"),
        ("fc00::1", "Unique-Local"),
        ("ff02::1", "Multicast"),
        ("::ffff:10.0.0.1", "Private-Use"),
        ("2001:db8::1", "Documentation"),  # RFC 3849: documentation, not "private"
        ("8.8.8.8", None),
        ("2606:4700::1111", None),
        ("::ffff:8.8.8.8", None),  # judged by the IPv4 address it reaches
    ],
)
def test_special_purpose_rfc_6890(address: str, purpose: str | None) -> None:
    assert special_name(special_purpose(ipaddress.ip_address(address))) == purpose


def test_ipvfuture_cannot_be_checked() -> None:
    assert analyze("[v1.x]").special_purpose == "IPvFuture"
    assert analyze("[v1.x]").is_ip


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("http://0x7f.1/", "127.0.0.1"),
        ("http://%31%32%37.0.0.1/", "127.0.0.1"),
        ("http://192.0.2.1/", "192.0.2.1"),
        ("http://[::1]/", "::1"),
        ("http://example.com/", None),
        ("mailto:a@b", None),
    ],
)
def test_host_address_view(text: str, address: str | None) -> None:
    found = parse(text).host_address
    assert (None if found is None else str(found)) == address


def test_analysis_never_raises_on_broken_text() -> None:
    # Hosts cut out of invalid references (for Policy.problems) reach it too.
    for host in ["%zz", "[::1", "[", "%", "[fe80::1%eth0]", "\ud800", "a b"]:
        analyze(host)
    assert analyze("%31%32%37.0.0.1%zz").addresses == ()


# -- a differential property: the C library's inet_aton is the reference ------------------


@settings(max_examples=400, deadline=None)
@given(st.integers(0, 2**32 - 1).flatmap(lambda v: st.tuples(inet_aton_spellings(v), st.just(v))))
def test_inet_aton_agrees(spelling: tuple[str, int]) -> None:
    text, value = spelling
    assert socket.inet_aton(text) == value.to_bytes(4, "big")
    assert analyze(text).address == ipaddress.IPv4Address(value)
    assert URI.parse(f"http://{text}/").host_address == ipaddress.IPv4Address(value)


# -- readers' decoding: a C string ends at NUL, IPv6 in a reg-name (RFC 7.4) ----------------


@pytest.mark.parametrize(
    ("host", "address"),
    [
        ("127.0.0.1%00.evil.example", "127.0.0.1"),  # a C resolver stops at the NUL
        ("127.0X01.2.0X3%00", "127.1.2.3"),
        ("0x7f.1%00", "127.0.0.1"),
        ("%3A%3A1", "::1"),  # RFC 3.2.2: a reg-name may percent-encode any octet
        ("%3a%3A%31", "::1"),
        ("2%3001%3A%30%64%628%3A%3A1", "2001:db8::1"),
        ("%3A%3Affff%3A127.0.0.1", "::ffff:127.0.0.1"),
        ("%3A%3A1%2599", "::1"),  # a zone, which getaddrinfo and ipaddress take
        ("%3A%3A1%00x", "::1"),
        ("%EF%BC%9A%EF%BC%9A%EF%BC%91", "::1"),  # full-width colons and digit (NFKC)
    ],
)
def test_reg_names_read_as_addresses_after_decoding(host: str, address: str) -> None:
    info = analyze(host)
    assert info.kind is HostKind.REG_NAME
    assert info.address == ipaddress.ip_address(address)
    assert info.is_ip
    assert info.not_a_name is not None  # each also holds what no host name holds


def test_python_resolver_reads_full_width_ipv6() -> None:
    # socket.getaddrinfo applies the IDNA codec (NFKC) to a str host: U+FF1A becomes ':'.
    infos = socket.getaddrinfo("：：１", None, flags=socket.AI_NUMERICHOST)
    assert infos[0][4][0] == "::1"
    assert analyze(encoded("：：１")).address == ipaddress.IPv6Address("::1")


def test_c_resolver_stops_at_nul() -> None:
    assert socket.inet_aton("127.0.0.1\x00.evil.example".partition("\x00")[0]) == LOOPBACK.packed
    assert "127.0.0.1" in analyze("127.0.0.1%00.evil.example").names


@pytest.mark.parametrize(
    ("host", "why"),
    [
        ("127.0.0.1%00.evil.example", "'%00' decodes to a NUL octet, where a C resolver stops"),
        ("a%09b", "'%09' decodes to the control character U+0009"),
        ("a%7Fb", "'%7F' decodes to the control character U+007F"),
        ("a%20b", "'%20' decodes to a space"),
        ("%3A%3A1", "'%3A' decodes to ':'"),
        ("a%25b", "'%25' decodes to '%'"),
        ("a%2Fb", "'%2F' decodes to '/'"),
        ("a%40b", "'%40' decodes to '@'"),
        ("a%FFb", "'%FF' is no part of a UTF-8 sequence (RFC 3986 3.2.2)"),
        ("a%EF%BC%8Fb", "'／' (U+FF0F) becomes '/' under IDNA"),
        ("%EF%BC%9A%EF%BC%9A1", "'：' (U+FF1A) becomes ':' under IDNA"),
    ],
)
def test_reg_names_that_are_no_host_names(host: str, why: str) -> None:
    """RFC 3.2.2: a reg-name holds unreserved and sub-delims characters, and encoded
    UTF-8; what decodes to anything else names nothing a resolver looks up as written."""
    found = analyze(host).not_a_name
    assert found is not None
    assert found.startswith(why)


@pytest.mark.parametrize(
    "host",
    ["example.com", "b%C3%BCcher.example", "%41%42.example", "a_b.example", "a b", "%zz", "\ud800"],
)
def test_host_names_and_syntax_errors_are_not_blamed(host: str) -> None:
    # A character as written ("a b") is a syntax error, reported as such, not here.
    assert analyze(host).not_a_name is None


def test_ip_literals_are_never_blamed() -> None:
    assert analyze("[::1]").not_a_name is None
    assert analyze("127.0.0.1").not_a_name is None


# -- special-use names (RFC 6761 6; RFC 6762; RFC 8375) -------------------------------------


@pytest.mark.parametrize(
    ("host", "name", "internal"),
    [
        ("localhost", "localhost", True),  # RFC 6761 6.3
        ("a.b.LocalHost..", "localhost", True),
        ("x.y.LOCALHOST.%00.evil.example", "localhost", True),  # a C string ends at NUL
        (
            "%EF%BD%8C%EF%BD%8F%EF%BD%83%EF%BD%81%EF%BD%8C%EF%BD%88%EF%BD%8F%EF%BD%93%EF%BD%94",
            "localhost",
            True,
        ),
        ("printer.local", "local", True),  # RFC 6762: multicast DNS
        ("PRINTER.LOCAL.", "local", True),
        ("router.home.arpa", "home.arpa", True),  # RFC 8375
        ("home.arpa.", "home.arpa", True),
        ("test", "test", True),  # RFC 6761 6.2
        ("site.t%45st", "test", True),
        ("x.invalid", "invalid", True),  # RFC 6761 6.4
        ("abc.onion", "onion", True),  # RFC 7686 2
        ("_dns.resolver.arpa", "resolver.arpa", True),  # RFC 9462
        ("1.1.168.192.in-addr.arpa", "168.192.in-addr.arpa", True),  # RFC 6761 6.1
        ("example", "example", False),  # RFC 6761 6.5: not to be treated differently
        ("www.EXAMPLE.com.", "example", False),
        ("localhost.example", "example", False),
        ("example.com", "example", False),
        ("arpa", None, False),
        ("localhostx", None, False),
        ("testing.com", None, False),
        ("local.example.org", "example", False),
    ],
)
def test_special_names(host: str, name: str | None, internal: bool) -> None:
    info = analyze(host)
    assert info.special_name == name
    assert (info.special_purpose is not None) is internal
    if internal:
        assert info.special_purpose == name
    assert info.localhost is (name == "localhost")
