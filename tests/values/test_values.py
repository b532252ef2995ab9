"""URI and RelativeReference are values: construction validates, no sequence behaviour.

RFC 3 (URI), 4.1 (URI-reference), 4.2 (relative-ref).
"""

from __future__ import annotations

import copy
import ipaddress
import json
import operator
import pickle
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import urikit
from urikit import URI, InvalidURIError, RelativeReference


@pytest.mark.parametrize(
    ("cls", "text"),
    [(URI, "http://u@h:8/p?q#f"), (URI, "urn:a:b"), (RelativeReference, "//h/p?q#f")],
)
def test_constructor_parses_like_parse(cls: type[URI] | type[RelativeReference], text: str) -> None:
    value = cls(text)
    assert type(value) is cls
    assert value == cls.parse(text) == urikit.parse(text)
    assert str(value) == text


@pytest.mark.parametrize(
    ("cls", "text", "position", "component"),
    [
        (URI, "1234567", 0, "scheme"),  # a scheme starts with a letter (RFC 3.1)
        (URI, "//h/p", 0, "scheme"),  # RFC 3: a URI has a scheme
        (URI, "http://h/a b", 10, "path"),
        (RelativeReference, "http://h", 0, "scheme"),  # RFC 4.2: no scheme
        (RelativeReference, "a b", 1, "path"),
    ],
)
def test_constructor_refuses_invalid_text(
    cls: type[URI] | type[RelativeReference], text: str, position: int, component: str
) -> None:
    with pytest.raises(InvalidURIError) as info:
        cls(text)
    assert (info.value.position, info.value.component) == (position, component)


@pytest.mark.parametrize(
    "argument",
    [
        ["http", None, "h", None, "nope path", None, None],
        ("http", None, "h", None, "/p", None, None),
        b"http://h/",
        None,
        7,
    ],
)
@pytest.mark.parametrize("cls", [URI, RelativeReference])
def test_constructor_refuses_anything_but_text(
    cls: type[URI] | type[RelativeReference], argument: object
) -> None:
    with pytest.raises(TypeError, match="must be a str"):
        cls(argument)  # type: ignore[arg-type]


def test_constructor_takes_a_str_subclass_as_plain_text() -> None:
    class Text(str):
        def __str__(self) -> str:
            return "evil:"

    value = URI(Text("http://h/p"))
    assert value == URI("http://h/p")
    assert type(value.host) is str and type(value.path) is str


# -- not a sequence ------------------------------------------------------------------------


_REFUSED: list[tuple[str, Callable[[Any], object]]] = [
    ("iter", iter),
    ("len", len),
    ("list", list),
    ("index", operator.itemgetter(0)),
    ("slice", operator.itemgetter(slice(0, 2))),
    ("add", lambda v: operator.add(v, v)),
    ("add-tuple", lambda v: operator.add(v, ("x",))),
    ("radd-tuple", lambda v: operator.add(("x",), v)),
    ("mul", lambda v: operator.mul(v, 2)),
    ("rmul", lambda v: operator.mul(2, v)),
    ("lt", lambda v: operator.lt(v, v)),
    ("le", lambda v: operator.le(v, v)),
    ("gt", lambda v: operator.gt(v, v)),
    ("ge", lambda v: operator.ge(v, v)),
    ("sorted", lambda v: sorted([v, v])),
    ("unpack", lambda v: [*v]),
    ("json", json.dumps),
]


@pytest.mark.parametrize(("name", "use"), _REFUSED, ids=[n for n, _ in _REFUSED])
@pytest.mark.parametrize("text", ["http://u:p@h:1/p?q#f", "//h/p", "a"])
def test_a_value_is_not_a_sequence(text: str, name: str, use: Callable[[Any], object]) -> None:
    with pytest.raises(TypeError):
        use(urikit.parse(text))


