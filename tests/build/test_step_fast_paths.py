"""The build steps' fast paths give what the general encoders give (RFC 2.1, 2.4).

A step keeps a path, query or fragment as it is, without calling the encoder, when the
component's first-unsafe search finds nothing (RFC 2.1, 2.4: text whose characters all
stand for themselves is its own encoding); the DNS check finds a name's first character
that is no letter, digit, hyphen or dot with one search (RFC 1123 2.1); and the Builder
keeps its components as named fields. These properties hold each to the general path:
the same text, the same error, on generated text beyond ASCII, with ``%``, IDNA hosts,
IPv6 literals and empty parts.
"""

# pyright: reportPrivateUsage=false
# (the properties compare the build's private parts with the general encoders)

from __future__ import annotations

import copy
import ipaddress
import pickle
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from urikit import Builder, InvalidURIError, URIBuildError, compose
from urikit._core.encoding import Component, quote, safe_chars
from urikit._core.reachable import _LDH, _character_problem, client_host, dns_host_problem
from urikit.build.builder import _STARTED, _STARTED_MAX
from urikit.build.parts import EMPTY, State, encode_host
from urikit.strategies import from_rule

PROPERTY = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


class _Text(str):
    """A str subclass: a step returns plain str for it, fast path or not."""

    __slots__ = ()


# Text that needs no encoding (the fast path), text that does (beyond ASCII, "%", a
# space, a lone "#"), and the empty text.
_texts = (
    st.text(st.sampled_from(sorted(safe_chars("path"))), max_size=20)
    | st.text(st.characters(codec="utf-8"), max_size=20)
    | st.sampled_from(["", "%", "%41", "a b", "#", "é/ü", "?x=1&y", "//a"])
)


@PROPERTY
@given(_texts, st.booleans())
def test_path_query_and_fragment_steps_are_the_encoders(text: str, subclass: bool) -> None:
    """RFC 2.1, 2.4, 2.5: each step writes exactly quote(text, component), a plain str,
    whether the fast path kept the text or the encoder wrote it."""
    given_text = _Text(text) if subclass else text
    built = Builder().path(given_text).query(given_text).fragment(given_text)
    assert built._path == quote(text, "path")
    assert built._query == quote(text, "query")
    assert built._fragment == quote(text, "fragment")
    assert type(built._path) is type(built._query) is type(built._fragment) is str
    # After an authority, so that no path is changed to be unambiguous (RFC 3.3).
    slashed = _Text("/" + text) if subclass else "/" + text
    composed = compose(scheme="x", host="h", path=slashed, query=given_text, fragment=given_text)
    assert (composed.path, composed.query, composed.fragment) == (
        quote("/" + text, "path"),
        quote(text, "query"),
        quote(text, "fragment"),
    )


@pytest.mark.parametrize("value", [5, b"x", ["x"]], ids=repr)
def test_the_fast_path_leaves_a_non_str_to_the_encoder_s_error(value: Any) -> None:
    """The input rule: a non-str is a TypeError naming the component."""
    steps: list[tuple[str, Callable[[], object]]] = [
        ("query", lambda: Builder().query(value)),
        ("query", lambda: compose(query=value)),
        ("fragment", lambda: compose(fragment=value)),
    ]
    for component, step in steps:
        with pytest.raises(TypeError, match=f"^{component} must be"):
            step()


def test_a_lone_surrogate_is_the_encoder_s_error() -> None:
    """RFC 2.5: a lone surrogate has no UTF-8 octets; each step and compose raise what
    quote raises, at the same position, though the step searched the text first."""
    text = "/a b\ud800"
    steps: list[tuple[Component, Callable[[], object]]] = [
        ("path", lambda: Builder().path(text)),
        ("query", lambda: Builder().query(text)),
        ("fragment", lambda: Builder().fragment(text)),
        ("path", lambda: compose(scheme="x", path=text)),
        ("query", lambda: compose(scheme="x", query=text)),
        ("fragment", lambda: compose(scheme="x", fragment=text)),
    ]
    for component, step in steps:
        with pytest.raises(InvalidURIError) as expected:
            quote(text, component)
        with pytest.raises(InvalidURIError) as raised:
            step()
        assert (raised.value.position, raised.value.rule) == (
            expected.value.position,
            expected.value.rule,
        )


def _slow_dns_problem(host: str) -> str | None:
    """The DNS check with the per-character loop it had before the one search."""
    if host.startswith("[") or not host:
        return dns_host_problem(host)
    name = host[:-1] if host.endswith(".") else host
    for index, char in enumerate(name):
        if char not in _LDH and char != ".":
            return _character_problem(name, index)
    return dns_host_problem(host)


_hosts = (
    from_rule("reg-name", max_repeat=4)
    | st.text(st.sampled_from(sorted(_LDH | {".", " ", "%", "_", "é"})), max_size=20)
    | st.sampled_from(["exa mple", "a..b", "-a.com", "a%20b", "a%C3%A9", "xn--bcher-kva.de"])
)


@PROPERTY
@given(_hosts)
def test_the_dns_check_s_one_search_is_the_character_loop(host: str) -> None:
    """RFC 1123 2.1: the first character that is no letter, digit, hyphen or dot is the
    one named, as the loop named it; a name without one goes on to the label rules."""
    assert dns_host_problem(host) == _slow_dns_problem(host)


