"""Percent-decoding (RFC 3986 2.1, 2.5): the primitive the model's decoded views use."""

from __future__ import annotations

from urikit.errors import InvalidURIError

__all__ = ["decode_to_bytes", "percent_decode"]

_HEX = "0123456789abcdefABCDEF"


def decode_to_bytes(text: str) -> bytes:
    """The octets that ``text`` stands for: each ``%XX`` one octet, other chars UTF-8.

    A ``%`` not followed by two hexadecimal digits raises :class:`InvalidURIError`.
    """
    if "%" not in text:
        return text.encode("utf-8", "surrogatepass")
    out = bytearray()
    i = 0
    n = len(text)
    while True:
        j = text.find("%", i)
        if j < 0:
            out += text[i:].encode("utf-8", "surrogatepass")
            return bytes(out)
        out += text[i:j].encode("utf-8", "surrogatepass")
        pair = text[j + 1 : j + 3]
        if len(pair) < 2 or pair[0] not in _HEX or pair[1] not in _HEX:
            bad = j + 1 + next((k for k, c in enumerate(pair) if c not in _HEX), len(pair))
            raise InvalidURIError(
                text,
                min(bad, n),
                "pct-encoded",
                "'%' must be followed by two hexadecimal digits",
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
            _text_position(text, exc.start),
            "pct-encoded",
            "the percent-encoded octets are not valid UTF-8",
        ) from None


def _text_position(text: str, octet: int) -> int:
    """The index in ``text`` of the character that produced octet number ``octet``."""
    count = 0
    i = 0
    while i < len(text):
        width = 3 if text[i] == "%" else len(text[i].encode("utf-8", "surrogatepass"))
        if count + (1 if text[i] == "%" else width) > octet:
            return i
        count += 1 if text[i] == "%" else width
        i += width if text[i] == "%" else 1
    return len(text)
