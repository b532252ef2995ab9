"""Django REST framework: :class:`URIField`, a serializer field checked by a
:class:`urikit.Policy` (the ``urikit[rest_framework]`` extra; docs/forms.md).

::

    class WebhookSerializer(serializers.Serializer):
        target = URIField(policy=Policy(schemes={"https"}, require_host=True))

``validated_data["target"]`` is a :class:`urikit.URI`; a refusal is one error per
problem, each the person's message with the problem's code (docs/errors.md).
"""

from __future__ import annotations

from typing import Any

from rest_framework import serializers
from rest_framework.exceptions import ErrorDetail

from urikit.integrations._form import WEB, Refused, check
from urikit.policy.checker import Policy
from urikit.values.uri import URI

__all__ = ["URIField"]


class URIField(serializers.CharField):
    """A serializer field whose value is a :class:`urikit.URI` that passes ``policy``
    (by default an ``http`` or ``https`` URI with a host); written out as its text.
    Surrounding whitespace is removed (``trim_whitespace``); nothing else changes."""

    def __init__(self, *, policy: Policy[URI] | None = None, **kwargs: Any) -> None:
        self.policy: Policy[URI] = WEB if policy is None else policy
        super().__init__(**kwargs)

    def to_internal_value(self, data: Any) -> URI:  # type: ignore[override]
        """The URI sent, or one error per problem, the person's message with its code."""
        text = super().to_internal_value(data)
        try:
            return check(self.policy, text)
        except Refused as refused:
            details = [ErrorDetail(p.person_message, code=p.code) for p in refused.problems]
            raise serializers.ValidationError(details) from None

    def to_representation(self, value: Any) -> str:
        """The URI's text."""
        return str(value)
