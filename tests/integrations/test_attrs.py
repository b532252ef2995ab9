"""The attrs and cattrs door: an attrs class validated by uri(), and a cattrs converter
with register_hooks structuring and unstructuring URI fields."""

from __future__ import annotations

import attrs
import cattrs
import pytest

from tests.integrations.doors import ACCEPTED, POLICY, REFUSED, person_messages
from urikit import URI, PolicyError
from urikit.integrations.attrs import register_hooks, uri


@attrs.define
class Service:
    endpoint: str = attrs.field(validator=uri(policy=POLICY))


@attrs.define
class Config:
    endpoint: URI
    mirrors: list[URI] = attrs.Factory(list[URI])


def _converter() -> cattrs.Converter:
    converter = cattrs.Converter()
    register_hooks(converter, policy=POLICY)
    return converter


@pytest.mark.parametrize("typed", ACCEPTED.values())
def test_the_validator_accepts_what_the_policy_accepts(typed: str) -> None:
    assert Service(typed).endpoint == typed


@pytest.mark.parametrize("typed", [t for t in ACCEPTED if t != t.strip()])
def test_the_validator_refuses_whitespace_it_would_leave_in_the_value(typed: str) -> None:
    """A validator changes nothing, so the attribute would keep the whitespace around
    the text (no part of a URI, RFC 3986 Appendix C): refused as Policy.problems does."""
    assert POLICY.problems(typed)
    with pytest.raises(ValueError) as raised:
        Service(typed)
    assert str(raised.value) == ". ".join(p.person_message for p in POLICY.problems(typed))


@pytest.mark.parametrize("text", REFUSED)
def test_the_validator_refuses_with_the_policy_s_problems(text: str) -> None:
    with pytest.raises(ValueError) as raised:
        Service(text)
    assert str(raised.value) == ". ".join(person_messages(text))
    assert isinstance(raised.value.__cause__, PolicyError)  # positions and rules, for logs
    assert "secret" not in str(raised.value) + repr(raised.value.__cause__)


@pytest.mark.parametrize(("typed", "kept"), ACCEPTED.items())
def test_cattrs_structures_the_uri_as_typed_and_unstructures_its_text(
    typed: str, kept: str
) -> None:
    config = _converter().structure({"endpoint": typed, "mirrors": [typed]}, Config)
    assert type(config.endpoint) is URI and str(config.endpoint) == kept
    assert _converter().unstructure(config) == {"endpoint": kept, "mirrors": [kept]}


@pytest.mark.parametrize("text", REFUSED)
def test_cattrs_refuses_with_the_policy_s_problems(text: str) -> None:
    with pytest.raises(cattrs.ClassValidationError) as raised:
        _converter().structure({"endpoint": text}, Config)
    (error,) = raised.value.exceptions
    assert str(error) == ". ".join(person_messages(text))
    assert "secret" not in str(error)


def test_cattrs_refuses_what_is_not_text() -> None:
    with pytest.raises(cattrs.ClassValidationError) as raised:
        _converter().structure({"endpoint": 443}, Config)
    (error,) = raised.value.exceptions
    assert isinstance(error, TypeError)
    assert str(error) == "Enter the address as text"  # as every door says it (one voice)
