"""IRIReference's changers and query views (RFC 3987 2.2): the URI model's API for IRIs.

Each ``with_<name>`` takes a component as written in an IRI (the i-rules of RFC 3987
2.2; scheme and port as in RFC 3986 3.1, 3.2.3), checks it against its rule and the
result against the rest with the URI model's checks (RFC 3986 3, 3.3, 4.2), so the
result is always an IRI-reference.
"""

from __future__ import annotations

import ipaddress
import pickle
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import urikit
from urikit import InvalidURIError, IRIReference, URIBuildError
from urikit.strategies import from_rule

_IRI = IRIReference("http://j\u00fcrgen@b\u00fccher.example:8080/stra\u00dfe?q=caf\u00e9#s\u00e9")
_COMPONENTS = ("scheme", "userinfo", "host", "port", "path", "query", "fragment")


# -- query_pairs / decoded_query_pairs (RFC 3987 2.2 iquery; RFC 3986 3.4) ---------------


def test_query_pairs_as_written_and_decoded() -> None:
    iri = IRIReference("http://\u00e9.example/?q=caf\u00e9&a=b+c&flag&x=%C3%A9%26")
    assert iri.query_pairs() == [("q", "caf\u00e9"), ("a", "b+c"), ("flag", ""), ("x", "%C3%A9%26")]
    assert iri.decoded_query_pairs() == [
        ("q", "caf\u00e9"),
        ("a", "b+c"),
        ("flag", ""),
        ("x", "\u00e9&"),
    ]
    assert iri.decoded_query_pairs(plus_as_space=True)[1] == ("a", "b c")
    assert IRIReference("/\u00e9").query_pairs() == IRIReference("/\u00e9?").query_pairs() == []


def test_decoded_query_pairs_refuses_what_the_uri_model_refuses() -> None:
    # RFC 3986 2.5: percent-encoded octets are read as UTF-8; %FF is not.
    with pytest.raises(InvalidURIError) as iri_error:
        IRIReference("/\u00e9?a=%FF").decoded_query_pairs()
    with pytest.raises(InvalidURIError) as uri_error:
        urikit.parse("/?a=%FF").decoded_query_pairs()
    assert iri_error.value.component == uri_error.value.component == "query"
    assert iri_error.value.reason == uri_error.value.reason


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(from_rule("iquery", max_repeat=6), st.booleans())
def test_query_views_agree_with_the_uri_it_maps_to(query: str, plus_as_space: bool) -> None:
    # RFC 3987 3.1 encodes each character beyond ASCII as its UTF-8 octets, and
    # `& = +` are ASCII: the pairs of the IRI and of its URI decode alike.
    iri = IRIReference("?" + query)
    uri = iri.to_uri()
    assert len(iri.query_pairs()) == len(uri.query_pairs())
    try:
        expected = uri.decoded_query_pairs(plus_as_space=plus_as_space)
    except InvalidURIError:
        with pytest.raises(InvalidURIError):
            iri.decoded_query_pairs(plus_as_space=plus_as_space)
        return
    assert iri.decoded_query_pairs(plus_as_space=plus_as_space) == expected


# -- the changers: text as written in an IRI (RFC 3987 2.2) -------------------------------


_SHORT = IRIReference("http://\u00fc@\u00e4.example:8/\u00e9?q=\u00e9#\u00e9")


@pytest.mark.parametrize(
    ("name", "value", "expected"),
    [
        ("scheme", "https", "https://\u00fc@\u00e4.example:8/\u00e9?q=\u00e9#\u00e9"),
        ("userinfo", "\u00e9mile", "http://\u00e9mile@\u00e4.example:8/\u00e9?q=\u00e9#\u00e9"),
        ("userinfo", None, "http://\u00e4.example:8/\u00e9?q=\u00e9#\u00e9"),
        ("host", "\u4f8b\u3048.jp", "http://\u00fc@\u4f8b\u3048.jp:8/\u00e9?q=\u00e9#\u00e9"),
        ("host", "[v1.x]", "http://\u00fc@[v1.x]:8/\u00e9?q=\u00e9#\u00e9"),
        ("host", None, "http:/\u00e9?q=\u00e9#\u00e9"),
        ("port", 443, "http://\u00fc@\u00e4.example:443/\u00e9?q=\u00e9#\u00e9"),
        ("port", "", "http://\u00fc@\u00e4.example:/\u00e9?q=\u00e9#\u00e9"),
        ("port", None, "http://\u00fc@\u00e4.example/\u00e9?q=\u00e9#\u00e9"),
        ("path", "/\u00e9/%C3%A9", "http://\u00fc@\u00e4.example:8/\u00e9/%C3%A9?q=\u00e9#\u00e9"),
        ("path", "", "http://\u00fc@\u00e4.example:8?q=\u00e9#\u00e9"),
        # iprivate is allowed in iquery only (2.2).
        (
            "query",
            "\ue000=\U000f0000",
            "http://\u00fc@\u00e4.example:8/\u00e9?\ue000=\U000f0000#\u00e9",
        ),
        ("query", None, "http://\u00fc@\u00e4.example:8/\u00e9#\u00e9"),
        ("fragment", "\U00010000", "http://\u00fc@\u00e4.example:8/\u00e9?q=\u00e9#\U00010000"),
        ("fragment", "", "http://\u00fc@\u00e4.example:8/\u00e9?q=\u00e9#"),
    ],
)
def test_with_sets_one_component(name: str, value: str | int | None, expected: str) -> None:
    changed: IRIReference = getattr(_SHORT, f"with_{name}")(value)
    assert type(changed) is IRIReference
    assert str(changed) == expected and changed == IRIReference(expected)


