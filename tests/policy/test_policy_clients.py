"""Policy: hosts and ports a client can use, problems that make sense together, and
hints that lead to input the policy accepts (RFC 3986 3.2.2, 3.2.3; RFC 1123 2.1)."""

from __future__ import annotations

import builtins

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import urikit
from urikit import Policy, PolicyError
from urikit._core import reachable as _reachable
from urikit._core.reachable import MAX_PORT, dns_host_problem

# What a web form for a public homepage would set.
FORM = Policy(
    schemes={"http", "https"},
    require_host=True,
    allow_userinfo=False,
    allow_internal_host=False,
    host_syntax="dns",
)


# -- host_syntax="dns": RFC 1123 2.1 host names, RFC 5890 A-labels -------------------------


@pytest.mark.parametrize(
    ("url", "broken"),
    [
        ("https://exa%20mple.com/", "host names cannot contain spaces"),
        ("http://-bad-.com/", "starts or ends with '-'"),
        ("http://bad-.com/", "starts or ends with '-'"),
        ("http://a..b/", "label 2 is empty"),
        ("http://.a.b/", "label 1 is empty"),
        ("http://256.1.1.1/", "last label '1' is all digits"),
        ("https://1.2.3.4.5/", "last label '5' is all digits"),
        ("http://a_b.example/", "'_' is not a letter, digit, hyphen or dot"),
        ("http://" + "a" * 64 + ".example/", "label 1 is 64 characters long"),
        ("http://" + "a." * 127 + "com/", "at most 253"),
        ("http://xn--abc.example/", "not a valid A-label"),
        ("http://xn--9.example/", "not a valid A-label"),
        ("http://ex%C3%A4mple.com/", "written as A-labels"),
        ("http://ex%2Bmple.com/", "'%2B' ('+') is not a letter"),
    ],
)
def test_dns_host_syntax_says_which_rule_the_host_breaks(url: str, broken: str) -> None:
    """Each refusal names the one RFC 1123 2.1 / RFC 5890 rule the host breaks."""
    assert urikit.is_valid(url, "URI")  # RFC 3986 allows every one of them (3.2.2)
    assert Policy(schemes={"http", "https"}).accepts(url)  # host_syntax="generic"
    with pytest.raises(PolicyError) as info:
        FORM.check(url)
    assert info.value.code == "host-not-dns"
    assert info.value.component == "host"
    assert info.value.position == url.index("//") + 2
    assert broken in info.value.message


@pytest.mark.parametrize(
    "url",
    [
        "https://example.com/",
        "https://EXAMPLE.com./",  # one trailing dot: the root (RFC 1034 3.1)
        "https://1x.example/",  # a label may start with a digit (RFC 1123 2.1)
        "https://a-b.example/",
        "https://xn--bcher-kva.example/",  # bücher: an A-label (RFC 5890 2.3.2.1)
        "https://93.184.216.34/",  # a dotted-quad IPv4address
        "https://[2001:4860::8888]/",  # an IP-literal
        "https://" + "a" * 63 + ".example/",
        "https://example.123a/",  # the last label is not all digits
        "https://" + "a." * 125 + "co/",  # 252 characters
    ],
)
def test_dns_host_syntax_accepts_hosts_a_client_can_look_up(url: str) -> None:
    assert FORM.accepts(url), FORM.problems(url)


def test_an_a_label_is_checked_without_the_idna_package(monkeypatch: pytest.MonkeyPatch) -> None:
    """RFC 5890 2.3.2.1: an xn-- label must be Punycode that decodes to a U-label;
    without urikit[idna] the Punycode round trip is still checked."""
    real_import = builtins.__import__

    def no_idna(name: str, *args: object, **kwargs: object) -> object:
        if name == "idna":
            raise ImportError(name)
        return real_import(name, *args, **kwargs)  # type: ignore[arg-type]

    _reachable._a_label_problem.cache_clear()  # pyright: ignore[reportPrivateUsage]
    monkeypatch.setattr(builtins, "__import__", no_idna)
    try:
        assert dns_host_problem("xn--bcher-kva.example") is None
        assert "not Punycode" in (dns_host_problem("xn--9.example") or "")
        assert "no U-label" in (dns_host_problem("xn--abc.example") or "")
    finally:
        monkeypatch.undo()
        _reachable._a_label_problem.cache_clear()  # pyright: ignore[reportPrivateUsage]


def test_host_syntax_is_checked_when_the_policy_is_made() -> None:
    with pytest.raises(ValueError, match="host_syntax"):
        Policy(host_syntax="DNS")  # type: ignore[call-overload]
    assert Policy().host_syntax == "generic"


# -- ports a client can use (RFC 3.2.3: 16 bits for TCP and UDP) ------------------------------


