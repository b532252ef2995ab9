"""Builder and compose write hosts a client can use for schemes whose hosts DNS looks up
(RFC 3986 3.2.2: producers "should provide these registered names in
the IDNA encoding"; RFC 1123 2.1 host names)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import urikit
from urikit import Builder, Policy, URIBuildError, compose
from urikit._core.reachable import DNS_SCHEMES

DNS_CLIENT = Policy(host_syntax="dns")


@pytest.mark.parametrize("scheme", sorted(DNS_SCHEMES))
@pytest.mark.parametrize("host", ["exa mple", "a..b", "-bad-.com", "256.1.1.1", "a_b.com", ""])
def test_a_host_dns_cannot_carry_is_refused(scheme: str, host: str) -> None:
    with pytest.raises(URIBuildError) as info:
        Builder().scheme(scheme).host(host).build()
    assert info.value.code == "host-not-dns"
    with pytest.raises(URIBuildError) as again:
        compose(scheme=scheme, host=host)
    assert again.value.message == info.value.message  # one voice


def test_a_space_is_said_to_be_no_part_of_a_host_name() -> None:
    with pytest.raises(URIBuildError) as info:
        Builder().scheme("https").host("exa mple").build()
    assert "host names cannot contain spaces" in info.value.message


@pytest.mark.parametrize("scheme", sorted(DNS_SCHEMES))
def test_a_unicode_host_becomes_a_labels_whichever_step_comes_first(scheme: str) -> None:
    expected = f"{scheme}://xn--bcher-kva.example/a"
    assert str(Builder().scheme(scheme).host("bücher.example").path("/a").build()) == expected
    assert str(Builder().host("bücher.example").scheme(scheme).path("/a").build()) == expected
    assert str(compose(scheme=scheme, host="bücher.example", path="/a")) == expected
    assert str(compose(scheme=scheme.upper(), host="BÜCHER.example", path="/a")) == expected


def test_compose_idna_false_refuses_instead_of_converting() -> None:
    with pytest.raises(URIBuildError) as info:
        compose(scheme="https", host="bücher.example", idna=False)
    assert info.value.code == "host-not-dns"
    assert "A-labels" in info.value.message
    # For another scheme, False keeps RFC 3986's percent-encoded reg-name (2.5).
    assert str(compose(scheme="x", host="bücher", idna=False)) == "x://b%C3%BCcher"


@pytest.mark.parametrize(
    "host",
    ["example.com", "EXAMPLE.com.", "93.184.216.34", "::1", "[2001:db8::1]", "xn--bcher-kva.ch"],
)
def test_ip_addresses_and_host_names_pass_unchanged(host: str) -> None:
    built = Builder().scheme("https").host(host).build()
    assert built.host == (f"[{host}]" if host == "::1" else host)


def test_other_schemes_keep_rfc_3986_reg_names() -> None:
    assert str(Builder().scheme("foo").host("exa mple").build()) == "foo://exa%20mple"
    assert str(Builder().host("a..b").build_reference()) == "//a..b"


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(sorted(DNS_SCHEMES)),
    st.text(alphabet="ab1-._ %é", min_size=1, max_size=12),
)
def test_what_a_build_writes_a_dns_policy_accepts(scheme: str, host: str) -> None:
    """Builder and Policy agree: a built host passes host_syntax="dns"."""
    try:
        built = compose(scheme=scheme, host=host)
    except (URIBuildError, urikit.InvalidURIError):
        return
    assert DNS_CLIENT.accepts(str(built)), (host, str(built))
