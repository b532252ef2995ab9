"""Policy(accept_iri=True): IRIs are mapped to URIs on the way in (RFC 3987 3.1)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from urikit import URI, Policy, PolicyError, iri_to_uri

IRI = "https://b\u00fccher.example/stra\u00dfe"


def test_an_iri_is_accepted_and_returned_as_the_uri_it_maps_to_rfc3987_3_1() -> None:
    policy = Policy(schemes={"https"}, accept_iri=True)
    uri = policy.check(IRI)
    assert uri == URI("https://b%C3%BCcher.example/stra%C3%9Fe")
    assert policy.problems(IRI) == []


def test_without_accept_iri_the_iri_is_a_syntax_problem() -> None:
    policy = Policy(schemes={"https"})
    with pytest.raises(PolicyError) as info:
        policy.check(IRI)
    assert info.value.code == "syntax"
    assert info.value.position == IRI.index("\u00fc")
    assert info.value.problem.rule == "reg-name"


def test_idna_gives_a_labels_rfc3987_3_1_step_2() -> None:
    policy = Policy(schemes={"https"}, accept_iri=True, idna=True)
    # UTS #46 maps the case and the full-width dot first
    assert str(policy.check("https://B\u00dcCHER\uff0eexample/\u00e9")) == (
        "https://xn--bcher-kva.example/%C3%A9"
    )


def test_an_ascii_text_is_judged_as_before() -> None:
    plain, iri = Policy(), Policy(accept_iri=True)
    for text in ("http://h/p?q#f", "http://h/a b", "http:// h"):
        assert iri.problems(text) == plain.problems(text)


def test_a_text_that_is_no_iri_is_located_in_the_text_as_given_rfc3987_4_1() -> None:
    # a bidi formatting character is not in ucschar
    [problem] = Policy(accept_iri=True).problems("https://a/\u202e")
    assert (problem.code, problem.position, problem.rule) == ("syntax", 10, "ipath-abempty")
    refused = Policy(allow_fragment=False, accept_iri=True).problems("https://\u00e9/#\u202e")
    assert [p.code for p in refused] == ["syntax", "fragment-forbidden"]
    assert [p.position for p in refused] == [11, 10]  # in the text as given, not its mapping


@pytest.mark.parametrize("idna", [False, True])
@pytest.mark.parametrize(
    "host",
    [
        "\uff4c\uff4f\uff43\uff41\uff4c\uff48\uff4f\uff53\uff54",
        "\uff11\uff12\uff17.\uff10.\uff10.\uff11",
    ],
)
def test_full_width_internal_hosts_are_refused_after_the_mapping(host: str, idna: bool) -> None:
    # full-width "localhost" / "127.0.0.1": the mapped host still leads to this machine
    policy = Policy(accept_iri=True, idna=idna, allow_internal_host=False)
    assert [p.code for p in policy.problems(f"http://{host}/")] == ["internal-host-forbidden"]


def test_the_length_limit_holds_for_the_mapped_uri() -> None:
    policy = Policy(accept_iri=True, max_length=20)
    text = "http://h/\u00e9\u00e9\u00e9\u00e9"  # 13 characters, 25 once mapped
    assert [p.code for p in policy.problems(text)] == ["too-long"]


def test_idna_needs_accept_iri() -> None:
    with pytest.raises(ValueError, match="accept_iri"):
        Policy(idna=True)
    with pytest.raises(TypeError, match="accept_iri must be True or False"):
        Policy(accept_iri=1)  # type: ignore[call-overload]


_IRI_TEXT = st.text(st.sampled_from("ab/?#.\u00e9\u00fc\u4e2d\U00010000"), max_size=12)


@given(path=_IRI_TEXT, normalize=st.booleans())
def test_what_check_returns_satisfies_the_policy(path: str, normalize: bool) -> None:
    policy = Policy(
        schemes={"http"}, accept_iri=True, allow_fragment=False, max_length=40, normalize=normalize
    )
    text = f"http://h\u00e9/{path}"
    try:
        uri = policy.check(text)
    except PolicyError:
        return
    assert str(uri).isascii()
    assert Policy(schemes={"http"}, allow_fragment=False, max_length=40).accepts(str(uri))
    if not normalize:
        assert str(uri) == iri_to_uri(text)
