"""IRIReference (RFC 3987 2.2), normalization and comparison (5.3), Builder/compose IDNA."""

from __future__ import annotations

import copy
import pickle
from collections.abc import Callable

import pytest
from hypothesis import given, settings

import urikit
from urikit import InvalidURIError, IRIReference, equivalent_iri, normalize_iri
from urikit.strategies import uri_references


def test_components_as_written_with_the_uri_models_views() -> None:
    iri = IRIReference(
        "http://j\u00fcrgen:s3cret@b\u00fccher.example:8080/a/stra%C3%9Fe?q=caf\u00e9#\u00e9"
    )
    assert (iri.scheme, iri.userinfo, iri.user, iri.password) == (
        "http",
        "j\u00fcrgen:s3cret",
        "j\u00fcrgen",
        "s3cret",
    )
    assert (iri.host, iri.port, iri.path) == ("b\u00fccher.example", "8080", "/a/stra%C3%9Fe")
    assert iri.authority == "j\u00fcrgen:s3cret@b\u00fccher.example:8080"
    assert (iri.query, iri.fragment) == ("q=caf\u00e9", "\u00e9")
    assert iri.segments == ("a", "stra%C3%9Fe")
    assert iri.decoded_segments == ("a", "stra\u00dfe")
    assert iri.decoded_path == "/a/stra\u00dfe"
    assert (iri.decoded_query, iri.decoded_host) == ("q=caf\u00e9", "b\u00fccher.example")
    assert (
        str(iri)
        == "http://j\u00fcrgen:s3cret@b\u00fccher.example:8080/a/stra%C3%9Fe?q=caf\u00e9#\u00e9"
    )
    assert "s3cret" not in repr(iri) and "j\u00fcrgen:***@" in repr(iri)


@pytest.mark.parametrize(
    ("text", "host", "port", "path", "query"),
    [
        ("//[::1]:80", "[::1]", "80", "", None),
        ("\u00e9/b?", None, None, "\u00e9/b", ""),
        ("x:", None, None, "", None),
        ("//h:", "h", "", "", None),
    ],
)
def test_undefined_and_empty_kept_apart(
    text: str, host: str | None, port: str | None, path: str, query: str | None
) -> None:
    iri = IRIReference(text)
    assert (iri.host, iri.port, iri.path, iri.query) == (host, port, path, query)


def test_construction_validates_and_values_are_immutable_values() -> None:
    with pytest.raises(InvalidURIError) as info:
        IRIReference("http://a/\u202e")
    assert info.value.rule == "ipath-abempty"
    with pytest.raises(TypeError):
        IRIReference(b"http://a/")  # type: ignore[arg-type]
    iri = IRIReference("http://\u00e9/")
    with pytest.raises(AttributeError):
        setattr(iri, "_text", "x")  # noqa: B010  # the slot is private, so only setattr reaches it
    assert pickle.loads(pickle.dumps(iri)) == iri == copy.deepcopy(iri)
    assert iri != "http://\u00e9/" and len({iri, IRIReference("http://\u00e9/")}) == 1
    # 5.3.1: equality is character by character; no mapping to URIs.
    assert iri != IRIReference("http://%C3%A9/")


def test_to_uri_and_from_uri() -> None:
    iri = IRIReference("http://b\u00fccher.example/\u00e9")
    assert iri.to_uri() == urikit.parse("http://b%C3%BCcher.example/%C3%A9")
    assert str(iri.to_uri(idna=True)) == "http://xn--bcher-kva.example/%C3%A9"
    assert IRIReference.from_uri("http://xn--bcher-kva.example/%C3%A9", idna=True) == iri
    assert IRIReference.from_uri(urikit.parse("/%C3%A9")) == IRIReference("/\u00e9")


def test_rfc_3987_5_3_2_example() -> None:
    a = "example://a/b/c/%7Bfoo%7D/ros\u00e9"
    b = "eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9"
    assert normalize_iri(b) == a
    assert equivalent_iri(a, b)
    assert normalize_iri(IRIReference(b)) == a


def test_rfc_3987_5_3_3_examples() -> None:
    forms = [
        "http://example.com",
        "http://example.com/",
        "http://example.com:/",
        "http://example.com:80/",
    ]
    assert {normalize_iri(form) for form in forms} == {"http://example.com/"}
    assert not equivalent_iri("http://example.com/?", "http://example.com/")
    # An IDN and its A-labels are one only when asked (idna=True); case folds with UTS #46.
    assert not equivalent_iri(
        "http://r\u00e9sum\u00e9.example.org", "http://xn--rsum-bpad.example.org"
    )
    assert equivalent_iri(
        "http://R\u00c9SUM\u00c9.example.org", "http://xn--rsum-bpad.example.org", idna=True
    )
    assert normalize_iri("http://xn--rsum-bpad.example.org", idna=True) == (
        "http://r\u00e9sum\u00e9.example.org/"
    )


def test_nfc_only_when_asked_5_3_2_2() -> None:
    composed = "http://www.example.org/r\u00e9sum\u00e9.html"
    decomposed = "http://www.example.org/re\u0301sume\u0301.html"
    assert not equivalent_iri(composed, decomposed)
    assert normalize_iri(decomposed) == decomposed
    assert equivalent_iri(composed, decomposed, nfc=True)
    assert normalize_iri(decomposed, nfc=True) == composed