def test_with_scheme_none_gives_a_relative_reference_and_back() -> None:
    relative = _IRI.with_scheme(None)
    assert (relative.scheme, str(relative)) == (None, str(_IRI)[len("http:") :])
    assert relative.with_scheme("http") == _IRI


def test_with_host_takes_ipaddress_objects_like_the_model() -> None:
    v4 = ipaddress.IPv4Address("192.0.2.1")
    v6 = ipaddress.IPv6Address("2001:db8::1")
    assert _IRI.with_host(v4).host == "192.0.2.1"
    assert _IRI.with_host(v6).host == "[2001:db8::1]"
    with pytest.raises(URIBuildError) as info:
        _IRI.with_host(ipaddress.IPv6Address("fe80::1%eth0"))
    assert info.value.code == "zone-id"


@pytest.mark.parametrize("port", [-1, 65536, 10**5000], ids=["negative", "65536", "huge"])
def test_with_port_refuses_what_the_model_refuses(port: int) -> None:
    with pytest.raises(URIBuildError) as info:
        _IRI.with_port(port)
    assert info.value.code == "port-out-of-range"
    with pytest.raises(TypeError, match="not bool"):
        _IRI.with_port(True)


def test_with_path_none_is_a_type_error() -> None:
    # RFC 3986 3.3 / RFC 3987 2.2: a path is always defined, possibly empty.
    with pytest.raises(TypeError, match="path must be a str"):
        _IRI.with_path(None)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("name", "value", "rule", "position"),
    [
        ("userinfo", "a b", "iuserinfo", 1),
        ("host", "b\u00fccher example", "ireg-name", 6),
        ("host", "[\u00e9]", "IP-literal", 1),
        ("path", "/a\u202eb", "ipath", 2),  # 4.1: no bidi formatting characters
        ("path", "/\ue000", "ipath", 1),  # 2.2: iprivate only in iquery
        ("query", "a#b", "iquery", 1),
        ("query", "\ufffe", "iquery", 0),  # 2.2: ucschar leaves out U+FFFE
        ("fragment", "\ue000", "ifragment", 0),
        ("scheme", "h\u00e9", "scheme", 1),  # 2.2 reuses RFC 3986's scheme: ASCII only
        ("port", "8\u0668", "port", 1),  # ... and its port: ASCII digits only
    ],
)
def test_a_bad_component_gives_a_located_error_naming_it(
    name: str, value: str, rule: str, position: int
) -> None:
    with pytest.raises(InvalidURIError) as info:
        getattr(_IRI, f"with_{name}")(value)
    error = info.value
    assert (error.component, error.position, error.text) == (name, position, value)
    assert error.rule == rule


_NO_HOST = IRIReference("x:\u00e9")
_RELATIVE = IRIReference("\u00e9/a")


@pytest.mark.parametrize(
    ("change", "code"),
    [
        (lambda: _NO_HOST.with_userinfo("\u00e9"), "needs-host"),  # RFC 3986 3.2
        (lambda: _NO_HOST.with_port(80), "needs-host"),
        (lambda: _NO_HOST.with_path("//\u00e9"), "path-double-slash"),  # 3.3
        (lambda: _RELATIVE.with_path("\u00e9:b"), "path-colon-first-segment"),  # 4.2
        (lambda: IRIReference("x:\u00e9:b").with_scheme(None), "path-colon-first-segment"),
        (lambda: _IRI.with_path("\u00e9"), "path-not-absolute"),  # 3.3
        (lambda: IRIReference("//h//\u00e9").with_host(None), "path-double-slash"),
    ],
)
def test_the_combination_fits_with_the_models_codes(
    change: Callable[[], IRIReference], code: str
) -> None:
    with pytest.raises(URIBuildError) as info:
        change()
    assert info.value.code == code


# -- the same answers as the URI model where the text is ASCII ----------------------------

