"""The seven components as one named record (RFC 3, 5.2.1): :class:`Fields`."""

from __future__ import annotations

import pytest

import urikit
from urikit._core.components import Fields, parse_fields
from urikit._core.normalization import DEFAULT, normalized_fields
from urikit._core.resolution import target_fields
from urikit._core.views import fields_of
from urikit.values.edits import URI_COMPONENTS, set_host, set_path


def test_the_components_by_their_rfc_names_in_rfc_order() -> None:
    """RFC 3: scheme ":" hier-part ["?" query] ["#" fragment], the authority's parts
    (3.2) in the order they are written."""
    assert Fields._fields == ("scheme", "userinfo", "host", "port", "path", "query", "fragment")
    fields = parse_fields("http://u@h:8/p?q#f")
    assert fields == Fields(
        scheme="http", userinfo="u", host="h", port="8", path="/p", query="q", fragment="f"
    )
    assert (fields.host, fields.path, fields.fragment) == ("h", "/p", "f")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("mailto:a@b", Fields("mailto", None, None, None, "a@b", None, None)),
        ("//h", Fields(None, None, "h", None, "", None, None)),
        ("//@h:", Fields(None, "", "h", "", "", None, None)),
        ("?#", Fields(None, None, None, None, "", "", "")),
    ],
)
def test_undefined_is_none_and_empty_is_empty(text: str, expected: Fields) -> None:
    """RFC 5.2.1: a component is undefined (None) or defined and maybe empty; no
    authority: host, userinfo and port all None; the path is always defined."""
    assert parse_fields(text) == expected


def test_every_layer_gives_the_record() -> None:
    """fields_of (from text or a value), resolution (RFC 5.2), normalization (RFC 6)
    and the setters all give a Fields, so its names read wherever it travels."""
    ref = urikit.parse("http://H/a/./b")
    made = [
        fields_of(ref),
        fields_of("g?x"),
        target_fields(fields_of(ref), fields_of("g?x")),
        normalized_fields(fields_of(ref), DEFAULT, escapes=False),
        set_host(fields_of(ref), "example.com", URI_COMPONENTS),
        set_path(fields_of(ref), "/c", URI_COMPONENTS),
    ]
    assert all(type(fields) is Fields for fields in made)
    assert made[2].path == "/a/g" and made[2].query == "x"
    assert made[3].host == "h" and made[3].path == "/a/b"
    assert fields_of(ref) == fields_of(str(ref))
