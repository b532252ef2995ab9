"""Parsing into the immutable model (RFC 3986 sections 3, 4, 5.2.1, 5.3)."""

from __future__ import annotations

import ipaddress
import operator
import pickle
from typing import NamedTuple

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import urikit
from tests import corpus
from tests.syntax.test_properties import rule_strings
from urikit import (
    URI,
    HostKind,
    InvalidURIError,
    RelativeReference,
    URIBuildError,
    URIReference,
    parse,
    parse_absolute,
)
from urikit._core.components import Fields

SETTINGS = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


class Row(NamedTuple):
    """A reference's text and its seven components (RFC 3)."""

    text: str
    fields: Fields


def _row(text: str, *fields: str | None) -> Row:
    return Row(text, Fields._make(fields))


ROWS = [
    # RFC 1.1.2, "Examples".
    _row(
        "ftp://ftp.is.co.za/rfc/rfc1808.txt",
        "ftp",
        None,
        "ftp.is.co.za",
        None,
        "/rfc/rfc1808.txt",
        None,
        None,
    ),
    _row(
        "http://www.ietf.org/rfc/rfc2396.txt",
        "http",
        None,
        "www.ietf.org",
        None,
        "/rfc/rfc2396.txt",
        None,
        None,
    ),
    _row(
        "ldap://[2001:db8::7]/c=GB?objectClass?one",
        "ldap",
        None,
        "[2001:db8::7]",
        None,
        "/c=GB",
        "objectClass?one",
        None,
    ),
    _row(
        "mailto:John.Doe@example.com",
        "mailto",
        None,
        None,
        None,
        "John.Doe@example.com",
        None,
        None,
    ),
    _row(
        "news:comp.infosystems.www.servers.unix",
        "news",
        None,
        None,
        None,
        "comp.infosystems.www.servers.unix",
        None,
        None,
    ),
    _row("tel:+1-816-555-1212", "tel", None, None, None, "+1-816-555-1212", None, None),
    _row("telnet://192.0.2.16:80/", "telnet", None, "192.0.2.16", "80", "/", None, None),
    _row(
        "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
        "urn",
        None,
        None,
        None,
        "oasis:names:specification:docbook:dtd:xml:4.1.2",
        None,
        None,
    ),
    # RFC 3, the example with every component, and its urn sibling.
    _row(
        "foo://example.com:8042/over/there?name=ferret#nose",
        "foo",
        None,
        "example.com",
        "8042",
        "/over/there",
        "name=ferret",
        "nose",
    ),
    _row(
        "urn:example:animal:ferret:nose",
        "urn",
        None,
        None,
        None,
        "example:animal:ferret:nose",
        None,
        None,
    ),
    # RFC 3.2: an empty authority (3.2.2: empty reg-name), as file URIs write it.
    _row("file:///x", "file", None, "", None, "/x", None, None),
    _row("http://", "http", None, "", None, "", None, None),
    # RFC 4.2: relative references of each kind; the empty reference (RFC 4.4).
    _row("//h", None, None, "h", None, "", None, None),
    _row("?q", None, None, None, None, "", "q", None),
    _row("#f", None, None, None, None, "", None, "f"),
    _row("", None, None, None, None, "", None, None),
    _row("../a;p/./b", None, None, None, None, "../a;p/./b", None, None),
    _row("/a:b", None, None, None, None, "/a:b", None, None),
    _row("./a:b", None, None, None, None, "./a:b", None, None),
    # RFC 3.2.3: an empty port is kept as "", digits are kept as written.
    _row("http://h:/", "http", None, "h", "", "/", None, None),
    _row("http://h:080/", "http", None, "h", "080", "/", None, None),
    # RFC 3.2.1: userinfo with a (deprecated) password.
    _row("ftp://user:pa%20ss@h:21/f", "ftp", "user:pa%20ss", "h", "21", "/f", None, None),
    _row("http://@h", "http", "", "h", None, "", None, None),
    # RFC 5.2.1: undefined (None) vs empty ("") query and fragment.
    _row("http://h?", "http", None, "h", None, "", "", None),
    _row("http://h", "http", None, "h", None, "", None, None),
    _row("http://h#", "http", None, "h", None, "", None, ""),
    _row("http://h?#", "http", None, "h", None, "", "", ""),
    # RFC 3.4/3.5: "/" and "?" are data in query and fragment.
    _row("s:p?a/b?c#d/e?f", "s", None, None, None, "p", "a/b?c", "d/e?f"),
    # RFC 3.3: path-rootless vs path-absolute vs a path with empty segments.
    _row("s:a//b", "s", None, None, None, "a//b", None, None),
    _row("s:/a", "s", None, None, None, "/a", None, None),
    _row("http://h//a", "http", None, "h", None, "//a", None, None),
    # RFC 3.1: the scheme is kept as written (comparison is the caller's business).
    _row("HTTP://H/", "HTTP", None, "H", None, "/", None, None),
]


