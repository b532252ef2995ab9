"""msgspec: :func:`dec_hook` and :func:`enc_hook`, for ``msgspec.json`` and
``msgspec.msgpack`` with :class:`urikit.URI` fields, checked by a :class:`urikit.Policy`
(the ``urikit[msgspec]`` extra; docs/forms.md).

::

    class Webhook(msgspec.Struct):
        target: urikit.URI

    webhook = msgspec.json.decode(data, type=Webhook, dec_hook=dec_hook)
    msgspec.json.encode(webhook, enc_hook=enc_hook)
    # another policy: dec_hook=decoding(Policy(schemes={"https"}, require_host=True))

A refusal is msgspec's :class:`msgspec.ValidationError`, its message each problem's
person's message (docs/errors.md) and the path of the field. Surrounding whitespace is
removed; nothing else of the text changes.
"""

from __future__ import annotations

from collections.abc import Callable

from urikit.integrations._form import WEB, check, typed_text
from urikit.policy.checker import Policy
from urikit.values.uri import URI, RelativeReference

__all__ = ["dec_hook", "decoding", "enc_hook"]


def decoding(policy: Policy[URI]) -> Callable[[type, object], object]:
    """A ``dec_hook`` that decodes a :class:`urikit.URI` field from text passing ``policy``."""

    def hook(kind: type, value: object) -> object:
        if kind is not URI:
            raise NotImplementedError(f"no decoding for {kind!r}")
        return check(policy, typed_text(value))

    return hook


#: The ``dec_hook`` of the default policy: an ``http`` or ``https`` URI with a host.
dec_hook: Callable[[type, object], object] = decoding(WEB)


def enc_hook(value: object) -> object:
    """The ``enc_hook``: a :class:`urikit.URI` or relative reference as its text."""
    if isinstance(value, URI | RelativeReference):
        return str(value)
    raise NotImplementedError(f"no encoding for {type(value).__name__}")