@pytest.mark.parametrize("policy", [Policy(), FORM, Policy(require="any")])
def test_every_policy_refuses_a_port_above_65535(policy: Policy) -> None:
    url = "https://example.com:99999/"
    assert urikit.is_valid(url, "URI")  # RFC 3.2.3: port = *DIGIT
    found = policy.problems(url)
    assert [(p.code, p.position) for p in found] == [("port-out-of-range", 20)]
    assert str(MAX_PORT) in found[0].message
    assert policy.accepts("https://example.com:65535/")
    assert policy.accepts("https://example.com:0000443/")  # leading zeros: still 443


def test_a_port_above_65535_passes_when_ports_lists_it() -> None:
    assert Policy(ports={99999}).accepts("https://example.com:99999/")
    assert Policy(ports=range(0, 100000)).accepts("https://example.com:99999/")
    assert not Policy(ports={443}).accepts("https://example.com:99999/")
    assert not Policy(ports={443}).accepts("https://example.com:" + "9" * 40 + "/")


def test_policy_and_builder_agree_on_the_port_limit() -> None:
    """One limit: what the Builder refuses to write, the Policy refuses to read."""
    with pytest.raises(urikit.URIBuildError):
        urikit.compose(scheme="https", host="h", port=MAX_PORT + 1)
    assert not Policy().accepts(f"https://h:{MAX_PORT + 1}/")
    built = str(urikit.compose(scheme="https", host="h", port=MAX_PORT))
    assert Policy().accepts(built)


# -- problems that make sense together ---------------------------------------------------------


def test_a_broken_ip_literal_gets_the_syntax_problem_only() -> None:
    """RFC 3.2.2: "[2001:db8::1" is no host at all, so it leads to no address."""
    found = FORM.problems("http://[2001:db8::1/")
    assert [p.code for p in found] == ["syntax"]
    assert found[0].component == "host"


@pytest.mark.parametrize(
    "policy",
    [FORM, Policy(), Policy(require_host=True), Policy(require="relative", require_host=True)],
)
def test_an_empty_value_is_said_to_be_empty(policy: Policy) -> None:
    found = policy.problems("")
    assert [p.code for p in found] == ["empty"]
    assert found[0].message.startswith("the value is empty")


def test_an_empty_relative_reference_passes_where_it_may() -> None:
    assert Policy(require="relative").problems("") == []  # RFC 4.2: "" is a relative-ref


def test_a_space_in_a_host_is_not_hinted_as_percent_20() -> None:
    """A percent-encoded space is no host name (RFC 1123 2.1): the hint says so."""
    message = FORM.problems("http://exa mple.com/")[0].message
    assert "host names cannot contain spaces" in message
    assert "%20" not in message
    # In a path a space is data, and %20 is its spelling (RFC 2.1).
    assert "%20" in FORM.problems("http://example.com/a b")[0].message


# -- hints for common slips lead to input that passes -----------------------------------------


@pytest.mark.parametrize(
    ("policy", "text", "suggestion"),
    [
        (FORM, "http:/example.com", "http://example.com"),
        (FORM, "https:example.com/a", "https://example.com/a"),
        (FORM, "example.com", "https://example.com"),
        (FORM, "www.example.com/a?b", "https://www.example.com/a?b"),
        (FORM, "example.com:8080/x", "https://example.com:8080/x"),
        (FORM, "//example.com/x", "https://example.com/x"),
        (Policy(schemes={"http"}), "example.com", "http://example.com"),
        (Policy(), "localhost/x", "https://localhost/x"),
    ],
)
def test_a_slip_gets_a_hint_whose_suggestion_passes(
    policy: Policy, text: str, suggestion: str
) -> None:
    problem = next(p for p in policy.problems(text) if p.suggestion is not None)
    assert problem.suggestion == suggestion
    assert repr(suggestion) in problem.message or "'https://' before" in problem.message
    assert policy.accepts(suggestion)


@pytest.mark.parametrize(
    ("policy", "text"),
    [
        (Policy(schemes={"https"}, require_host=True), "http:/example.com"),  # http refused
        (FORM, "example.com/a b"),  # a syntax error: no hint could pass
        (FORM, "bob@example.com"),  # an e-mail address, not a host
        (Policy(schemes={"https"}, allow_internal_host=False), "localhost/x"),
    ],
)
def test_no_hint_where_its_suggestion_would_fail(policy: Policy, text: str) -> None:
    assert all(p.suggestion is None for p in policy.problems(text))
    assert all("did you mean" not in p.message for p in policy.problems(text))


def _joined(scheme: str, sep: str, host: str, rest: str) -> str:
    return scheme + sep + host + rest


