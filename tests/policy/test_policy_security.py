"""Policy against every spelling of a host (RFC 3986 7.4): SSRF options, ports,
lengths after normalization, every problem at once, typed results."""

from __future__ import annotations

import ipaddress
from typing import assert_type

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.core.strategies import host_spellings, internal_ipv4
from urikit import URI, Policy, PolicyError, RelativeReference
from urikit.hosts import SPECIAL_USE_NAMES, SpecialUseName

NO_IP = Policy(allow_ip_host=False)
PUBLIC = Policy(allow_internal_host=False)
# Every spelling of an IP address that a resolver reads (RFC 7.4), one host each.
SPELLINGS = [
    "http://127.0.0.1/",
    "http://2130706433/",
    "http://0x7f.1/",
    "http://127.0.0.1./",
    "http://%31%32%37.0.0.1/",
    "http://0x" + "0" * 62 + "7f.1/",
    "http://%EF%BC%91%EF%BC%92%EF%BC%97.0.0.1/",
    "http://127%E3%80%820%E3%80%820%E3%80%821/",
    "http://[::ffff:127.0.0.1]/",
    "http://[::ffff:7f00:1]/",
    "http://[::127.0.0.1]/",
    "http://[64:ff9b::7f00:1]/",
    "http://[2002:7f00:1::]/",
    "http://0177.0.0.1/",
    "http://127.1/",
]


def codes(policy: Policy[URI], text: str) -> list[str]:
    return [p.code for p in policy.problems(text)]


@pytest.mark.parametrize("text", SPELLINGS)
def test_no_ip_host_in_any_spelling_rfc_7_4(text: str) -> None:
    assert codes(NO_IP, text) == ["ip-host-forbidden"]
    with pytest.raises(PolicyError):
        Policy(allow_ip_host=False, normalize=True).check(text)


@pytest.mark.parametrize("text", SPELLINGS)
def test_no_loopback_in_any_spelling(text: str) -> None:
    found = PUBLIC.problems(text)
    assert [(p.code, p.component, p.position) for p in found] == [
        ("internal-host-forbidden", "host", 7)
    ]
    assert '127.0.0.0/8 "Loopback"' in found[0].message


def test_ip_host_message_says_how_a_name_is_read() -> None:
    (problem,) = NO_IP.problems("http://0x7f.1/")
    assert problem.message == (
        "an IP address as host (0x7f.1, read as 127.0.0.1) is not allowed; use a domain name"
    )


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("http://10.0.0.1/", '10.0.0.0/8 "Private-Use" (RFC 1918)'),
        ("http://192.168.1.1:8080/", "Private-Use"),
        ("http://169.254.169.254/latest/meta-data/", "Link Local"),  # cloud metadata
        ("http://[fe80::1]/", "Link-Local Unicast"),
        ("http://224.0.0.1/", "Multicast"),
        ("http://0.0.0.0/", "This host on this network"),
        ("http://0/", "leads to 0.0.0.0, in 0.0.0.0/32"),
        ("http://[::]/", "Unspecified Address"),
        ("http://[::1]/", "Loopback Address"),
        ("http://[fc00::1]/", "Unique-Local"),
        ("http://100.64.0.1/", "Shared Address Space"),
        ("http://localhost/", "RFC 6761"),
        ("http://LOCALHOST./", "RFC 6761"),
        ("http://api.localhost/", "RFC 6761"),
        ("http://%6C%6F%63%61%6C%68%6F%73%74/", "RFC 6761"),
        ("http://[v1.fe80]/", "IPvFuture"),
        ("http://[2001:db8::1]/", '2001:db8::/32 "Documentation" (RFC 3849)'),  # not "private"
        ("http://192.0.0.8/", '"IPv4 dummy address"'),  # newer than Python 3.11's table
        ("file:///etc/passwd", "empty host"),
    ],
)
def test_internal_hosts_refused(text: str, word: str) -> None:
    found = PUBLIC.problems(text)
    assert [p.code for p in found] == ["internal-host-forbidden"]
    assert word in found[0].message


