"""Reading a URI Template (RFC 6570 section 2) into literals and expressions.

One left-to-right pass; the first character that breaks a rule raises
:class:`~urikit.errors.InvalidTemplateError` with its position, the RFC 6570 rule and a
reason. Literals are stored already written as they appear in an expansion (section
3.1: characters allowed in a URI copied, others percent-encoded as UTF-8).
"""

from __future__ import annotations

from typing import NamedTuple

from urikit.errors import InvalidTemplateError, expected_str
from urikit.errors.template_reasons import template_reason
from urikit.template._encode import literal_text
from urikit.template._grammar import (
    OPERATORS,
    RESERVED_OPERATORS,
    TemplateRuleName,
    literal_run,
    max_length,
    varname,
)

__all__ = ["Expression", "Part", "VarSpec", "parse_template"]


class VarSpec(NamedTuple):
    """``varspec`` (RFC 6570 2.3, 2.4): a name, and a prefix length or explode."""

    name: str
    prefix: int | None = None
    explode: bool = False

    def __str__(self) -> str:
        if self.prefix is not None:
            return f"{self.name}:{self.prefix}"
        return self.name + "*" if self.explode else self.name


class Expression(NamedTuple):
    """``expression`` (RFC 6570 2.2): an operator ("" for none) and its varspecs."""

    operator: str
    varspecs: tuple[VarSpec, ...]

    def __str__(self) -> str:
        return "{" + self.operator + ",".join(map(str, self.varspecs)) + "}"


#: A literal (as it appears in an expansion) or an expression.
Part = str | Expression


def _error(text: str, position: int, rule: TemplateRuleName, reason: str) -> InvalidTemplateError:
    return InvalidTemplateError(text, position=position, rule=rule, reason=reason)


def parse_template(text: str) -> tuple[Part, ...]:
    """The parts of ``text``, a ``URI-Template``; the located error otherwise."""
    if type(text) is not str:
        raise expected_str(text, "template")
    parts: list[Part] = []
    run = literal_run().match
    position = 0
    start = 0  # where the current literal began
    end = len(text)
    while position < end:
        found = run(text, position)
        if found is not None:  # always: the run may be empty
            position = found.end()
        if position == end:
            break
        char = text[position]
        if char == "{":
            if position > start:
                parts.append(literal_text(text[start:position]))
            expression, position = _expression(text, position + 1)
            parts.append(expression)
            start = position
        else:
            raise _literal_error(text, position)
    if end > start:
        parts.append(literal_text(text[start:end]))
    return tuple(parts)


def _literal_error(text: str, position: int) -> InvalidTemplateError:
    char = text[position]
    if char == "}":
        return _error(text, position, "expression", template_reason("template-lone-close"))
    if char == "%":
        return _error(text, position, "literals", template_reason("template-pct"))
    return _error(text, position, "literals", template_reason("template-literal-char", char=char))


def _expression(text: str, position: int) -> tuple[Expression, int]:
    """The expression whose ``{`` is just before ``position``, and where it ends."""
    operator = text[position : position + 1]
    if operator in OPERATORS:
        position += 1
    elif operator in RESERVED_OPERATORS:
        reason = template_reason("template-reserved-operator", operator=operator)
        raise _error(text, position, "operator", reason)
    else:
        operator = ""
    varspecs: list[VarSpec] = []
    name_at = varname().match
    while True:
        found = name_at(text, position)
        if found is None:
            raise _error(
                text,
                position,
                "varname",
                _unexpected(text, position, template_reason("template-expect-varname")),
            )
        name = found.group()
        position = found.end()
        char = text[position : position + 1]
        if char == ":":
            prefix, position = _max_length(text, position + 1)
            varspecs.append(VarSpec(name, prefix=prefix))
            char = text[position : position + 1]
        elif char == "*":
            varspecs.append(VarSpec(name, explode=True))
            position += 1
            char = text[position : position + 1]
        else:
            varspecs.append(VarSpec(name))
        if char == "}":
            return Expression(operator, tuple(varspecs)), position + 1
        if char != ",":
            expected = template_reason(
                "template-expect-separator"
                if varspecs[-1].prefix or varspecs[-1].explode
                else "template-expect-modifier"
            )
            raise _error(text, position, "expression", _unexpected(text, position, expected))
        position += 1


def _max_length(text: str, position: int) -> tuple[int, int]:
    """``max-length`` at ``position``: a number from 1 to 9999 (RFC 6570 2.4.1)."""
    found = max_length().match(text, position)
    if found is None:
        expected = template_reason("template-expect-length")
        raise _error(text, position, "max-length", _unexpected(text, position, expected))
    end = found.end()
    if text[end : end + 1].isdigit():
        raise _error(text, end, "max-length", template_reason("template-prefix-too-long"))
    return int(found.group()), end


def _unexpected(text: str, position: int, expected: str) -> str:
    if position == len(text):
        return template_reason("template-ended", expected=expected)
    return template_reason("template-unexpected", char=text[position], expected=expected)
