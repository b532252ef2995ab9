"""WTForms: :class:`URIValidator` for a ``StringField`` and :class:`URIField`, whose
data is a :class:`urikit.URI`, each checked by a :class:`urikit.Policy` (the
``urikit[wtforms]`` extra; docs/forms.md).

::

    class SignupForm(Form):
        homepage = URIField(validators=[Optional()])
        callback = StringField(validators=[InputRequired(), URIValidator(policy=CALLBACKS)])

A refusal adds one error per problem, the person's message (docs/errors.md) through the
field's translations (``field.gettext``). :class:`URIField` removes surrounding
whitespace and changes nothing else; :class:`URIValidator`, which changes nothing,
refuses it as the policy does.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from wtforms import Field, Form
from wtforms.form import BaseForm
from wtforms.validators import StopValidation
from wtforms.widgets import TextInput

from urikit.errors.problems import Problem
from urikit.integrations._form import WEB, Refused, check, check_as_given
from urikit.policy.checker import Policy
from urikit.values.uri import URI

__all__ = ["URIField", "URIValidator"]


def _messages(field: Field, problems: Sequence[Problem]) -> list[str]:
    """Each problem's person's message, looked up in the field's translations."""
    return [field.gettext(p.person.template).format(**p.person.params) for p in problems]


class URIValidator:
    """A WTForms validator: the field's text, when not empty, must pass ``policy`` (by
    default an ``http`` or ``https`` URI with a host); pair it with ``InputRequired`` or
    ``Optional`` for an empty field."""

    def __init__(self, policy: Policy[URI] | None = None) -> None:
        self.policy: Policy[URI] = WEB if policy is None else policy

    def __call__(self, form: Form, field: Field) -> None:
        text: object = field.data
        if not isinstance(text, str) or not text.strip():
            return
        try:
            check_as_given(self.policy, text)
        except Refused as refused:
            cast("list[str]", field.errors).extend(_messages(field, refused.problems))
            raise StopValidation() from None


class URIField(Field):
    """A text field whose ``data`` is a :class:`urikit.URI` that passes ``policy``, or
    ``None`` when left empty (add ``InputRequired()`` to require one)."""

    data: URI | None

    def __init__(
        self,
        label: str | None = None,
        validators: tuple[Any, ...] | list[Any] | None = None,
        *,
        policy: Policy[URI] | None = None,
        **kwargs: Any,
    ) -> None:
        kwargs.setdefault("widget", TextInput())
        super().__init__(label, validators, **kwargs)
        self.policy: Policy[URI] = WEB if policy is None else policy
        self._refused: tuple[Problem, ...] = ()
        self._typed = ""

    def process_formdata(self, valuelist: list[Any]) -> None:
        """The URI posted, or the problems that refuse it (reported by pre_validate)."""
        self._refused, self._typed, self.data = (), "", None
        if not valuelist or not str(valuelist[0]).strip():
            return
        self._typed = str(valuelist[0])
        try:
            self.data = check(self.policy, self._typed)
        except Refused as refused:
            self._refused = refused.problems

    def pre_validate(self, form: BaseForm) -> None:
        """One error per problem, the person's message through the translations."""
        if self._refused:
            cast("list[str]", self.errors).extend(_messages(self, self._refused))
            raise StopValidation()

    def _value(self) -> str:
        """The text the widget shows: what was typed, or the URI."""
        if self._typed:
            return self._typed
        return "" if self.data is None else str(self.data)
