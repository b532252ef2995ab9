"""The verdicts and problem records of many texts: what every column kind comes down to.

:func:`verdicts` is the one place where a sequence of texts meets the rule's pattern;
a faster engine (a native kernel generated from the grammar) takes its place here and
every column kind of :mod:`urikit.batch` gains from it. :func:`records` locates only the
texts that fail, as :func:`urikit.validate_many` does.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from urikit._core import components as _components
from urikit._core.components import Fields, tuple_new
from urikit._syntax.compiled import compiled
from urikit._syntax.names import RuleName
from urikit.batch._records import ProblemRecord, problem_record
from urikit.errors.exceptions import expected_str
from urikit.errors.problems import Problem

TYPE_CHECKING = False
if TYPE_CHECKING:
    from urikit.policy import Policy

__all__ = ["COMPONENTS", "components", "parts", "records", "verdicts", "with_nulls"]

T = TypeVar("T")

#: The components of a reference in RFC 3 order, as
#: :data:`urikit._core.components.Fields` holds them.
COMPONENTS = Fields._fields


def verdicts(texts: Sequence[str], rule: RuleName) -> list[bool]:
    """Whether each of ``texts`` matches ``rule`` exactly (RFC 3986 Appendix A)."""
    fullmatch = compiled(rule).pattern.fullmatch
    try:
        return [found is not None for found in map(fullmatch, texts)]
    except TypeError:
        raise _not_text(texts) from None


def components(texts: Sequence[str]) -> list[Fields | None]:
    """The seven components of each text that is a URI-reference, as written (RFC 3,
    4.1; what :func:`urikit.parse` keeps), None for a text that is not one."""
    match = _components.match  # compiled on first use: read it after that
    try:
        return [None if m is None else tuple_new(Fields, m.groups()) for m in map(match, texts)]
    except TypeError:
        raise _not_text(texts) from None


def parts(texts: Sequence[str | None]) -> list[dict[str, str | None] | None]:
    """The components of each text by name (None for a null or a text that is not a
    URI-reference): a struct column's rows."""
    return [
        None if fields is None else dict(zip(COMPONENTS, fields, strict=True))
        for fields in with_nulls(texts, components)
    ]


def records(
    texts: Sequence[str], rule: RuleName, policy: Policy | None = None
) -> list[ProblemRecord | None]:
    """The first problem of each of ``texts`` (None for a text without any): where it
    fails ``rule`` (position, rule, reason), else, with a ``policy``, the first rule of
    the policy it breaks."""
    compiled_rule = compiled(rule)
    found: list[ProblemRecord | None] = []
    for text, valid in zip(texts, verdicts(texts, rule), strict=True):
        if not valid:
            # with a policy, its syntax problem (hinted as the Policy hints it), one voice
            first_syntax = (
                [p for p in policy.problems(text)[:1] if p.code == "syntax"] if policy else []
            )
            found.append(
                problem_record(first_syntax[0])
                if first_syntax
                else problem_record(compiled_rule.error(text))
            )
        elif policy is None:
            found.append(None)
        else:
            first: list[Problem] = policy.problems(text)[:1]
            found.append(problem_record(first[0]) if first else None)
    return found


def with_nulls(
    texts: Sequence[str | None], work: Callable[[Sequence[str]], list[T]]
) -> list[T | None]:
    """``work`` done on the texts of a column with nulls: None stays None."""
    present = [text for text in texts if text is not None]
    if len(present) == len(texts):
        return list(work(present))
    done = iter(work(present))
    return [None if text is None else next(done) for text in texts]


def _not_text(texts: Sequence[object]) -> TypeError:
    """The TypeError naming the first item of ``texts`` that is not a str."""
    for index, text in enumerate(texts):
        if not isinstance(text, str):
            return expected_str(text, f"item {index}")
    return TypeError("every item must be a str")  # pragma: no cover - a str never fails
