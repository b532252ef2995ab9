"""attrs and cattrs: the validator :func:`uri` and :func:`register_hooks`, which teaches
a cattrs converter to structure a :class:`urikit.URI` from text and unstructure it to
text, both checked by a :class:`urikit.Policy` (the ``urikit[attrs]`` extra;
docs/forms.md).

::

    @attrs.define
    class Service:
        endpoint: str = attrs.field(validator=uri(policy=Policy(schemes={"https"})))

    converter = cattrs.Converter()
    register_hooks(converter)
    converter.structure({"endpoint": "https://example.com/"}, Config)  # a urikit.URI field

A refusal is a :class:`ValueError` with each problem's person's message (docs/errors.md),
its cause the :class:`urikit.PolicyError` (positions and rules, for logs). The converter
removes surrounding whitespace and changes nothing else; the validator, which changes
nothing, refuses it as the policy does.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
import cattrs

from urikit.integrations._form import WEB, check, check_as_given, typed_text
from urikit.policy.checker import Policy
from urikit.values.uri import URI

__all__ = ["register_hooks", "uri"]


def uri(*, policy: Policy[URI] | None = None) -> Callable[[Any, attrs.Attribute[Any], Any], None]:
    """An attrs validator: the value (text or a :class:`urikit.URI`) must pass
    ``policy`` (by default an ``http`` or ``https`` URI with a host)."""
    chosen: Policy[URI] = WEB if policy is None else policy

    def validate(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        check_as_given(chosen, str(value))

    return validate


def register_hooks(converter: cattrs.Converter, *, policy: Policy[URI] | None = None) -> None:
    """Teach ``converter`` the :class:`urikit.URI` type: structured from text that
    passes ``policy``, unstructured to its text."""
    chosen: Policy[URI] = WEB if policy is None else policy

    def structure(value: object, _: type[URI]) -> URI:
        return check(chosen, str(value) if isinstance(value, URI) else typed_text(value))

    converter.register_structure_hook(URI, structure)
    converter.register_unstructure_hook(URI, str)
