"""What clients make of a reg-name before they look it up (RFC 3986 3.2.2, 7.4).

No client looks a reg-name up as written. It percent-decodes it (RFC 3.2.2 lets a
reg-name carry encoded UTF-8); a C resolver reads the octets as a C string, which ends
at the first NUL; and a non-ASCII name goes through IDNA: Python's ``"idna"`` codec
(IDNA 2003 nameprep, NFKC), which ``socket.getaddrinfo`` applies to a ``str``, or the
UTS #46 mapping of WHATWG URL parsers. :func:`readings` gives every text these readers
may go on with, and :mod:`urikit.hosts` reads addresses from them; :func:`ipv6_reading`
the IPv6 address ``inet_pton`` or ``ipaddress`` finds in one.

:func:`not_a_name` tells why a reg-name is no host name at all: decoded and mapped, it
holds a character the ``reg-name`` rule admits only percent-encoded (NUL and the other
controls, space, ``:``, ``%``, ``/``, ``@``, ...), or octets that are not UTF-8.

The names set aside for special use (RFC 6761) are found in these readings by
:mod:`urikit._core.special_names`.
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Callable, Iterator
from contextlib import suppress
from functools import partial
from stringprep import in_table_b1, map_table_b2
from typing import Final
from unicodedata import category, normalize

from urikit._syntax.percent import decode_to_bytes, octet_spelling
from urikit._syntax.rfc3986 import chars_of
from urikit.errors import InvalidURIError
from urikit.errors.reasons import reason

__all__ = ["ipv6_reading", "not_a_name", "readings"]

_NAME_CHARS: Final = chars_of("unreserved") | chars_of("sub-delims")  # RFC 3.2.2 reg-name
_NOT_IN_NAMES: Final = frozenset(chr(c) for c in range(128)) - _NAME_CHARS
_ESCAPE: Final = re.compile("%[0-9A-Fa-f]{2}")
_IDEOGRAPHIC_STOP: Final = {0x3002: "."}  # a label separator in IDNA (RFC 3490 3.1)
_IPV6_LONGEST: Final = len("ffff:ffff:ffff:ffff:ffff:ffff:255.255.255.255")


def readings(host: str) -> tuple[str, ...]:
    """The texts readers make of a reg-name, lowercased, each once: its octets as a C
    resolver sees them (one character per octet), mapped by IDNA 2003 nameprep and by
    UTS #46; each also cut at its first NUL, where a C string ends."""
    found: list[str] = []
    for text in _mapped(host):
        text = text.lower()
        for reading in (text, text.partition("\x00")[0]):
            if reading not in found:
                found.append(reading)
    return tuple(found)


def _mapped(host: str) -> Iterator[str]:
    """The decoded octets, then (for UTF-8 beyond ASCII) their nameprep and UTS #46 forms."""
    try:
        octets = decode_to_bytes(host)
    except InvalidURIError:  # a broken escape (invalid input): read it as written
        octets = host.encode("utf-8", "surrogatepass")
    yield octets.decode("latin-1")
    try:
        text = octets.decode("utf-8")
    except UnicodeDecodeError:
        return
    if text.isascii():
        return  # both mappings only lowercase ASCII, and the readers ignore case
    # Nameprep (RFC 3491) as Python's "idna" codec applies it, without its label length
    # limit and its prohibitions (which only make a lookup fail).
    yield normalize("NFKC", text.translate(_CharMap(_nameprep_char))).translate(_IDEOGRAPHIC_STOP)
    uts46 = _uts46_char()
    try:
        yield normalize("NFC", text.translate(_CharMap(partial(_ignoring, uts46))))
    except ValueError:  # idna.IDNAError: a disallowed code point, no lookup happens
        return


def ipv6_reading(text: str) -> ipaddress.IPv6Address | None:
    """The IPv6 address ``inet_pton`` (``getaddrinfo``) or ``ipaddress`` reads from a
    reading, a zone after ``%`` ignored as both do (RFC 4007 11); else None."""
    if ":" not in text:
        return None
    address = text.partition("%")[0]
    if len(address) > _IPV6_LONGEST:
        return None
    try:
        return ipaddress.IPv6Address(address)
    except ValueError:
        return None


def not_a_name(host: str) -> str | None:
    """Why the reg-name ``host`` (as written) is no host name once decoded, quoting the
    spelling to blame; None when it is one (or its escapes are broken: a syntax error)."""
    try:
        octets = decode_to_bytes(host)
    except InvalidURIError:
        return None
    for escape in _ESCAPE.finditer(host):  # a character as written is syntax's business
        char = chr(int(escape[0][1:], 16))
        if char in _NOT_IN_NAMES:
            return reason("name-escape-decodes", escape=escape[0], char=_described(char))
    try:
        text = octets.decode("utf-8")
    except UnicodeDecodeError as error:
        spelled = octet_spelling(host, error.start)
        if spelled[0] != "%":
            return None  # a lone surrogate as written: syntax's business again
        return reason("name-not-utf8", spelled=spelled)
    if text.isascii():
        return None
    uts46 = _uts46_char()
    for char in dict.fromkeys(c for c in text if not c.isascii()):
        mapped = normalize("NFKC", _nameprep_char(char))
        if uts46 is not None:
            with suppress(ValueError):  # idna.IDNAError: disallowed, no lookup happens
                mapped += uts46(char)
        for ascii_char in mapped:
            if ascii_char in _NOT_IN_NAMES:
                return reason(
                    "name-idna-maps", char=char, point=ord(char), becomes=_described(ascii_char)
                )
    return None


def _described(char: str) -> str:
    if char == "\x00":
        return reason("described-nul")
    if char == " ":
        return reason("described-space")
    if char < " " or char == "\x7f":
        return reason("described-control", point=ord(char))
    return repr(char)


class _CharMap(dict[int, str]):
    """A ``str.translate`` table that maps each code point once, when first met."""

    __slots__ = ("_map",)

    def __init__(self, map_char: Callable[[str], str]) -> None:
        super().__init__()
        self._map = map_char

    def __missing__(self, code_point: int) -> str:
        value = self[code_point] = self._map(chr(code_point))
        return value


def _nameprep_char(char: str) -> str:
    """RFC 3491 3: table B.1 maps to nothing, B.2 case-folds (NFKC comes after)."""
    return "" if in_table_b1(char) else map_table_b2(char)


# What WHATWG URL parsers drop from a name besides format characters (Cf), read from one
# (ada, tests/core/test_special_names.py): variation selectors, Hangul fillers, Khmer
# inherent vowels. UTS #46 versions differ on some; a reading drops them all.
_IGNORED: Final = re.compile(
    "[\u115f\u1160\u17b4\u17b5\u180b-\u180f\u3164\ufe00-\ufe0f\uffa0\U000e0100-\U000e01ef]"
)


def _ignoring(uts46: Callable[[str], str] | None, char: str) -> str:
    """The UTS #46 mapping of ``char`` (nameprep's where ``idna`` is absent), and
    nothing for a character a WHATWG parser drops: no such character hides a name."""
    if category(char) == "Cf" or _IGNORED.match(char):
        return ""
    if uts46 is None:
        return normalize("NFKC", _nameprep_char(char)).translate(_IDEOGRAPHIC_STOP)
    return uts46(char)


def _uts46_char() -> Callable[[str], str] | None:
    """UTS #46 mapping of one character (as WHATWG URL), if ``idna`` is installed."""
    try:
        from idna import uts46_remap
    except ImportError:  # the optional extra is not installed
        return None
    return partial(uts46_remap, std3_rules=False, transitional=False)
