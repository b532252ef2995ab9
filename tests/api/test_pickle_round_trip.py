"""Every error, problem and value survives a pickle round trip unchanged, field by field,
as it crosses processes in multiprocessing, Dask or Spark: a loaded error is not
redacted a second time (RFC 3986 7.5 redacts a password once, in the text every field
speaks about)."""

from __future__ import annotations

import copy
import pickle
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import urikit
from urikit import (
    InvalidURIError,
    Policy,
    PolicyError,
    URIBuildError,
    URIError,
    URITemplate,
)
from urikit.strategies import from_rule

# Characters that make syntax errors, passwords and their redaction meet.
_TEXT = st.text(alphabet=st.sampled_from("hatp:/u@w5 %[]?#.*{}x,=&\\é"), max_size=30)
_WITH_PASSWORD = st.builds(
    "{}://{}:{}@{}{}".format,
    st.sampled_from(["http", "https", "ftp", "x"]),
    _TEXT,
    _TEXT,
    _TEXT,
    _TEXT,
)
_TEXTS = _TEXT | _WITH_PASSWORD


def fields(thing: object) -> dict[str, object]:
    """What a program reads of ``thing``: its type, str, repr and every public field."""
    shown: dict[str, object] = {"type": type(thing), "str": str(thing), "repr": repr(thing)}
    if isinstance(thing, BaseException):
        shown["args"] = thing.args
    for name in dir(thing):
        if not name.startswith("_"):
            try:
                value = getattr(thing, name)
            except URIError as error:  # a decoded component of undecodable octets
                value = ("raises", repr(error))
            if not callable(value):
                shown[name] = value
    return shown


def assert_round_trips(thing: object) -> None:
    """Loaded, and loaded again from that, under every protocol: the same fields."""
    expected = fields(thing)
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        once = pickle.loads(pickle.dumps(thing, protocol))
        assert fields(once) == expected
        assert fields(pickle.loads(pickle.dumps(once, protocol))) == expected


def raised(call: Callable[[], object]) -> URIError | None:
    try:
        call()
    except URIError as error:
        return error
    return None


def test_an_error_in_a_password_keeps_its_position_and_text() -> None:
    error = raised(lambda: urikit.validate("http://u:p w5@h/aaaaa "))
    assert isinstance(error, InvalidURIError)
    assert (error.text, error.position) == ("http://u:***@h/aaaaa ", 9)
    assert_round_trips(error)
    assert_round_trips(error.redacted())
    assert fields(error.redacted()) == fields(error)


_RULES = ["URI-reference", "URI", "userinfo", "authority", "host", "IRI-reference"]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=_TEXTS, rule=st.sampled_from(_RULES))
def test_syntax_errors(text: str, rule: urikit.RuleName) -> None:
    error = raised(lambda: urikit.validate(text, rule))
    if error is not None:
        assert isinstance(error, InvalidURIError)
        assert_round_trips(error)
        assert_round_trips(error.in_component("path"))


_POLICIES = [
    Policy(),
    Policy(schemes={"https"}, allow_userinfo=False, allow_fragment=False, max_length=20),
    Policy(require="relative", allow_userinfo=True),
    Policy(scheme_rules=True, allow_ip_host=False, allow_internal_host=False),
]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=_TEXTS, policy=st.sampled_from(_POLICIES))
def test_policy_errors_and_their_problems(text: str, policy: Policy[urikit.URIReference]) -> None:
    error = raised(lambda: policy.check(text))
    if error is not None:
        assert isinstance(error, PolicyError)
        assert_round_trips(error)
        for problem in error.problems:
            assert_round_trips(problem)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(template=_TEXTS, value=_TEXTS)
def test_template_errors(template: str, value: str) -> None:
    error = raised(lambda: URITemplate(template).expand(x=value, u=value))
    if error is not None:
        assert_round_trips(error)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(host=_TEXTS, user=_TEXTS, path=_TEXTS)
def test_build_errors(host: str, user: str, path: str) -> None:
    error = raised(lambda: urikit.compose(scheme="http", host=host, user=user, path=path))
    if error is not None:
        assert isinstance(error, URIBuildError | InvalidURIError)
        assert_round_trips(error)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=from_rule("URI-reference") | from_rule("IRI-reference"))
def test_values(text: str) -> None:
    value = urikit.parse(text) if urikit.is_valid(text) else urikit.IRIReference(text)
    assert_round_trips(value)
    assert_round_trips(urikit.split(text))


@pytest.mark.parametrize(
    "value",
    [
        urikit.Builder().scheme("https").host("h").userinfo("u", "p w").port(8).path("a b"),
        urikit.NormalizationOptions(scheme_rules=True, default_ports={"x": 1}),
        URITemplate("http://h/{x}{?y*}"),
        _POLICIES[1],
    ],
    ids=repr,
)
def test_other_values(value: object) -> None:
    assert_round_trips(value)


@pytest.mark.parametrize(
    "call",
    [
        lambda: urikit.validate("http://u:p w@h/"),
        lambda: Policy(schemes={"https"}).check("ftp://h/"),
        lambda: urikit.compose(scheme="http", host="h", path="a"),
        lambda: URITemplate("http://h/{x").expand(x="1"),
        lambda: URITemplate("http://h:{x}/").expand(x="ab"),
    ],
)
def test_an_error_keeps_its_notes(call: Callable[[], object]) -> None:
    """A note added to an error (PEP 678: ``add_note``, as a program or a test tool
    adds the context it failed in) stays through a pickle and a copy, as it does on
    Python's own exceptions: part of what the error shows."""
    error = raised(call)
    assert error is not None
    error.add_note("while reading settings.toml")
    for loaded in (pickle.loads(pickle.dumps(error)), copy.copy(error), copy.deepcopy(error)):
        assert loaded.__notes__ == ["while reading settings.toml"]
        assert fields(loaded) == fields(error)
