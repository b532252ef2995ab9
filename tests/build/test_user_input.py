"""uri_from_user_input: what a person typed or pasted, as a valid URI or a located error."""

from __future__ import annotations

import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import urikit
from urikit import URI, InvalidURIError, uri_from_user_input


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        # 1. surrounding whitespace
        ("  https://example.com/a \n", "https://example.com/a"),
        # 2. default scheme; digits after ':' are a port, not a scheme
        ("example.com/a", "https://example.com/a"),
        ("localhost:8080/x", "https://localhost:8080/x"),
        ("//example.com/a", "https://example.com/a"),
        ("mailto:someone@example.com", "mailto:someone@example.com"),
        # 3. non-ASCII and the ten ASCII characters RFC 3987 3.1 lists, per component
        (
            "https://example.com/a b?q=caf\u00e9 x#\u00e9 1",
            "https://example.com/a%20b?q=caf%C3%A9%20x#%C3%A9%201",
        ),
        ('https://example.com/<"{|}\\^`>', "https://example.com/%3C%22%7B%7C%7D%5C%5E%60%3E"),
        ("https://j\u00fcrgen:p w@example.com/", "https://j%C3%BCrgen:p%20w@example.com/"),
        ("https://a@b@example.com/", "https://a%40b@example.com/"),
        # 4. IDN host to A-labels (UTS #46 maps case and full-width dots)
        ("B\u00fccher.example/stra\u00dfe", "https://xn--bcher-kva.example/stra%C3%9Fe"),
        ("https://\u4f8b\u3048\u3002\u30c6\u30b9\u30c8/", "https://xn--r8jz45g.xn--zckzah/"),
        # never changed: existing escapes, case, IP literals
        ("HTTPS://Example.COM/%41%2f?%7E", "HTTPS://Example.COM/%41%2f?%7E"),
        ("http://[2001:db8::1]:8080/a b", "http://[2001:db8::1]:8080/a%20b"),
    ],
)
def test_listed_changes(typed: str, expected: str) -> None:
    result = uri_from_user_input(typed, default_scheme="https")
    assert isinstance(result, URI)
    assert str(result) == expected
    assert urikit.is_valid(str(result), "URI")


def test_without_idna_a_host_is_percent_encoded() -> None:
    result = uri_from_user_input("http://b\u00fccher.example/", idna=False)
    assert str(result) == "http://b%C3%BCcher.example/"


def test_missing_idna_extra_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "idna", None)
    with pytest.raises(ImportError, match=r"urikit\[idna\]"):
        uri_from_user_input("http://b\u00fccher.example/")
    assert str(uri_from_user_input("http://example.com/\u00e9")) == "http://example.com/%C3%A9"


@pytest.mark.parametrize(
    ("typed", "position", "rule"),
    [
        # A '%' that starts no percent-encoding is refused, never guessed as %25.
        ("http://a/100%", 12, "pct-encoded"),
        ("http://a/%%32%65", 9, "pct-encoded"),  # the double-encoding spelling
        ("http://a/%4", 9, "pct-encoded"),
        # RFC 3987 3.1: '[', ']' and '#' are never converted.
        ("http://a/[x]", 9, "IP-literal"),
        ("http://a/?q=[1]", 12, "IP-literal"),
        ("http://a/#b#c", 11, "ifragment"),
        ("http://[::1/", 11, "IP-literal"),
        ("http://[x]/", 8, "IP-literal"),
        # hosts are never percent-encoded by guess
        ("http://exa mple.com/", 10, "ireg-name"),
        ("http://a<b/", 8, "ireg-name"),
        # ports are digits
        ("http://h:8x/", 10, "port"),
        # controls, line breaks, bidi formatting (RFC 3987 4.1), surrogates
        ("http://a/b\nc", 10, "IRI"),
        ("  http://a/\tb", 11, "IRI"),
        ("\u200ehttp://a/", 0, "IRI"),
        ("http://a/\ud800", 9, "IRI"),
        # no scheme and no default
        (" example.com", 1, "scheme"),
        # IDNA refuses the name
        ("http://-x.\u00e9.com/", 7, "ireg-name"),
    ],
)
def test_refused_with_the_position_in_the_text_as_typed(
    typed: str, position: int, rule: str
) -> None:
    with pytest.raises(InvalidURIError) as info:
        uri_from_user_input(typed)
    assert (info.value.position, info.value.rule) == (position, rule)
    assert info.value.text == typed
    assert info.value.args[:2] == (typed, position)  # what repr and pickle show


