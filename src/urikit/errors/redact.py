"""Passwords out of sight (RFC 3.2.1, 7.5): the text that reprs and errors show.

RFC 3.2.1 deprecates ``user:password`` in the userinfo, and RFC 7.5 warns that it leaks
into logs; every ``repr()`` and error message urikit writes goes through :func:`redact`.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from typing import Final

__all__ = [
    "REDACTED",
    "Span",
    "given_position",
    "in_spans",
    "password_mark",
    "password_spans",
    "redact",
    "redact_as",
    "redact_at",
    "redact_spans",
    "redact_userinfo",
    "redact_userinfo_at",
    "secret_spans",
]

#: What stands in for a password (the text after the first ``":"`` of the userinfo).
REDACTED: Final = "***"

#: ``(start, end)`` of a password in a text.
Span = tuple[int, int]


def password_spans(text: str) -> tuple[Span, ...]:
    """``(start, end)`` of every password in ``text``, in order, none overlapping.

    The first authority is read as RFC 3.2 delimits it (where :func:`_authority_start`
    says it starts: a browser finds one after ``https:`` with any slashes); a text holding
    several URIs (a log line, lines joined by lone CRs) has one more after each later
    ``"://"``, after each special scheme's ``":"`` and its slashes, and after a ``"//"``
    starting the text or a word (:data:`_LATER`). Each authority runs up to the next
    ``"/"``, ``"?"`` or ``"#"``; its userinfo ends at an ``"@"`` there and the password
    starts after its first ``":"`` (RFC 3.2.1). For invalid text the *last* ``"@"``
    counts, so that no part of a password stays in view; for valid text there is only
    one. A start before the end of what was read (a password, or an authority up to
    its last ``"@"``) opens none: each character is read at most twice (linear time).
    """
    if "@" not in text:  # no userinfo without an "@"
        return ()
    spans: list[Span] = []
    first = _authority_start(text)
    starts = (match.end() for match in _LATER.finditer(text))
    last_at, cover = text.rfind("@"), -1
    for authority in itertools.chain((first,) if first >= 0 else (), starts):
        if authority <= cover:
            continue
        span, cover = _password_at(text, authority, last_at)
        if span is not None:
            spans.append(span)
    return tuple(spans)


def _password_at(text: str, authority: int, last_at: int) -> tuple[Span | None, int]:
    """The password of the authority starting at ``authority`` (RFC 3.2), and the end of
    what that reading decides: the password's end, the userinfo's ``"@"``, or the
    authority's end. No later start before it can find a password this one misses.
    ``last_at`` is the index of the last ``"@"`` in ``text``."""
    delimiter = _AUTHORITY_END.search(text, authority)
    end = len(text) if delimiter is None else delimiter.start()
    at = text.rfind("@", authority, end)
    if at < 0:
        span = _cut_password(text, authority, end, last_at)
        return span, (end if span is None else span[1])
    colon = text.find(":", authority, at)
    return (None, at) if colon < 0 else ((colon + 1, at), at)


#: Schemes after which a browser reads an authority with any slashes, or none
#: (WHATWG URL Standard, "special scheme"; ``file`` has no userinfo).
_SPECIAL: Final = frozenset({"http", "https", "ws", "wss", "ftp"})
_C0_OR_SPACE: Final = "".join(map(chr, range(0x21)))
_AUTHORITY_END: Final = re.compile(r"[/?#]")
#: Where a later authority starts (its end): after ``"://"`` (RFC 3.2, whatever the
#: scheme), after a special scheme's ``":"`` and any run of ``"/"`` and ``"\\"`` (a
#: browser's reading), after a ``"//"`` starting the text or a word (RFC 4.2).
_LATER: Final = re.compile(
    rf"(?<![A-Za-z])(?:{'|'.join(sorted(_SPECIAL))}):[/\\]*|://|(?<!\S)//", re.IGNORECASE
)


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


def _cut_password(text: str, authority: int, end: int, last_at: int) -> Span | None:
    """The password of ``user:pass#word@host``: a ``"/"``, ``"?"`` or ``"#"`` left
    unencoded in a password ends the authority early (RFC 3.2), so what reads as a port
    is no number and an ``"@"`` comes later. Such text is invalid; the password then
    runs from that ``":"`` to the last ``"@"`` (``last_at``) after it (as in
    :func:`password_spans`), so none of it is shown, an ``"@"`` in it neither."""
    after = text.find("]", authority, end) + 1 if text.startswith("[", authority) else authority
    colon = text.find(":", after, end)
    if colon < 0 or (text[colon + 1 : end].isdigit() and text[colon + 1 : end].isascii()):
        return None
    return None if last_at < end else (colon + 1, last_at)


def secret_spans(text: str, kind: str | None) -> tuple[Span, ...]:
    """``(start, end)`` of each password in ``text``, a text checked as ``kind`` (a rule
    or component name): a password alone (``"password"``: all of it), a userinfo alone
    (``"userinfo"``: all after its first ``":"``, RFC 3.2.1), an authority alone
    (``user:password@host``: up to its last ``"@"``, RFC 3.2); a host's or port's text
    as a URI-reference when it holds one, else as an authority; any other text as a
    URI-reference, or several (:func:`password_spans`)."""
    if kind == "password":
        return ((0, len(text)),)
    if kind in _USERINFO:  # an "@" or a "//" after the ":" is the password's too
        colon = text.find(":")
        return () if colon < 0 else ((colon + 1, len(text)),)
    if kind not in _AUTHORITY:
        spans = password_spans(text)
        # A host's or port's text may be a whole reference (the component found in one).
        if spans or kind not in _AUTHORITY_PARTS or "//" in text:
            return spans
    # An authority alone: no scheme, so a "//" in it is the password's, starting none.
    at = text.rfind("@")
    colon = text.find(":", 0, at) if at >= 0 else -1
    return () if colon < 0 else ((colon + 1, at),)


_USERINFO: Final = frozenset({"userinfo", "iuserinfo"})
_AUTHORITY: Final = frozenset({"authority", "iauthority"})
_AUTHORITY_PARTS: Final = _USERINFO | _AUTHORITY | {"host", "ihost", "port"}


def password_mark(kind: str | None) -> str:
    """What every text checked as ``kind`` holds if it holds a password
    (:func:`secret_spans`): ``":"`` for a userinfo alone, ``""`` (in every text) for a
    password alone, else ``"@"``."""
    if kind == "password":
        return ""
    return ":" if kind in _USERINFO else "@"


def redact_as(text: str, kind: str | None) -> str:
    """``text``, checked as ``kind`` (a rule or component name, read as
    :func:`secret_spans` reads it), with each password written :data:`REDACTED`."""
    return redact_spans(text, secret_spans(text, kind), 0)[0]


def redact(text: str) -> str:
    """``text`` with each password in it written :data:`REDACTED`."""
    return redact_at(text, 0)[0]


def redact_at(text: str, position: int) -> tuple[str, int]:
    """``text`` redacted, and ``position`` moved to the same character in it (to the
    start of a :data:`REDACTED` if it fell inside a password)."""
    return redact_spans(text, password_spans(text), position)


def redact_spans(text: str, spans: Sequence[Span], position: int) -> tuple[str, int]:
    """``text`` with each of ``spans`` (in order, none overlapping) written
    :data:`REDACTED`, and ``position`` moved with it: by each span before it, to the
    start of its :data:`REDACTED` if it fell inside one."""
    if not spans:
        return text, position
    pieces: list[str] = []
    shift, done, moved = 0, 0, -1
    for start, end in spans:
        pieces += (text[done:start], REDACTED)
        if moved < 0 and position < end:
            moved = shift + (position if position <= start else start)
        shift += len(REDACTED) - (end - start)
        done = end
    pieces.append(text[done:])
    return "".join(pieces), (position + shift if moved < 0 else moved)


def in_spans(spans: Sequence[Span], position: int) -> bool:
    """Whether ``position`` (in the text as given) falls inside one of ``spans``."""
    return any(start <= position < end for start, end in spans)


def given_position(text: str, position: int) -> int | None:
    """Where ``position``, counted in ``text`` with each password written ``***``, is in
    ``text`` itself (the inverse of :func:`redact_at`); None inside a ``***``."""
    shift = 0
    for start, end in password_spans(text):
        if position < start + shift:
            break
        if position < start + shift + len(REDACTED):
            return None
        shift += len(REDACTED) - (end - start)
    return position - shift


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
