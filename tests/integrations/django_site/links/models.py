"""A bookmark: a title and a public https URL."""

from __future__ import annotations

from django.db import models

from urikit import Policy
from urikit.integrations.django import URIModelField

HOMEPAGES = Policy(schemes={"https"}, require_host=True, allow_internal_host=False)


class Bookmark(models.Model):
    title: models.CharField[str, str] = models.CharField(max_length=100)
    url = URIModelField(policy=HOMEPAGES)
    mirror = URIModelField(blank=True)

    def __str__(self) -> str:
        return str(self.title)