def test_errors_with_a_default_scheme_point_into_the_text_as_typed() -> None:
    with pytest.raises(InvalidURIError) as info:
        uri_from_user_input(" exa mple.com/", default_scheme="https")
    assert (info.value.text, info.value.position) == (" exa mple.com/", 4)


def test_default_scheme_must_be_a_scheme() -> None:
    with pytest.raises(ValueError, match="not a scheme"):
        uri_from_user_input("example.com", default_scheme="ht tp")


@settings(max_examples=300, deadline=None)
@given(
    typed=st.text(
        alphabet=st.sampled_from('ab:/?#@[]%25 \u00e9\u00fc.\t-\u202e\ue000"<>\\'), max_size=30
    )
)
def test_result_is_a_valid_uri_or_a_located_error(typed: str) -> None:
    try:
        result = uri_from_user_input(typed, default_scheme="https")
    except InvalidURIError as error:
        # the text as typed, a password before an "@" written *** (RFC 7.5)
        assert error.text == typed or ("@" in typed and "***" in error.text)
        assert 0 <= error.position <= len(error.text)
        return
    assert urikit.is_valid(str(result), "URI")
    # Valid percent-encodings of the input are all still there, untouched.
    for i in range(len(typed) - 2):
        if typed[i] == "%" and urikit.is_valid(typed[i : i + 3], "pct-encoded"):
            assert typed[i : i + 3] in str(result)
    # The input is typed again unchanged: what the function made is a fixed point.
    assert str(uri_from_user_input(str(result))) == str(result)


@pytest.mark.parametrize("typed", ["%52\u00e9.example/", "%a2\u00e9/", "x%C3%A9\u00e9"])
def test_a_host_with_escapes_and_unicode_is_refused_with_idna(typed: str) -> None:
    # Converting it to A-labels would decode and drop the existing escapes (%52 -> r),
    # which the function promises never to change; without IDNA it is encoded as UTF-8.
    with pytest.raises(InvalidURIError) as info:
        uri_from_user_input(typed, default_scheme="https")
    assert (info.value.text, info.value.component) == (typed, "host")
    assert info.value.position == typed.index("%")
    kept = uri_from_user_input(typed, default_scheme="https", idna=False)
    assert typed[typed.index("%") : typed.index("%") + 3] in str(kept)


@pytest.mark.parametrize("typed", ["", "   ", "\t\n"])
def test_nothing_typed_is_an_error_not_an_empty_uri(typed: str) -> None:
    """RFC 3986 4.1: an empty text names no resource; no 'https://' is made of it."""
    with pytest.raises(InvalidURIError, match="the input is empty") as raised:
        uri_from_user_input(typed, default_scheme="https")
    assert raised.value.position == 0


@pytest.mark.parametrize(
    ("typed", "fixed", "at"),
    [
        ("http//example.com", "http://example.com", 4),
        ("https/example.com/a", "https://example.com/a", 5),
        ("  WSS//h.example", "WSS://h.example", 5),
    ],
)
def test_a_scheme_without_its_colon_is_named_never_taken_for_a_host(
    typed: str, fixed: str, at: int
) -> None:
    """RFC 3986 3.1: a scheme ends with ':'; 'http//x' is no host named 'http'."""
    with pytest.raises(InvalidURIError) as raised:
        uri_from_user_input(typed, default_scheme="https")
    assert raised.value.position == at and raised.value.component == "scheme"
    assert f"write {fixed!r}" in raised.value.reason
    assert str(uri_from_user_input(fixed)) == fixed.strip()


def test_a_host_that_merely_starts_like_a_scheme_is_a_host() -> None:
    assert str(uri_from_user_input("http.example.com", default_scheme="https")) == (
        "https://http.example.com"
    )