def test_a_value_never_equals_its_text_or_its_components() -> None:
    uri = urikit.parse("http://h/p")
    assert uri != "http://h/p" and uri != "http://h/p"
    assert uri != ("http", None, "h", None, "/p", None, None)
    assert not isinstance(uri, tuple)


def test_json_through_str() -> None:
    # The documented way: str(value) (RFC 5.3 recomposition) round-trips.
    uri = urikit.parse("http://h/p?q")
    assert json.loads(json.dumps({"u": str(uri)})) == {"u": "http://h/p?q"}


# -- copies and pickles give the same, valid value ------------------------------------------


@pytest.mark.parametrize("text", ["http://u:p@[::1]:8/a?b#c", "//h", "", "a:b", "?q#"])
def test_copy_and_deepcopy_and_pickle(text: str) -> None:
    value = urikit.parse(text)
    assert copy.copy(value) == value
    assert copy.deepcopy(value) == value
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        back = pickle.loads(pickle.dumps(value, protocol))
        assert back == value and type(back) is type(value)


def test_unpickling_validates() -> None:
    # A pickle is data from outside: loading it goes through URI(text), which parses.
    forged = pickle.dumps(URI("http://h/p")).replace(b"http://h/p", b"http://h p")
    with pytest.raises(InvalidURIError):
        pickle.loads(forged)


def test_class_patterns_match_by_name() -> None:
    match urikit.parse("https://example.com/a"):
        case URI(scheme="https", host=host, path=path):
            assert (host, path) == ("example.com", "/a")
        case _:
            pytest.fail("the class pattern did not match")


# -- secrets stay secret (RFC 3.2.1 deprecates passwords, 7.5 logs) -----------------------

_SECRET = "s3cr%65t"  # percent-encoded, so a decoded spelling is tried too


def _assert_hidden(shown: str) -> None:
    assert _SECRET not in shown and "s3cret" not in shown


@pytest.mark.parametrize(
    "text",
    [
        f"http://user:{_SECRET}@h/p",
        f"//user:{_SECRET}@h",
        f"HTTP://user:{_SECRET}@[::1]:80/?q#f",
        f"http://:{_SECRET}@h",
    ],
)
def test_repr_of_a_value_hides_the_password(text: str) -> None:
    value = urikit.parse(text)
    _assert_hidden(repr(value))
    assert "***" in repr(value)
    assert str(value) == text  # str() still round-trips exactly (RFC 5.3)
    assert value.password == _SECRET


def test_repr_of_a_value_without_password_is_its_text() -> None:
    # "a:b@c" after a path "//" is not userinfo: nothing to hide, nothing changed.
    for text in ("http://u@h/x:y@z", "a:b//c:d@e", "http://h/?u:p@x", "mailto:u:p@h"):
        assert repr(urikit.parse(text)) == f"{type(urikit.parse(text)).__name__}({text!r})"


@pytest.mark.parametrize(
    "text",
    [
        f"http://user:{_SECRET}@exa mple.com/",  # invalid host after the password
        f"http://user:{_SECRET} @h/",  # invalid character inside the userinfo
        f"ht tp://user:{_SECRET}@h/",  # invalid scheme before it
        f"http://user:{_SECRET}@h@g/",  # two "@": the last one ends what is hidden
    ],
)
def test_errors_hide_the_password(text: str) -> None:
    with pytest.raises(InvalidURIError) as info:
        urikit.parse(text)
    _assert_hidden(repr(info.value))
    _assert_hidden(str(info.value))
    with pytest.raises(InvalidURIError) as info:
        urikit.security.redacted(text)
    error = info.value
    for shown in (repr(error), str(error), error.text, repr(error.args)):
        _assert_hidden(shown)
    assert error.__cause__ is None and error.__suppress_context__


def test_redacted_error_points_at_the_same_character() -> None:
    text = f"http://user:{_SECRET}@exa mple.com/"
    with pytest.raises(InvalidURIError) as info:
        urikit.security.redacted(text)
    error = info.value
    assert error.text[error.position] == " "
    assert error.component == "host"


