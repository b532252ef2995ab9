"""One row of a rule table: a text, the rule, the verdict and what in the ABNF decides it."""

from __future__ import annotations

from typing import NamedTuple

from urikit import RuleName


class Row(NamedTuple):
    text: str
    rule: RuleName
    valid: bool
    reason: str


def rows(rule: RuleName, valid: bool, reason: str, *texts: str) -> list[Row]:
    return [Row(text, rule, valid, reason) for text in texts]