@pytest.mark.parametrize("row", ROWS, ids=[r.text or "<empty>" for r in ROWS])
def test_components(row: Row) -> None:
    ref = parse(row.text)
    assert type(ref) is (RelativeReference if row.fields.scheme is None else URI)
    got = (ref.scheme, ref.userinfo, ref.host, ref.port, ref.path, ref.query, ref.fragment)
    assert got == row.fields
    # RFC 5.3: recomposition gives the text back exactly.
    assert str(ref) == row.text


@pytest.mark.parametrize(
    ("text", "authority"),
    [
        ("telnet://192.0.2.16:80/", "192.0.2.16:80"),
        ("ftp://user:pw@h:21/", "user:pw@h:21"),
        ("http://h:/", "h:"),
        ("file:///x", ""),
        ("mailto:a@b", None),
        ("/a", None),
    ],
)
def test_authority_rfc_3_2(text: str, authority: str | None) -> None:
    assert parse(text).authority == authority


@pytest.mark.parametrize(
    ("text", "number"),
    [("http://h:8042/", 8042), ("http://h:080/", 80), ("http://h:/", None), ("http://h/", None)],
)
def test_port_number_rfc_3_2_3(text: str, number: int | None) -> None:
    assert parse(text).port_number == number


@pytest.mark.parametrize(
    ("text", "kind", "ip"),
    [
        ("http://192.0.2.16/", HostKind.IPV4, ipaddress.IPv4Address("192.0.2.16")),
        ("http://[2001:db8::7]/", HostKind.IPV6, ipaddress.IPv6Address("2001:db8::7")),
        ("http://[::ffff:192.0.2.1]/", HostKind.IPV6, ipaddress.IPv6Address("::ffff:c000:201")),
        ("http://[v1.fe80::a+en1]/", HostKind.IPVFUTURE, None),
        ("http://[V7.x]/", HostKind.IPVFUTURE, None),
        ("http://example.com/", HostKind.REG_NAME, None),
        # RFC 3.2.2: what does not match IPv4address is a reg-name, even if it looks numeric.
        ("http://256.1.1.1/", HostKind.REG_NAME, None),
        ("http://01.1.1.1/", HostKind.REG_NAME, None),
        ("http://1.2.3/", HostKind.REG_NAME, None),
        ("file:///x", HostKind.REG_NAME, None),
        ("mailto:a@b", None, None),
    ],
)
def test_host_kind_rfc_3_2_2(
    text: str, kind: HostKind | None, ip: ipaddress.IPv4Address | ipaddress.IPv6Address | None
) -> None:
    ref = parse(text)
    assert ref.host_kind is kind
    assert ref.ip == ip
    assert type(ref.ip) is type(ip)


@pytest.mark.parametrize(
    ("text", "segments"),
    [
        ("http://h", ()),
        ("", ()),
        ("http://h/", ("", "")),
        ("http://h/a/b/", ("", "a", "b", "")),
        ("a/b%2Fc", ("a", "b%2Fc")),
        ("mailto:a@b", ("a@b",)),
        ("http://h//x", ("", "", "x")),
    ],
)
def test_segments_rfc_3_3(text: str, segments: tuple[str, ...]) -> None:
    assert parse(text).segments == segments


