"""The build's fast paths give exactly what the checked slow path gives.

compose() and the Builder encode each component once (RFC 2.4) and assemble the
reference without parsing it again: ``assemble`` is ``combine`` (the model's checked
constructor, RFC 3, 3.3, 4.2) after ``unambiguous_path``, and a host whose characters
all stand for themselves is kept as it is. These properties hold them to the slow path:
the same value, or the same error, and always a valid reference.
"""

# pyright: reportPrivateUsage=false
# (the properties call the build's private parts to compare them with the slow path)

from __future__ import annotations

import ipaddress
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import urikit
from urikit import URI, Builder, RelativeReference, URIBuildError
from urikit._core.components import Fields
from urikit._core.encoding import COMPONENTS, Component, quote, quote_query_param, safe_chars
from urikit._core.paths import unambiguous_path
from urikit._core.views import combine
from urikit.build.parts import State, assemble, encode, encode_host
from urikit.strategies import ComposeArguments, compose_arguments, from_rule

PROPERTY = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _maybe(rule: str) -> st.SearchStrategy[str | None]:
    return st.none() | from_rule(rule, max_repeat=3)


# Paths that need each of unambiguous_path's cases: rootless, "//", ":" in the first
# segment, empty, absolute.
_paths = from_rule("path", max_repeat=3) | st.sampled_from(["", "a", "//x", "a:b/c", "/a", "./b"])


@st.composite
def _states(draw: st.DrawFn) -> State:
    return State(
        draw(_maybe("scheme")),
        draw(_maybe("userinfo")),
        draw(_maybe("host")),
        draw(_maybe("port")),
        draw(_paths),
        draw(_maybe("query")),
        draw(_maybe("fragment")),
        draw(st.sampled_from(["text", "segments", "encoded"])),
    )


def _slow_assemble(state: State) -> URI | RelativeReference:
    scheme, userinfo, host, port, path, query, fragment, form = state
    # Raw text is made unambiguous, but not absolute after an authority (RFC 3.3):
    # combine() refuses it there, as URI.with_path does.
    if form == "segments" or (form == "text" and host is None):
        path = unambiguous_path(path, has_scheme=scheme is not None, has_host=host is not None)
    fields = Fields(scheme, userinfo, host, port, path, query, fragment)
    if scheme is None:
        return combine(RelativeReference, fields)
    return combine(URI, fields)


@PROPERTY
@given(_states())
def test_assemble_is_combine_after_unambiguous_path(state: State) -> None:
    """RFC 3, 3.3, 4.2: the same reference, or the same refusal, as the checked slow path."""
    try:
        expected = _slow_assemble(state)
    except URIBuildError as slow_error:
        with pytest.raises(URIBuildError) as info:
            assemble(URI if state[0] is not None else RelativeReference, *state)
        assert info.value.code == slow_error.code
        return
    built = assemble(URI if state[0] is not None else RelativeReference, *state)
    assert type(built) is type(expected) and built == expected
    assert urikit.is_valid(str(built), "URI" if isinstance(built, URI) else "relative-ref")
    assert urikit.parse(str(built)) == built


@PROPERTY
@given(st.text(max_size=12) | from_rule("reg-name", max_repeat=3) | from_rule("host"))
def test_a_host_kept_as_it_stands_is_a_reg_name_that_needs_no_encoding(host: str) -> None:
    """RFC 3.2.2: the host fast path only keeps text that percent-encoding would keep and
    that is neither an IP-literal nor an IPv6address (no "[" and no ":" in reg-name)."""
    if encode.host_unsafe(host) is None:
        assert quote(host, "host") == host
        assert urikit.is_valid(host, "reg-name")
        assert "[" not in host and ":" not in host
    assert encode_host(host) == _slow_host(host)


@PROPERTY
@given(
    st.sampled_from(COMPONENTS),
    st.text(st.characters(codec="utf-8"), max_size=20)
    | st.text(st.sampled_from(sorted(safe_chars("path"))), max_size=20),
)
def test_quote_escapes_exactly_the_characters_outside_the_set(
    component: Component, text: str
) -> None:
    """RFC 2.1, 2.5: text with nothing to encode comes back as it is (the quick search
    finds nothing); any other character becomes the escapes of its UTF-8 octets."""
    safe = safe_chars(component)
    expected = "".join(
        c if c in safe else "".join(f"%{octet:02X}" for octet in c.encode()) for c in text
    )
    assert quote(text, component) == expected


