"""The resolving guard (RFC 3986 7.4): resolve once, check every address against the
IANA special-purpose registries (RFC 6890), return what was checked. Every resolver here
is injected: no test touches the network."""

from __future__ import annotations

import inspect
import ipaddress
import socket
import threading
from collections.abc import Sequence

import pytest

from urikit import URI, Policy, PolicyError
from urikit.security import DEFAULT_GUARD, AddressInfo, CheckedHost, resolve_checked

Answer = tuple[int, int, int, str, tuple[object, ...]]
V4, V6, TCP = socket.AF_INET, socket.AF_INET6, socket.SOCK_STREAM


class FakeDNS:
    """A resolver that answers from a table and records every call."""

    def __init__(self, **names: list[str]) -> None:
        self.names = {name.replace("_", "."): found for name, found in names.items()}
        self.calls: list[tuple[str, int, int, int]] = []

    def __call__(self, host: str, port: int, family: int, type: int, /) -> Sequence[Answer]:
        self.calls.append((host, port, family, type))
        if host not in self.names:
            raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")
        return [
            (V6, TCP, 6, "", (a, port, 0, 0)) if ":" in a else (V4, TCP, 6, "", (a, port))
            for a in self.names[host]
        ]


def test_public_answers_are_returned_to_connect_to() -> None:
    dns = FakeDNS(api_example=["2606:4700::1111", "8.8.8.8", "8.8.8.8"])
    checked = resolve_checked("https://api.example/v1?q=1", resolver=dns)
    assert checked == CheckedHost(
        uri=URI("https://api.example/v1?q=1"),
        host="api.example",
        port=443,  # the default of https (RFC 3.2.3)
        addresses=(ipaddress.ip_address("2606:4700::1111"), ipaddress.ip_address("8.8.8.8")),
        infos=(
            AddressInfo(V6, TCP, 6, ("2606:4700::1111", 443, 0, 0), checked.addresses[0]),
            AddressInfo(V4, TCP, 6, ("8.8.8.8", 443), checked.addresses[1]),
            AddressInfo(V4, TCP, 6, ("8.8.8.8", 443), checked.addresses[1]),
        ),
    )
    assert dns.calls == [("api.example", 443, 0, TCP)]  # one lookup, no second to rebind


@pytest.mark.parametrize(
    ("answers", "named"),
    [
        (["10.0.0.5"], '10.0.0.5, in 10.0.0.0/8 "Private-Use" (RFC 1918)'),
        (["8.8.8.8", "127.0.0.1"], '127.0.0.1, in 127.0.0.0/8 "Loopback"'),  # every address
        (["169.254.169.254"], '169.254.169.254, in 169.254.0.0/16 "Link Local"'),
        (["::1"], '::1, in ::1/128 "Loopback Address"'),
        (["fd00::1"], 'fd00::1, in fc00::/7 "Unique-Local"'),
        (["::ffff:10.1.1.1"], 'in 10.0.0.0/8 "Private-Use"'),  # IPv4-mapped
        (["64:ff9b::7f00:1"], 'in 127.0.0.0/8 "Loopback"'),  # NAT64 of loopback
        (["192.0.0.8"], '192.0.0.8, in 192.0.0.8/32 "IPv4 dummy address"'),
    ],
)
def test_an_internal_answer_is_refused(answers: list[str], named: str) -> None:
    dns = FakeDNS(rebind_example=answers)
    with pytest.raises(PolicyError) as info:
        resolve_checked("http://ann:s3cret@rebind.example:8080/", resolver=dns)
    error = info.value
    assert error.code == "internal-host-forbidden"
    assert str(error).startswith("the host rebind.example resolves to ")
    assert named in str(error)
    assert error.text[error.position or 0 :].startswith("rebind.example:8080/")
    for shown in (str(error), repr(error), *map(str, error.args)):
        assert "s3cret" not in shown  # RFC 7.5: never the password
    assert dns.calls == [("rebind.example", 8080, 0, TCP)]


