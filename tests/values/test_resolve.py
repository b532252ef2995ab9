"""Reference resolution (RFC 3986 5.2), same-document references (4.4), relativize."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings

from tests.core.strategies import references, uris
from urikit import (
    URI,
    InvalidURIError,
    RelativeReference,
    is_same_document,
    is_valid,
    merge,
    parse,
    relativize,
    remove_dot_segments,
    resolve,
)

SETTINGS = settings(max_examples=200, deadline=None)

BASE = "http://a/b/c/d;p?q"

# RFC 5.4.1 Normal Examples
NORMAL = [
    ("g:h", "g:h"),
    ("g", "http://a/b/c/g"),
    ("./g", "http://a/b/c/g"),
    ("g/", "http://a/b/c/g/"),
    ("/g", "http://a/g"),
    ("//g", "http://g"),
    ("?y", "http://a/b/c/d;p?y"),
    ("g?y", "http://a/b/c/g?y"),
    ("#s", "http://a/b/c/d;p?q#s"),
    ("g#s", "http://a/b/c/g#s"),
    ("g?y#s", "http://a/b/c/g?y#s"),
    (";x", "http://a/b/c/;x"),
    ("g;x", "http://a/b/c/g;x"),
    ("g;x?y#s", "http://a/b/c/g;x?y#s"),
    ("", "http://a/b/c/d;p?q"),
    (".", "http://a/b/c/"),
    ("./", "http://a/b/c/"),
    ("..", "http://a/b/"),
    ("../", "http://a/b/"),
    ("../g", "http://a/b/g"),
    ("../..", "http://a/"),
    ("../../", "http://a/"),
    ("../../g", "http://a/g"),
]

# RFC 5.4.2 Abnormal Examples
ABNORMAL = [
    ("../../../g", "http://a/g"),
    ("../../../../g", "http://a/g"),
    ("/./g", "http://a/g"),
    ("/../g", "http://a/g"),
    ("g.", "http://a/b/c/g."),
    (".g", "http://a/b/c/.g"),
    ("g..", "http://a/b/c/g.."),
    ("..g", "http://a/b/c/..g"),
    ("./../g", "http://a/b/g"),
    ("./g/.", "http://a/b/c/g/"),
    ("g/./h", "http://a/b/c/g/h"),
    ("g/../h", "http://a/b/c/h"),
    ("g;x=1/./y", "http://a/b/c/g;x=1/y"),
    ("g;x=1/../y", "http://a/b/c/y"),
    ("g?y/./x", "http://a/b/c/g?y/./x"),
    ("g?y/../x", "http://a/b/c/g?y/../x"),
    ("g#s/./x", "http://a/b/c/g#s/./x"),
    ("g#s/../x", "http://a/b/c/g#s/../x"),
    ("http:g", "http:g"),  # strict parsers (RFC 5.4.2)
]


@pytest.mark.parametrize(("ref", "target"), NORMAL)
def test_rfc_5_4_1_normal_examples(ref: str, target: str) -> None:
    assert str(resolve(BASE, ref)) == target


@pytest.mark.parametrize(("ref", "target"), ABNORMAL)
def test_rfc_5_4_2_abnormal_examples(ref: str, target: str) -> None:
    assert str(resolve(BASE, ref)) == target


def test_rfc_5_4_2_non_strict_http_g() -> None:
    # RFC 5.4.2: "http:g" -> "http://a/b/c/g" for backward compatibility (5.2.2).
    assert str(resolve(BASE, "http:g", strict=False)) == "http://a/b/c/g"
    assert str(resolve(BASE, "HTTP:g", strict=False)) == "http://a/b/c/g"  # 3.1 case
    assert str(resolve(BASE, "ftp:g", strict=False)) == "ftp:g"


@pytest.mark.parametrize(
    ("base", "ref", "target"),
    [
        # base with an authority and an empty path: merge gives "/" + ref (5.2.3)
        ("http://a", "g", "http://a/g"),
        ("http://a", "", "http://a"),
        ("http://a", "..", "http://a/"),
        ("http://a?q", "?", "http://a?"),
        ("http://a?q", "#f", "http://a?q#f"),
        # base without authority and with an empty path
        ("a:", "g", "a:g"),
        ("a:", "./g:h", "a:g:h"),
        # rootless bases (5.2.3: nothing up to a "/")
        ("a:b", "c", "a:c"),
        ("a:b/c", "d", "a:b/d"),
        ("a:b", ".", "a:"),
        ("a:b/c", "..", "a:/"),
        ("a:b", "?q", "a:b?q"),
        ("mailto:x@y", "#f", "mailto:x@y#f"),
        # ".." beyond the root (5.4.2)
        ("http://a/b", "../../../x", "http://a/x"),
        ("foo:/a", "../../..", "foo:/"),
        # network-path and query-only references
        ("http://a/b?q", "//c", "http://c"),
        ("http://a/b?q", "//c/./d/../e?x", "http://c/e?x"),
        ("https://u@a:1/b", "//c:2", "https://c:2"),
        ("http://a/b/c?q", "?", "http://a/b/c?"),
        # a fragment on the base is dropped (5.1)
        ("http://a/b#frag", "", "http://a/b"),
        ("http://a/b#frag", "c", "http://a/c"),
        ("http://a/b#frag", "#g", "http://a/b#g"),
        # dot segments in a reference with a scheme are removed too (5.2.2)
        ("http://a/b", "ftp://x/./y/../z", "ftp://x/z"),
        # percent-encoded dots are not dot segments here
        ("http://a/b/c", "%2E%2E/g", "http://a/b/%2E%2E/g"),
        # the base path is taken as it is when the reference path is empty (5.2.2)
        ("http://a/b/./c", "?y", "http://a/b/./c?y"),
        # a result path starting "//" without authority gets "/." (RFC 5.3 remark)
        ("foo:/a/b", "..//g", "foo:/.//g"),
        ("foo:/a/b", "/..//g", "foo:/.//g"),
        ("foo:", "foo:/..//g", "foo:/.//g"),
    ],
)
def test_more_resolutions(base: str, ref: str, target: str) -> None:
    result = resolve(base, ref)
    assert str(result) == target
    assert parse(str(result)) == result  # 5.3: recomposes to the same components


def test_accepts_parsed_values_and_method() -> None:
    base = URI.parse(BASE)
    assert resolve(base, RelativeReference.parse("../g")) == URI.parse("http://a/b/g")
    assert base.resolve("g?y") == URI.parse("http://a/b/c/g?y")
    assert base.resolve("http:g", strict=False) == URI.parse("http://a/b/c/g")


def test_relative_base_rejected() -> None:
    # RFC 5.1: the base must be a URI (with a scheme).
    with pytest.raises(InvalidURIError, match="scheme"):
        resolve("/just/a/path", "g")
    with pytest.raises(InvalidURIError):
        resolve("http://a/b", "not a reference")


def test_non_str_rejected() -> None:
    with pytest.raises(TypeError):
        resolve(b"http://a/", "g")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        resolve("http://a/", 3)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("/a/b/c/./../../g", "/a/g"),  # RFC 5.2.4 first example
        ("mid/content=5/../6", "mid/6"),  # RFC 5.2.4 second example
        ("", ""),
        (".", ""),
        ("..", ""),
        ("../a", "a"),
        ("./a", "a"),
        ("/.", "/"),
        ("/..", "/"),
        ("/a/..", "/"),
        ("/a/.", "/a/"),
        ("a/..", "/"),  # rule C leaves the "/" (RFC 5.2.4 to the letter)
        ("/a//../b", "/a/b"),
        ("/..//g", "//g"),
        ("/a/%2E/b", "/a/%2E/b"),
        ("/.a/..b/...", "/.a/..b/..."),
    ],
)
def test_remove_dot_segments(path: str, expected: str) -> None:
    assert remove_dot_segments(path) == expected


def test_remove_dot_segments_linear_on_long_input() -> None:
    # 200,000 segments: a quadratic implementation would not finish in time.
    path = "/a" * 100_000 + "/.." * 100_000 + "/./x"
    assert remove_dot_segments(path) == "/x"


@pytest.mark.parametrize(
    ("base", "ref_path", "expected"),
    [
        ("http://a", "g", "/g"),  # 5.2.3: authority and empty path
        ("http://a/b/c", "g", "/b/g"),
        ("a:b", "g", "g"),
        ("a:", "g", "g"),
        ("a:b/c/", "g", "b/c/g"),
    ],
)
def test_merge(base: str, ref_path: str, expected: str) -> None:
    assert merge(base, ref_path) == expected


@pytest.mark.parametrize(
    ("ref", "same"),
    [
        ("", True),  # RFC 4.4
        ("#frag", True),
        ("d;p?q#s", True),
        ("http://a/b/c/d;p?q", True),
        ("./d;p?q", True),
        ("d;p", False),
        ("?r", False),
        ("//a/b/c/d;p?q#x", True),
        ("http://A/b/c/d;p?q", False),  # exact, not normalized
    ],
)
def test_is_same_document(ref: str, same: bool) -> None:
    assert is_same_document(BASE, ref) is same  # resolve's order: base first


def test_is_same_document_swapped_says_which_comes_first() -> None:
    with pytest.raises(InvalidURIError, match=r"the base is the first argument \(base, ref\)"):
        is_same_document("#faq", BASE)


@pytest.mark.parametrize(
    ("base", "target", "expected"),
    [
        (BASE, "http://a/b/c/g", "g"),
        (BASE, "http://a/b/c/d;p?q", ""),
        (BASE, "http://a/b/c/d;p?q#s", "#s"),
        (BASE, "http://a/b/c/d;p?y", "?y"),
        (BASE, "http://a/b/c/d;p", "d;p"),
        (BASE, "http://a/b/g", "../g"),
        (BASE, "http://a/b/c/", "."),
        (BASE, "http://a/", "/"),
        (BASE, "http://g/x", "//g/x"),
        (BASE, "ftp://a/b", "ftp://a/b"),
        (BASE, "http://a/b/c/x:y", "./x:y"),  # RFC 4.2: not a scheme
        ("http://a/b/c", "http://a/b//x", ".//x"),  # not a network path
        ("http://a/", "http://a//x", ".//x"),
        ("foo:/a/b", "foo:/.//g", "/.//g"),
        ("http://a/b", "http://a", "//a"),
        ("a:b", "a:c", "c"),
        ("a:b", "a:", "."),
    ],
)
def test_relativize(base: str, target: str, expected: str) -> None:
    ref = relativize(base, target)
    assert str(ref) == expected
    assert resolve(base, ref) == parse(target)


def test_relativize_unreachable_target() -> None:
    # resolution removes dot segments, so no reference yields a path that keeps one
    with pytest.raises(ValueError, match="dot"):
        relativize("http://a/b", "http://a/x/../y")
    with pytest.raises(InvalidURIError):
        relativize("http://a/b", "/relative")


@SETTINGS
@given(uris(), references())
def test_resolution_is_a_valid_uri(base: URI, ref: RelativeReference | URI) -> None:
    target = resolve(base, ref)
    text = str(target)
    assert is_valid(text, "URI")
    assert parse(text) == target  # recomposition parses back to the same components
    assert target.fragment == ref.fragment  # 5.2.2: T.fragment = R.fragment


@SETTINGS
@given(uris(), references())
def test_resolved_path_has_no_dot_segments(base: URI, ref: RelativeReference | URI) -> None:
    target = resolve(base, ref)
    if ref.path or ref.scheme is not None or ref.host is not None:  # 5.2.2 path from R
        segments = target.path.split("/")
        if target.host is None and target.path.startswith("/.//"):
            segments = segments[2:]  # the RFC 5.3 guard
        assert "." not in segments[:-1] and ".." not in segments


@SETTINGS
@given(references())
def test_remove_dot_segments_laws(ref: RelativeReference | URI) -> None:
    out = remove_dot_segments(ref.path)
    assert "." not in out.split("/") and ".." not in out.split("/")
    assert remove_dot_segments(out) == out  # idempotent
    assert out.startswith("/") or not ref.path.startswith("/")  # absolute stays absolute


@SETTINGS
@given(uris(), uris())
def test_relativize_round_trip(base: URI, target_like: URI) -> None:
    target = resolve(base, target_like)  # any target that resolution can produce
    ref = relativize(base, target)
    assert resolve(base, ref) == target
    assert len(str(ref)) <= len(str(target))


@SETTINGS
@given(uris(), uris())
def test_relativize_any_target(base: URI, target: URI) -> None:
    try:
        ref = relativize(base, target)
    except ValueError:
        # only a target whose path keeps dot segments can be unreachable (5.2.2)
        assert remove_dot_segments(target.path) != target.path
    else:
        assert resolve(base, ref) == target


def _remove_dot_segments_as_written(path: str) -> str:
    """RFC 5.2.4 exactly as the RFC words it: two string buffers, rules A to E in order."""
    output = ""
    buffer = path
    while buffer:
        if buffer.startswith("../"):  # A
            buffer = buffer[3:]
        elif buffer.startswith("./"):  # A
            buffer = buffer[2:]
        elif buffer.startswith("/./"):  # B
            buffer = "/" + buffer[3:]
        elif buffer == "/.":  # B
            buffer = "/"
        elif buffer.startswith("/../") or buffer == "/..":  # C
            buffer = "/" + buffer[4:] if buffer.startswith("/../") else "/"
            output = output[: max(output.rfind("/"), 0)]
        elif buffer in (".", ".."):  # D
            buffer = ""
        else:  # E
            end = buffer.find("/", 1 if buffer.startswith("/") else 0)
            end = len(buffer) if end < 0 else end
            output += buffer[:end]
            buffer = buffer[end:]
    return output


@pytest.mark.parametrize("lead", ["", "/"])
@pytest.mark.parametrize("length", [1, 2, 3, 4, 5])
def test_remove_dot_segments_equals_the_rfc_wording_exhaustively(lead: str, length: int) -> None:
    # RFC 5.2.4: every path of up to five segments drawn from dot segments, empty
    # segments and near-misses ("b.", ".c") gives what the RFC's own buffer steps give.
    pieces = ["a", ".", "..", "", "b.", ".c"]
    for combo in itertools.product(pieces, repeat=length):
        path = lead + "/".join(combo)
        assert remove_dot_segments(path) == _remove_dot_segments_as_written(path), path


@pytest.mark.parametrize("bad", [5, None, b"/a/./b"])
def test_remove_dot_segments_refuses_what_is_not_text(bad: object) -> None:
    with pytest.raises(TypeError, match="must be a str"):
        remove_dot_segments(bad)  # type: ignore[arg-type]