def test_decoded_views_rfc_2_1_and_3_2_1() -> None:
    ref = parse("http://J%C3%B6rg:p%3Ass@ex%41mple.org/a/b%20c/%E2%82%AC?x=1&y=%C3%A9+z#fr%41g")
    assert ref.userinfo == "J%C3%B6rg:p%3Ass"
    # A component's own name: as written; decoded_<name>: percent-decoded (RFC 2.1).
    assert (ref.user, ref.decoded_user) == ("J%C3%B6rg", "Jörg")
    # only the first ":" separates (RFC 3.2.1)
    assert (ref.password, ref.decoded_password) == ("p%3Ass", "p:ss")
    assert (ref.host, ref.decoded_host) == ("ex%41mple.org", "exAmple.org")
    assert (ref.path, ref.decoded_path) == ("/a/b%20c/%E2%82%AC", "/a/b c/€")
    assert ref.segments == ("", "a", "b%20c", "%E2%82%AC")
    assert ref.decoded_segments == ("", "a", "b c", "€")
    assert ref.decoded_query == "x=1&y=é+z"
    assert ref.query_pairs() == [("x", "1"), ("y", "%C3%A9+z")]
    assert ref.decoded_query_pairs() == [("x", "1"), ("y", "é+z")]
    assert ref.decoded_query_pairs(plus_as_space=True) == [("x", "1"), ("y", "é z")]
    assert (ref.fragment, ref.decoded_fragment) == ("fr%41g", "frAg")


def test_decoded_segments_keep_an_encoded_slash_apart_rfc_2_2() -> None:
    # "%2F" is data inside a segment; decoding the whole path loses the difference.
    ref = parse("http://h/a%2Fb/c")
    assert ref.decoded_segments == ("", "a/b", "c")
    assert ref.decoded_path == "/a/b/c"


@pytest.mark.parametrize(
    ("text", "user", "password"),
    [
        ("http://u@h", "u", None),
        ("http://u:@h", "u", ""),
        ("http://:p@h", "", "p"),
        ("http://h", None, None),
    ],
)
def test_user_and_password_apart_rfc_3_2_1(
    text: str, user: str | None, password: str | None
) -> None:
    ref = parse(text)
    assert (ref.user, ref.password) == (user, password)


def test_decoded_host_of_ip_literal_drops_brackets() -> None:
    assert parse("http://[2001:db8::7]/").decoded_host == "2001:db8::7"


@pytest.mark.parametrize(
    ("text", "view"),
    [
        ("http://h/%FF", "decoded_segments"),
        ("http://h/%FF", "decoded_path"),
        ("http://h?%C3", "decoded_query"),
        ("http://h#%C3%28", "decoded_fragment"),
        ("http://%ED%A0%80@h", "decoded_user"),
        ("http://u:%FF@h", "decoded_password"),
        ("http://%80.example/", "decoded_host"),
    ],
)
def test_invalid_utf8_in_decoded_view_raises(text: str, view: str) -> None:
    # The syntax is valid (RFC 2.1 allows any octet); only decoding as UTF-8 fails.
    ref = parse(text)
    with pytest.raises(InvalidURIError):
        getattr(ref, view)


@pytest.mark.parametrize(
    ("text", "kind", "absolute"),
    [
        ("http://h/p?q", "uri", True),
        ("http://h/p#f", "uri", False),  # RFC 4.3: absolute-URI has no fragment
        ("urn:x:y", "uri", True),
        ("//h/p", "network-path", False),
        ("/p", "absolute-path", False),
        ("p/q", "relative-path", False),
        ("", "relative-path", False),
        ("?q", "relative-path", False),
        ("#f", "relative-path", False),
    ],
)
def test_classification_rfc_4(text: str, kind: str, absolute: bool) -> None:
    ref = parse(text)
    assert ref.kind == kind
    assert ref.is_absolute is absolute