def _slow_host(host: str | ipaddress.IPv4Address | ipaddress.IPv6Address) -> str:
    """The host as Builder.host documents it (RFC 3.2.2), every case spelled out."""
    if isinstance(host, ipaddress.IPv6Address):
        return f"[{host.compressed}]"
    if isinstance(host, ipaddress.IPv4Address):
        return str(host)
    if host.startswith("[") and urikit.is_valid(host, "IP-literal"):
        return host
    if ":" in host and urikit.is_valid(host, "IPv6address"):
        return f"[{host}]"
    return quote(host, "host")


def _slow_text(args: ComposeArguments, *, with_scheme: bool) -> str:
    """The reference's text from each component encoded by the public encoders."""
    host = args.get("host")
    text = ""
    if host is not None:
        text = "//"
        if "user" in args:
            text += quote(args["user"], "user")
            if "password" in args:
                text += ":" + quote(args["password"], "password")
            text += "@"
        text += _slow_host(host)
        if "port" in args:
            text += f":{args['port']}"
    text += unambiguous_path(
        quote(args.get("path", ""), "path"), has_scheme=with_scheme, has_host=host is not None
    )
    pairs = args.get("query_params")
    if pairs:
        text += "?" + "&".join(quote_query_param(k, v) for k, v in pairs)
    if "fragment" in args:
        text += "#" + quote(args["fragment"], "fragment")
    return f"{args['scheme'].lower()}:{text}" if with_scheme else text


@PROPERTY
@given(compose_arguments(), st.booleans())
def test_compose_and_the_builder_equal_the_slow_path(
    args: ComposeArguments, with_scheme: bool
) -> None:
    """RFC 2.1, 2.4, 5.3: compose(), the fluent Builder chain and the text of each
    component encoded alone, then parsed, are the same reference."""
    expected_text = _slow_text(args, with_scheme=with_scheme)
    builder: Builder[Any, Any] = Builder()
    if "host" in args:
        builder = builder.host(args["host"])
        if "user" in args:
            builder = builder.userinfo(args["user"], args.get("password"))
        if "port" in args:
            builder = builder.port(args["port"])
    builder = builder.path(args.get("path", "")).query_params(args.get("query_params", []))
    if "fragment" in args:
        builder = builder.fragment(args["fragment"])
    built: URI | RelativeReference
    if with_scheme:
        composed: URI | RelativeReference = urikit.compose(**args)
        built = builder.scheme(args["scheme"]).build()
        expected: URI | RelativeReference = URI.parse(expected_text)
    else:
        composed = urikit.compose(
            host=args.get("host"),
            port=args.get("port"),
            user=args.get("user"),
            password=args.get("password"),
            path=args.get("path", ""),
            query_params=args.get("query_params"),
            fragment=args.get("fragment"),
        )
        built = builder.build_reference()
        expected = RelativeReference.parse(expected_text)
    assert str(composed) == str(built) == expected_text
    assert composed == built == expected


# ["x"] is unhashable: the scheme cache's own TypeError must not leak out.
_NOT_TEXT: list[Any] = [5, None, b"x", ["x"]]


@pytest.mark.parametrize("value", _NOT_TEXT, ids=repr)
def test_builder_steps_and_compose_refuse_what_is_not_text_alike(value: Any) -> None:
    """The input rule: a non-str raises TypeError naming the component, from
    the step itself, whatever fast path the step takes."""
    text: str = value  # typed as the API takes it (the overloads pick by scheme's type)
    cases: list[tuple[str, Callable[[], object], Callable[[], object]]]
    cases = [("path", lambda: Builder().path(value), lambda: urikit.compose(path=value))]
    if value is not None:  # None means no scheme, no fragment, no host
        cases += [
            ("scheme", lambda: Builder().scheme(text), lambda: urikit.compose(scheme=text)),
            ("fragment", lambda: Builder().fragment(value), lambda: urikit.compose(fragment=value)),
            ("host", lambda: Builder().host(value), lambda: urikit.compose(host=value)),
        ]
    for name, step, call in cases:
        for make in (step, call):
            with pytest.raises(TypeError, match=f"^{name} must be"):
                make()
