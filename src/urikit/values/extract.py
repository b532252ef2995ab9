"""Finding URIs in prose (RFC 3986, Appendix C), in linear time.

Three ways a URI shows up in text, tried in this order at each place:

- Delimited by ``<...>`` or ``<URL:...>`` (Appendix C). The delimiters say where the
  URI ends, so trailing punctuation stays, and whitespace inside is removed: a URI that
  was line-wrapped comes back whole.
- Delimited by double quotes ``"..."``; the quoted text must hold no whitespace.
- Bare: from a scheme followed by ``//`` (any scheme), or from one of
  :data:`BARE_SCHEMES` (used without ``//``, such as ``mailto:``), over the run of
  characters a URI may hold (RFC 2: unreserved, reserved, ``%``). Then trailing
  characters that end sentences rather than URIs (``.,;:!?'"``) are dropped, and a
  closing ``)``, ``]`` or ``}`` when the text has more of them than of their opening
  partner: ``(see http://h/a_(b)).`` gives ``http://h/a_(b)``.

Delimited text must also look like a URI as above (``//`` after the scheme, or a scheme
of :data:`BARE_SCHEMES`), or ``<xsl:template>`` and ``"key:value"`` would be found;
``<URL:...>`` takes any scheme. Only strict RFC 3986 ``URI`` values (a scheme is
required) are yielded; a candidate that is still invalid after trimming is skipped, and
with it the rest of its run of URI characters.

The scan stops only where one of the three can start (:func:`_places`): a ``<`` with a
``>`` before the next ``<``, a ``"`` with text free of whitespace up to the next ``"``,
and the start of a run of scheme characters ending at ``://`` or naming one of
:data:`BARE_SCHEMES`. The pattern backtracks nowhere (possessive runs) and tries a
scheme only where a run starts, so every character is looked at a bounded number of
times and the work is linear in the length of the input.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from re import Match
from types import MappingProxyType
from typing import Final

from urikit._syntax.compiled import compiled
from urikit._syntax.rfc3986 import chars_of, scheme_chars
from urikit.errors import expected_str
from urikit.errors.redact import redact
from urikit.values.uri import URI

__all__ = ["BARE_SCHEMES", "Found", "extract"]

#: Schemes recognised bare without ``//`` after them (compared case-insensitively).
BARE_SCHEMES: Final = frozenset(
    {
        "cid",  # RFC 2392
        "data",  # RFC 2397
        "doi",
        "geo",  # RFC 5870
        "magnet",
        "mailto",  # RFC 6068
        "mid",  # RFC 2392
        "news",  # RFC 5538
        "sip",  # RFC 3261
        "sips",  # RFC 3261
        "sms",  # RFC 5724
        "tag",  # RFC 4151
        "tel",  # RFC 3966
        "urn",  # RFC 8141
        "xmpp",  # RFC 5122
    }
)

# Characters a URI may contain (RFC 2.2, 2.3, and "%" of pct-encoded).
_URI_CHARS = r"A-Za-z0-9\-._~:/?#\[\]@!$&'()*+,;=%"
_SCHEME_CHARS: Final = scheme_chars()
_LETTERS: Final = chars_of("ALPHA")
_TRAILING: Final = frozenset(".,;:!?'\"")
_CLOSERS: Final = MappingProxyType({")": "(", "]": "[", "}": "{"})


@dataclass(frozen=True, slots=True, repr=False)
class Found:
    """A URI found in text.

    ``text`` is the URI as found, whitespace removed (``str(uri) == text``);
    ``start``/``end`` are offsets of its span in the input, delimiters excluded, so
    ``"".join(input[start:end].split()) == text``.
    """

    uri: URI
    text: str
    start: int
    end: int

    def __repr__(self) -> str:
        """The fields, a password written ``***`` in ``text`` as in ``uri`` (RFC 7.5)."""
        return (
            f"Found(uri={self.uri!r}, text={redact(self.text)!r}, start={self.start!r}, "
            f"end={self.end!r})"
        )


def _class(chars: frozenset[str]) -> str:
    return "".join(re.escape(c) for c in sorted(chars))


@cache
def _places() -> Callable[[str, int], Match[str] | None]:
    """Search for the next place a URI may start; elsewhere the delimiter handlers
    (``_angle``, ``_quoted``, ``_bare``) would find nothing and resume one further."""
    scheme = _class(_SCHEME_CHARS)
    bare = "|".join(sorted(BARE_SCHEMES))
    return re.compile(
        r'<(?=[^<>]*+>)|"(?=[^"\s]++")'
        # A scheme is read from where its run starts, up to its ":" (RFC 3.1).
        rf"|(?<![{scheme}])(?=[{scheme}])"
        rf"(?:[{_class(_SCHEME_CHARS - _LETTERS)}]*+[{_class(_LETTERS)}]"
        rf"[{scheme}]*+(?=://)|(?ai:{bare})(?=:))"
    ).search


@cache
def _run() -> Callable[[str, int], Match[str] | None]:
    return re.compile(f"[{_URI_CHARS}]*").match


def extract(text: str) -> Iterator[Found]:
    """Yield every URI found in ``text``, left to right (RFC 3986, Appendix C)."""
    if not isinstance(text, str):
        raise expected_str(text)
    return _scan(text)


def _scan(text: str) -> Iterator[Found]:
    search = _places()
    pos = 0
    while (m := search(text, pos)) is not None:
        k = m.start()
        char = text[k]
        if char not in '<"':
            found, pos = _bare(text, m.end(), pos)
        elif char == "<":
            found, pos = _angle(text, k)
        else:
            found, pos = _quoted(text, k)
        if found is not None:
            yield found


def _valid_uri(candidate: str, *, any_scheme: bool) -> URI | None:
    """``candidate`` as a URI if it is a strict RFC 3986 ``URI`` that looks like one."""
    if not any_scheme:
        scheme, colon, rest = candidate.partition(":")
        if not colon or not (rest.startswith("//") or scheme.lower() in BARE_SCHEMES):
            return None
    if compiled("URI").pattern.fullmatch(candidate) is None:
        return None
    return URI.parse(candidate)


def _angle(text: str, k: int) -> tuple[Found | None, int]:
    """``<URI>`` or ``<URL:URI>`` at ``k``, whitespace inside removed (Appendix C)."""
    # The content ends at the first ">" and holds no "<": both searches stop at the next
    # "<", so each character is searched over once per "<" before it at most once.
    following = text.find("<", k + 1)
    close = text.find(">", k + 1, len(text) if following < 0 else following)
    if close < 0:
        return None, k + 1
    start = k + 1
    while start < close and text[start].isspace():
        start += 1
    any_scheme = text[start : start + 4].lower() == "url:"
    if any_scheme:
        start += 4
        while start < close and text[start].isspace():
            start += 1
    end = close
    while end > start and text[end - 1].isspace():
        end -= 1
    candidate = "".join(text[start:end].split())
    uri = _valid_uri(candidate, any_scheme=any_scheme) if candidate else None
    if uri is None:
        return None, k + 1
    return Found(uri, candidate, start, end), close + 1


def _quoted(text: str, k: int) -> tuple[Found | None, int]:
    """``"URI"`` at ``k``: the quotes delimit it; no whitespace inside."""
    close = text.find('"', k + 1)
    if close < 0:
        return None, k + 1
    candidate = text[k + 1 : close]
    if not candidate or any(c.isspace() for c in candidate):
        return None, k + 1
    uri = _valid_uri(candidate, any_scheme=False)
    if uri is None:
        return None, k + 1
    return Found(uri, candidate, k + 1, close), close + 1


def _bare(text: str, colon: int, bound: int) -> tuple[Found | None, int]:
    """A bare URI whose scheme ends at ``colon``; nothing left of ``bound`` is taken."""
    start = colon
    while start > bound and text[start - 1] in _SCHEME_CHARS:
        start -= 1
    full_start = start
    while start < colon and text[start] not in _LETTERS:
        start += 1  # a scheme starts with a letter (RFC 3.1)
    if start == colon:
        return None, colon + 1
    slashes = text.startswith("//", colon + 1)
    if not slashes and (start != full_start or text[start:colon].lower() not in BARE_SCHEMES):
        return None, colon + 1
    run = _run()(text, colon)
    assert run is not None  # "*" matches the empty string
    run_end = run.end()
    candidate = _trim(text[start:run_end])
    if len(candidate) == colon + 3 - start and slashes:
        return None, run_end  # "http://" alone names nothing: a placeholder in prose
    if compiled("URI").pattern.fullmatch(candidate) is None:
        return None, run_end
    end = start + len(candidate)
    return Found(URI.parse(candidate), candidate, start, end), end


def _trim(candidate: str) -> str:
    """Drop trailing sentence punctuation and unbalanced closing brackets (App. C)."""
    counts = {c: candidate.count(c) for c in "()[]{}"}
    end = len(candidate)
    while end:
        last = candidate[end - 1]
        if last in _TRAILING:
            pass
        elif last in _CLOSERS and counts[last] > counts[_CLOSERS[last]]:
            counts[last] -= 1
        else:
            break
        end -= 1
    return candidate[:end]