# -- values: immutable, hashable, picklable, compared exactly ---------------------------


@pytest.mark.parametrize("text", ["http://u@h:1/p?q#f", "//h", "a/b"])
def test_immutable(text: str) -> None:
    ref = parse(text)
    assert not hasattr(ref, "__dict__")
    with pytest.raises(AttributeError):
        ref.host = "x"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        ref.anything = 1  # type: ignore[union-attr]
    with pytest.raises(TypeError):
        ref[2] = "x"  # type: ignore[index]


def test_hash_and_equality() -> None:
    a, b = parse("http://h/p"), parse("http://h/p")
    assert a == b and hash(a) == hash(b)
    assert len({a, b, parse("http://h/q")}) == 2
    # Exact: no normalization (that is RFC 6's business, not parsing).
    assert parse("http://h/p") != parse("HTTP://h/p")
    assert parse("http://h/%7e") != parse("http://h/~")
    assert parse("http://h?") != parse("http://h")  # RFC 5.2.1


def test_equality_is_type_sensitive() -> None:
    rel = parse("//h/p?q")
    text = "//h/p?q"
    assert rel != text and text != rel  # a reference never equals its text
    # The same components under the other class are another value.
    as_uri = parse("s://h/p?q").with_scheme(None)
    assert as_uri == rel
    uri = parse("s://h/p?q")
    assert rel != uri and uri != rel
    assert rel.__eq__(uri) is False and uri.__eq__(rel) is False


@pytest.mark.parametrize("text", ["http://u:p@[::1]:8/a?b#c", "//h", "", "a:b", "?q#"])
@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_pickle_round_trip(text: str, protocol: int) -> None:
    ref = parse(text)
    back = pickle.loads(pickle.dumps(ref, protocol))
    assert back == ref and type(back) is type(ref) and hash(back) == hash(ref)


# -- errors ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "position", "rule", "component"),
    [
        ("http://exa mple.com/", 10, "reg-name", "host"),  # RFC 3.2.2: no space in reg-name
        ("http://h/a b", 10, "path-abempty", "path"),
        ("http://h/?q#f#g", 13, "fragment", "fragment"),  # RFC 3.5: one "#"
        ("http://[::1/", 11, "IPv6address", "host"),  # RFC 3.2.2
        # "h:8x" could still be userinfo until "/" arrives (RFC 3.2.1, 3.2.3).
        ("http://h:8x/", 11, "port", "port"),
        ("ht^tp://h", 2, "path-noscheme", "path"),
        ("http://h/%zz", 10, "pct-encoded", None),  # RFC 2.1
    ],
)
def test_errors_name_position_rule_component(
    text: str, position: int, rule: str, component: str | None
) -> None:
    with pytest.raises(InvalidURIError) as info:
        parse(text)
    error = info.value
    assert isinstance(error, ValueError)
    assert (error.text, error.position, error.rule) == (text, position, rule)
    if component is not None:
        assert error.component == component
    assert f"position {position}" in str(error)


@pytest.mark.parametrize(
    "func", [parse, parse_absolute, URI.parse, RelativeReference.parse, urikit.URI.parse_absolute]
)
@pytest.mark.parametrize("value", [b"http://h", None, 1, ["a"]])
def test_non_str_is_type_error(func: object, value: object) -> None:
    assert callable(func)
    with pytest.raises(TypeError):
        func(value)


@pytest.mark.parametrize("text", ["//h", "/a", "a", "", "?q", "#f"])
def test_uri_parse_rejects_relative_references(text: str) -> None:
    # RFC 3: a URI has a scheme.
    assert isinstance(RelativeReference.parse(text), RelativeReference)
    with pytest.raises(InvalidURIError):
        URI.parse(text)


@pytest.mark.parametrize("text", ["http://h", "a:b", "urn:x#f"])
def test_relative_reference_parse_rejects_uris(text: str) -> None:
    # RFC 4.2: a relative reference has no scheme.
    assert isinstance(URI.parse(text), URI)
    with pytest.raises(InvalidURIError) as info:
        RelativeReference.parse(text)
    assert info.value.position == 0


