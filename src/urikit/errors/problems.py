"""What a :class:`urikit.Policy` reports: the problem codes, one :class:`Problem` per
reason a text is rejected, and :class:`PolicyError`, which carries them (catalogue in
docs/errors.md)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from urikit.errors.arguments import argument_error
from urikit.errors.codes import ProblemCode, problem_message
from urikit.errors.exceptions import InvalidURIError, URIError
from urikit.errors.reasons import reason
from urikit.errors.redact import password_span, redact, redact_span

__all__ = [
    "PolicyError",
    "Problem",
    "ProblemCode",
    "once_normalized",
    "redacted_problems",
    "syntax_problem",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class Problem:
    """One reason a policy rejects a text.

    ``code`` is stable (for programs), ``message`` is for people; ``component`` is the
    URI component concerned and ``position`` the 0-based index in the text, where known
    (in the text with a password written ``***``, as :attr:`PolicyError.text` holds it).
    ``rule`` is the RFC 3986 rule that failed and ``reason`` the syntax error's own
    reason (without the position), for ``"syntax"`` problems. ``suggestion`` is the
    text a hint in the message proposes (``https://example.com`` for ``example.com``),
    which the same policy accepts.
    """

    code: ProblemCode
    message: str
    component: str | None = None
    position: int | None = None
    rule: str | None = None
    reason: str | None = None
    suggestion: str | None = None


class PolicyError(URIError, ValueError):
    """A text that the policy rejects; ``str()`` is the first problem's message.

    ``text`` is the text as given with a password written ``***`` (RFC 7.5), the text
    every problem's ``position`` counts in.

    ``problems`` holds every problem found; ``problem`` is the first one (the one the
    message describes). For a syntax error ``position`` and ``rule`` come from RFC 3986.
    """

    def __init__(self, text: str, problems: tuple[Problem, ...]) -> None:
        if not problems:
            raise argument_error("no-problems")
        text = redact(text)  # the text the problems' positions count in (RFC 7.5)
        super().__init__(text, problems)
        self.text = text
        self.problems = problems

    @property
    def problem(self) -> Problem:
        """The first problem, the one ``str()`` shows."""
        return self.problems[0]

    @property
    def code(self) -> ProblemCode:
        """The first problem's code."""
        return self.problems[0].code

    @property
    def position(self) -> int | None:
        """The first problem's position in the text, where known."""
        return self.problems[0].position

    @property
    def component(self) -> str | None:
        """The URI component the first problem is in, where known."""
        return self.problems[0].component

    @property
    def message(self) -> str:
        """The first problem's message, to show as it is."""
        return self.problems[0].message

    def __str__(self) -> str:
        return self.problems[0].message

    def __repr__(self) -> str:
        """The text (a password written ``***``, RFC 7.5), and the problems."""
        return f"{type(self).__name__}({self.text!r}, problems={self.problems!r})"


def syntax_problem(code: Literal["syntax", "scheme-rule"], error: InvalidURIError) -> Problem:
    """The problem a syntax error is: a text that is no URI-reference (``"syntax"``) or
    breaks its scheme's rule (``"scheme-rule"``), with the error's position and rule."""
    return Problem(
        code=code,
        message=problem_message(code, message=error.message),
        component=error.component,
        position=error.position,
        rule=error.rule,
        reason=error.reason,
    )


def redacted_problems(text: str, found: list[Problem]) -> list[Problem]:
    """``found`` with positions counted in ``text`` redacted (RFC 7.5), the text a
    syntax error's fields speak about too: a position in the password is the ``***``."""
    span = password_span(text) if found else None
    if span is None:
        return found
    return [
        p if p.position is None else replace(p, position=redact_span(text, span, p.position)[1])
        for p in found
    ]


def once_normalized(problem: Problem) -> Problem:
    """A problem of the normalized value: said so, and without a position in the text."""
    message = reason("once-normalized", message=problem.message)
    return replace(problem, message=message, position=None)
