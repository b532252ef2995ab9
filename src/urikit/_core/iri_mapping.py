"""IRIs and URIs, one into the other (RFC 3987 3.1 and 3.2).

:func:`iri_to_uri` percent-encodes the UTF-8 octets of every character beyond ASCII
(3.1 step 2); with ``idna=True`` a non-ASCII ireg-name becomes A-labels first, as 3.1
permits. :func:`uri_to_iri` decodes what 3.2 lets it decode. Neither applies NFC: text
in a Unicode encoding is taken as it is (3.1 step 1c; 5.3.2.2).
"""

from __future__ import annotations

import re
from functools import cache
from re import Match

from urikit._core.idna import host_to_ascii, host_to_unicode
from urikit._syntax.abnf import Chars
from urikit._syntax.percent import percent_decode
from urikit._syntax.rfc3986 import char_class
from urikit._syntax.validation import is_valid, validate
from urikit.errors import plain_str

__all__ = ["iri_to_uri", "uri_to_iri"]

_HEX_OCTETS: tuple[str, ...] = tuple(f"%{octet:02X}" for octet in range(256))

# The host of a valid IRI-reference: after "//" and any "userinfo@", up to the port.
_HOST = re.compile(r"(?:[A-Za-z][A-Za-z0-9+.\-]*:)?//(?:[^/?#@]*@)?(\[[^\]]*\]|[^:/?#]*)")
_NON_ASCII = re.compile(r"[^\x00-\x7f]+")
_PCT_RUN = re.compile(r"(?:%[0-9A-Fa-f]{2})+")


def _utf8_escapes(run: Match[str]) -> str:
    """``%XX`` for each UTF-8 octet of the matched characters, uppercase (3.1 step 2.2)."""
    return "%" + run.group().encode("utf-8").hex("%").upper()


def percent_encode_non_ascii(text: str) -> str:
    """``text`` with every character beyond ASCII percent-encoded as UTF-8 octets."""
    return text if text.isascii() else _NON_ASCII.sub(_utf8_escapes, text)


def iri_to_uri(text: str, *, idna: bool = False) -> str:
    """The URI-reference an IRI-reference maps to (RFC 3987 3.1).

    Every character in ``ucschar`` or ``iprivate`` is replaced by the ``%XX`` escapes of
    its UTF-8 octets, in uppercase; ASCII and existing percent-encodings are left alone,
    so a URI maps to itself and the mapping is idempotent. With ``idna=True`` a host
    holding non-ASCII characters (or percent-encoded UTF-8 among them) becomes A-labels
    first, through IDNA2008 with UTS #46 mapping (``bücher.example`` ->
    ``xn--bcher-kva.example``; the ``urikit[idna]`` extra). No NFC is applied.

    Text that is not an IRI-reference raises :class:`~urikit.InvalidURIError`, located.
    """
    text = plain_str(text)
    validate(text, "IRI-reference")
    if text.isascii():
        return text
    if idna:
        text = _host_as_a_labels(text)
    return _NON_ASCII.sub(_utf8_escapes, text)


def _host_as_a_labels(text: str) -> str:
    found = _HOST.match(text)
    if found is None:
        return text
    host = found.group(1)
    if host.isascii() or host.startswith("["):
        return text
    start, end = found.span(1)
    ascii_host = host_to_ascii(percent_decode(host), text=text, start=start)
    return text[:start] + ascii_host + text[end:]


def uri_to_iri(text: str, *, idna: bool = False) -> str:
    """The IRI-reference a URI-reference converts to (RFC 3987 3.2).

    Percent-encodings are decoded where they stand for an unreserved ASCII character or
    for a strictly valid UTF-8 sequence of a character that IRI component allows
    (``ucschar``, and ``iprivate`` in the query). They stay where they encode ``%``, a
    reserved character or ASCII not allowed in URIs (step 2), octets that are not
    strictly legal UTF-8 (step 3), or a character not allowed there: a bidi formatting
    character (4.1), a private-use character outside the query, a noncharacter such as
    U+FFFE (step 4); octets decoded and then re-encoded are written in uppercase.
    With ``idna=True``, A-labels in the host are shown as U-labels where they decode
    to a valid ``ireg-name`` (3.2.1).

    Takes any IRI-reference (every URI is one) and is idempotent; text that is not an
    IRI-reference raises :class:`~urikit.InvalidURIError`. No NFC is applied.
    """
    text = plain_str(text)
    validate(text, "IRI-reference")
    if "%" in text:
        hash_at = text.find("#")
        query_at = text.find("?", 0, len(text) if hash_at < 0 else hash_at)
        query = (query_at, len(text) if hash_at < 0 else hash_at) if query_at >= 0 else (-1, -1)
        text = _PCT_RUN.sub(lambda run: _decoded_run(run, query), text)
    if idna:
        text = _host_as_u_labels(text)
    return text


def _decoded_run(run: Match[str], query: tuple[int, int]) -> str:
    """One run of ``%XX`` escapes, decoded as far as RFC 3987 3.2 allows."""
    escapes = run.group()
    allowed = _query_chars() if query[0] < run.start() < query[1] else _other_chars()
    data = bytes.fromhex(escapes.replace("%", ""))
    out: list[str] = []
    i = 0
    while i < len(data):
        octet = data[i]
        if octet < 0x80:  # step 2: only unreserved characters come out
            char = chr(octet)
            out.append(char if char in _unreserved() else escapes[3 * i : 3 * i + 3])
            i += 1
            continue
        size = _utf8_size(octet)
        if size and i + size <= len(data):
            try:
                char = data[i : i + size].decode("utf-8")
            except UnicodeDecodeError:  # step 3: not strictly legal UTF-8
                char = ""
            if char and char in allowed:  # step 4: only what the component allows
                out.append(char)
                i += size
                continue
        out.append(_HEX_OCTETS[octet])
        i += 1
    return "".join(out)


def _utf8_size(lead: int) -> int:
    """The length of the UTF-8 sequence ``lead`` begins (RFC 3629 4), or 0."""
    if 0xC2 <= lead <= 0xDF:
        return 2
    if 0xE0 <= lead <= 0xEF:
        return 3
    if 0xF0 <= lead <= 0xF4:
        return 4
    return 0


def _host_as_u_labels(text: str) -> str:
    found = _HOST.match(text)
    if found is None or "xn--" not in found.group(1).lower():
        return text
    shown = host_to_unicode(found.group(1))
    if not is_valid(shown, "ireg-name"):
        return text
    start, end = found.span(1)
    return text[:start] + shown + text[end:]


@cache
def _unreserved() -> frozenset[str]:
    return char_class("unreserved").members


@cache
def _other_chars() -> Chars:
    return char_class("ucschar")


@cache
def _query_chars() -> Chars:
    return char_class("ucschar") | char_class("iprivate")