_HOSTILE_TEXT = st.text(alphabet=st.sampled_from("a1:/?#[]@%2F.vV!$&'()*+,;= \\\x00-_~"))
_HOSTILE = _HOSTILE_TEXT | st.none() | st.integers(-(10**6), 10**6) | st.just(10**5000)
_ASCII_BASES = ["http://u:p@h:1/p?q#f", "//h/p", "a/b", "", "s:x", "?q", "http://[::1]", "a:b:c"]


def _outcome(call: Callable[[], object]) -> tuple[str, ...]:
    """What a call gives: its text, or its error's type and what it says."""
    try:
        return ("ok", str(call()))
    except URIBuildError as error:
        return ("URIBuildError", error.code, str(error))
    except InvalidURIError as error:
        return ("InvalidURIError", str(error.position), str(error.component), error.reason)
    except TypeError as error:
        return ("TypeError", str(error))


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(_ASCII_BASES), st.sampled_from(_COMPONENTS), _HOSTILE)
def test_ascii_edits_answer_as_the_uri_model_does(base: str, name: str, arg: object) -> None:
    # RFC 3987 2.2: for ASCII the i-rules are RFC 3986's rules, so the IRI's changer and
    # the model's give the same text or the same error (code and message; position and
    # component for a component that does not match its rule).
    expected = _outcome(lambda: getattr(urikit.parse(base), f"with_{name}")(arg))
    assert _outcome(lambda: getattr(IRIReference(base), f"with_{name}")(arg)) == expected


# -- every result is an IRI-reference (RFC 3987 2.2) --------------------------------------

_IRI_HOSTILE_TEXT = st.text(
    alphabet=st.sampled_from("a1:/?#[]@%2F.! \\\u00e9\u200e\ue000\ufffe\U00010000\u4f8b"),
    max_size=8,
)
_IRI_HOSTILE = (
    _IRI_HOSTILE_TEXT
    | from_rule("iquery", max_repeat=3)
    | from_rule("ipath", max_repeat=3)
    | from_rule("ihost", max_repeat=3)
    | st.none()
    | st.integers(-5, 70000)
)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(from_rule("IRI-reference", max_repeat=3), st.sampled_from(_COMPONENTS), _IRI_HOSTILE)
def test_with_gives_an_iri_reference_or_a_documented_error(
    base: str, name: str, arg: object
) -> None:
    iri = IRIReference(base)
    try:
        changed = getattr(iri, f"with_{name}")(arg)
    except (urikit.URIError, TypeError):
        return
    assert type(changed) is IRIReference
    assert urikit.is_valid(str(changed), "IRI-reference")
    assert IRIReference(str(changed)) == changed
    assert pickle.loads(pickle.dumps(changed)) == changed
    assert getattr(changed, name) == (str(arg) if isinstance(arg, int) else arg) or (
        name == "host" and arg is None
    )


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(from_rule("IRI-reference", max_repeat=4), st.sampled_from(_COMPONENTS))
def test_setting_a_component_to_its_own_value_changes_nothing(base: str, name: str) -> None:
    iri = IRIReference(base)
    assert getattr(iri, f"with_{name}")(getattr(iri, name)) == iri


# -- secrets (RFC 3986 3.2.1 deprecates passwords, 7.5 keeps them out of logs) -----------

_SECRET = "s3cr\u00e9t"


def test_a_password_stays_out_of_reprs_and_errors() -> None:
    changed = _IRI.with_userinfo(f"j\u00fcrgen:{_SECRET}")
    assert changed.password == _SECRET
    assert _SECRET not in repr(changed) and "j\u00fcrgen:***@" in repr(changed)
    for bad in (f"j\u00fcrgen:{_SECRET} x", f"j\u00fcrgen:{_SECRET}\u202e"):
        with pytest.raises(InvalidURIError) as info:
            _IRI.with_userinfo(bad)
        error = info.value
        for shown in (str(error), repr(error), error.text, repr(error.args)):
            assert _SECRET not in shown
        assert error.text == "j\u00fcrgen:***" and error.position == len("j\u00fcrgen:")
        assert error.__context__ is None and error.__cause__ is None
    # Before the password the error points where it did.
    with pytest.raises(InvalidURIError) as info:
        _IRI.with_userinfo(f"j \u00fcrgen:{_SECRET}")
    assert (info.value.text, info.value.position) == ("j \u00fcrgen:***", 1)


def test_the_uri_models_with_userinfo_hides_the_password_too() -> None:
    # One setter serves both models (urikit._core.edits.set_userinfo).
    with pytest.raises(InvalidURIError) as info:
        urikit.parse("http://h/").with_userinfo("user:s3cret x")
    assert "s3cret" not in str(info.value) and info.value.text == "user:***"