_build_hosts = (
    _hosts
    | st.sampled_from(["bücher.example", "例え.テスト", "EXAMPLE.com", "[::1]", "::1", "1.2.3.4"])
    | st.builds(ipaddress.IPv6Address, st.integers(0, 2**128 - 1))
    | st.builds(ipaddress.IPv4Address, st.integers(0, 2**32 - 1))
)


@PROPERTY
@given(_build_hosts, st.sampled_from(["https", "http", "ws", "ftp", "mailto", "x"]), _texts)
def test_builder_and_compose_hosts_are_the_general_path(
    host: str | ipaddress.IPv4Address | ipaddress.IPv6Address, scheme: str, path: str
) -> None:
    """RFC 3.2.2: the host as encode_host writes it, then, for a scheme DNS serves, as
    client_host writes it (IDNA for a name beyond ASCII): the same text or the same
    error from the Builder chain and compose."""
    raw_path = "/" + path
    try:
        expected = encode_host(host, idna=True)
        if scheme in {"https", "http", "ws", "ftp"}:
            expected = client_host(expected)
    except URIBuildError as error:
        with pytest.raises(URIBuildError) as info:
            Builder().scheme(scheme).host(host, idna=True).path(raw_path).build()
        assert info.value.code == error.code
        with pytest.raises(URIBuildError) as again:
            compose(scheme=scheme, host=host, path=raw_path, idna=True)
        assert again.value.message == info.value.message
        return
    except Exception as error:  # IDNA refuses the name: both steps raise the same
        with pytest.raises(type(error)):
            Builder().scheme(scheme).host(host, idna=True).path(raw_path).build()
        return
    built = Builder().scheme(scheme).host(host, idna=True).path(raw_path).build()
    assert built.host == expected
    assert built == compose(scheme=scheme, host=host, path=raw_path, idna=True)


def test_the_builder_keeps_its_components_as_named_fields() -> None:
    """The components travel as one named record, here the State fields."""
    builder = Builder().scheme("HTTPS").host("example.com").port(8080).path("/a b")
    assert builder._state == State(
        scheme="https",
        userinfo=None,
        host="example.com",
        port="8080",
        path="/a%20b",
        query=None,
        fragment=None,
        path_form="text",
    )
    assert Builder()._state == EMPTY
    assert pickle.loads(pickle.dumps(builder)) == builder
    assert hash(pickle.loads(pickle.dumps(builder))) == hash(builder)
    assert copy.copy(builder) is builder and copy.deepcopy(builder) is builder
    with pytest.raises(AttributeError):
        builder.host = "x"  # type: ignore[method-assign, assignment]
    with pytest.raises(AttributeError):
        builder.extra = "x"  # type: ignore[attr-defined]


def test_a_step_that_changes_nothing_returns_its_builder() -> None:
    """Builders are values: a step whose result equals its builder may be it."""
    base = Builder().scheme("https").host("example.com")
    assert base.fragment(None) is base
    assert base.query_params([]) is base
    assert base.scheme("https") is base and base.scheme("HTTPS") is base  # RFC 3.1: case
    with_query = base.query("q")
    assert with_query.query_params([]) == base  # removes the query: a change
    assert str(with_query.query_params([]).build()) == "https://example.com"
    with_fragment = base.fragment("f")
    assert with_fragment.fragment(None) == base
    assert str(with_fragment.build()) == "https://example.com#f"


@given(st.lists(from_rule("scheme"), min_size=1, max_size=80))
@PROPERTY
def test_builder_scheme_is_one_value_per_scheme(schemes: list[str]) -> None:
    """``Builder().scheme(s)`` is kept per text given (a bounded number) and is always
    the builder a step would make: the scheme written lowercase (RFC 3.1)."""
    for scheme in schemes:
        started = Builder().scheme(scheme)
        assert started._state == EMPTY._replace(scheme=scheme.lower())
        assert Builder().scheme(_Text(scheme))._state == started._state


def test_builder_scheme_keeps_a_bounded_number_of_started_builders() -> None:
    """Schemes may come from input: the builders kept for them are bounded."""
    _STARTED.clear()
    assert Builder().scheme("https") is Builder().scheme("https")
    for n in range(2 * _STARTED_MAX):
        assert Builder().scheme(f"s{n}")._scheme == f"s{n}"
    assert len(_STARTED) == _STARTED_MAX
    assert Builder().scheme("https") is Builder().scheme("https")  # kept before the bound


class _Hostile(str):
    """A str subclass whose methods lie: the encoders must read its characters."""

    __slots__ = ()

    def translate(self, table: object) -> str:
        return "/x#frag?q"

    def isascii(self) -> bool:
        return not super().isascii()

    def encode(self, encoding: str = "utf-8", errors: str = "strict") -> bytes:
        return b"#"


@pytest.mark.parametrize("text", ["/a b", "/é b"])
def test_a_str_subclass_s_methods_do_not_write_the_encoding(text: str) -> None:
    """RFC 2.1, 2.5: the octets of the text's characters are encoded, whatever its
    class's methods say; the result is a plain str, a valid component."""
    assert quote(_Hostile(text), "path") == quote(text, "path")
    built = Builder().scheme("https").host("h").path(_Hostile(text)).build()
    assert built.path == quote(text, "path") and built.fragment is None
    assert compose(scheme="https", host="h", path=_Hostile(text)) == built