def test_builder_and_compose_take_a_unicode_host() -> None:
    built = urikit.Builder().scheme("https").host("B\u00fccher.example", idna=True).build()
    assert str(built) == "https://xn--bcher-kva.example"
    # Without idna the step percent-encodes it as UTF-8 (RFC 3986 2.5); for a scheme whose
    # hosts DNS looks up, build() then writes A-labels, as RFC 3986 3.2.2 asks of
    # producers; another scheme keeps the reg-name as it is.
    assert str(urikit.Builder().scheme("https").host("b\u00fccher.example").build()) == (
        "https://xn--bcher-kva.example"
    )
    assert str(urikit.Builder().scheme("urn-x").host("b\u00fccher.example").build()) == (
        "urn-x://b%C3%BCcher.example"
    )
    assert str(
        urikit.compose(scheme="https", host="\u4f8b\u3048.jp", idna=True, path="/\u00e9")
    ) == ("https://xn--r8jz45g.jp/%C3%A9")
    assert (
        str(urikit.compose(scheme="https", host="example.com", idna=True)) == "https://example.com"
    )
    with pytest.raises(InvalidURIError) as info:
        urikit.compose(scheme="https", host="-x.\u00e9", idna=True)
    assert info.value.rule == "ireg-name"


def test_pydantic_iri_fields() -> None:
    from pydantic import BaseModel, ValidationError

    from urikit.integrations.pydantic import IRIField, IRIReferenceField

    class Page(BaseModel):
        home: IRIField
        link: IRIReferenceField | None = None

    page = Page.model_validate({"home": "https://b\u00fccher.example/\u00e9", "link": "../\u00e9"})
    assert page.home == IRIReference("https://b\u00fccher.example/\u00e9")
    assert str(page.home.to_uri(idna=True)) == "https://xn--bcher-kva.example/%C3%A9"
    assert page.model_dump() == {"home": "https://b\u00fccher.example/\u00e9", "link": "../\u00e9"}
    schema = Page.model_json_schema()["properties"]
    assert (schema["home"]["type"], schema["home"]["format"]) == ("string", "iri")
    with pytest.raises(ValidationError) as info:
        Page.model_validate({"home": "../relative"})  # an IRI needs a scheme
    assert info.value.errors()[0]["type"] == "uri_syntax"
    with pytest.raises(ValidationError) as info:
        Page.model_validate({"home": "http://a/\u202e"})
    ctx = info.value.errors()[0].get("ctx")
    assert ctx is not None
    assert ctx["rule"] == "ipath-abempty"


# -- one reader for URIs and IRIs (RFC 3987 2.2) -------------------------------------------

_READERS = (
    "scheme",
    "authority",
    "userinfo",
    "user",
    "password",
    "host",
    "port",
    "path",
    "query",
    "fragment",
    "decoded_user",
    "decoded_password",
    "decoded_host",
    "decoded_path",
    "decoded_query",
    "decoded_fragment",
)


def _outcome(read: Callable[[], object]) -> object:
    """What a reader gives: its value, or the rule and component of its error."""
    try:
        return read()
    except InvalidURIError as error:
        return ("error", error.rule, error.component)


@settings(max_examples=300)
@given(uri_references(max_repeat=4))
def test_an_ascii_iri_reads_as_the_uri_reference_reads(text: str) -> None:
    """RFC 3987 2.2: an ASCII IRI-reference is a URI-reference with the same components;
    both classes read them with the same code. The one documented difference: an IRI's
    ``segments`` of an absolute path has no leading ``""``."""
    iri, uri = IRIReference(text), urikit.parse(text)
    for name in _READERS:
        expected = _outcome(lambda: getattr(uri, name))  # noqa: B023  # called at once
        assert _outcome(lambda: getattr(iri, name)) == expected, name  # noqa: B023
    assert iri.query_pairs() == uri.query_pairs()
    assert _outcome(iri.decoded_query_pairs) == _outcome(uri.decoded_query_pairs)
    leading = ("",) if uri.path.startswith("/") else ()
    assert leading + iri.segments == uri.segments
    decoded = _outcome(lambda: iri.decoded_segments)
    assert decoded == _outcome(lambda: uri.decoded_segments[len(leading) :])
    assert str(iri) == str(uri) == text
    assert repr(iri) == repr(uri).replace(type(uri).__name__, "IRIReference", 1)


def test_segments_of_an_absolute_path_have_no_leading_empty_one() -> None:
    """The path split at "/" (RFC 3987 2.2 ``ipath``); URI.segments keeps the leading ""
    of an absolute path (RFC 3986 3.3), IRIReference.segments does not."""
    assert IRIReference("http://h/").segments == ("",)
    assert urikit.parse("http://h/").segments == ("", "")
    assert IRIReference("/a/\u00e9").segments == ("a", "\u00e9")
    assert IRIReference("a/b").segments == ("a", "b") == urikit.parse("a/b").segments
    assert IRIReference("//h").segments == () == urikit.parse("//h").segments


def test_pickles_of_the_old_layout_load() -> None:
    """An IRIReference pickled before the readers were shared (its text was a slot) loads:
    a pickle holds the class and the text only."""
    old = (  # pickle.dumps(IRIReference("http://\u00e9/a"), protocol=4) on main, 9263f90
        b"\x80\x04\x958\x00\x00\x00\x00\x00\x00\x00\x8c\x11urikit.values.iri\x94"
        b"\x8c\x0cIRIReference\x94\x93\x94\x8c\x0bhttp://\xc3\xa9/a\x94\x85\x94R\x94."
    )
    assert pickle.loads(old) == IRIReference("http://\u00e9/a")
