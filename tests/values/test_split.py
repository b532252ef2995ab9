"""``urikit.split``: the non-validating Appendix B split of RFC 3986."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import urikit
from tests.syntax.test_properties import rule_strings
from urikit import SplitResult, split

SETTINGS = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def _recompose(parts: SplitResult) -> str:
    """RFC 5.3, component recomposition, written out independently of urikit."""
    out = ""
    if parts.scheme is not None:
        out += parts.scheme + ":"
    if parts.authority is not None:
        out += "//" + parts.authority
    out += parts.path
    if parts.query is not None:
        out += "?" + parts.query
    if parts.fragment is not None:
        out += "#" + parts.fragment
    return out


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Appendix B's own worked example.
        (
            "http://www.ics.uci.edu/pub/ietf/uri/#Related",
            ("http", "www.ics.uci.edu", "/pub/ietf/uri/", None, "Related"),
        ),
        # RFC 3's example: every component present.
        (
            "foo://example.com:8042/over/there?name=ferret#nose",
            ("foo", "example.com:8042", "/over/there", "name=ferret", "nose"),
        ),
        # Undefined vs empty (RFC 5.2.1 / 5.3).
        ("", (None, None, "", None, None)),
        ("?", (None, None, "", "", None)),
        ("#", (None, None, "", None, "")),
        ("//", (None, "", "", None, None)),
        ("s:", ("s", None, "", None, None)),
        ("file:///x", ("file", "", "/x", None, None)),
        # Not validated: anything goes, cut only at : / ? # (Appendix B).
        ("a b://x y/z w?q r#f g", ("a b", "x y", "/z w", "q r", "f g")),
        ("http://{host}/x", ("http", "{host}", "/x", None, None)),
        ("%zz:%%", ("%zz", None, "%%", None, None)),
        ("1http://x", ("1http", "x", "", None, None)),
        ("//[::1/x", (None, "[::1", "/x", None, None)),
        ("http://h?a?b#c#d?", ("http", "h", "", "a?b", "c#d?")),
        (":x", (None, None, ":x", None, None)),
        ("/a:b", (None, None, "/a:b", None, None)),
        # DOTALL: line breaks are ordinary characters, also in the fragment.
        ("a\nb:c#d\ne", ("a\nb", None, "c", None, "d\ne")),
        ("http://h/\u00e9\u2028x", ("http", "h", "/\u00e9\u2028x", None, None)),
    ],
)
def test_appendix_b_components(text: str, expected: tuple[str | None, ...]) -> None:
    result = split(text)
    assert isinstance(result, SplitResult)
    assert tuple(result) == expected
    assert result.scheme == expected[0]
    assert result.authority == expected[1]
    assert result.path == expected[2]
    assert result.query == expected[3]
    assert result.fragment == expected[4]


def test_split_is_exported_and_rejects_non_str() -> None:
    assert urikit.split is split
    with pytest.raises(TypeError):
        split(b"http://h/")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        split(None)  # type: ignore[arg-type]


@SETTINGS
@given(st.text())
def test_any_text_splits_and_recomposes(text: str) -> None:
    # Appendix B: the regex matches every string, and every character lands in a component.
    assert _recompose(split(text)) == text


@SETTINGS
@given(rule_strings("URI-reference"))
def test_split_agrees_with_parse_on_valid_references(text: str) -> None:
    # Appendix B: "the same" five components a validating parser finds (RFC 3).
    ref = urikit.parse(text)
    assert split(text) == (ref.scheme, ref.authority, ref.path, ref.query, ref.fragment)
