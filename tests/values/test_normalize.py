"""Normalization and equivalence (RFC 3986 6)."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from types import MappingProxyType
from typing import get_type_hints

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.core.strategies import references, uris
from urikit import (
    DEFAULT_PORTS,
    URI,
    InvalidURIError,
    NormalizationLevels,
    NormalizationOptions,
    RelativeReference,
    URIReference,
    equivalent,
    normalize,
    normalized_key,
    parse,
    resolve,
)

SETTINGS = settings(max_examples=200, deadline=None)


def only(text: str, level: str) -> str:
    """``text`` normalized at one level only."""
    return normalize(
        text,
        case=level == "case",
        percent=level == "percent",
        path=level == "path",
        scheme_based=level == "scheme_based",
    )


def test_rfc_6_2_2_examples() -> None:
    # RFC 6.2.2: these are equivalent under syntax-based normalization
    assert normalize("example://a/b/c/%7Bfoo%7D") == "example://a/b/c/%7Bfoo%7D"
    assert normalize("eXAMPLE://a/./b/../b/%63/%7bfoo%7d") == "example://a/b/c/%7Bfoo%7D"
    assert equivalent("example://a/b/c/%7Bfoo%7D", "eXAMPLE://a/./b/../b/%63/%7bfoo%7d")
    # RFC 6.2.2.1
    assert normalize("HTTP://www.EXAMPLE.com/") == "http://www.example.com/"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("HTTP://www.EXAMPLE.com/", "http://www.example.com/"),
        ("http://h/a%c3%a9", "http://h/a%C3%A9"),  # hex digits uppercased
        ("http://H%c3%A9/", "http://h%C3%A9/"),
        ("http://[::ABCD]/", "http://[::abcd]/"),
        ("http://U@h/P", "http://U@h/P"),  # userinfo and path keep their case
    ],
)
def test_case_level(text: str, expected: str) -> None:
    # RFC 6.2.2.1
    assert only(text, "case") == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("http://h/%7Euser", "http://h/~user"),
        ("http://h/%41%2f%2F", "http://h/A%2f%2F"),  # reserved stay encoded, case kept
        ("http://h/a%2Eb/%2E/%2e%2e", "http://h/a.b/./.."),  # "." is unreserved (RFC 2.3)
        ("http://h/a?%3D%61#%23%62", "http://h/a?%3Da#%23b"),
        ("http://%41b.c/", "http://Ab.c/"),
        ("http://u%2D%3A@h/", "http://u-%3A@h/"),
        ("../%2E%2E/%2e", "../../."),
    ],
)
def test_percent_level(text: str, expected: str) -> None:
    # RFC 6.2.2.2: only unreserved characters are decoded
    assert only(text, "percent") == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("http://h/a/./b/../c", "http://h/a/c"),
        ("http://h/../a", "http://h/a"),
        ("/a/../b", "/b"),
        ("//h/./x", "//h/x"),
        ("../a/./b", "../a/b"),  # a relative-path reference keeps its leading ".."
        ("foo:/a/..//g", "foo:/.//g"),  # RFC 5.3 guard, parses back
    ],
)
def test_path_level(text: str, expected: str) -> None:
    # RFC 6.2.2.3
    assert only(text, "path") == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("http://h:80/", "http://h/"),
        ("http://h:080/", "http://h/"),
        ("https://h:443", "https://h/"),
        ("ws://h:80/a", "ws://h/a"),
        ("wss://h:443/a", "wss://h/a"),
        ("ftp://h:21/a", "ftp://h/a"),
        ("http://h:/", "http://h/"),  # empty port
        ("http://h:8080", "http://h:8080/"),  # empty path becomes "/"
        ("http://h:443/", "http://h:443/"),
        ("foo://h:/", "foo://h/"),
        ("foo://h:80", "foo://h:80"),  # not a registered scheme
        ("http:", "http:"),
    ],
)
def test_scheme_based_level(text: str, expected: str) -> None:
    # RFC 6.2.3
    assert only(text, "scheme_based") == expected


def test_rfc_6_2_3_example() -> None:
    forms = [
        "http://example.com",
        "http://example.com/",
        "http://example.com:/",
        "http://example.com:80/",
    ]
    assert len({normalized_key(f) for f in forms}) == 1


def test_custom_default_ports() -> None:
    ports = MappingProxyType({**DEFAULT_PORTS, "gopher": 70})
    assert normalize("gopher://h:70", default_ports=ports) == "gopher://h/"
    assert normalize("gopher://h:70") == "gopher://h:70"
    assert normalize("http://h:80/", default_ports={}) == "http://h:80/"


def test_ipv6_canonical() -> None:
    # RFC 5952 text: lowercase, zeros compressed; IPv4-mapped in dotted form
    assert normalize("http://[2001:DB8:0:0::1]/", ipv6_canonical=True) == "http://[2001:db8::1]/"
    assert normalize("http://[::FFFF:c000:0201]/", ipv6_canonical=True) == (
        "http://[::ffff:192.0.2.1]/"
    )
    assert normalize("http://[2001:DB8:0:0::1]/") == "http://[2001:db8:0:0::1]/"
    assert normalize("http://[v1.X]/", ipv6_canonical=True) == "http://[v1.x]/"


def test_types() -> None:
    text = "HTTP://h/a"
    assert normalize(text) == "http://h/a"
    same = "http://h/a"
    assert normalize(same) is same  # nothing to do: the same string
    uri = URI.parse(text)
    assert normalize(uri) == URI.parse("http://h/a")
    rel = RelativeReference.parse("//H/./a")
    assert normalize(rel) == RelativeReference.parse("//h/a")
    with pytest.raises(TypeError):
        normalize(b"http://h/")  # type: ignore[call-overload]
    with pytest.raises(InvalidURIError):
        normalize("http://h/ a")


def test_equivalence_and_model_equality() -> None:
    a, b = URI.parse("HTTP://H/%7e"), URI.parse("http://h/~")
    assert a != b  # model equality is exact (component-wise)
    assert equivalent(a, b)
    assert equivalent("http://h/~", b)
    assert not equivalent("http://h/a%2Fb", "http://h/a/b")  # %2F is not "/"
    assert not equivalent("//h/", "http://h/")  # a relative reference is not a URI
    assert not equivalent("http://h/A", "http://h/a")  # the path is case-sensitive
    assert equivalent("http://h:80", "http://h", case=False, percent=False, path=False)
    assert not equivalent("http://h:80", "http://h", scheme_based=False)
    assert {normalized_key("HTTP://h"), normalized_key("http://h:80/")} == {"http://h/"}


@SETTINGS
@given(references())
def test_idempotent(ref: URIReference) -> None:
    once = normalize(ref)
    assert normalize(once) == once
    assert normalize(str(once)) == str(once)
    assert parse(str(once)) == once  # recomposes to the same components


@SETTINGS
@given(references())
def test_never_decodes_reserved(ref: URIReference) -> None:
    # RFC 6.2.2.2: the percent-encoded reserved characters of the input stay encoded
    out = str(normalize(ref, path=False)).upper()
    assert out.count("%2F") == str(ref).upper().count("%2F")


@SETTINGS
@given(references(), uris())
def test_resolution_is_unchanged(ref: URIReference, base: URI) -> None:
    """Resolving the normalized reference against any base gives the
    normalized resolution of the original (RFC 5.2, 6.2.2), for every kind of base:
    with an authority, an absolute path, a rootless path (``a:b``), an empty path."""
    base = base.with_fragment(None)
    # RFC 2.3: "%2E" is ".", but resolution (5.2.4) reads only a literal "." as a dot
    # segment, so "x/%2E/.." resolves to "x/" and "x/./.." to "": the reference is
    # compared through its equivalent spelling with "%2E" decoded.
    decoded = normalize(ref, path=False)
    literal = "%2e" not in str(ref).lower()
    for b in (base, "http://a/b/c/d;p?q", "foo:/x/y", "a:b", "a:", "a:b/c/"):
        after = normalize(resolve(b, normalize(ref)))
        assert after == normalize(resolve(b, decoded))
        if literal:
            assert after == normalize(resolve(b, ref))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("http://a/b/%2E%2E/c", "http://a/c"),  # RFC 6.2.2.2, then 6.2.2.3
        ("http://a/b/%2e/c", "http://a/b/c"),
        ("/a/%2E%2E/%2E%2E/b", "/b"),
        ("./a/b/../c", "a/c"),  # a relative-path reference (RFC 4.2)
        ("a/./b/.", "a/b/"),
        ("a/b/..", "a/"),
        ("a/b/../", "a/"),
        ("a//..", "a/"),
        ("a/../c", "a/../c"),  # against foo:x this is foo:/c, and c would be foo:c
        ("a/b/../../c", "a/../c"),
        ("../a/./b/../../c", "../a/../c"),
        ("./../a", "../a"),
        ("../.", "../"),
        ("..", ".."),
        (".", "./"),  # not "": an empty reference keeps the base's path and query
        ("./", "./"),
        ("./a:b", "./a:b"),  # not "a:b", a scheme (RFC 4.2)
        (".//x", ".//x"),  # not "//x", an authority (RFC 4.2)
        ("%2E%2E/a", "../a"),
        ("./a?q#f", "a?q#f"),
    ],
)
def test_dot_segments_by_the_rfc(text: str, expected: str) -> None:
    assert normalize(text) == expected


def test_equivalent_agrees_on_encoded_dots() -> None:
    assert equivalent("http://a/b/%2E%2E/c", "http://a/c")
    assert equivalent("./a/b/../c", "a/c")
    assert not equivalent("a/../c", "c")


# -- the options object (one frozen value for the levels and default ports) -----------

_LEVELS = st.fixed_dictionaries(
    {},
    optional={
        "case": st.booleans(),
        "percent": st.booleans(),
        "path": st.booleans(),
        "scheme_based": st.booleans(),
        "ipv6_canonical": st.booleans(),
        "default_ports": st.just({"http": 8080}),
    },
)


def test_keyword_spelling_names_exactly_the_options_fields() -> None:
    fields = get_type_hints(NormalizationOptions)
    assert [f.name for f in dataclasses.fields(NormalizationOptions)] == list(fields)
    assert get_type_hints(NormalizationLevels) == fields


@SETTINGS
@given(references(), references(), _LEVELS)
def test_options_object_and_keywords_agree(
    a: URIReference, b: URIReference, levels: NormalizationLevels
) -> None:
    options = NormalizationOptions(**levels)
    assert normalize(a, options=options) == normalize(a, **levels)
    assert normalize(str(a), options=options) == normalize(str(a), **levels)
    assert normalized_key(a, options=options) == normalized_key(a, **levels)
    assert equivalent(a, b, options=options) == equivalent(a, b, **levels)


def test_keywords_override_the_options_fields() -> None:
    no_case = NormalizationOptions(case=False)
    assert normalize("HTTP://H/", options=no_case) == "HTTP://H/"
    assert normalize("HTTP://H/", options=no_case, case=True) == "http://h/"
    assert normalize("http://h:8080", options=no_case, default_ports={"http": 8080}) == (
        "http://h/"
    )


def test_options_are_immutable_and_hashable() -> None:
    options = NormalizationOptions(path=False)
    with pytest.raises(dataclasses.FrozenInstanceError):
        options.path = True  # type: ignore[misc]
    assert hash(options) == hash(NormalizationOptions(path=False))
    assert options == NormalizationOptions(path=False) != NormalizationOptions()
    assert NormalizationOptions().default_ports is DEFAULT_PORTS


@pytest.mark.parametrize(
    "options",
    [
        NormalizationOptions(),
        NormalizationOptions(case=False, path=False, ipv6_canonical=True),
        NormalizationOptions(default_ports={"gopher": 70}),
    ],
)
def test_options_survive_pickle_and_deepcopy(options: NormalizationOptions) -> None:
    """Options are a value (RFC 6.2 levels and ports): a copy or a pickle is equal and
    normalizes alike; its ports stay read-only."""
    for copied in (pickle.loads(pickle.dumps(options)), copy.deepcopy(options)):
        assert copied == options
        assert hash(copied) == hash(options)
        text = "HTTP://a:70/%7e/./b"
        assert normalize(text, options=copied) == normalize(text, options=options)
        with pytest.raises(TypeError):
            copied.default_ports["x"] = 1  # type: ignore[index]
