"""IRI resolution (RFC 3987 6.5): RFC 3986 5.2 applied to IRI text, checked on the RFC
3986 5.4 examples spelled with non-ASCII characters and against resolving the mapped
URIs (RFC 3987 3.1)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

import urikit
from tests.values.test_resolve import ABNORMAL, BASE, NORMAL
from urikit.strategies import from_rule

# The characters of the 5.4 examples, made IRI characters: each ASCII letter of the
# base's host, path and references stands for itself with an accent added.
_ACCENTED = str.maketrans({"a": "\u00e1", "b": "\u00df", "c": "\u00e7", "g": "\u011f"})


def _iri(text: str) -> str:
    """``text`` with its letters accented, the scheme (RFC 3986 3.1: ASCII) kept."""
    scheme, colon, rest = text.partition(":")
    if colon and urikit.is_valid(scheme, "scheme"):
        return scheme + ":" + rest.translate(_ACCENTED)
    return text.translate(_ACCENTED)


@pytest.mark.parametrize(("ref", "target"), NORMAL + ABNORMAL)
def test_rfc_3986_5_4_examples_as_iris(ref: str, target: str) -> None:
    """RFC 3987 6.5: "the algorithm of RFC 3986 5.2" on IRIs, here with non-ASCII text."""
    result = urikit.resolve_iri(_iri(BASE), _iri(ref))
    assert str(result) == _iri(target)


def test_base_needs_a_scheme_rfc_3986_5_1() -> None:
    with pytest.raises(urikit.InvalidURIError, match=r"RFC 3987 6\.5"):
        urikit.resolve_iri("//\u00e9/x", "y")
    with pytest.raises(urikit.InvalidURIError):
        urikit.resolve_iri("http://a/", "\u200e")  # RFC 3987 4.1: no bidi formatting


def test_non_strict_ignores_the_same_scheme_rfc_3986_5_2_2() -> None:
    assert str(urikit.resolve_iri("http://\u00e9/b/c", "http:g", strict=False)) == (
        "http://\u00e9/b/g"
    )


@settings(max_examples=300, deadline=None, database=None)
@given(from_rule("IRI", max_repeat=3), from_rule("IRI-reference", max_repeat=3))
def test_resolution_commutes_with_the_mapping_rfc_3987_3_1(base: str, ref: str) -> None:
    """Resolving IRIs, then mapping, is resolving the mapped URIs (RFC 3987 6.5, 3.1)."""
    target = urikit.resolve_iri(base, ref)
    base_iri, ref_iri = urikit.IRIReference(base), urikit.IRIReference(ref)
    assert target.to_uri() == urikit.resolve(base_iri.to_uri(), ref_iri.to_uri())
