"""``data:`` URLs (RFC 2397): the media type, its parameters and the octets, and back.

>>> d = parse("data:,A%20brief%20note")
>>> d.media_type, dict(d.params), d.base64, d.data
('text/plain', {'charset': 'US-ASCII'}, False, b'A brief note')
>>> build(b"\\x00\\xff", media_type="application/octet-stream", base64=True)
'data:application/octet-stream;base64,AP8='

Without a media type the data is ``text/plain;charset=US-ASCII``; with parameters but no
type, ``text/plain`` with them (RFC 2397 2). Type, subtype and parameter names are case
-insensitive (RFC 2045 5.1) and read lowercase; parameter values are kept as written.
"""

from __future__ import annotations

import binascii
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from urikit._core.encoding import encoder, safe_chars
from urikit._syntax.percent import decode_to_bytes
from urikit._syntax.schemes import TOKEN_LITERAL
from urikit.errors.reasons import reason
from urikit.schemes._common import checked, decoded, invalid, quote_octets

__all__ = ["DataURL", "build", "parse"]

_PREFIX = "data:"
_BASE64 = ";base64"
_DEFAULT_TYPE = "text/plain"
_DEFAULT_CHARSET = ("charset", "US-ASCII")


@dataclass(frozen=True, slots=True)
class DataURL:
    """A ``data:`` URL, read (RFC 2397 3): ``media_type`` (lowercase), ``parameters``
    as (name, value) pairs in order, whether the data was ``base64`` and the ``data``
    octets. ``params`` is the parameters as a read-only mapping."""

    media_type: str
    parameters: tuple[tuple[str, str], ...]
    base64: bool
    data: bytes

    @property
    def params(self) -> Mapping[str, str]:
        """The parameters by name (the first of a name wins), read-only."""
        out: dict[str, str] = {}
        for name, value in self.parameters:
            out.setdefault(name, value)
        return MappingProxyType(out)

    def __str__(self) -> str:
        return build(
            self.data, media_type=self.media_type, params=self.parameters, base64=self.base64
        )


def parse(text: str) -> DataURL:
    """The media type, parameters and octets of a ``data:`` URL (RFC 2397 3).

    Raises :class:`~urikit.InvalidURIError` (position, rule, reason) for text that is
    no ``dataurl``, a ``;base64`` payload that is not base64 (RFC 4648 4), or escapes in
    the media type that are not UTF-8.
    """
    text = checked(text, "dataurl")
    comma = text.index(",")
    head = text[len(_PREFIX) : comma]
    is_base64 = head[-len(_BASE64) :].lower() == _BASE64
    if is_base64:
        head = head[: -len(_BASE64)]
    at = len(_PREFIX)
    pieces = head.split(";")
    media_type = _DEFAULT_TYPE
    if pieces[0]:
        media_type = decoded(text, at, at + len(pieces[0]), "mediatype", "path").lower()
    at += len(pieces[0]) + 1
    parameters: list[tuple[str, str]] = []
    for piece in pieces[1:]:
        equals = at + piece.index("=")
        name = decoded(text, at, equals, "mediatype", "path").lower()
        value = decoded(text, equals + 1, at + len(piece), "mediatype", "path")
        parameters.append((name, value))
        at += len(piece) + 1
    if not pieces[0] and not any(name == "charset" for name, _ in parameters):
        parameters.insert(0, _DEFAULT_CHARSET)
    payload = decode_to_bytes(text[comma + 1 :])
    if is_base64:
        try:
            payload = binascii.a2b_base64(payload, strict_mode=True)
        except binascii.Error as error:
            why = reason("data-not-base64", error=error)
            raise invalid(text, comma + 1, "dataurl", why, "path") from None
    return DataURL(media_type, tuple(parameters), is_base64, payload)


_encode_token = encoder(TOKEN_LITERAL.members, "media type token")
_DATA_SAFE = safe_chars("query")


def build(
    payload: bytes,
    *,
    media_type: str | None = None,
    params: Mapping[str, str] | tuple[tuple[str, str], ...] = (),
    base64: bool = False,
) -> str:
    """A ``data:`` URL holding ``payload`` (RFC 2397 3): ``media_type`` (``type/subtype``;
    None leaves it out, meaning ``text/plain``) and ``params`` written as tokens, every
    other character percent-encoded; the data as base64 (RFC 4648 4) or percent-encoded.

    Raises ``ValueError`` for a media type that is not ``type/subtype`` or an empty
    parameter name, ``TypeError`` for a payload that is not bytes.
    """
    if not isinstance(payload, bytes | bytearray | memoryview):
        raise TypeError(f"the payload must be bytes, not {type(payload).__name__}")
    head = ""
    if media_type is not None:
        kind, slash, subtype = media_type.partition("/")
        if not kind or not slash or not subtype or "/" in subtype:
            raise ValueError(f"a media type is type/subtype, not {media_type!r} (RFC 2045 5.1)")
        head = _encode_token(kind) + "/" + _encode_token(subtype)
    pairs = params.items() if isinstance(params, Mapping) else params
    for name, value in pairs:
        if not name or not value:
            raise ValueError(f"a parameter has a name and a value (RFC 2045 5.1), not {name!r}")
        head += ";" + _encode_token(name) + "=" + _encode_token(value)
    if base64:
        return f"{_PREFIX}{head}{_BASE64},{binascii.b2a_base64(payload, newline=False).decode()}"
    return f"{_PREFIX}{head},{quote_octets(bytes(payload), _DATA_SAFE)}"
