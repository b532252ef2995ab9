"""RFC 6570 section 2, rule by rule: the syntax of a URI Template.

Written with the combinators of :mod:`urikit._syntax.abnf`, like :mod:`urikit._syntax.rfc3986`, and
referring to the RFC 3986 rules RFC 6570 reuses (``ALPHA``, ``DIGIT``, ``pct-encoded``)
by name. The parser (:mod:`urikit.template._parse`) reads templates with the patterns
rendered here and reports the rule that failed by these names.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from types import MappingProxyType
from typing import Literal, TypeAlias

from urikit._syntax import rfc3986 as grammar
from urikit._syntax.abnf import Node, Ref, char_alternatives, char_range, chars, lit, opt, rep
from urikit._syntax.render import render
from urikit._syntax.rfc3987 import IPRIVATE, UCSCHAR_RFC

__all__ = [
    "OPERATORS",
    "RESERVED_OPERATORS",
    "RULES",
    "TemplateRuleName",
    "chars_of",
    "literal_run",
    "max_length",
    "varname",
]

TemplateRuleName: TypeAlias = Literal[
    "URI-Template",
    "literals",
    "expression",
    "operator",
    "op-level2",
    "op-level3",
    "op-reserve",
    "variable-list",
    "varspec",
    "varname",
    "varchar",
    "modifier-level4",
    "prefix",
    "max-length",
    "explode",
]


def _r(name: TemplateRuleName) -> Ref:
    return Ref(name)


literals, expression, operator = _r("literals"), _r("expression"), _r("operator")
op_level2, op_level3, op_reserve = _r("op-level2"), _r("op-level3"), _r("op-reserve")
variable_list, varspec, varname_, varchar = (
    _r("variable-list"),
    _r("varspec"),
    _r("varname"),
    _r("varchar"),
)
modifier_level4, prefix, max_length_, explode = (
    _r("modifier-level4"),
    _r("prefix"),
    _r("max-length"),
    _r("explode"),
)
ALPHA, DIGIT, pct_encoded = Ref("ALPHA"), Ref("DIGIT"), Ref("pct-encoded")

# ``ucschar`` and ``iprivate`` are RFC 3987's, as its ABNF lists them (RFC 6570 1.5):
# the bidi controls that RFC 3987 4.1 takes out of IRIs stay literals of a template,
# and are percent-encoded in an expansion. Verified erratum 6937 corrects
# "%x26 / %x28-3B" to "%x26-3B": the apostrophe is a literal, as the RFC's own
# example "'{var}'" (3.2.1) needs.
_LITERAL_ASCII = (
    lit("!")
    | char_range("#", "$")
    | char_range("&", ";")
    | lit("=")
    | char_range("?", "[")
    | lit("]")
    | lit("_")
    | char_range("a", "z")
    | lit("~")
)

RULES: Mapping[TemplateRuleName, tuple[str, Node]] = MappingProxyType(
    {
        # name: (ABNF as RFC 6570 writes it, node)
        "URI-Template": ("URI-Template = *( literals / expression )", rep(literals | expression)),
        "literals": (
            "literals = %x21 / %x23-24 / %x26-3B / %x3D / %x3F-5B / %x5D / %x5F"
            " / %x61-7A / %x7E / ucschar / iprivate / pct-encoded ; erratum 6937",
            _LITERAL_ASCII | UCSCHAR_RFC | IPRIVATE | pct_encoded,
        ),
        "expression": (
            'expression = "{" [ operator ] variable-list "}"',
            lit("{") + opt(operator) + variable_list + lit("}"),
        ),
        "operator": (
            "operator = op-level2 / op-level3 / op-reserve",
            op_level2 | op_level3 | op_reserve,
        ),
        "op-level2": ('op-level2 = "+" / "#"', chars("+#")),
        "op-level3": ('op-level3 = "." / "/" / ";" / "?" / "&"', chars("./;?&")),
        "op-reserve": ('op-reserve = "=" / "," / "!" / "@" / "|"', chars("=,!@|")),
        "variable-list": (
            'variable-list = varspec *( "," varspec )',
            varspec + rep(lit(",") + varspec),
        ),
        "varspec": ("varspec = varname [ modifier-level4 ]", varname_ + opt(modifier_level4)),
        "varname": (
            'varname = varchar *( ["."] varchar )',
            varchar + rep(opt(lit(".")) + varchar, possessive=True),
        ),
        "varchar": (
            'varchar = ALPHA / DIGIT / "_" / pct-encoded',
            ALPHA | DIGIT | lit("_") | pct_encoded,
        ),
        "modifier-level4": ("modifier-level4 = prefix / explode", prefix | explode),
        "prefix": ('prefix = ":" max-length', lit(":") + max_length_),
        "max-length": (
            "max-length = %x31-39 0*3DIGIT ; positive integer < 10000",
            char_range("1", "9") + rep(DIGIT, 0, 3, possessive=True),
        ),
        "explode": ('explode = "*"', lit("*")),
    }
)


_NODES: Mapping[str, Node] = MappingProxyType({name: row[1] for name, row in RULES.items()})


def _resolve(name: str) -> Node:
    """A rule of RFC 6570 by name, else one of RFC 3986 it refers to."""
    node = _NODES.get(name)
    return grammar.resolve(name) if node is None else node


def chars_of(name: TemplateRuleName) -> frozenset[str]:
    """The single characters rule ``name`` matches (``op-level3``: ``./;?&``)."""
    return char_alternatives(Ref(name), _resolve).members


#: Kept for future extensions (RFC 6570 2.2): a template using one is refused.
RESERVED_OPERATORS: frozenset[str] = chars_of("op-reserve")
#: The operators of levels 2 and 3 (RFC 6570 2.2).
OPERATORS: frozenset[str] = chars_of("op-level2") | chars_of("op-level3")


@cache
def literal_run() -> re.Pattern[str]:
    """``*literals`` (possessive): its ``match(text, i).end()`` is the first character
    at ``i`` or later that is not a literal."""
    return re.compile(render(rep(literals, possessive=True), _resolve))


@cache
def varname() -> re.Pattern[str]:
    """The ``varname`` rule, for ``match`` at a position."""
    return re.compile(render(varname_, _resolve))


@cache
def max_length() -> re.Pattern[str]:
    """The ``max-length`` rule, for ``match`` at a position."""
    return re.compile(render(max_length_, _resolve))
