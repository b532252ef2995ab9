"""Passwords out of sight (RFC 3.2.1, 7.5): the text that reprs and errors show.

RFC 3.2.1 deprecates ``user:password`` in the userinfo, and RFC 7.5 warns that it leaks
into logs; every ``repr()`` and error message urikit writes goes through :func:`redact`.
"""

from __future__ import annotations

from typing import Final

__all__ = [
    "REDACTED",
    "password_mark",
    "password_span",
    "redact",
    "redact_as",
    "redact_at",
    "redact_span",
    "redact_userinfo",
    "redact_userinfo_at",
    "secret_span",
]

#: What stands in for a password (the text after the first ``":"`` of the userinfo).
REDACTED: Final = "***"


def password_span(text: str) -> tuple[int, int] | None:
    """``(start, end)`` of the password in ``text``, or None when it has none.

    The authority is read as RFC 3.2 delimits it (where :func:`_authority_start` says it
    starts: a browser finds one after ``https:`` with any slashes) up to the next
    ``"/"``, ``"?"`` or ``"#"``; the userinfo ends at an ``"@"`` there and the password
    starts after its first ``":"`` (RFC 3.2.1). For invalid text the *last* ``"@"``
    counts, so that no part of a password stays in view; for valid text there is only
    one.
    """
    authority = _authority_start(text) if "@" in text else -1  # no userinfo without an "@"
    if authority < 0:
        return None
    end = len(text)
    for delimiter in "/?#":
        found = text.find(delimiter, authority, end)
        if found >= 0:
            end = found
    at = text.rfind("@", authority, end)
    if at < 0:
        return _cut_password(text, authority, end)
    colon = text.find(":", authority, at)
    return None if colon < 0 else (colon + 1, at)


#: Schemes after which a browser reads an authority with any slashes, or none
#: (WHATWG URL Standard, "special scheme"; ``file`` has no userinfo).
_SPECIAL: Final = frozenset({"http", "https", "ws", "wss", "ftp"})
_C0_OR_SPACE: Final = "".join(map(chr, range(0x21)))


def _authority_start(text: str) -> int:
    """Where the authority of ``text`` starts, or -1: after a leading ``"//"`` (at the
    start or right after ``scheme ":"``, RFC 3.2), and after a special scheme's ``":"``
    and any run of ``"/"`` and ``"\\"`` after it, where a browser reads one (a
    password there is a password to it, though RFC 3986 reads a path)."""
    lead = len(text) - len(text.lstrip(_C0_OR_SPACE))
    colon = text.find(":", lead)
    if colon > lead and text[lead:colon].lower() in _SPECIAL:
        start = colon + 1
        while text.startswith(("/", "\\"), start):
            start += 1
        return start
    start = text.find("//")
    prefix = text[:start]
    if start < 0 or (prefix and (prefix[-1] != ":" or any(c in prefix for c in "/?#"))):
        return -1  # no "//", or one in a path, query or fragment
    return start + 2


def _cut_password(text: str, authority: int, end: int) -> tuple[int, int] | None:
    """The password of ``user:pass#word@host``: a ``"/"``, ``"?"`` or ``"#"`` left
    unencoded in a password ends the authority early (RFC 3.2), so what reads as a port
    is no number and an ``"@"`` comes later. Such text is invalid; the password then
    runs from that ``":"`` to the last ``"@"`` after it (as in :func:`password_span`),
    so none of it is shown, an ``"@"`` in it neither."""
    after = text.find("]", authority, end) + 1 if text.startswith("[", authority) else authority
    colon = text.find(":", after, end)
    if colon < 0 or (text[colon + 1 : end].isdigit() and text[colon + 1 : end].isascii()):
        return None
    at = text.rfind("@", end)
    return None if at < 0 else (colon + 1, at)


def secret_span(text: str, kind: str | None) -> tuple[int, int] | None:
    """``(start, end)`` of the password in ``text``, a text checked as ``kind`` (a rule
    or component name): a password alone (``"password"``: all of it), a userinfo alone
    (``"userinfo"``: all after its first ``":"``, RFC 3.2.1), an authority alone
    (``user:password@host``: up to its last ``"@"``, RFC 3.2); a host's or port's text
    as a URI-reference when it holds one, else as an authority; any other text as a
    URI-reference (:func:`password_span`)."""
    if kind == "password":
        return 0, len(text)
    if kind in _USERINFO:  # an "@" or a "//" after the ":" is the password's too
        colon = text.find(":")
        return None if colon < 0 else (colon + 1, len(text))
    if kind not in _AUTHORITY:
        span = password_span(text)
        # A host's or port's text may be a whole reference (the component found in one).
        if span is not None or kind not in _AUTHORITY_PARTS or "//" in text:
            return span
    # An authority alone: no scheme, so a "//" in it is the password's, starting none.
    at = text.rfind("@")
    colon = text.find(":", 0, at) if at >= 0 else -1
    return None if colon < 0 else (colon + 1, at)


_USERINFO: Final = frozenset({"userinfo", "iuserinfo"})
_AUTHORITY: Final = frozenset({"authority", "iauthority"})
_AUTHORITY_PARTS: Final = _USERINFO | _AUTHORITY | {"host", "ihost", "port"}


def password_mark(kind: str | None) -> str:
    """What every text checked as ``kind`` holds if it holds a password
    (:func:`secret_span`): ``":"`` for a userinfo alone, ``""`` (in every text) for a
    password alone, else ``"@"``."""
    if kind == "password":
        return ""
    return ":" if kind in _USERINFO else "@"


def redact_as(text: str, kind: str | None) -> str:
    """``text``, checked as ``kind`` (a rule or component name, read as
    :func:`secret_span` reads it), with its password written :data:`REDACTED`."""
    span = secret_span(text, kind)
    return text if span is None else redact_span(text, span, 0)[0]


def redact(text: str) -> str:
    """``text`` with its password, if any, written :data:`REDACTED`."""
    return redact_at(text, 0)[0]


def redact_at(text: str, position: int) -> tuple[str, int]:
    """``text`` redacted, and ``position`` moved to the same character in it (to the
    start of :data:`REDACTED` if it fell inside the password)."""
    span = password_span(text)
    return (text, position) if span is None else redact_span(text, span, position)


def redact_span(text: str, span: tuple[int, int], position: int) -> tuple[str, int]:
    """``text`` with ``span`` written :data:`REDACTED`, and ``position`` moved with it
    (to the start of :data:`REDACTED` if it fell inside ``span``)."""
    start, end = span
    if position >= end:
        position += len(REDACTED) - (end - start)
    elif position > start:
        position = start
    return text[:start] + REDACTED + text[end:], position


def redact_userinfo(userinfo: str) -> str:
    """A userinfo with what follows its first ``":"`` written :data:`REDACTED`."""
    user, colon, _ = userinfo.partition(":")
    return user + colon + REDACTED if colon else userinfo


def redact_userinfo_at(userinfo: str, position: int) -> tuple[str, int]:
    """:func:`redact_userinfo`, and ``position`` moved to the same character in it (to
    the start of :data:`REDACTED` if it fell inside the password)."""
    colon = userinfo.find(":")
    if colon < 0:
        return userinfo, position
    return redact_userinfo(userinfo), min(position, colon + 1)
