"""iri_to_uri and uri_to_iri (RFC 3987 3.1, 3.2), with and without IDNA."""

from __future__ import annotations

import sys

import idna
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import urikit
from tests.syntax.test_properties import rule_strings
from urikit import InvalidURIError, iri_to_uri, uri_to_iri

SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# -- RFC 3987 3.1 --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("iri", "uri"),
    [
        ("http://r\u00e9sum\u00e9.example.org", "http://r%C3%A9sum%C3%A9.example.org"),
        # "characters allowed in URI references and existing percent-encoded sequences
        # are not encoded further"
        (
            "http://www.example.org/red%09ros\u00e9#red",
            "http://www.example.org/red%09ros%C3%A9#red",
        ),
        (
            "http://example.com/\U00010300\U00010301\U00010302",
            "http://example.com/%F0%90%8C%80%F0%90%8C%81%F0%90%8C%82",
        ),
        ("http://a/?\ue000", "http://a/?%EE%80%80"),  # iprivate: 3.1 step 2 maps it too
        ("\u00e9", "%C3%A9"),  # relative references map alike
        ("http://a/b?c#d", "http://a/b?c#d"),  # the identity on URIs
    ],
)
def test_rfc_3987_3_1_examples(iri: str, uri: str) -> None:
    assert iri_to_uri(iri) == uri
    assert urikit.is_valid(uri, "URI-reference")


def test_ireg_name_to_a_labels_3_1() -> None:
    """3.1: "http://r&#xE9;sum&#xE9;.example.org" may be "http://xn--rsum-bpad.example.org"."""
    assert iri_to_uri("http://r\u00e9sum\u00e9.example.org", idna=True) == (
        "http://xn--rsum-bpad.example.org"
    )
    # UTS #46 maps case and full-width dots; the rest of the IRI is mapped as usual.
    assert iri_to_uri("http://B\u00dcCHER\uff0eexample/\u00e9?x", idna=True) == (
        "http://xn--bcher-kva.example/%C3%A9?x"
    )
    assert iri_to_uri("http://u\u00e9@b\u00fccher.example:8080/", idna=True) == (
        "http://u%C3%A9@xn--bcher-kva.example:8080/"
    )
    # A host written with UTF-8 escapes among its characters is decoded first.
    assert iri_to_uri("http://b%C3%BCcher.\u00e9xample/", idna=True) == (
        "http://xn--bcher-kva.xn--xample-9ua/"
    )
    # ASCII hosts and IP literals are left as they are.
    assert iri_to_uri("http://EXAMPLE.com/\u00e9", idna=True) == "http://EXAMPLE.com/%C3%A9"
    assert iri_to_uri("http://[::1]/\u00e9", idna=True) == "http://[::1]/%C3%A9"


@pytest.mark.parametrize(
    "host",
    [
        "b\u00fccher.example",
        "\u4f8b\u3048.\u30c6\u30b9\u30c8",
        "fa\u00df.de",
        "\u0645\u062b\u0627\u0644.eg",
    ],
)
def test_idna_conversions_agree_with_the_idna_package(host: str) -> None:
    expected = idna.encode(host, uts46=True, transitional=False).decode("ascii")
    assert iri_to_uri(f"https://{host}/p", idna=True) == f"https://{expected}/p"
    assert uri_to_iri(f"https://{expected}/p", idna=True) == f"https://{idna.decode(expected)}/p"


@pytest.mark.parametrize("host", ["-x.\u00e9.com", "\u00e9..com", "\u0300\u00e9.com"])
def test_hosts_idna_refuses_raise_located_errors(host: str) -> None:
    with pytest.raises(idna.IDNAError):
        idna.encode(host, uts46=True, transitional=False)
    with pytest.raises(InvalidURIError) as info:
        iri_to_uri(f"http://{host}/", idna=True)
    assert (info.value.rule, info.value.position, info.value.component) == ("ireg-name", 7, "host")
    assert "IDNA2008" in info.value.reason


def test_missing_idna_extra_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "idna", None)  # import idna now raises ImportError
    with pytest.raises(ImportError, match=r"urikit\[idna\]"):
        iri_to_uri("http://b\u00fccher.example/", idna=True)
    with pytest.raises(ImportError, match=r"urikit\[idna\]"):
        uri_to_iri("http://xn--bcher-kva.example/", idna=True)
    assert iri_to_uri("http://b\u00fccher.example/") == "http://b%C3%BCcher.example/"