@pytest.mark.parametrize("text", ["http://h#", "http://h/p#f", "a:b#"])
def test_parse_absolute_rejects_fragments_rfc_4_3(text: str) -> None:
    assert parse(text).fragment is not None
    with pytest.raises(InvalidURIError):
        parse_absolute(text)
    with pytest.raises(InvalidURIError):
        URI.parse_absolute(text)


def test_parse_absolute_accepts_absolute_uris_and_rejects_relative() -> None:
    assert parse_absolute("http://h/p?q") == parse("http://h/p?q")
    with pytest.raises(InvalidURIError):
        parse_absolute("//h/p")


# -- with_* ----------------------------------------------------------------------------

BASE = "http://u@h:8/p?q#f"


@pytest.mark.parametrize(
    ("method", "value", "expected"),
    [
        ("with_scheme", "https", "https://u@h:8/p?q#f"),
        ("with_scheme", None, "//u@h:8/p?q#f"),
        ("with_userinfo", "a:b%20", "http://a:b%20@h:8/p?q#f"),
        ("with_userinfo", None, "http://h:8/p?q#f"),
        ("with_userinfo", "", "http://@h:8/p?q#f"),
        ("with_host", "example.org", "http://u@example.org:8/p?q#f"),
        ("with_host", "[v1.x]", "http://u@[v1.x]:8/p?q#f"),
        ("with_host", ipaddress.IPv6Address("::1"), "http://u@[::1]:8/p?q#f"),
        ("with_host", ipaddress.IPv4Address("192.0.2.1"), "http://u@192.0.2.1:8/p?q#f"),
        ("with_host", "", "http://u@:8/p?q#f"),
        ("with_host", None, "http:/p?q#f"),  # the whole authority goes (RFC 3.2)
        ("with_port", 8080, "http://u@h:8080/p?q#f"),
        ("with_port", "080", "http://u@h:080/p?q#f"),
        ("with_port", "", "http://u@h:/p?q#f"),
        ("with_port", None, "http://u@h/p?q#f"),
        ("with_path", "/a/b", "http://u@h:8/a/b?q#f"),
        ("with_path", "", "http://u@h:8?q#f"),
        ("with_query", "a=1&b", "http://u@h:8/p?a=1&b#f"),
        ("with_query", "", "http://u@h:8/p?#f"),
        ("with_query", None, "http://u@h:8/p#f"),
        ("with_fragment", "top", "http://u@h:8/p?q#top"),
        ("with_fragment", "", "http://u@h:8/p?q#"),
        ("with_fragment", None, "http://u@h:8/p?q"),
    ],
)
def test_with_methods(method: str, value: object, expected: str) -> None:
    ref = parse(BASE)
    changed = getattr(ref, method)(value)
    assert str(changed) == expected
    assert changed == parse(expected)
    assert ref == parse(BASE)  # the original is unchanged


def test_with_scheme_changes_the_class() -> None:
    rel = RelativeReference.parse("//h/p")
    uri = rel.with_scheme("s")
    assert isinstance(uri, URI) and str(uri) == "s://h/p"
    assert isinstance(uri.with_scheme(None), RelativeReference)
    assert rel.with_scheme(None) == rel


@pytest.mark.parametrize(
    ("text", "method", "value"),
    [
        # RFC 3.3: with an authority, the path is empty or starts with "/".
        ("http://h", "with_path", "a"),
        ("s:a", "with_host", "h"),
        # RFC 3.3: without an authority, the path cannot start with "//".
        ("s:/x", "with_path", "//x"),
        ("http://h//x", "with_host", None),
        # RFC 4.2: the first segment of a relative path has no ":".
        ("a", "with_path", "a:b"),
        ("s:a:b", "with_scheme", None),
        # RFC 3.2: userinfo and port belong to an authority.
        ("mailto:a@b", "with_userinfo", "u"),
        ("mailto:a@b", "with_port", 80),
        ("/a", "with_port", "80"),
    ],
)
def test_with_methods_reject_impossible_combinations(text: str, method: str, value: object) -> None:
    with pytest.raises(URIBuildError):
        getattr(parse(text), method)(value)