def test_builder_and_policy_error_reprs_hide_the_password() -> None:
    builder = urikit.Builder().scheme("https").host("h").userinfo("user", "s3cret")
    _assert_hidden(repr(builder))
    assert "user:***" in repr(builder)
    with pytest.raises(urikit.PolicyError) as info:
        urikit.Policy(allow_userinfo=False).check(f"http://user:{_SECRET}@h/")
    _assert_hidden(repr(info.value))
    _assert_hidden(str(info.value))


# -- the Builder is a normal value: equal, hashable, copied, pickled ------------------------


_BUILDERS: list[urikit.Builder[Any, Any]] = [
    urikit.Builder(),
    urikit.Builder().scheme("https").host("h").port(8).userinfo("u", "p").path("a b").query("q"),
    urikit.Builder().encoded_path("x:y").fragment("f"),
]


@pytest.mark.parametrize("builder", _BUILDERS, ids=repr)
def test_builder_copy_deepcopy_pickle_round_trip(builder: urikit.Builder[Any, Any]) -> None:
    assert copy.copy(builder) == builder
    assert copy.deepcopy(builder) == builder
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        back = pickle.loads(pickle.dumps(builder, protocol))
        assert back == builder and hash(back) == hash(builder)
        assert repr(back) == repr(builder)


def test_builder_unpickling_checks_each_component() -> None:
    # A pickle is outside data: a forged host is refused as the setter would (RFC 3.2.2).
    good = pickle.dumps(urikit.Builder().scheme("http").host("hostname"))
    with pytest.raises(InvalidURIError):
        pickle.loads(good.replace(b"hostname", b"host ame"))


# -- every with_* result is valid, whatever it is given (RFC 3, 4.1) -----------------------

_HOSTILE_TEXT = st.text(alphabet=st.sampled_from("a1:/?#[]@%2F.vV!$&'()*+,;= \\\x00é\u200b-_~"))
_HOSTILE = _HOSTILE_TEXT | st.none() | st.integers(-(10**6), 10**6) | st.just(10**5000)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(["http://u:p@h:1/p?q#f", "//h/p", "a/b", "", "s:x", "?q", "http://[::1]"]),
    st.sampled_from(["scheme", "userinfo", "host", "port", "path", "query", "fragment"]),
    _HOSTILE,
)
def test_with_gives_a_valid_value_or_a_documented_error(base: str, name: str, arg: object) -> None:
    # RFC 3 / 4.1: whatever the argument, the result's text is a valid URI-reference of
    # the same class and parses back to the same value; else a documented error.
    value = urikit.parse(base)
    try:
        changed = getattr(value, f"with_{name}")(arg)
    except (urikit.URIError, TypeError):
        return
    text = str(changed)
    assert urikit.is_valid(text, "URI" if isinstance(changed, URI) else "relative-ref")
    assert urikit.parse(text) == changed
    assert pickle.loads(pickle.dumps(changed)) == changed


@pytest.mark.parametrize("port", [-1, 65536, 10**5000], ids=["negative", "65536", "huge"])
def test_with_port_refuses_out_of_range_like_builder_port(port: int) -> None:
    # RFC 3.2.3 allows any digits, but as Builder.port does, an int must be a TCP port.
    with pytest.raises(urikit.URIBuildError) as info:
        urikit.parse("http://h/").with_port(port)
    assert info.value.code == "port-out-of-range"
    with pytest.raises(urikit.URIBuildError):
        urikit.Builder().scheme("http").host("h").port(port)


def test_with_host_refuses_a_zone_identifier_like_builder_host() -> None:
    # RFC 3986 3.2.2 has no zone identifier in IP-literal (RFC 6874 is not part of it).
    address = ipaddress.IPv6Address("fe80::1%eth0")
    with pytest.raises(urikit.URIBuildError) as info:
        urikit.parse("http://h/p").with_host(address)
    assert info.value.code == "zone-id"
