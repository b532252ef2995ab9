"""One problem as a record: the fields of a struct column, and of the CLI's JSON ``error``."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TypedDict

from urikit.errors.exceptions import InvalidURIError, location_as_shown, sentence
from urikit.errors.problems import Problem, ProblemCode

__all__ = ["FIELDS", "ProblemRecord", "problem_record"]


class ProblemRecord(TypedDict):
    """Why a text was rejected, as one row of a struct column.

    ``code`` is ``"syntax"`` or a :class:`~urikit.Policy` problem's code; ``position``
    the 0-based index in the text (None where unknown); ``rule`` the RFC 3986 rule that
    failed (syntax problems); ``component`` the URI component; ``reason`` the sentence
    without the position; ``message`` the whole sentence, as ``urikit validate`` says it.
    As in every urikit error, a password is never shown: in a text with one, the
    position counts in the text with the password written ``***`` (RFC 7.5).
    """

    code: ProblemCode
    position: int | None
    rule: str | None
    component: str | None
    reason: str
    message: str


#: The fields of :class:`ProblemRecord` in order, each with the Python type of its values
#: (every field may be null but ``code``, ``reason`` and ``message``).
FIELDS: Mapping[str, type[int] | type[str]] = MappingProxyType(
    {
        "code": str,
        "position": int,
        "rule": str,
        "component": str,
        "reason": str,
        "message": str,
    }
)


def problem_record(problem: InvalidURIError | Problem) -> ProblemRecord:
    """The record of a syntax error or of a policy's problem."""
    if isinstance(problem, Problem):
        return {
            "code": problem.code,
            "position": problem.position,
            "rule": problem.rule,
            "component": problem.component,
            "reason": problem.reason or problem.message,
            "message": problem.message,
        }
    _, location = location_as_shown(problem)  # located and redacted once
    position, rule, reason, component = location
    return {
        "code": "syntax",
        "position": position,
        "rule": rule,
        "component": component,
        "reason": reason,
        "message": sentence(location),
    }