@pytest.mark.parametrize(
    "text",
    ["http://127.0.0.1/", "http://0x7f.1/", "http://localhost/", "http://[::1]/", "file:///x"],
)
def test_the_default_policy_refuses_before_any_lookup(text: str) -> None:
    dns = FakeDNS()
    with pytest.raises(PolicyError) as info:
        resolve_checked(text, resolver=dns)
    assert info.value.code in ("internal-host-forbidden", "host-required")
    assert dns.calls == []
    assert DEFAULT_GUARD.problems(text)


@pytest.mark.parametrize(
    "text",
    [
        "http://duckduckgogg42xjoc72x3sjasowoarfbgcmvfimaftt6twagswzczad.onion/",
        "http://x.ONION./",
        "http://%6F%6E%69%6F%6E/",
        "http://x%00.y.onion/",  # the host as a whole falls under .onion
        "http://name.alt/",
        "http://u:secret@a.b.alt:8080/",
    ],
)
def test_names_outside_dns_are_never_looked_up(text: str) -> None:
    """RFC 7686 2: an application that does not speak Tor "SHOULD NOT perform a DNS
    lookup" for .onion; RFC 9476 1: a .alt name "should not be resolved using the DNS
    protocol". Refused before the resolver is called, whatever the policy allows."""
    dns = FakeDNS()
    with pytest.raises(PolicyError) as info:
        resolve_checked(text, Policy(require_host=True), resolver=dns)
    assert info.value.code == "host-not-dns"
    assert "RFC 7686 2" in str(info.value) or "RFC 9476" in str(info.value)
    assert "secret" not in str(info.value) and "secret" not in info.value.text
    assert dns.calls == []
    with pytest.raises(PolicyError) as info:  # the default guard refuses it as written
        resolve_checked(text, resolver=dns)
    assert "internal-host-forbidden" in [p.code for p in info.value.problems]
    assert dns.calls == []


@pytest.mark.parametrize(
    "text", ["http://x.onion%20/", "http://x.onion%2F/", "http://u:secret@a.b%09/"]
)
def test_a_host_that_is_no_name_is_never_looked_up(text: str) -> None:
    """RFC 3986 3.2.2: decoded, the host holds a character no host name holds; no lookup
    of it can be right, and it would carry the labels (``x.onion``) to the resolver
    (RFC 7686 2). Refused before the resolver is called, whatever the policy allows."""
    dns = FakeDNS()
    with pytest.raises(PolicyError) as info:
        resolve_checked(text, Policy(allow_internal_host=True), resolver=dns)
    assert info.value.code == "host-not-dns"
    assert "secret" not in str(info.value) and "secret" not in info.value.text
    assert dns.calls == []


def test_local_special_names_are_looked_up_when_the_policy_allows_them() -> None:
    """A policy that allows internal hosts lets home.arpa (RFC 8375) reach the
    resolver; the addresses it answers are judged as ever."""
    dns = FakeDNS(nas_home_arpa=["192.168.1.20"])
    allow = [ipaddress.ip_network("192.168.1.0/24")]
    checked = resolve_checked("http://nas.home.arpa/", Policy(), resolver=dns, allow=allow)
    assert checked.addresses == (ipaddress.IPv4Address("192.168.1.20"),)
    with pytest.raises(PolicyError, match="home network"):
        resolve_checked("http://nas.home.arpa/", resolver=dns)


def test_a_given_policy_judges_the_text_and_addresses_are_judged_still() -> None:
    https = Policy(schemes={"https"}, allow_userinfo=False)
    dns = FakeDNS(intranet_example=["10.0.0.5"], example_com=["93.184.215.14"])
    with pytest.raises(PolicyError) as info:
        resolve_checked("http://example.com/", https, resolver=dns)
    assert info.value.code == "scheme-not-allowed"
    # this policy allows internal hosts as written; the addresses are judged anyway
    with pytest.raises(PolicyError, match=r"resolves to 10\.0\.0\.5"):
        resolve_checked("https://intranet.example/", https, resolver=dns)
    assert resolve_checked("https://example.com:8443/", https, resolver=dns).port == 8443
    assert [call[0] for call in dns.calls] == ["intranet.example", "example.com"]


def test_allow_lets_chosen_networks_through() -> None:
    dns = FakeDNS(metrics_internal=["10.1.2.3"])
    allow = [ipaddress.ip_network("10.1.0.0/16")]
    checked = resolve_checked("http://metrics.internal/", resolver=dns, allow=allow)
    assert checked.addresses == (ipaddress.IPv4Address("10.1.2.3"),)
    with pytest.raises(PolicyError):
        resolve_checked("http://metrics.internal/", resolver=dns)