@pytest.mark.parametrize(
    "text",
    [
        "https://example.com/",
        "http://8.8.8.8/",
        "http://[2606:4700::1111]/",
        "http://[::ffff:8.8.8.8]/",
        "http://localhost.example/",
        "mailto:a@example.com",
    ],
)
def test_public_hosts_pass(text: str) -> None:
    assert PUBLIC.accepts(text)


def test_internal_and_ip_rules_both_report() -> None:
    policy = Policy(allow_ip_host=False, allow_internal_host=False)
    assert codes(policy, "http://0x7f.1/") == ["ip-host-forbidden", "internal-host-forbidden"]


# -- ports (RFC 3.2.3) ----------------------------------------------------------------------


def test_ports() -> None:
    policy = Policy(ports={443})
    assert policy.accepts("https://h/")  # the default port of https
    assert policy.accepts("https://h:443/")
    assert policy.accepts("https://h:0443/")
    assert policy.accepts("mailto:a@b")  # no authority, no port
    found = policy.problems("https://h:8443/")
    assert [(p.code, p.component, p.position) for p in found] == [("port-not-allowed", "port", 10)]
    assert found[0].message == "port 8443 is not allowed; use 443"
    (default,) = policy.problems("http://h/")
    assert default.message == "port 80 (the default of http) is not allowed; use 443"
    assert default.position == 8
    assert codes(policy, "foo://h/") == ["port-not-allowed"]  # no known default
    assert codes(policy, "https://h:" + "9" * 40 + "/") == ["port-not-allowed"]


def test_port_range() -> None:
    policy = Policy(ports=range(1024, 65536))
    assert policy.accepts("http://h:8080/")
    assert policy.problems("http://h:22/")[0].message == (
        "port 22 is not allowed; use a port from 1024 to 65535"
    )


# -- max_length holds for what is returned --------------------------------------------------


def test_max_length_after_normalize() -> None:
    policy = Policy(max_length=8, normalize=True)
    assert policy.problems("http://h") == []  # the text itself is short enough
    with pytest.raises(PolicyError) as info:
        policy.check("http://h")  # but RFC 6.2.3 makes it "http://h/"
    assert info.value.code == "too-long"
    assert str(info.value).startswith("once normalized, the URI is 9 characters long")
    assert not policy.accepts("http://h")


def test_a_normalizer_is_held_to_the_policy() -> None:
    def to_http(ref: URI) -> URI:
        return ref.with_scheme("http")

    with pytest.raises(PolicyError) as info:
        Policy(schemes={"https"}, normalize=to_http).check("https://h/")
    assert info.value.code == "scheme-not-allowed"


# -- the constructor checks its own arguments -----------------------------------------------


@pytest.mark.parametrize(
    "kwargs",
    [
        {"max_length": 3.5},
        {"max_length": "10"},
        {"max_length": True},
        {"schemes": b"https"},
        {"schemes": ["https", b"http"]},
        {"schemes": 3},
        {"allow_ip_host": "no"},
        {"allow_internal_host": 0},
        {"ports": {"443"}},
        {"ports": {True}},
        {"ports": 443},
        {"normalize": "yes"},
    ],
)
def test_wrong_argument_types(kwargs: dict[str, object]) -> None:
    with pytest.raises(TypeError):
        Policy(**kwargs)  # type: ignore[call-overload]


_WRONG_PORTS: list[dict[str, object]] = [
    {"ports": {-1}},
    {"ports": set[int]()},
    {"ports": range(-1, 80)},
    {"ports": range(80, 80)},
]


