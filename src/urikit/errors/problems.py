"""What a :class:`urikit.Policy` reports: the problem codes, one :class:`Problem` per
reason a text is rejected, and :class:`PolicyError`, which carries them (catalogue in
docs/errors.md)."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Literal

from urikit.errors.codes import PersonCode, ProblemCode, person_template, problem_message
from urikit.errors.exceptions import IN_PASSWORD, InvalidURIError, URIError
from urikit.errors.reasons import reason
from urikit.errors.redact import password_spans, redact, redact_spans

__all__ = [
    "PersonMessage",
    "PolicyError",
    "Problem",
    "ProblemCode",
    "hinted_person",
    "once_normalized",
    "person_said",
    "problem",
    "redacted_problems",
    "syntax_problem",
]


@dataclass(frozen=True, slots=True)
class PersonMessage:
    """What a problem says to the person at a form: ``str()`` of it, in the words of
    the form ("This address has a space in it"), no rule, RFC or password named.

    ``template`` is a ``str.format`` template from the one message table (a row of
    :data:`~urikit.errors.codes.PROBLEMS` or
    :data:`~urikit.errors.codes.PERSON_MESSAGES`), the text a translation looks up;
    ``values`` are what it puts in, as ``(name, text)`` pairs (:attr:`params` as a dict).
    """

    template: str
    values: tuple[tuple[str, str], ...] = ()

    @property
    def params(self) -> dict[str, str]:
        """The values as a dict, as ``template.format(**params)`` takes them."""
        return dict(self.values)

    def __str__(self) -> str:
        return self.template.format(**self.params) if self.values else self.template


@dataclass(frozen=True, slots=True, kw_only=True)
class Problem:
    """One reason a policy rejects a text.

    ``code`` is stable (for programs); ``message`` is the developer's (for logs and the
    command line, naming the rule and what was found), and ``str()`` of the problem;
    ``person`` says it to the person at a form (:attr:`person_message`), in words
    without rule names or jargon, as every framework door shows it. ``component`` is the
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
    person: PersonMessage

    @property
    def person_message(self) -> str:
        """The message for the person at the form: ``str(self.person)``."""
        return str(self.person)

    def __str__(self) -> str:
        return self.message


def problem(
    code: ProblemCode,
    *,
    component: str | None = None,
    position: int | None = None,
    person: PersonCode | None = None,
    **values: object,
) -> Problem:
    """The problem ``code``, both its messages written from its row of the one table
    with ``values`` put in (the person's from the row ``person`` names instead, where
    given: a finer case of the same problem)."""
    return Problem(
        code=code,
        message=problem_message(code, **values),
        component=component,
        position=position,
        person=person_said(person or code, **values),
    )


def person_said(code: ProblemCode | PersonCode, **values: object) -> PersonMessage:
    """The person's message of ``code``, with the ``values`` its template names."""
    template = person_template(code)
    names = [name for name in _NAMES.findall(template) if name in values]
    return PersonMessage(
        template, tuple((name, str(values[name])) for name in dict.fromkeys(names))
    )


_NAMES = re.compile(r"\{(\w+)\}")


class PolicyError(URIError, ValueError):
    """A text that the policy rejects; ``str()`` is the first problem's message.

    ``text`` is the text as given with a password written ``***`` (RFC 7.5), the text
    every problem's ``position`` counts in.

    ``problems`` holds every problem found; ``problem`` is the first one (the one the
    message describes). For a syntax error ``position`` and ``rule`` come from RFC 3986.
    """

    def __init__(self, text: str, problems: tuple[Problem, ...]) -> None:
        if not problems:
            raise ValueError("a PolicyError needs at least one problem")
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
        person=_syntax_person(code, error),
    )


_WHITESPACE = frozenset("\t\n\r\f\v\x1c\x1d\x1e\x1f\x85\u2028\u2029")


def _syntax_person(code: Literal["syntax", "scheme-rule"], error: InvalidURIError) -> PersonMessage:
    """A syntax error said for the person at the form, by the character it is at
    (RFC 3986 2; the password's never named, RFC 7.5)."""
    text, at = error.text, error.position
    if code == "scheme-rule":
        return person_said(code, scheme=text.partition(":")[0])
    if error.reason == IN_PASSWORD:
        return person_said("in-password")
    if at >= len(text):
        return person_said("ended")
    char = text[at]
    slip: PersonCode
    if char.isspace() and not (text[:at].strip() and text[at:].strip()):
        slip = "space-around"
    elif char in _WHITESPACE:
        slip = "whitespace"
    elif char.isspace():
        slip = "space"
    elif not char.isprintable() or 0xD800 <= ord(char) <= 0xDFFF:
        slip = "control"
    elif char == "%" and error.component == "host" and "[" in text[:at]:
        slip = "interface-name"
    elif "%" in text[max(0, at - 2) : at + 1]:  # at the '%', or at a digit after it
        slip = "percent"
    elif char == "\\":
        slip = "backslash"
    elif error.component == "scheme":
        slip = "scheme-start"
    elif error.component == "port":
        slip = "port-not-a-number"
    elif error.component == "host" and "[" in text[:at]:
        slip = "ip-literal"
    elif not char.isascii() and error.component == "host":
        slip = "international-name"
    else:
        slip = "character"
    return person_said(slip, char=char)


def redacted_problems(text: str, found: list[Problem]) -> list[Problem]:
    """``found`` with positions counted in ``text`` redacted (RFC 7.5), the text a
    syntax error's fields speak about too: a position in a password is its ``***``."""
    spans = password_spans(text) if found else ()
    if not spans:
        return found
    return [
        p if p.position is None else replace(p, position=redact_spans(text, spans, p.position)[1])
        for p in found
    ]


def once_normalized(problem: Problem) -> Problem:
    """A problem of the normalized value: said so, and without a position in the text."""
    message = reason("once-normalized", message=problem.message)
    return replace(problem, message=message, position=None)


def hinted_person(problem: Problem, suggestion: str) -> PersonMessage:
    """``problem``'s person's message followed by the text a hint proposes."""
    return person_said("hint", message=problem.person_message, suggestion=suggestion)
