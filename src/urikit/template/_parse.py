"""Reading a URI Template (RFC 6570 section 2) into literals and expressions.

One left-to-right pass; the first character that breaks a rule raises
:class:`~urikit.errors.InvalidTemplateError` with its position, the RFC 6570 rule and a
reason. Literals are stored already written as they appear in an expansion (section
3.1: characters allowed in a URI copied, others percent-encoded as UTF-8).
"""

from __future__ import annotations

from typing import NamedTuple

from urikit.errors import InvalidTemplateError, expected_str
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
        return _error(text, position, "expression", "'}' without a '{' before it")
    if char == "%":
        return _error(
            text,
            position,
            "literals",
            "'%' must be followed by two hexadecimal digits: write '%25' for a '%' itself",
        )
    return _error(
        text,
        position,
        "literals",
        f"{char!r} is not allowed in a template (RFC 6570 2.1): write it percent-encoded",
    )


def _expression(text: str, position: int) -> tuple[Expression, int]:
    """The expression whose ``{`` is just before ``position``, and where it ends."""
    operator = text[position : position + 1]
    if operator in OPERATORS:
        position += 1
    elif operator in RESERVED_OPERATORS:
        raise _error(
            text,
            position,
            "operator",
            f"the operator {operator!r} is reserved for future extensions (RFC 6570 2.2)",
        )
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
                _unexpected(text, position, "a variable name (letters, digits, '_', '%XX')"),
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
            expected = (
                "',' or '}'"
                if varspecs[-1].prefix or varspecs[-1].explode
                else ("':', '*', ',' or '}'")
            )
            raise _error(text, position, "expression", _unexpected(text, position, expected))
        position += 1


def _max_length(text: str, position: int) -> tuple[int, int]:
    """``max-length`` at ``position``: a number from 1 to 9999 (RFC 6570 2.4.1)."""
    found = max_length().match(text, position)
    if found is None:
        raise _error(
            text, position, "max-length", _unexpected(text, position, "a length from 1 to 9999")
        )
    end = found.end()
    if text[end : end + 1].isdigit():
        raise _error(
            text, end, "max-length", "a prefix length must be below 10000 (RFC 6570 2.4.1)"
        )
    return int(found.group()), end


def _unexpected(text: str, position: int, expected: str) -> str:
    if position == len(text):
        return f"the template ends inside an expression: expected {expected} and a '}}'"
    return f"{text[position]!r} is not allowed here: expected {expected}"
