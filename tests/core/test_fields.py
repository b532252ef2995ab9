"""The seven components as one named record (RFC 3, 5.2.1): :class:`Fields`."""

from __future__ import annotations

import pytest

import urikit
from urikit._core.components import Fields, parse_fields
from urikit._core.edits import URI_COMPONENTS, set_host, set_path
from urikit._core.normalization import DEFAULT, normalized_fields
from urikit._core.resolution import target_fields
from urikit._core.views import fields_of, groups_of


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
    """fields_of (from text or a value) and parse_fields give a Fields, so its names
    read wherever it travels; fields_of a value and of its text agree."""
    ref = urikit.parse("http://H/a/./b")
    made = [fields_of(ref), fields_of("g?x"), parse_fields("g?x", "relative-ref")]
    assert all(type(fields) is Fields for fields in made)
    assert fields_of(ref) == fields_of(str(ref)) == groups_of(ref)


def test_the_hot_paths_give_the_seven_in_the_records_order() -> None:
    """Resolution (RFC 5.2.2), normalization (RFC 6.2.2) and the setters behind every
    with_<name> (RFC 3.2.2, 3.3) take a Fields or the plain seven (Groups) and give the
    plain seven in the same order (read as a Fields)."""
    base = fields_of("http://H/a/./b")
    target = Fields(*target_fields(base, groups_of("g?x")))
    assert (target.host, target.path, target.query) == ("H", "/a/g", "x")
    normal = Fields(*normalized_fields(base, DEFAULT, escapes=False))
    assert (normal.host, normal.path) == ("h", "/a/b")
    host = Fields(*set_host(base, "example.com", URI_COMPONENTS))
    assert (host.scheme, host.host, host.path) == ("http", "example.com", "/a/./b")
    path = Fields(*set_path(groups_of("//h?q"), "/c", URI_COMPONENTS))
    assert (path.host, path.path, path.query) == ("h", "/c", "q")
