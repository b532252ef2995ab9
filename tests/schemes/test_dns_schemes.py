"""A registered scheme whose hosts are DNS names (``register(..., dns_host=True)``): Builder
and compose write its hosts as they do http's (RFC 3986 3.2.2: producers "should provide
these registered names in the IDNA encoding"; RFC 1123 2.1 host names)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from urikit import Builder, URIBuildError, compose
from urikit._core.reachable import BUILT_IN_DNS_SCHEMES, DNS_SCHEMES
from urikit.policy._hints import slips
from urikit.schemes import Scheme, lit, opt, ref, register, registered, schemes

# gopher://host[:port]/selector (RFC 4266 2.1): a host that DNS looks up
GOPHER = lit("gopher://") + ref("host") + opt(lit(":") + ref("port")) + ref("path-abempty")


@pytest.fixture
def gopher() -> Iterator[str]:
    register("Gopher", GOPHER, default_port=70, dns_host=True)
    yield "gopher"
    register("gopher", GOPHER, default_port=70)  # no DNS mark left for other tests


def test_a_registered_dns_scheme_writes_a_labels(gopher: str) -> None:
    assert gopher in DNS_SCHEMES
    expected = "gopher://xn--bcher-kva.example/1"
    assert str(Builder().scheme(gopher).host("bücher.example").path("/1").build()) == expected
    assert str(compose(scheme="GOPHER", host="BÜCHER.example", path="/1")) == expected


@pytest.mark.parametrize("host", ["exa mple", "a..b", "-bad-.com", "a_b.com"])
def test_a_registered_dns_scheme_refuses_what_dns_cannot_carry(gopher: str, host: str) -> None:
    with pytest.raises(URIBuildError) as info:
        Builder().scheme(gopher).host(host).build()
    assert info.value.code == "host-not-dns"
    with pytest.raises(URIBuildError) as again:
        compose(scheme=gopher, host=host)
    assert again.value.message == info.value.message


def test_a_slip_after_a_registered_dns_scheme_is_hinted(gopher: str) -> None:
    assert next(fixed for _, fixed in slips("gopher:/example.com/1", "https")) == (
        "gopher://example.com/1"
    )


def test_without_the_flag_a_registered_scheme_keeps_rfc_3986_reg_names() -> None:
    register("x-plain", "URI")
    assert "x-plain" not in DNS_SCHEMES
    assert str(compose(scheme="x-plain", host="exa mple")) == "x-plain://exa%20mple"


def test_the_registry_reports_the_flag(gopher: str) -> None:
    """What ``register(..., dns_host=True)`` said is read back, typed, from the
    returned Scheme, from ``registered`` (any case, RFC 3986 3.1) and ``schemes()``."""
    entry = registered("GOPHER")
    assert entry is not None and entry.dns_host is True
    assert schemes()["gopher"].dns_host is True
    plain = register("x-plain-flag", "URI")
    assert plain.dns_host is False and registered("x-plain-flag") == plain


def test_the_flag_agrees_with_what_builders_use() -> None:
    """One fact: a registered scheme reports dns_host exactly when the builders treat
    it as a DNS scheme (http, https, ws, wss: RFC 9110 4.2, RFC 6455 3)."""
    for name, entry in schemes().items():
        assert isinstance(entry, Scheme)
        assert entry.dns_host is (name in DNS_SCHEMES), name
    assert {n for n, e in schemes().items() if e.dns_host} >= {"http", "https", "ws", "wss"}


def test_a_second_registration_replaces_the_mark(gopher: str) -> None:
    register(gopher, GOPHER, default_port=70)
    assert gopher not in DNS_SCHEMES
    entry = registered(gopher)
    assert entry is not None and entry.dns_host is False
    assert str(compose(scheme=gopher, host="exa mple")) == "gopher://exa%20mple"


def test_the_built_in_dns_schemes_stay() -> None:
    """RFC 9110 4.2 says http's host is a DNS name, whatever a registration says."""
    http = registered("http")
    assert http is not None
    try:
        again = register("http", "http-URI", default_port=80, dns_host=False)
        assert DNS_SCHEMES >= BUILT_IN_DNS_SCHEMES
        assert again.dns_host is True  # reported as the builders treat it
        assert str(compose(scheme="http", host="bücher.example")) == "http://xn--bcher-kva.example"
    finally:
        register("http", http.rule, default_port=http.default_port, normalize=http.normalize)


def test_bad_arguments_leave_the_dns_schemes_as_they_were() -> None:
    before = set(DNS_SCHEMES)
    with pytest.raises(TypeError, match="dns_host"):
        register("x-typed", "URI", dns_host=1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="0-65535"):
        register("x-port", "URI", default_port=70000, dns_host=True)
    assert set(DNS_SCHEMES) == before
    assert registered("x-typed") is None and registered("x-port") is None
