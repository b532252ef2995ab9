"""Path segment edits (RFC 3986 3.3, 4.2, 5.2.4).

Segments given to the edits are data: encoded once, a "/" inside one is %2F, and the dot
segments "." and ".." are refused (RFC 5.2.4 removes them: no spelling of them is data).
Every result obeys RFC 3.3: after an authority the path starts with "/", without one it never starts
with "//", and a relative path's first segment never holds ":".
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

import urikit
from urikit import URI, Builder, RelativeReference, URIBuildError, parse


@pytest.mark.parametrize(
    ("text", "segments", "expected"),
    [
        ("http://h/a", ("b",), "http://h/a/b"),
        ("http://h/a/", ("b",), "http://h/a/b"),  # the trailing empty segment is filled
        ("http://h", ("b", "c"), "http://h/b/c"),  # after an authority: "/" first (3.3)
        ("http://h", ("",), "http://h/"),
        ("http://h/", ("",), "http://h/"),
        ("http://h/a", ("", ""), "http://h/a//"),
        ("mailto:", ("a:b",), "mailto:a:b"),  # a URI's rootless path may hold ":" (3.3)
        ("urn:x:y", ("z",), "urn:x:y/z"),
        ("", ("a:b",), "./a:b"),  # a relative path: "./" before a first ":" (4.2)
        ("", ("",), "./"),
        ("/", ("", "x"), "/.//x"),  # no authority: never "//" first (3.3)
        ("a/..", ("b",), "a/../b"),  # earlier segments stay as written
        ("?q#f", ("a",), "a?q#f"),
    ],
)
def test_joinpath(text: str, segments: tuple[str, ...], expected: str) -> None:
    assert str(parse(text).joinpath(*segments)) == expected


def test_joinpath_encodes_data_once_per_segment() -> None:
    uri = URI.parse("http://h/files")
    edited = uri.joinpath("a/b", "100%", "é ?#", "%2F")
    assert edited.path == "/files/a%2Fb/100%25/%C3%A9%20%3F%23/%252F"
    assert edited.decoded_segments[-4:] == ("a/b", "100%", "é ?#", "%2F")


@pytest.mark.parametrize("dot", [".", ".."])
def test_dot_segments_are_refused_as_data(dot: str) -> None:
    uri = URI.parse("http://h/a")
    for edit in (
        lambda: uri.joinpath("b", dot),
        lambda: uri.with_segments(["b", dot]),
        lambda: Builder().segments([dot]),
    ):
        with pytest.raises(URIBuildError) as info:
            edit()
        assert info.value.code == "dot-segment"
        assert repr(dot) in info.value.message


def test_dot_lookalikes_are_data() -> None:
    # "%2E" given as data is the three characters, written %252E; "..." is no dot segment
    uri = URI.parse("http://h").joinpath("%2E", "...", ".a")
    assert uri.path == "/%252E/.../.a"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("http://h/a/b?q#f", "http://h/a?q#f"),
        ("http://h/a/b/", "http://h/a/b"),
        ("http://h/a", "http://h/"),
        ("http://h/", "http://h/"),
        ("http://h", "http://h"),
        ("http://h//x", "http://h/"),
        ("a/b", "a"),
        ("a", ""),
        ("./a:b/c", "./a:b"),
        ("/.//x/y", "/.//x"),
        ("", ""),
    ],
)
def test_parent_drops_the_last_segment(text: str, expected: str) -> None:
    assert str(parse(text).parent) == expected


@pytest.mark.parametrize(
    ("text", "segments", "expected"),
    [
        ("http://h/old?q", ["a", "b"], "http://h/a/b?q"),
        ("http://h/old", ["", "a"], "http://h/a"),
        ("http://h/old", [], "http://h"),
        ("s:old", ["a", "b c"], "s:a/b%20c"),
        ("s:/old", ["", "", "x"], "s:/.//x"),
        ("old#f", ["a:b"], "./a:b#f"),
        ("old", ["", "a"], "/a"),
        ("old", [""], "./"),
    ],
)
def test_with_segments(text: str, segments: list[str], expected: str) -> None:
    assert str(parse(text).with_segments(segments)) == expected


def test_with_segments_refuses_one_string() -> None:
    with pytest.raises(TypeError):
        URI.parse("http://h").with_segments("abc")


def test_edits_keep_the_class() -> None:
    ref = RelativeReference.parse("//h/a")
    assert type(ref.joinpath("b")) is RelativeReference
    assert type(URI.parse("s:a/b").parent) is URI


def test_slash_operator_is_joinpath_of_one_data_segment() -> None:
    uri = URI.parse("https://h/api?v=1#top")
    assert uri / "users" / "a/b c" == uri.joinpath("users", "a/b c")
    assert str(uri / "users" / "a/b c") == "https://h/api/users/a%2Fb%20c?v=1#top"
    with pytest.raises(TypeError):
        _ = uri / 1  # type: ignore[operator]
    with pytest.raises(URIBuildError):
        _ = uri / ".."


# One rule for a path after an authority (RFC 3.3: "If a URI contains an authority
# component, then the path component must either be empty or begin with a slash"),
# whichever door the path text comes through: refused, never guessed at.
_PATH_DOORS: dict[str, Callable[[str], object]] = {
    "compose": lambda path: urikit.compose(scheme="https", host="h", path=path),
    "Builder.path": lambda path: Builder().scheme("https").host("h").path(path).build(),
    "Builder.path, host after": lambda path: Builder().path(path).scheme("https").host("h").build(),
    "Builder.encoded_path": lambda path: (
        Builder().scheme("https").host("h").encoded_path(path).build()
    ),
    "URI.with_path": lambda path: URI("https://h").with_path(path),
    "IRIReference.with_path": lambda path: urikit.IRIReference("https://h").with_path(path),
}


@pytest.mark.parametrize("door", _PATH_DOORS)
def test_a_path_without_slash_after_an_authority_is_refused_by_every_door(door: str) -> None:
    build = _PATH_DOORS[door]
    for path in ("x", "x/y", "."):
        with pytest.raises(URIBuildError) as info:
            build(path)
        assert info.value.code == "path-not-absolute"
    assert str(build("/x")) == "https://h/x"
    assert str(build("")) == "https://h"


def test_segments_after_an_authority_follow_it() -> None:
    """Segments are data, not path text: after a host each follows a '/' (RFC 3.3)."""
    expected = "https://h/x/y"
    assert str(urikit.compose(scheme="https", host="h", segments=["x", "y"])) == expected
    assert str(Builder().scheme("https").host("h").segments(["x", "y"]).build()) == expected
    assert str(Builder().segments(["x", "y"]).scheme("https").host("h").build()) == expected
    assert str(URI("https://h").with_segments(["x", "y"])) == expected
    assert str(URI("https://h").joinpath("x", "y")) == expected
