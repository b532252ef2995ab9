"""The WTForms door: a form with a URIField and a StringField with URIValidator, fed
as a request would feed it (a multidict), refusing with Policy.problems."""

from __future__ import annotations

import html

import pytest
from wtforms import Form, StringField
from wtforms.validators import InputRequired, Optional

from tests.integrations.doors import ACCEPTED, POLICY, REFUSED, person_messages
from urikit import URI
from urikit.integrations.wtforms import URIField, URIValidator


class MultiDict(dict[str, str]):
    """Posted form data as WTForms reads it (``getlist``), one value a name."""

    def getlist(self, key: str) -> list[str]:
        return [self[key]] if key in self else []


class SignupForm(Form):
    homepage = URIField(validators=[Optional()])
    callback = StringField(validators=[InputRequired(), URIValidator(policy=POLICY)])
    mirror = URIField(policy=POLICY)


@pytest.mark.parametrize(("typed", "kept"), ACCEPTED.items())
def test_the_field_s_data_is_the_uri_as_typed(typed: str, kept: str) -> None:
    form = SignupForm(MultiDict({"homepage": typed, "callback": kept, "mirror": typed}))
    assert form.validate(), form.errors
    assert type(form.homepage.data) is URI and str(form.homepage.data) == kept
    assert form.mirror.data == URI(kept)


@pytest.mark.parametrize("typed", [t for t in ACCEPTED if t != t.strip()])
def test_the_validator_refuses_whitespace_it_would_leave_in_the_data(typed: str) -> None:
    """URIValidator changes nothing: a StringField's data keeps the whitespace around
    the text (no part of a URI, RFC 3986 Appendix C), so it is refused as
    Policy.problems refuses it."""
    form = SignupForm(MultiDict({"callback": typed, "mirror": typed}))
    assert not form.validate()
    assert form.errors == {"callback": [p.person_message for p in POLICY.problems(typed)]}


def test_an_empty_optional_field_is_none() -> None:
    form = SignupForm(MultiDict({"homepage": "  ", "callback": "https://example.com/"}))
    assert form.validate(), form.errors
    assert form.homepage.data is None and form.mirror.data is None


@pytest.mark.parametrize("text", REFUSED)
def test_both_refuse_with_the_policy_s_problems(text: str) -> None:
    form = SignupForm(MultiDict({"callback": text, "mirror": text}))
    assert not form.validate()
    assert form.errors["callback"] == person_messages(text)
    assert form.errors["mirror"] == person_messages(text)
    assert "secret" not in str(form.errors)
    assert f'value="{html.escape(text)}"' in str(form.mirror())  # shown back as typed


def test_a_required_string_field_says_wtforms_own_message() -> None:
    form = SignupForm(MultiDict({"callback": ""}))
    assert not form.validate()
    assert form.errors["callback"] == ["This field is required."]
