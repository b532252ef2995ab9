"""The reason rows of :class:`urikit.InvalidTemplateError` (RFC 6570): why a text is no
URI Template, and the phrases that say what was expected instead. Every template is
written with ``str.format`` (a brace of the text itself is doubled)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final, Literal, TypeAlias

from urikit.errors.codes import Message, rows_of

__all__ = ["TEMPLATE_REASONS", "TemplateReasonCode", "template_reason"]

#: The keys of :data:`TEMPLATE_REASONS`.
TemplateReasonCode: TypeAlias = Literal[
    "template-lone-close",
    "template-pct",
    "template-literal-char",
    "template-reserved-operator",
    "template-ended",
    "template-unexpected",
    "template-expect-varname",
    "template-expect-separator",
    "template-expect-modifier",
    "template-expect-length",
    "template-prefix-too-long",
]

_syntax = rows_of("syntax")
_LITERALS = "RFC 6570 2.1"
_EXPRESSION = "RFC 6570 2.2"
_PREFIX = "RFC 6570 2.4.1"

TEMPLATE_REASONS: Final[Mapping[TemplateReasonCode, Message]] = MappingProxyType(
    {
        "template-lone-close": _syntax("'}}' without a '{{' before it", _EXPRESSION),
        "template-pct": _syntax(
            "'%' must be followed by two hexadecimal digits: write '%25' for a '%' itself",
            _LITERALS,
        ),
        "template-literal-char": _syntax(
            "{char!r} is not allowed in a template (RFC 6570 2.1): write it percent-encoded",
            _LITERALS,
        ),
        "template-reserved-operator": _syntax(
            "the operator {operator!r} is reserved for future extensions (RFC 6570 2.2)",
            _EXPRESSION,
        ),
        "template-ended": _syntax(
            "the template ends inside an expression: expected {expected} and a '}}'", _EXPRESSION
        ),
        "template-unexpected": _syntax(
            "{char!r} is not allowed here: expected {expected}", _EXPRESSION
        ),
        "template-expect-varname": _syntax(
            "a variable name (letters, digits, '_', '%XX')", "RFC 6570 2.3"
        ),
        "template-expect-separator": _syntax("',' or '}}'", _EXPRESSION),
        "template-expect-modifier": _syntax("':', '*', ',' or '}}'", "RFC 6570 2.4"),
        "template-expect-length": _syntax("a length from 1 to 9999", _PREFIX),
        "template-prefix-too-long": _syntax(
            "a prefix length must be below 10000 (RFC 6570 2.4.1)", _PREFIX
        ),
    }
)


def template_reason(code: TemplateReasonCode, **values: object) -> str:
    """The reason ``code`` with ``values`` put in (always formatted: see the docstring
    of this module)."""
    return TEMPLATE_REASONS[code].template.format(**values)
