"""What every framework door does with the text a person typed, once (one voice): the
surrounding whitespace removed (as Django's ``CharField`` does), then the policy's
verdict, refusals said in the person's words (docs/errors.md, "Messages for the person
at a form") with the same problems :meth:`urikit.Policy.problems` lists."""

from __future__ import annotations

from typing import Final, TypeVar

from urikit.errors.codes import person_template
from urikit.errors.exceptions import plain_str
from urikit.errors.problems import PolicyError, Problem
from urikit.policy.checked_types import URIWithHost
from urikit.policy.checker import Policy
from urikit.values.uri import URI, RelativeReference

__all__ = ["WEB", "Refused", "check", "check_as_given", "said", "typed_text"]

_R = TypeVar("_R", bound=URI | RelativeReference)

#: The policy a door uses when given none: a web address (RFC 9110 4.2) with a host.
WEB: Final[Policy[URIWithHost]] = Policy(schemes=frozenset({"http", "https"}), require_host=True)


class Refused(ValueError):
    """Text a door's policy refuses: ``str()`` is every problem's person's message;
    ``problems`` are :meth:`urikit.Policy.problems`' (no password in any, RFC 3986 7.5)."""

    __module__ = "urikit.integrations"

    def __init__(self, problems: tuple[Problem, ...]) -> None:
        super().__init__(said(problems))
        self.problems = problems


def check(policy: Policy[_R], text: str) -> _R:
    """The reference ``text`` names under ``policy``, its surrounding whitespace
    removed and nothing else changed; :class:`Refused` with the policy's problems."""
    try:
        return policy.check(text.strip())
    except PolicyError as error:
        raise Refused(error.problems) from error


def check_as_given(policy: Policy[_R], text: str) -> None:
    """Check ``text`` as it is, for a validator, which changes nothing: the value it
    passes keeps its whitespace, so surrounding whitespace is refused as ``policy``
    refuses it (RFC 3986 Appendix C), unless the policy strips it itself."""
    try:
        policy.check(text)
    except PolicyError as error:
        raise Refused(error.problems) from error


def typed_text(value: object) -> str:
    """``value`` as the plain text a door checks; a value that is not text (a number
    where an address belongs) is a :class:`TypeError` in the person's words, as every
    door says it."""
    if not isinstance(value, str):
        raise TypeError(person_template("not-text"))
    return plain_str(value)


def said(problems: tuple[Problem, ...]) -> str:
    """The problems' messages for the person, one sentence each."""
    return ". ".join(problem.person_message for problem in problems)
