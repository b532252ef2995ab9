"""Adapters to other libraries: pydantic, jsonschema, argparse, and the framework doors
(django, rest_framework, wtforms, marshmallow, click, attrs, msgspec; docs/forms.md);
import each submodule.

Nothing here is imported by :mod:`urikit` itself, so the optional extras stay optional;
:class:`Refused`, what a door raises where its framework takes a ``ValueError``, needs
no extra.
"""

from urikit.integrations._form import Refused

__all__ = ["Refused"]
