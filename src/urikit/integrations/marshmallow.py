"""marshmallow: :class:`URI`, a field checked by a :class:`urikit.Policy` (the
``urikit[marshmallow]`` extra; docs/forms.md). environs users reach it through
``env.custom_parser`` or a schema.

::

    class WebhookSchema(Schema):
        target = URI(policy=Policy(schemes={"https"}, require_host=True))

A refusal is a :class:`marshmallow.ValidationError` with each problem's person's message
(docs/errors.md). Surrounding whitespace is removed; nothing else of the text changes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marshmallow import ValidationError, fields

from urikit.errors.codes import person_template
from urikit.integrations._form import WEB, Refused, check
from urikit.policy.checker import Policy
from urikit.values.uri import URI as URIValue

__all__ = ["URI"]


class URI(fields.Field[URIValue]):
    """A field whose value is a :class:`urikit.URI` that passes ``policy`` (by default
    an ``http`` or ``https`` URI with a host), written out as its text."""

    def __init__(self, *, policy: Policy[URIValue] | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)  # pyright: ignore[reportUnknownMemberType]
        self.policy: Policy[URIValue] = WEB if policy is None else policy

    def _deserialize(
        self, value: object, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> URIValue:
        if not isinstance(value, str):
            raise ValidationError(person_template("not-text"))
        try:
            return check(self.policy, value)
        except Refused as refused:
            raise ValidationError([p.person_message for p in refused.problems]) from None

    def _serialize(
        self, value: URIValue | None, attr: str | None, obj: Any, **kwargs: Any
    ) -> str | None:
        return None if value is None else str(value)