_SLIPPY = st.builds(
    _joined,
    st.sampled_from(["", "http:", "https:", "HTTP:", "ftp:", "mailto:", "x:"]),
    st.sampled_from(["", "/", "//", "///"]),
    st.sampled_from(["example.com", "www.example.com", "localhost", "10.0.0.1", "a..b", "h"]),
    st.sampled_from(["", ":8080", ":99999", "/p", "/a b", "?q#f", ":x"]),
)
_POLICIES = st.sampled_from(
    [
        FORM,
        Policy(),
        Policy(schemes={"https"}, require_host=True),
        Policy(require_host=True, allow_fragment=False, normalize=True),
        Policy(schemes={"ftp"}, ports={21}, allow_ip_host=False),
    ]
)


@settings(max_examples=300, deadline=None)
@given(_POLICIES, _SLIPPY)
def test_every_hint_leads_to_input_the_same_policy_accepts(policy: Policy, text: str) -> None:
    """Apply the hint, and the result validates under the same policy."""
    for problem in policy.problems(text):
        if problem.suggestion is not None:
            assert policy.accepts(problem.suggestion), (text, problem)


@settings(max_examples=200, deadline=None)
@given(st.integers(min_value=0, max_value=40))
def test_a_percent_20_hint_is_given_only_where_percent_20_passes(at: int) -> None:
    """A space anywhere in an accepted URI; where the message advises %20,
    writing %20 there gives a URI the same policy accepts (and in the host it never
    advises it: a host name cannot hold a space, encoded or not)."""
    base = "https://www.example.com/a/b?q=1#frag"
    assert FORM.accepts(base)
    at = min(at, len(base))
    text = base[:at] + " " + base[at:]
    (problem,) = FORM.problems(text)
    fixed = base[:at] + "%20" + base[at:]
    if "%20" in problem.message:
        assert FORM.accepts(fixed), (text, problem.message)
    if problem.component == "host":
        assert "%20" not in problem.message


@pytest.mark.parametrize(
    ("text", "suggestion"),
    [
        ("https://example.com/a b", "https://example.com/a%20b"),
        ("https://example.com/a\\b", "https://example.com/a%5Cb"),
        ("https://example.com/\u00fc", "https://example.com/%C3%BC"),  # its UTF-8 octets
    ],
)
def test_percent_encoding_advice_comes_with_the_text_it_makes(text: str, suggestion: str) -> None:
    (problem,) = FORM.problems(text)
    assert (problem.code, problem.suggestion) == ("syntax", suggestion)
    assert "percent-encode" in problem.message
    assert FORM.accepts(suggestion)


@pytest.mark.parametrize(
    "text", ["h ttps://www.example.com/", "https://b\u00fccher.example/", "example.com/a b"]
)
def test_percent_encoding_advice_is_dropped_where_it_would_not_pass(text: str) -> None:
    """``h%20ttps://...`` is no URI either; ``b%C3%BCcher`` is no DNS host name."""
    (problem,) = FORM.problems(text)
    assert problem.code == "syntax"
    assert problem.suggestion is None
    assert "percent" not in problem.message and "%" not in (problem.reason or "")
    assert problem.message.startswith(f"invalid character {text[problem.position or 0]!r}")


def test_a_leading_space_is_said_to_be_removed_not_encoded() -> None:
    """A space pasted before a URI is a slip: '%20' would not mend it."""
    for policy in (FORM, Policy(require="any")):
        (problem,) = policy.problems(" https://example.com/")
        assert "whitespace around the text is no part of a URI: remove it" in problem.message
        assert "%20" not in problem.message
    with pytest.raises(urikit.InvalidURIError) as info:
        urikit.validate(" https://example.com/", "URI")
    assert info.value.reason.endswith("remove it")


def test_an_empty_host_is_left_to_require_host() -> None:
    """RFC 3986 3.2.2: an empty host is no host name; whether one is needed is
    require_host's rule, not host_syntax's (file:///x has none, RFC 8089 2)."""
    assert Policy(host_syntax="dns").accepts("file:///etc/hosts")
    found = Policy(host_syntax="dns", require_host=True).problems("file:///etc/hosts")
    assert [p.code for p in found] == ["host-required"]


def test_a_suggestion_never_carries_a_password_rfc_7_5() -> None:
    """The position counts in the text with its password written ***; the suggestion
    is checked in the text as given and shown redacted, as every message is."""
    text = "https://user:hunter2@example.com/a b"
    (problem,) = Policy().problems(text)
    assert problem.suggestion == "https://user:***@example.com/a%20b"
    assert Policy().accepts("https://user:hunter2@example.com/a%20b")
    with pytest.raises(PolicyError) as info:
        Policy().check(text)
    assert "hunter2" not in repr(info.value) + str(info.value)
