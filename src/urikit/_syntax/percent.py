"""Percent-decoding (RFC 3986 2.1, 2.5): the primitive the model's decoded views use."""

from __future__ import annotations

from typing import Final

from urikit._syntax.rfc3986 import chars_of
from urikit.errors import InvalidURIError
from urikit.errors.reasons import reason

__all__ = ["HEXDIG", "decode_to_bytes", "octet_spelling", "percent_decode"]

HEXDIG: Final = chars_of("HEXDIG")


def decode_to_bytes(text: str) -> bytes:
    """The octets that ``text`` stands for: each ``%XX`` one octet, other chars UTF-8.

    A ``%`` not followed by two hexadecimal digits raises :class:`InvalidURIError`.
    """
    if "%" not in text:
        return text.encode("utf-8", "surrogatepass")
    out = bytearray()
    i = 0
    while True:
        j = text.find("%", i)
        if j < 0:
            out += text[i:].encode("utf-8", "surrogatepass")
            return bytes(out)
        out += text[i:j].encode("utf-8", "surrogatepass")
        pair = text[j + 1 : j + 3]
        if len(pair) < 2 or pair[0] not in HEXDIG or pair[1] not in HEXDIG:
            bad = j + 1 + next((k for k, c in enumerate(pair) if c not in HEXDIG), len(pair))
            raise InvalidURIError(
                text,
                position=bad,
                rule="pct-encoded",
                reason=reason("pct-decode-digits"),
            )
        out.append(int(pair, 16))
        i = j + 3


def percent_decode(text: str) -> str:
    """``text`` with every ``%XX`` decoded and the octets read as UTF-8 (RFC 3986 2.5).

    Raises :class:`InvalidURIError` for a malformed escape or octets that are not UTF-8.
    """
    if "%" not in text:
        return text
    data = decode_to_bytes(text)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InvalidURIError(
            text,
            position=_text_position(text, exc.start),
            rule="pct-encoded",
            reason=reason("pct-not-utf8"),
        ) from None


def octet_spelling(text: str, octet: int) -> str:
    """How ``text`` spells its octet number ``octet`` (of :func:`decode_to_bytes`): the
    ``%XX`` triplet, or the character whose UTF-8 form holds it."""
    i = _text_position(text, octet)
    return text[i : i + 3] if text[i] == "%" else text[i]


def _text_position(text: str, octet: int) -> int:
    """The index in ``text`` of the character that produced octet number ``octet``."""
    count = 0
    i = 0
    while i < len(text):
        if text[i] == "%":  # one octet from three characters
            step, octets = 3, 1
        else:
            step, octets = 1, len(text[i].encode("utf-8", "surrogatepass"))
        if count + octets > octet:
            return i
        count += octets
        i += step
    return len(text)
