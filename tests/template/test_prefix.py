"""Prefix modifiers (RFC 6570 2.4.1): a max-length counts Unicode characters of the
value, "not octets, in order to avoid splitting between the octets of a multi-octet-
encoded character or within a pct-encoded triplet". Where triplets pass through (the
``+`` and ``#`` operators, 3.2.3 and 3.2.4), the triplets of one UTF-8 character count
as that character and no triplet is cut."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import urikit
from urikit import URITemplate


def _triplets(text: str) -> str:
    """Every octet of ``text``'s UTF-8 form as a ``%XX`` triplet (RFC 3986 2.1)."""
    return "".join(f"%{octet:02X}" for octet in text.encode("utf-8"))


@pytest.mark.parametrize(
    ("template", "value", "expected"),
    [
        ("{+v:1}", "%20a", "%20"),  # a triplet is one character
        ("{+v:2}", "%41bc", "%41b"),
        ("{+v:1}", "%CE%B1b", "%CE%B1"),  # the triplets of U+03B1 are one character
        ("{+v:2}", "%CE%B1b", "%CE%B1b"),
        ("{#v:1}", "%E2%82%ACx", "#%E2%82%AC"),  # U+20AC: three octets
        ("{+v:1}", "%F0%9D%84%9Ex", "%F0%9D%84%9E"),  # U+1D11E: four octets
        ("{+v:2}", "a%f0%9d%84%9e", "a%f0%9d%84%9e"),  # lowercase hex, kept as written
        ("{+v:1}", "%C3x", "%C3"),  # a lead octet without its continuation: alone
        ("{+v:1}", "%80%80", "%80"),  # a continuation octet without a lead: alone
        ("{+v:2}", "%ED%A0%80x", "%ED%A0"),  # a surrogate's octets are no character
        ("{+v:3}", "/%2F/x", "/%2F/"),
        ("{+v:2}", "a%2", "a%25"),  # '%' without two hex digits is a character
        ("{v:2}", "%41bc", "%254"),  # U: '%' is data, encoded; the triplet is text
    ],
)
def test_prefix_never_cuts_a_triplet(template: str, value: str, expected: str) -> None:
    assert str(URITemplate(template).expand(v=value)) == expected


@given(st.text(st.characters(codec="utf-8"), max_size=12), st.integers(1, 14))
def test_reserved_prefix_of_encoded_text_is_the_encoded_prefix(text: str, length: int) -> None:
    """2.4.1: for a value that is the pct-encoding of ``text``, ``{+v:n}`` gives the
    pct-encoding of ``text``'s first ``n`` characters, whatever their octets."""
    expanded = str(URITemplate(f"{{+v:{length}}}").expand(v=_triplets(text)))
    assert expanded == _triplets(text[:length])
    assert urikit.unquote(expanded) == text[:length]
