"""compose() and the builder's query parameters: raw data in, each part encoded once."""

from __future__ import annotations

from typing import get_type_hints

import pytest

import urikit.build.compose
from urikit import Builder, ComposeParts, URIBuildError, compose, parse, resolve


def test_compose_segments_are_data_rfc_3_3() -> None:
    """A "/" inside a segment is %2F, so no untrusted part can add a segment or climb the
    path, also after resolution (RFC 5.2.4)."""
    uri = compose(scheme="https", host="h", segments=["files", "../etc/passwd", ""])
    assert str(uri) == "https://h/files/..%2Fetc%2Fpasswd/"
    assert str(resolve(uri, "x")) == "https://h/files/..%2Fetc%2Fpasswd/x"
    assert (
        uri == Builder().scheme("https").host("h").segments(["files", "../etc/passwd", ""]).build()
    )


@pytest.mark.parametrize("dot", [".", ".."])
def test_compose_refuses_dot_segments_as_data_rfc_6_2_2(dot: str) -> None:
    """No spelling of "." or ".." is data: normalization decodes %2E (6.2.2.2) and then
    removes the dot segment (6.2.2.3), so compose refuses it instead of writing %2E."""
    with pytest.raises(URIBuildError) as info:
        compose(scheme="https", host="h", segments=["files", dot, "x"])
    assert info.value.code == "dot-segment"


def test_compose_segments_make_the_path_unambiguous_rfc_4_2() -> None:
    assert str(compose(segments=["a:b", "c"])) == "./a:b/c"
    assert str(compose(segments=["", "a"])) == "/a"  # a first "" makes it absolute
    assert str(compose(segments=[])) == ""


def test_compose_path_or_segments() -> None:
    with pytest.raises(URIBuildError, match="path or segments"):
        compose(path="/a", segments=["b"])
    with pytest.raises(TypeError, match="not one str"):
        compose(segments="a/b")


def test_query_param_without_value_rfc_3_4() -> None:
    uri = compose(scheme="https", host="h", query_params=[("debug", None), ("q", "a b")])
    assert str(uri) == "https://h?debug&q=a%20b"
    assert uri.decoded_query_pairs() == [("debug", ""), ("q", "a b")]
    assert str(compose(scheme="https", host="h", query_params={"flag": None})) == "https://h?flag"


@pytest.mark.parametrize("items", [["ab", "cd"], [("a", "b", "c")], [("a",)], ["a"], [1]])
def test_query_params_refuse_items_that_are_not_pairs(items: list[object]) -> None:
    """["ab", "cd"] once built ?a=b&c=d: a string of two characters is no pair."""
    with pytest.raises(TypeError, match=r"\(key, value\) pairs"):
        Builder().query_params(items)  # type: ignore[arg-type]


def test_query_params_take_lists_of_two() -> None:
    """A pair that came from JSON is a list."""
    built = Builder().query_params([["a", "1"]]).build_reference()  # type: ignore[list-item]
    assert parse(str(built)).query == "a=1"


def test_compose_parts_spell_exactly_the_parameters_of_compose() -> None:
    """The overloads take ComposeParts; the function spells its fields out, in order,
    with the same types, and scheme first (it alone picks URI or RelativeReference)."""
    parameters = get_type_hints(urikit.build.compose.compose)
    del parameters["return"]
    assert next(iter(parameters)) == "scheme"
    del parameters["scheme"]
    assert get_type_hints(ComposeParts) == parameters
    assert list(get_type_hints(ComposeParts)) == list(parameters)