@pytest.mark.parametrize(
    ("method", "value"),
    [
        ("with_scheme", "1http"),
        ("with_userinfo", "a@b"),
        ("with_host", "a b"),
        ("with_host", "[::1"),
        ("with_port", "8x"),
        ("with_path", "/a b"),
        ("with_query", "a#b"),
        ("with_fragment", "%zz"),
    ],
)
def test_with_methods_validate_their_component(method: str, value: str) -> None:
    with pytest.raises(InvalidURIError):
        getattr(parse(BASE), method)(value)


@pytest.mark.parametrize(
    ("method", "value"),
    [("with_port", -1), ("with_port", True), ("with_path", None), ("with_query", b"q")],
)
def test_with_methods_reject_bad_types_or_values(method: str, value: object) -> None:
    with pytest.raises((TypeError, URIBuildError)):
        getattr(parse(BASE), method)(value)


# -- properties ------------------------------------------------------------------------


def _optional(rule: str) -> st.SearchStrategy[str | None]:
    return st.none() | rule_strings(rule)


@st.composite
def components(draw: st.DrawFn) -> tuple[str | None, ...]:
    """Seven components that fit together (RFC 3, 3.3, 4.2), drawn from the grammar."""
    scheme = draw(_optional("scheme"))
    host = draw(_optional("host"))
    userinfo = port = None
    if host is not None:
        userinfo = draw(_optional("userinfo"))
        port = draw(_optional("port"))
        path = draw(rule_strings("path-abempty"))
    else:
        second = "path-rootless" if scheme is not None else "path-noscheme"
        path = draw(st.sampled_from(["path-absolute", second, "path-empty"]).flatmap(rule_strings))
    return (
        scheme,
        userinfo,
        host,
        port,
        path,
        draw(_optional("query")),
        draw(_optional("fragment")),
    )


def _recompose(parts: tuple[str | None, ...]) -> str:
    """RFC 5.3 component recomposition, written out independently of urikit."""
    scheme, userinfo, host, port, path, query, fragment = parts
    out = "" if scheme is None else scheme + ":"
    if host is not None:
        out += "//" + ("" if userinfo is None else userinfo + "@") + host
        out += "" if port is None else ":" + port
    out += path or ""
    out += "" if query is None else "?" + query
    return out + ("" if fragment is None else "#" + fragment)


def _fields(ref: URIReference) -> tuple[str | None, ...]:
    return (ref.scheme, ref.userinfo, ref.host, ref.port, ref.path, ref.query, ref.fragment)


@SETTINGS
@given(rule_strings("URI-reference"))
def test_round_trip_of_grammar_strings(text: str) -> None:
    ref = parse(text)
    assert str(ref) == text
    assert parse(str(ref)) == ref


@SETTINGS
@given(components())
def test_components_survive_recomposition_and_parsing(parts: tuple[str | None, ...]) -> None:
    # RFC 5.3 then RFC 3: each component comes back as written, None apart from "".
    text = _recompose(parts)
    ref = parse(text)
    assert _fields(ref) == parts
    assert str(ref) == text
    assert isinstance(ref, URI if parts[0] is not None else RelativeReference)


_INDEX = {"scheme": 0, "userinfo": 1, "host": 2, "port": 3, "path": 4, "query": 5, "fragment": 6}


def _impossible(parts: list[str | None]) -> bool:
    """Whether components cannot form a reference (RFC 3.2, 3.3, 4.2), stated independently."""
    scheme, userinfo, host, port, path, _, _ = parts
    assert path is not None
    if host is None:
        return (
            userinfo is not None
            or port is not None
            or path.startswith("//")
            or (scheme is None and ":" in path.split("/")[0])
        )
    return path != "" and not path.startswith("/")