def test_what_is_resolved_is_the_decoded_host() -> None:
    dns = FakeDNS(**{"bücher_example": ["8.8.4.4"]})
    checked = resolve_checked(URI("http://b%C3%BCcher.example/"), resolver=dns)
    assert checked.host == "bücher.example"  # percent-decoded (RFC 3.2.2); IDNA is the resolver's
    literal = FakeDNS(**{"2606:4700::1111": ["2606:4700::1111"]})
    assert resolve_checked("http://[2606:4700::1111]:81/", resolver=literal).port == 81
    assert literal.calls == [("2606:4700::1111", 81, 0, TCP)]


def test_resolver_errors_and_empty_answers() -> None:
    with pytest.raises(socket.gaierror):
        resolve_checked("https://nowhere.example/", resolver=FakeDNS())

    def unix_only(host: str, port: int, family: int, type: int, /) -> Sequence[Answer]:
        return [(socket.AF_UNIX, TCP, 0, "", ("/run/x.sock", 0))]

    with pytest.raises(OSError, match="no IPv4 or IPv6 address"):
        resolve_checked("https://odd.example/", resolver=unix_only)


def test_a_resolver_that_does_not_answer_in_time() -> None:
    release = threading.Event()

    def stuck(host: str, port: int, family: int, type: int, /) -> Sequence[Answer]:
        release.wait()
        return [(V4, TCP, 6, "", ("8.8.8.8", port))]

    try:
        with pytest.raises(TimeoutError, match=r"resolving 'slow\.example' took longer than"):
            resolve_checked("https://slow.example/", resolver=stuck, timeout=0.01)
    finally:
        release.set()
    dns = FakeDNS(fast_example=["8.8.8.8"])
    assert resolve_checked("https://fast.example/", resolver=dns, timeout=None).port == 443


@pytest.mark.parametrize(
    ("text", "code", "policy"),
    [
        ("foo://h.example/", "port-not-allowed", DEFAULT_GUARD),  # no port, no default
        # above 16 bits (RFC 793): every policy refuses it, the guard too
        ("http://h.example:70000/", "port-out-of-range", DEFAULT_GUARD),
        ("http://h.example:70000/", "port-out-of-range", Policy(ports={70000})),
        ("mailto:a@h.example", "host-required", Policy()),
        ("//h.example/", "scheme-required", Policy(require="any")),  # typed out, refused too
    ],
)
def test_no_address_without_host_and_port(text: str, code: str, policy: Policy[URI]) -> None:
    dns = FakeDNS(h_example=["8.8.8.8"])
    with pytest.raises(PolicyError) as info:
        resolve_checked(text, policy, resolver=dns)
    assert info.value.code == code
    assert dns.calls == []


@pytest.mark.parametrize(
    ("timeout", "error"), [("5", TypeError), (True, TypeError), (0, ValueError)]
)
def test_timeout_argument(timeout: object, error: type[Exception]) -> None:
    with pytest.raises(error):
        resolve_checked("https://h.example/", resolver=FakeDNS(), timeout=timeout)  # type: ignore[arg-type]


def test_socket_getaddrinfo_is_the_default_resolver() -> None:
    parameters = inspect.signature(resolve_checked).parameters
    assert parameters["resolver"].default is socket.getaddrinfo
    assert parameters["timeout"].default == 5.0
    assert parameters["resolver"].kind is inspect.Parameter.KEYWORD_ONLY


@pytest.mark.parametrize(
    "arguments",
    [
        {"uri": b"https://h.example/"},  # bytes are not text (the input rule)
        {"uri": "https://h.example/", "policy": {"allow_internal_host": False}},
        {"uri": "https://h.example/", "allow": ["10.0.0.0/8"]},
    ],
)
def test_wrong_argument_types(arguments: dict[str, object]) -> None:
    dns = FakeDNS(h_example=["8.8.8.8"])
    with pytest.raises(TypeError):
        resolve_checked(resolver=dns, **arguments)  # type: ignore[arg-type]
    assert dns.calls == []