@pytest.mark.parametrize("kwargs", _WRONG_PORTS)
def test_wrong_argument_values(kwargs: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        Policy(**kwargs)  # type: ignore[call-overload]


def test_schemes_bytes_message() -> None:
    with pytest.raises(TypeError, match="collection of str"):
        Policy(schemes=b"https")  # type: ignore[call-overload]


# -- every problem, also after a syntax error -----------------------------------------------


def test_problems_after_a_syntax_error_are_the_syntax_problem_alone() -> None:
    """Rules judged on broken text mislead; the syntax error stands alone."""
    found = Policy(allow_userinfo=False).problems("https://u:p@h/ x")
    # the position counts in the redacted text "https://u:***@h/ x" (RFC 7.5)
    assert [(p.code, p.position) for p in found] == [("syntax", 16)]
    policy = Policy(allow_ip_host=False, allow_internal_host=False, ports={443})
    found = policy.problems("http://u@0x7f.1:8080/a b")
    assert [p.code for p in found] == ["syntax"]
    found = policy.problems("http://u@0x7f.1:8080/a_b")
    assert [(p.code, p.position) for p in found] == [
        ("ip-host-forbidden", 9),
        ("internal-host-forbidden", 9),
        ("port-not-allowed", 16),
    ]


def test_several_rules_at_once() -> None:
    policy = Policy(schemes={"https"}, allow_userinfo=False, allow_fragment=False)
    found = policy.problems("http://u@h/#f")
    assert [(p.code, p.position) for p in found] == [
        ("scheme-not-allowed", 0),
        ("userinfo-forbidden", 7),
        ("fragment-forbidden", 11),
    ]


# -- typed results ----------------------------------------------------------------------------


def test_typed_results() -> None:
    uri = Policy().check("https://h/")
    assert_type(uri, URI)
    assert isinstance(uri, URI)
    rel = Policy(require="relative").check("/x")
    assert_type(rel, RelativeReference)
    assert isinstance(rel, RelativeReference)
    either = Policy(require="any").check("/x")
    assert_type(either, URI | RelativeReference)


# -- properties -------------------------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(internal_ipv4().flatmap(host_spellings))
def test_every_spelling_of_an_internal_ipv4_address_is_refused(host: str) -> None:
    """What a resolver reads as loopback or private is refused (RFC 7.4, RFC 6890)."""
    assert "internal-host-forbidden" in codes(PUBLIC, f"http://{host}/")
    assert "ip-host-forbidden" in codes(NO_IP, f"http://{host}/")


POLICIES = [
    Policy(allow_ip_host=False, normalize=True, max_length=40),
    Policy(allow_internal_host=False, normalize=True, ports={80, 443}),
    Policy(schemes={"http"}, require_host=True, allow_userinfo=False, normalize=True),
    Policy(require="any", allow_fragment=False, allow_password=False, max_length=12),
]
HOSTILE = st.one_of(
    st.integers(0, 2**32 - 1).flatmap(host_spellings).map(lambda h: f"http://{h}/"),
    st.text(alphabet="hH%2E7f.:/@0x[]#?u1", max_size=24).map(lambda t: "http://" + t),
    st.sampled_from(SPELLINGS),
)


@settings(max_examples=400, deadline=None)
@given(HOSTILE, st.sampled_from(POLICIES))
def test_what_check_returns_satisfies_the_policy(text: str, policy: Policy[URI]) -> None:
    """What check() returns passes the policy that returned it, also with ``normalize``."""
    try:
        value = policy.check(text)
    except PolicyError:
        return
    assert policy.problems(str(value)) == []
    assert policy.check(str(value)) == value
    if policy.max_length is not None:
        assert len(str(value)) <= policy.max_length


def test_spellings_strategy_reads_back() -> None:
    # the strategy's hosts are what they claim: the analysis reads the address back
    from urikit._core.hosts import analyze

    host = "%EF%BC%91%EF%BC%92%EF%BC%97%E3%80%820%E3%80%820%E3%80%821"
    assert analyze(host).address == ipaddress.IPv4Address("127.0.0.1")


# -- hosts as readers read them (RFC 7.4) ---------------------------------------------------


@pytest.mark.parametrize(
    ("text", "ip", "internal"),
    [
        # a NUL after an address or a special name: a C resolver stops there
        ("http://127.0.0.1%00.evil.example/", True, True),
        ("http://127.0X01.2.0X3%00/", True, True),
        ("http://x.y.LOCALHOST.%00.evil.example/", False, True),
        # IPv6 as a reg-name: getaddrinfo and ipaddress read the decoded text
        ("http://%3A%3A1/", True, True),
        ("http://2%3001%3A%30%64%628%3A%3A1/", True, True),
        ("http://%3A%3Affff%3A169.254.169.254/", True, True),
        ("http://2606%3A4700%3A%3A1111/", True, False),
        # decodes to what DNS cannot carry, read as nothing
        ("http://evil.example%09/", False, False),
        ("http://evil.example%2F..%2F/", False, False),
        ("http://a%FF.example/", False, False),
    ],
)
def test_hosts_as_readers_read_them(text: str, ip: bool, internal: bool) -> None:
    """RFC 3986 3.2.2, 7.4: every policy that restricts hosts refuses a reg-name that
    decodes to what no host name holds, and says which address a reader sees."""
    no_ip, public = codes(NO_IP, text), codes(PUBLIC, text)
    assert no_ip == ["host-not-a-name"] + (["ip-host-forbidden"] if ip else [])
    assert public == ["host-not-a-name"] + (["internal-host-forbidden"] if internal else [])
    assert Policy().accepts(text)  # a policy that does not restrict hosts takes it


def test_host_not_a_name_says_why() -> None:
    (problem, _) = NO_IP.problems("http://%3A%3A1/")
    assert (problem.code, problem.component, problem.position) == ("host-not-a-name", "host", 7)
    assert problem.message == "the host %3A%3A1 is not a host name: '%3A' decodes to ':'"
    (problem, _) = PUBLIC.problems("http://127.0.0.1%00.evil.example/")
    assert problem.message == (
        "the host 127.0.0.1%00.evil.example is not a host name:"
        " '%00' decodes to a NUL octet, where a C resolver stops reading"
    )


def test_full_width_ipv6_in_an_iri_host() -> None:
    """RFC 3987 3.1 maps the IRI; NFKC (the IDNA codec of getaddrinfo) folds U+FF1A and
    U+FF11 into '::1'."""
    text = "http://：：１/"
    assert codes(Policy(allow_ip_host=False, accept_iri=True), text) == [
        "host-not-a-name",
        "ip-host-forbidden",
    ]
    found = Policy(allow_internal_host=False, accept_iri=True).problems(text)
    assert [p.code for p in found] == ["host-not-a-name", "internal-host-forbidden"]
    assert "'：' (U+FF1A) becomes ':' under IDNA" in found[0].message
    assert "leads to ::1" in found[1].message
    # IDNA2008 refuses the name outright
    assert codes(Policy(allow_ip_host=False, accept_iri=True, idna=True), text)[0] == "syntax"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("http://printer.local/", "multicast DNS name, answered on the local link (RFC 6762)"),
        ("http://ROUTER.home.arpa./", "home network (RFC 8375)"),
        ("http://site.test/", "RFC 6761 6.2"),
        ("http://x.INVALID../", "RFC 6761 6.4"),
        ("http://%6C%6F%63%61%6C%68%6F%73%74./", "names the local machine (RFC 6761 6.3)"),
    ],
)
def test_special_use_names_are_internal(text: str, words: str) -> None:
    (problem,) = PUBLIC.problems(text)
    assert problem.code == "internal-host-forbidden"
    assert words in problem.message
    assert NO_IP.accepts(text)  # a name, not an address


_INTERNAL_ROWS = [row for row in SPECIAL_USE_NAMES if row.internal]


@pytest.mark.parametrize("row", _INTERNAL_ROWS, ids=[row.name for row in _INTERNAL_ROWS])
def test_every_internal_special_use_name_is_refused(row: SpecialUseName) -> None:
    """Each internal row of the IANA registry (RFC 6761 7), the name itself and a name
    under it, in any case, with a trailing dot, percent-encoded: refused with the
    row's reason; an IP-only policy accepts them (names, not addresses)."""
    for host in (row.name, "a-b.c." + row.name.upper() + ".", "%61." + row.name):
        text = f"http://{host}/"
        (problem,) = PUBLIC.problems(text)
        assert problem.code == "internal-host-forbidden"
        assert row.why in problem.message
        assert problem.position == len("http://")
        assert NO_IP.accepts(text)


@pytest.mark.parametrize(
    "text", ["http://example.com/", "http://www.example/", "http://example.org./"]
)
def test_example_names_are_public_rfc_6761_6_5(text: str) -> None:
    # "Application software SHOULD NOT recognize example names as special."
    assert PUBLIC.accepts(text)