@SETTINGS
@given(
    components(),
    st.sampled_from(sorted(_INDEX)).flatmap(
        lambda name: st.tuples(
            st.just(name), rule_strings(name) if name == "path" else _optional(name)
        )
    ),
)
def test_with_sets_exactly_the_requested_component(
    parts: tuple[str | None, ...], change: tuple[str, str | None]
) -> None:
    name, value = change
    ref = parse(_recompose(parts))
    wanted = list(parts)
    wanted[_INDEX[name]] = value
    if name == "host" and value is None:
        wanted[1] = wanted[3] = None  # removing the host removes the authority
    if _impossible(wanted):
        with pytest.raises(URIBuildError):
            getattr(ref, f"with_{name}")(value)
        return
    changed = getattr(ref, f"with_{name}")(value)
    assert _fields(changed) == tuple(wanted)
    assert parse(str(changed)) == changed
    assert _fields(parse(str(changed))) == tuple(wanted)


@SETTINGS
@given(st.text(alphabet=st.sampled_from("ab:/?#[]@%1fF. é\n\t<>^")))
def test_any_text_parses_or_raises_invalid_uri_error(text: str) -> None:
    # Bad input never crashes: a value that round-trips, or InvalidURIError.
    if urikit.is_valid(text):
        assert str(parse(text)) == text
    else:
        with pytest.raises(InvalidURIError) as info:
            parse(text)
        assert 0 <= info.value.position <= len(info.value.text)


# -- the real-world corpus -------------------------------------------------------------


def test_corpus_parses_exactly_or_raises_invalid_uri_error() -> None:
    valid = invalid = 0
    for line in corpus.urls():
        if urikit.is_valid(line):
            ref = parse(line)
            assert str(ref) == line, line
            valid += 1
        else:
            with pytest.raises(InvalidURIError):
                parse(line)
            invalid += 1
    assert valid and invalid  # the corpus holds both kinds (see its README)


def test_references_have_no_order_and_are_not_sequences_to_combine() -> None:
    # A reference is a value, not a tuple to sort or concatenate (RFC 6 defines
    # equivalence, no order).
    a, b = urikit.parse("a:b"), urikit.parse("a://h")
    for combine in (operator.lt, operator.ge):
        with pytest.raises(TypeError):
            combine(a, b)  # type: ignore[arg-type]  # refused statically too
    with pytest.raises(TypeError):
        operator.add(a, (1,))  # pyright: ignore[reportCallIssue, reportArgumentType]  # refused statically too
    with pytest.raises(TypeError):
        operator.mul(a, 2)  # pyright: ignore[reportCallIssue, reportArgumentType]  # refused statically too


def test_a_decoded_view_that_is_not_utf8_names_its_component() -> None:
    # RFC 2.5: percent-encoded octets are read as UTF-8; %FF is not.
    with pytest.raises(urikit.InvalidURIError) as info:
        _ = urikit.parse("http://h/%FF").decoded_segments
    assert info.value.component == "path"
    with pytest.raises(urikit.InvalidURIError) as info:
        _ = urikit.parse("http://h/?q=%FF").decoded_query_pairs()
    assert info.value.component == "query"


def test_the_scheme_cache_is_bounded() -> None:
    """Values share one string per scheme (memory), but made-up schemes in hostile text
    cannot grow the table, nor be interned for good (CPython 3.12 never frees those)."""
    from urikit._core import components as _parsing

    kept = dict(_parsing.SCHEMES)
    try:
        first = urikit.parse("https://a/").scheme
        for i in range(3 * _parsing._SCHEMES_KEPT):  # pyright: ignore[reportPrivateUsage]
            assert urikit.parse(f"s{i:x}zz:x").scheme == f"s{i:x}zz"
        assert len(_parsing.SCHEMES) <= _parsing._SCHEMES_KEPT  # pyright: ignore[reportPrivateUsage]
        assert urikit.parse("https://b/").scheme is first  # kept before the table filled
    finally:
        _parsing.SCHEMES.clear()
        _parsing.SCHEMES.update(kept)