@pytest.mark.parametrize(
    ("text", "position"),
    [
        ("http://a b/", 8),
        ("http://a/\u202e", 9),
        ("http://a/\ue000", 9),
        ("%zz", 1),
        ("a\ufffe", 1),
    ],
)
def test_text_that_is_no_iri_raises_located_errors(text: str, position: int) -> None:
    for convert in (iri_to_uri, uri_to_iri):
        with pytest.raises(InvalidURIError) as info:
            convert(text)
        assert info.value.position == position


def test_non_text_is_refused() -> None:
    with pytest.raises(TypeError, match="decode bytes first"):
        iri_to_uri(b"http://a/")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        uri_to_iri(None)  # type: ignore[arg-type]


# -- RFC 3987 3.2 --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("uri", "iri"),
    [
        # 3.2.1, the three examples
        ("http://www.example.org/D%C3%BCrst", "http://www.example.org/D\u00fcrst"),
        ("http://www.example.org/D%FCrst", "http://www.example.org/D%FCrst"),
        ("http://xn--99zt52a.example.org/%e2%80%ae", "http://xn--99zt52a.example.org/%E2%80%AE"),
        # step 2: "%", reserved and ASCII not allowed in URIs stay; unreserved decode
        ("/%25%2F%3A%40%20%3C%7F%41%7e", "/%25%2F%3A%40%20%3C%7FA~"),
        # step 3: not strictly legal UTF-8 (overlong, surrogate, truncated, beyond U+10FFFF)
        ("/%C0%AF%ED%A0%80%E2%82%F4%90%80%80", "/%C0%AF%ED%A0%80%E2%82%F4%90%80%80"),
        ("/%c3", "/%C3"),  # an octet decoded and re-encoded is written in uppercase
        # step 4: iprivate only in the query; noncharacters and bidi controls never
        ("/%EE%80%80?%EE%80%80#%EE%80%80", "/%EE%80%80?\ue000#%EE%80%80"),
        ("?%EF%BF%BE%EF%B7%90%E2%80%8F", "?%EF%BF%BE%EF%B7%90%E2%80%8F"),
        ("/%F0%9F%98%80/%C3%A9%C3", "/\U0001f600/\u00e9%C3"),
        ("http://r%C3%A9sum%C3%A9.example.org", "http://r\u00e9sum\u00e9.example.org"),
    ],
)
def test_rfc_3987_3_2_conversion(uri: str, iri: str) -> None:
    assert uri_to_iri(uri) == iri
    assert urikit.is_valid(iri, "IRI-reference")


def test_a_labels_shown_as_u_labels_3_2_1() -> None:
    uri = "http://xn--99zt52a.example.org/%e2%80%ae"
    assert uri_to_iri(uri, idna=True) == "http://\u7d0d\u8c46.example.org/%E2%80%AE"
    # A label that does not decode stays as it is.
    assert uri_to_iri("http://xn--zz.example/", idna=True) == "http://xn--zz.example/"


# -- properties ----------------------------------------------------------------------------


@SETTINGS
@given(text=rule_strings("IRI-reference"))
def test_iri_to_uri_gives_a_uri_reference_and_is_idempotent(text: str) -> None:
    uri = iri_to_uri(text)
    assert urikit.is_valid(uri, "URI-reference")
    assert iri_to_uri(uri) == uri
    if text.isascii():  # every URI is an IRI, and the mapping is the identity on it
        assert uri == text


@SETTINGS
@given(text=rule_strings("IRI-reference"))
def test_uri_to_iri_is_idempotent_and_maps_back(text: str) -> None:
    iri = uri_to_iri(text)
    assert urikit.is_valid(iri, "IRI-reference")
    assert uri_to_iri(iri) == iri
    # Mapping back gives the same URI up to what 3.2 names: the case of escapes and
    # percent-encoded unreserved characters.
    back = iri_to_uri(iri)
    assert urikit.normalize(urikit.parse(back)) == urikit.normalize(urikit.parse(iri_to_uri(text)))


@SETTINGS
@given(text=rule_strings("IRI-reference").filter(lambda t: "%" not in t))
def test_round_trip_for_iris_without_percent_encodings(text: str) -> None:
    assert uri_to_iri(iri_to_uri(text)) == text


@SETTINGS
@given(text=st.text(max_size=20))
def test_any_text_gives_a_result_or_a_located_error(text: str) -> None:
    for convert in (iri_to_uri, uri_to_iri):
        try:
            convert(text)
        except InvalidURIError as error:
            assert 0 <= error.position <= len(error.text)
