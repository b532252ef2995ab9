"""Lazily compiled patterns: one per rule and engine, compiled on first use, once.

``import urikit`` compiles nothing. The standard ``re`` engine (with possessive
quantifiers, Python 3.11+) answers yes/no fastest; ``regex`` is used where ``re``
cannot go: partial matching to locate the first offending character.
"""

from __future__ import annotations

import re
from functools import cache

import regex

from urikit._abnf import Flavor, render
from urikit.grammar import resolve, rule

__all__ = ["locator", "source", "validator"]


@cache
def source(name: str, flavor: Flavor = "python") -> str:
    """Regex source of rule ``name``, every reference rendered inline."""
    return render(rule(name).node, resolve, flavor)


@cache
def validator(name: str) -> re.Pattern[str]:
    """The ``re`` pattern of rule ``name``; use with ``fullmatch`` only."""
    return re.compile(source(name))


@cache
def locator(name: str) -> regex.Pattern[str]:
    """The ``regex`` pattern of rule ``name``, for ``fullmatch(..., partial=True)``."""
    return regex.compile(source(name), regex.VERSION0)
