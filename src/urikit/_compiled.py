"""Lazily compiled patterns: one per rule, compiled on first use, once.

``import urikit`` compiles nothing. The standard ``re`` engine (with possessive
quantifiers, Python 3.11+) answers yes/no fastest (see benchmarks/RESULTS.md); where
input fails, :mod:`urikit._automaton` finds the position.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from types import MappingProxyType

from urikit._abnf import Flavor, Node, render
from urikit.grammar import ref, resolve

__all__ = ["matching_node", "source", "validator"]

# Rewrites that keep a rule's language and save the engine work. host is
# IP-literal / IPv4address / reg-name, and every IPv4address is also a reg-name
# (RFC 3.2.2), so for a yes/no answer or a parse the IPv4address branch adds nothing.
_SAME_LANGUAGE: Mapping[str, Node] = MappingProxyType({"host": ref("IP-literal") | ref("reg-name")})


def matching_node(name: str) -> Node:
    """The node of rule ``name`` as the engines match it: the same language, less work."""
    return _SAME_LANGUAGE.get(name) or resolve(name)


@cache
def source(name: str, flavor: Flavor = "python") -> str:
    """Regex source of rule ``name``, every reference rendered inline."""
    return render(matching_node(name), matching_node, flavor)


@cache
def validator(name: str) -> re.Pattern[str]:
    """The ``re`` pattern of rule ``name``; use with ``fullmatch`` only."""
    return re.compile(source(name))
