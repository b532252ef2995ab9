"""The slips people make in a form, answered by a Policy as a new user meets them:
whitespace around the text, an international name, port 0, a zone identifier, and one
problem for one slip."""

from __future__ import annotations

import pytest

from urikit import InvalidURIError, Policy, parse, uri_from_user_input
from urikit.errors.reasons import reason


@pytest.mark.parametrize(
    "text", [" https://example.com/ ", "https://example.com/\n", "\thttps://example.com/"]
)
def test_whitespace_around_the_text_is_named_and_stripped_text_proposed(text: str) -> None:
    """RFC 3986 Appendix C: whitespace around a URI is no part of it; no '%20' is
    proposed for it, but the text without it, and the option that removes it."""
    (problem,) = Policy().problems(text)
    assert problem.suggestion == "https://example.com/"
    assert "strip_whitespace=True" in problem.message
    assert "%20" not in problem.message
    assert problem.person_message == "Remove the space at the start or the end of this address"


def test_strip_whitespace_removes_it_before_checking() -> None:
    policy = Policy(strip_whitespace=True, require_host=True)
    assert str(policy.check("  https://example.com/a?b \n")) == "https://example.com/a?b"
    (problem,) = policy.problems(" https://exa mple.com/ ")
    assert problem.position == 11  # in the text as stripped
    assert problem.person_message == "This address has a space in it"
    assert Policy().problems(" https://exa mple.com/ ")[0].position == 0


def test_an_international_name_under_a_default_policy_says_how_to_accept_it() -> None:
    """RFC 3987 3.1: the Policy option that maps an IRI to its URI is named."""
    (problem,) = Policy().problems("https://bücher.example/")
    assert "accept_iri=True" in problem.message and "idna=True" in problem.message
    assert problem.suggestion is None  # no 'b%C3%BCcher' proposed as a host
    assert str(Policy(accept_iri=True).check("https://bücher.example/")) == (
        "https://b%C3%BCcher.example/"
    )


def test_port_0_is_refused_where_internal_hosts_are() -> None:
    """RFC 6335 6 reserves port 0; no client connects to it."""
    assert Policy().problems("https://example.com:0/") == []
    (problem,) = Policy(allow_internal_host=False).problems("https://example.com:0/")
    assert (problem.code, problem.component, problem.position) == ("port-zero", "port", 20)
    assert "port 0" in problem.message
    assert Policy(allow_internal_host=False).problems("https://example.com:00443/") == []


def test_a_zone_identifier_is_explained_the_same_everywhere() -> None:
    """RFC 9844 obsoleted RFC 6874: a zone identifier has no place in a URI; parse,
    a Policy and uri_from_user_input give the one reason."""
    text = "http://[fe80::1%25eth0]/"
    said = reason("zone-id")
    with pytest.raises(InvalidURIError) as parsed:
        parse(text)
    with pytest.raises(InvalidURIError) as typed:
        uri_from_user_input(text)
    (problem,) = Policy().problems(text)
    assert parsed.value.reason == typed.value.reason == problem.reason == said
    assert parsed.value.position == typed.value.position == problem.position == 15


@pytest.mark.parametrize(
    ("text", "codes"),
    [
        ("example.com", ["scheme-required"]),
        ("http//example.com", ["scheme-required"]),
        ("https:///path", ["host-required"]),
        ("mailto:a@example.com", ["scheme-not-allowed"]),
        ("https://u@localhost/", ["userinfo-forbidden", "internal-host-forbidden"]),
    ],
)
def test_one_slip_one_problem(text: str, codes: list[str]) -> None:
    """A problem an earlier one implies is not listed: a host where the scheme is
    missing (RFC 3986 3.2: the host follows '//'), an empty host's being internal;
    independent slips are each listed."""
    policy = Policy(
        schemes={"https"}, require_host=True, allow_userinfo=False, allow_internal_host=False
    )
    assert [p.code for p in policy.problems(text)] == codes
