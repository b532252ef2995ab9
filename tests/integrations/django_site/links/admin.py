"""The bookmark in the admin."""

from __future__ import annotations

from django.contrib import admin

from tests.integrations.django_site.links.models import Bookmark

admin.site.register(Bookmark)
