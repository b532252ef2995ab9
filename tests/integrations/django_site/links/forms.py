"""A form with a URI field, and a serializer with one."""

from __future__ import annotations

from django import forms
from rest_framework import serializers

from urikit import Policy
from urikit.integrations.django import URIFormField
from urikit.integrations.rest_framework import URIField

CALLBACKS = Policy(schemes={"https"}, require_host=True, allow_userinfo=False)


class SignupForm(forms.Form):
    homepage = URIFormField(required=False)
    callback = URIFormField(policy=CALLBACKS)


class WebhookSerializer(serializers.Serializer[dict[str, object]]):
    target = URIField(policy=CALLBACKS)
    fallback = URIField(required=False, allow_null=True)
