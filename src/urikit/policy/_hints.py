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
from urikit.errors.redact import given_position, redact

__all__ = [
    "SLIP_SHOWS",
    "around_hinted",
    "encoding_hinted",
    "example_scheme",
    "hinted",
    "iri_hinted",
    "scheme_start",
    "slips",
    "without_implied",
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


_ZONE_ID = reason("zone-id")


def encoding_hinted(problem: Problem, text: str, passes: Callable[[str], bool]) -> Problem:
    """A ``"syntax"`` problem of ``text`` whose reason advises percent-encoding the
    character at its position: with ``suggestion`` the text so encoded (a password
    written ``***``, as the position counts it, RFC 7.5) when that ``passes``, else
    without the advice."""
    what, colon, advice = (problem.reason or "").partition(": ")
    shown_at = problem.position
    if problem.reason == _ZONE_ID:  # its '%25eth0' is no advice to encode (RFC 9844)
        return problem
    encodes = "%" in advice or "percent-encode" in advice
    if not colon or not encodes or shown_at is None or not problem.rule:
        return problem
    at = given_position(text, shown_at)
    if at is not None and at < len(text) and not 0xD800 <= ord(text[at]) <= 0xDFFF:
        octets = text[at].encode()
        fixed = text[:at] + "".join(f"%{octet:02X}" for octet in octets) + text[at + 1 :]
        if passes(fixed):
            return replace(problem, suggestion=redact(fixed))
    message = sentence(Location(shown_at, problem.rule, what, problem.component))
    return replace(problem, message=message, reason=what)


def around_hinted(problem: Problem, text: str, passes: Callable[[str], bool]) -> Problem:
    """A ``"syntax"`` problem at whitespace around ``text`` (no URI has any, RFC 3986
    Appendix C): its advice to remove it, or to let the Policy remove it, and the text
    without it as ``suggestion`` where that ``passes``."""
    shown_at = problem.position
    if shown_at is None:
        return problem
    at = given_position(text, shown_at)
    if at is None or at >= len(text) or not text[at].isspace():
        return problem
    if text[:at].strip() and text[at:].strip():
        return problem  # inside the text: refused as it is
    what = reason("char-hinted", char=text[at], hint=reason("hint-around"))
    message = sentence(Location(shown_at, problem.rule or "URI", what, problem.component))
    stripped = text.strip()
    suggestion = redact(stripped) if stripped and passes(stripped) else None
    return replace(problem, message=message, reason=what, suggestion=suggestion)


def iri_hinted(problem: Problem, text: str) -> Problem:
    """A ``"syntax"`` problem at a character beyond ASCII in a host, its advice how a
    Policy takes international names (RFC 3987 3.1: ``accept_iri=True``, ``idna=True``)
    instead of percent-encoding it."""
    shown_at = problem.position
    if shown_at is None or problem.component != "host":  # elsewhere %XX is advice enough
        return problem
    at = given_position(text, shown_at)
    if at is None or at >= len(text) or text[at].isascii() or not problem.rule:
        return problem
    if 0xD800 <= ord(text[at]) <= 0xDFFF:
        return problem
    what = reason("char-hinted", char=text[at], hint=reason("hint-accept-iri"))
    message = sentence(Location(shown_at, problem.rule, what, problem.component))
    return replace(problem, message=message, reason=what)


def scheme_start(scheme: str) -> str:
    """How a URI of ``scheme`` starts, as a person is told to write it: ``https://``
    for a scheme with hosts (RFC 3986 3.2), ``mailto:`` for one without."""
    return f"{scheme}://" if scheme in DNS_SCHEMES or scheme in DEFAULT_PORTS else f"{scheme}:"


def example_scheme(schemes: Collection[str] | None) -> str:
    """The scheme a hint proposes: https when allowed, else the first allowed one."""
    if schemes:
        return "https" if "https" in schemes else min(schemes)
    return "https"


def without_implied(found: list[Problem], *, has_authority: bool) -> list[Problem]:
    """``found`` less the problems an earlier one implies (one slip, one problem): no
    host where the scheme is missing or refused and there is no ``//`` authority (RFC
    3986 3.2: the host follows the scheme's ``//``); an empty host's being internal
    where a host is required."""
    codes = {problem.code for problem in found}
    implied: set[str] = set()
    if not has_authority and codes & {"scheme-required", "scheme-not-allowed"}:
        implied.add("host-required")
    if "host-required" in codes - implied:  # an empty host, the only internal one then
        implied.add("internal-host-forbidden")
    return [problem for problem in found if problem.code not in implied] if implied else found


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
