"""Django: a validator, a form field and a model field that check URIs with a
:class:`urikit.Policy` (the ``urikit[django]`` extra; docs/forms.md).

::

    from urikit import Policy
    from urikit.integrations.django import URIFormField, URIModelField, URIValidator

    class Link(models.Model):
        url = URIModelField(policy=Policy(schemes={"https"}, require_host=True))

    class LinkForm(forms.Form):
        url = URIFormField()  # cleaned_data["url"] is a urikit.URI, or None when empty

A refusal is a :class:`~django.core.exceptions.ValidationError` per problem, ``code``
the problem's (:data:`urikit.ProblemCode`) and ``params`` its values, its message the
person's (docs/errors.md), looked up through Django's translation machinery. The form
field removes surrounding whitespace, as Django's ``CharField`` does, and changes nothing
else; the validator, which changes nothing, refuses it as the policy does.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, ClassVar

from django import forms
from django.core.exceptions import ValidationError
from django.db import models
from django.db.migrations.serializer import BaseSerializer, serializer_factory
from django.db.migrations.writer import MigrationWriter
from django.utils.deconstruct import deconstructible
from django.utils.translation import gettext

from urikit.errors.problems import Problem
from urikit.integrations._form import WEB, Refused, check, check_as_given
from urikit.policy._arguments import DEFAULTS
from urikit.policy.checker import Policy
from urikit.values.uri import URI

__all__ = ["URIFormField", "URIModelField", "URIValidator"]

_FIELD = re.compile(r"\{(\w+)\}")


def _error(problem: Problem) -> ValidationError:
    """``problem`` as Django says an error: the person's message translated, with
    ``code`` and ``params`` (the template in Django's ``%(name)s`` form)."""
    person = problem.person
    if not person.values:
        return ValidationError(gettext(person.template), code=problem.code)
    template = _FIELD.sub(r"%(\1)s", person.template.replace("%", "%%"))
    return ValidationError(gettext(template), code=problem.code, params=person.params)


def _refusal(refused: Refused) -> ValidationError:
    return ValidationError([_error(problem) for problem in refused.problems])


@deconstructible(path="urikit.integrations.django.URIValidator")
class URIValidator:
    """A Django validator: ``value`` must pass ``policy`` (by default an ``http`` or
    ``https`` URI with a host); deconstructible, for migrations."""

    def __init__(self, policy: Policy[URI] | None = None) -> None:
        self.policy: Policy[URI] = WEB if policy is None else policy

    if TYPE_CHECKING:  # written by @deconstructible

        def deconstruct(self) -> tuple[str, tuple[object, ...], dict[str, object]]:
            """The path, arguments and keywords a migration writes this validator with."""
            ...

    def __call__(self, value: object) -> None:
        try:
            check_as_given(self.policy, str(value))
        except Refused as refused:
            raise _refusal(refused) from None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, URIValidator) and other.policy == self.policy

    def __hash__(self) -> int:
        return hash(self.policy)


class URIFormField(forms.CharField):
    """A form field whose cleaned value is a :class:`urikit.URI` that passes ``policy``,
    or ``None`` when left empty and not required."""

    def __init__(self, *, policy: Policy[URI] | None = None, **kwargs: Any) -> None:
        self.policy: Policy[URI] = WEB if policy is None else policy
        super().__init__(**kwargs)

    def to_python(self, value: Any) -> URI | None:  # type: ignore[override]
        """The URI typed (whitespace around it removed), None when empty."""
        text: str | None = super().to_python(value)
        if text is None or text in self.empty_values:
            return None
        try:
            return check(self.policy, text)
        except Refused as refused:
            raise _refusal(refused) from None

    def run_validators(self, value: Any) -> None:
        """The field's other validators (``max_length``, the user's) read the text."""
        super().run_validators(str(value) if isinstance(value, URI) else value)

    def prepare_value(self, value: Any) -> Any:
        """What the widget shows: a URI's text."""
        return str(value) if isinstance(value, URI) else value


if TYPE_CHECKING:  # django-stubs types a model field by what it is set to and gives
    _TextField = models.CharField[str | URI | None, str]
else:
    _TextField = models.CharField


class URIModelField(_TextField):
    """A model field that stores a URI as text (``max_length`` 2000 by default) and
    checks it with ``policy`` on ``full_clean()``; its form field is :class:`URIFormField`,
    in forms and in the admin alike."""

    description: ClassVar[str] = "URI"  # type: ignore[misc]

    def __init__(self, *args: Any, policy: Policy[URI] | None = None, **kwargs: Any) -> None:
        self.policy: Policy[URI] = WEB if policy is None else policy
        kwargs.setdefault("max_length", 2000)
        super().__init__(*args, **kwargs)
        self.validators.append(URIValidator(self.policy))

    def deconstruct(self) -> Any:
        """What a migration writes: the policy where it is not the default."""
        name, path, args, kwargs = super().deconstruct()
        if self.policy != WEB:
            kwargs["policy"] = self.policy
        if kwargs.get("max_length") == 2000:
            del kwargs["max_length"]
        return name, path, args, kwargs

    def save_form_data(self, instance: models.Model, data: Any) -> None:
        """A form's ``None`` (left empty) is stored as ``""`` unless the field is ``null``."""
        super().save_form_data(instance, "" if data is None and not self.null else data)

    def get_prep_value(self, value: Any) -> Any:
        """The text stored."""
        return super().get_prep_value(None if value is None else str(value))

    def to_python(self, value: Any) -> Any:
        """The value as text."""
        return value if value is None else str(value)

    def formfield(self, **kwargs: Any) -> Any:
        """A :class:`URIFormField` with this field's policy."""
        options: dict[str, Any] = {"form_class": URIFormField, "policy": self.policy, **kwargs}
        return super().formfield(**options)


class _PolicySerializer(BaseSerializer):
    """A :class:`urikit.Policy` in a migration: ``urikit.Policy(...)`` with the rules
    that differ from the defaults."""

    def serialize(self) -> tuple[str, set[str]]:
        policy: Policy[URI] = self.value
        written: list[str] = []
        imports = {"import urikit"}
        for name, default in {"require": "absolute", "normalize": False, **DEFAULTS}.items():
            value = getattr(policy, name)
            if value == default:
                continue
            text, needs = serializer_factory(value).serialize()
            written.append(f"{name}={text}")
            imports |= needs
        return f"urikit.Policy({', '.join(written)})", imports


MigrationWriter.register_serializer(Policy, _PolicySerializer)
