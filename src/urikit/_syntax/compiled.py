"""Compiled rules: for each rule, one object holding all that the engines make of it.

``compiled(name)`` is the one look-up by name. Its :class:`CompiledRule` has the ``re``
pattern (yes/no and parsing: the standard engine with possessive quantifiers answers
fastest, see benchmarks/RESULTS.md), the :class:`~urikit._syntax.automaton.Automaton` (where
input fails, in linear time) and the diagnosis from :mod:`urikit._syntax.locate` (why). The
pattern and the automaton are built on first use, once: ``import urikit`` compiles
nothing.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from types import MappingProxyType

from urikit._syntax.abnf import Flavor, Node
from urikit._syntax.automaton import Automaton
from urikit._syntax.locate import Diagnoser, diagnoser
from urikit._syntax.render import render
from urikit._syntax.rfc3986 import ref, resolve, rule, rule_name
from urikit.errors import InvalidURIError, Location

__all__ = ["CompiledRule", "compiled", "locate", "matching_node", "source"]

# Rewrites that keep a rule's language and save the engine work. host is
# IP-literal / IPv4address / reg-name, and every IPv4address is also a reg-name
# (RFC 3.2.2), so for a yes/no answer or a parse the IPv4address branch adds nothing.
_SAME_LANGUAGE: Mapping[str, Node] = MappingProxyType(
    {
        "host": ref("IP-literal") | ref("reg-name"),
        "ihost": ref("IP-literal") | ref("ireg-name"),  # RFC 3987 2.2: the same reading
    }
)


def matching_node(name: str) -> Node:
    """The node of rule ``name`` (any case) as the engines match it: the same language,
    less work."""
    name = rule_name(name)
    return _SAME_LANGUAGE.get(name) or resolve(name)


@cache
def source(name: str, flavor: Flavor = "python") -> str:
    """Regex source of rule ``name``, every reference rendered inline."""
    return render(matching_node(name), matching_node, flavor)


class CompiledRule:
    """One rule as the engines run it: ``pattern`` (``re``; use ``fullmatch``),
    ``automaton`` (the error position) and ``diagnose`` (the failed rule and reason)."""

    __slots__ = ("automaton", "diagnose", "name", "pattern")

    name: str
    diagnose: Diagnoser
    # Built on first use by __getattr__, which runs only while the slot is empty.
    pattern: re.Pattern[str]
    automaton: Automaton

    def __init__(self, name: str) -> None:
        rule(name)  # an unknown name raises ValueError here, and is not cached
        self.name = name
        self.diagnose = diagnoser(name)

    def __getattr__(self, attribute: str) -> re.Pattern[str] | Automaton:
        built: re.Pattern[str] | Automaton
        if attribute == "pattern":
            built = re.compile(source(self.name))
        elif attribute == "automaton":
            built = Automaton(rule(self.name).node)
        else:
            raise AttributeError(attribute)
        setattr(self, attribute, built)
        return built

    def error(self, text: str) -> InvalidURIError:
        """The error for ``text``, known not to match this rule, located when first read."""
        return InvalidURIError.pending(text, self.location)

    def location(self, text: str) -> Location:
        """Where and why ``text`` fails this rule: the automaton's position (linear
        time), then the diagnosis there."""
        scan = self.automaton.viable_prefix_length
        position = scan(text)
        found = self.diagnose(text, position, scan)
        return Location(position, found.rule, found.reason, found.component)


@cache
def compiled(name: str) -> CompiledRule:
    """The compiled rule called ``name``, its case ignored (RFC 5234 2.1): one object
    per rule, whatever the spelling. ``ValueError`` for an unknown name, ``TypeError``
    for one that is not a str (or, from the cache, not hashable)."""
    canonical = rule_name(name)
    if canonical != name or type(name) is not str:
        return compiled(str.__str__(canonical))
    return CompiledRule(name)


def locate(text: str, name: str) -> InvalidURIError:
    """The located error for ``text``, known not to match rule ``name``."""
    return compiled(name).error(text)
