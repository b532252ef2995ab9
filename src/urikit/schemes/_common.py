"""What the scheme modules share: checking text against a scheme's rule, decoding a
part of it, and errors located in the whole text."""

from __future__ import annotations

from urikit._syntax.percent import percent_decode
from urikit._syntax.rfc3986 import RuleName
from urikit._syntax.validation import validate
from urikit.errors import InvalidURIError, plain_str

__all__ = ["checked", "decoded", "invalid", "quote_octets"]


def checked(text: str, rule: RuleName) -> str:
    """``text`` as a plain str if it matches ``rule``; else the located
    :class:`~urikit.InvalidURIError` (position, rule, reason)."""
    text = plain_str(text)
    validate(text, rule)
    return text


def invalid(
    text: str, position: int, rule: str, reason: str, component: str | None = None
) -> InvalidURIError:
    """An error located at ``position`` of ``text``."""
    return InvalidURIError(text, position=position, rule=rule, reason=reason, component=component)


def decoded(text: str, start: int, end: int, rule: str, component: str | None = None) -> str:
    """``text[start:end]`` percent-decoded as UTF-8 (RFC 3986 2.5); octets that are not
    UTF-8 raise :class:`~urikit.InvalidURIError` at their position in ``text``."""
    try:
        return percent_decode(text[start:end])
    except InvalidURIError as error:
        raise invalid(text, start + error.position, rule, error.reason, component) from None


def quote_octets(octets: bytes, safe: frozenset[str]) -> str:
    """``octets`` as URI text: an octet that is an ASCII character of ``safe`` as itself,
    every other as ``%XX``, hexadecimal digits uppercase (RFC 3986 2.1)."""
    return "".join(chr(o) if o < 0x80 and chr(o) in safe else f"%{o:02X}" for o in octets)
