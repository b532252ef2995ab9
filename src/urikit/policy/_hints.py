"""Hints for common slips in text a :class:`urikit.Policy` refuses: the text the person
probably meant, each one offered only when the policy accepts it.

- a scheme whose hosts DNS looks up, then one ``/`` or none (``http:/example.com``):
  the authority follows ``//`` (RFC 3986 3.2);
- a host written without a scheme (``example.com``, ``www.example.com/a``,
  ``example.com:8080``, ``//example.com``): a URI starts with one (RFC 3);
- a character to percent-encode (RFC 2.1), as a syntax error's reason advises: the
  advice stays only where the encoded text passes (``h ttps://h/`` is no URI with
  ``%20`` either).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator
from dataclasses import replace

from urikit._core.normalization import DEFAULT_PORTS
from urikit._core.reachable import DNS_SCHEMES
from urikit._syntax.locate import missing_scheme
from urikit.errors.exceptions import Location, sentence
from urikit.errors.problems import Problem, hinted_person
from urikit.errors.reasons import ReasonCode, reason
from urikit.errors.redact import REDACTED, password_span, redact

__all__ = [
    "SLIP_SHOWS",
    "encoding_hinted",
    "example_scheme",
    "hinted",
    "scheme_start",
    "slips",
]

#: The problems a slip causes (a missing scheme, one '/' for two): a hint follows the
#: first of them.
SLIP_SHOWS = frozenset({"scheme-required", "scheme-not-allowed", "host-required"})


def slips(text: str, scheme: str) -> Iterator[tuple[str, str]]:
    """``(hint, text it proposes)`` for each slip ``text`` may hold, most likely first;
    ``scheme`` is the one a hint adds where the text has none."""
    head, colon, rest = text.partition(":")
    after = rest.lstrip("/")
    if colon and head.lower() in DNS_SCHEMES and not rest.startswith("//") and _hostlike(after):
        fixed = f"{head}://{after}"
        slashes: ReasonCode = "hint-one-slash" if rest.startswith("/") else "hint-no-slash"
        yield reason(slashes, scheme=head, fixed=redact(fixed)), fixed
    hint = missing_scheme(text, scheme)
    if hint is not None:
        yield hint, f"{scheme}://{text}"
    elif text.startswith("//") and _hostlike(text[2:]):
        fixed = f"{scheme}:{text}"
        yield reason("hint-missing-scheme", fixed=redact(fixed)), fixed
    elif _hostlike(text) and ":" not in text.partition("/")[0]:
        fixed = f"{scheme}://{text}"
        yield reason("hint-missing-scheme", fixed=redact(fixed)), fixed


def _hostlike(text: str) -> bool:
    """Whether ``text`` starts with what reads as a host name: a dotted name or
    ``localhost`` before any '/', '?' or '#', and no '@' (an e-mail address is no URI)."""
    first = text
    for end in "/?#":
        first = first.partition(end)[0]
    name = first.partition(":")[0]
    if not name or "@" in first or name[0] in ".-":
        return False
    return "." in name or name.lower() == "localhost"


def encoding_hinted(problem: Problem, text: str, passes: Callable[[str], bool]) -> Problem:
    """A ``"syntax"`` problem of ``text`` whose reason advises percent-encoding the
    character at its position: with ``suggestion`` the text so encoded (a password
    written ``***``, as the position counts it, RFC 7.5) when that ``passes``, else
    without the advice."""
    what, colon, advice = (problem.reason or "").partition(": ")
    shown_at = problem.position
    encodes = "%" in advice or "percent-encode" in advice
    if not colon or not encodes or shown_at is None or not problem.rule:
        return problem
    at = _in_text_as_given(text, shown_at)
    if at is not None and at < len(text) and not 0xD800 <= ord(text[at]) <= 0xDFFF:
        octets = text[at].encode()
        fixed = text[:at] + "".join(f"%{octet:02X}" for octet in octets) + text[at + 1 :]
        if passes(fixed):
            return replace(problem, suggestion=redact(fixed))
    message = sentence(Location(shown_at, problem.rule, what, problem.component))
    return replace(problem, message=message, reason=what)


def _in_text_as_given(text: str, position: int) -> int | None:
    """Where ``position``, counted in ``text`` with its password written ``***``, is in
    ``text`` itself; None inside the ``***``."""
    span = password_span(text)
    if span is None or position < span[0]:
        return position
    if position < span[0] + len(REDACTED):
        return None
    return position - len(REDACTED) + span[1] - span[0]


def scheme_start(scheme: str) -> str:
    """How a URI of ``scheme`` starts, as a person is told to write it: ``https://``
    for a scheme with hosts (RFC 3986 3.2), ``mailto:`` for one without."""
    return f"{scheme}://" if scheme in DNS_SCHEMES or scheme in DEFAULT_PORTS else f"{scheme}:"


def example_scheme(schemes: Collection[str] | None) -> str:
    """The scheme a hint proposes: https when allowed, else the first allowed one."""
    if schemes:
        return "https" if "https" in schemes else min(schemes)
    return "https"


def hinted(
    text: str,
    found: list[Problem],
    *,
    accepts: Callable[[str], bool],
    schemes: Collection[str] | None,
) -> list[Problem]:
    """``found``, the first problem a common slip explains (a missing scheme, one '/'
    for two) followed by its hint, when the text the hint proposes is accepted."""
    for index, problem in enumerate(found):
        if problem.code in SLIP_SHOWS:
            for hint, fixed in slips(text, example_scheme(schemes)):
                if accepts(fixed):
                    message = reason("hint-follows", message=problem.message, hint=hint)
                    suggestion = redact(fixed)
                    found[index] = replace(
                        problem,
                        message=message,
                        suggestion=suggestion,
                        person=hinted_person(problem, suggestion),
                    )
                    break
            break
    return found
