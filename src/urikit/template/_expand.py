"""Expansion of URI Template expressions (RFC 6570 section 3.2, Appendix A).

Each operator is one row of the Appendix A table: what comes first, what separates the
values, whether they are written ``name=value``, what an empty value writes after the
name, and which characters pass through unencoded.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TypeAlias, cast

from urikit.errors import InvalidURIError, TemplateExpansionError
from urikit.errors.codes import build_message
from urikit.template._encode import (
    UNRESERVED,
    UNRESERVED_RESERVED,
    encode_reserved,
    encode_unreserved,
    triplet,
)
from urikit.template._parse import Expression, Part, VarSpec

__all__ = [
    "CONTINUATION",
    "OPERATOR_TABLE",
    "Operator",
    "Pairs",
    "Scalar",
    "TemplateValue",
    "Values",
    "expand_expression",
    "expand_parts",
    "is_defined",
    "prefix",
    "spans",
]

#: A string value; a number is written in its decimal form (``str(6)``, ``str(37.76)``).
Scalar: TypeAlias = str | int | float
#: An associative array (RFC 6570 2.3): a mapping or a list of ``(name, value)`` pairs;
#: a pair whose value is None is undefined and left out.
Pairs: TypeAlias = Mapping[str, Scalar | None] | Sequence[tuple[str, Scalar | None]]
#: The value of one variable: a string, a list, an associative array, or None (undefined).
TemplateValue: TypeAlias = Scalar | Sequence[Scalar] | Pairs | None
#: Variable names to values.
Values: TypeAlias = Mapping[str, TemplateValue]


@dataclass(frozen=True, slots=True)
class Operator:
    """One column of RFC 6570 Appendix A; ``allow`` is the characters written as they
    are (``U`` or ``U+R``) and ``encode`` writes a value so."""

    first: str
    sep: str
    named: bool
    ifemp: str
    allow: frozenset[str]
    encode: Callable[[str], str]


_U = (UNRESERVED, encode_unreserved)
_UR = (UNRESERVED_RESERVED, encode_reserved)
OPERATOR_TABLE: Mapping[str, Operator] = MappingProxyType(
    {
        "": Operator("", ",", False, "", *_U),  # 3.2.2 simple string expansion
        "+": Operator("", ",", False, "", *_UR),  # 3.2.3 reserved expansion
        "#": Operator("#", ",", False, "", *_UR),  # 3.2.4 fragment expansion
        ".": Operator(".", ".", False, "", *_U),  # 3.2.5 label expansion with dot-prefix
        "/": Operator("/", "/", False, "", *_U),  # 3.2.6 path segment expansion
        ";": Operator(";", ";", True, "", *_U),  # 3.2.7 path-style parameter expansion
        "?": Operator("?", "&", True, "=", *_U),  # 3.2.8 form-style query expansion
        "&": Operator("&", "&", True, "=", *_U),  # 3.2.9 form-style query continuation
    }
)

#: The operator that carries an expression on once a variable of it is known to be
#: written: the one whose ``first`` is its ``sep`` (``{/a,b}`` is ``{/a}{/b}``, ``{?a,b}``
#: with ``a`` given is ``?a=..{&b}``). "", "+" and "#" join with ",", which none starts with.
CONTINUATION: Mapping[str, str] = MappingProxyType(
    {
        name: other
        for name, row in OPERATOR_TABLE.items()
        for other, next_row in OPERATOR_TABLE.items()
        if next_row.first and next_row.first == row.sep
    }
)


def _scalar(value: object, name: str) -> str:
    if isinstance(value, str):
        return value if type(value) is str else str.__str__(value)  # a subclass: its characters
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TypeError(
            f"the value of {name!r} must be a str, int, float, a list of them, a mapping"
            f" or a list of (name, value) pairs, not {type(value).__name__}"
        )
    return str(value)


def _composite(value: object, name: str) -> list[str] | list[tuple[str, str]]:
    """A list or an associative array as lists of strings, undefined members left out."""
    if isinstance(value, Mapping):
        items: Sequence[object] = list(cast("Mapping[object, object]", value).items())
    elif isinstance(value, Sequence) and not isinstance(value, bytes | bytearray):
        items = cast("Sequence[object]", value)
    else:
        _scalar(value, name)  # raises the TypeError
        raise AssertionError  # pragma: no cover
    if items and isinstance(items[0], tuple):
        pairs: list[tuple[str, str]] = []
        for item in items:
            pair = cast("tuple[object, ...]", item) if isinstance(item, tuple) else None
            if pair is None or len(pair) != 2 or not isinstance(pair[0], str):
                raise TypeError(f"the value of {name!r} mixes (name, value) pairs with others")
            key, member = pair
            if member is not None:
                pairs.append((_scalar(key, name), _scalar(member, name)))
        return pairs
    return [_scalar(item, name) for item in items if item is not None]


def _prefix_of_composite(spec: VarSpec, template: str) -> TemplateExpansionError:
    return TemplateExpansionError(
        build_message("template-prefix-composite", spec=spec, name=spec.name),
        code="template-prefix-composite",
        template=template,
        variable=spec.name,
    )


def _varspec(spec: VarSpec, value: object, op: Operator, template: str) -> str | None:
    """The expansion of one defined variable (Appendix A), or None if it is undefined."""
    try:
        encode = op.encode
        if isinstance(value, str) or (
            isinstance(value, int | float) and not isinstance(value, bool)
        ):
            text = value if type(value) is str else _scalar(value, spec.name)
            if spec.prefix is not None:
                text = prefix(text, spec.prefix, reserved=op.allow is UNRESERVED_RESERVED)
            text = encode(text)
            if op.named:
                return spec.name + (("=" + text) if text else op.ifemp)
            return text
        items = _composite(value, spec.name)
        if not items:
            return None  # an empty list or associative array is undefined (2.3)
        if spec.prefix is not None:
            raise _prefix_of_composite(spec, template)
        if isinstance(items[0], tuple):
            pairs = [(encode(k), encode(v)) for k, v in items]
            if not spec.explode:
                body = ",".join(f"{k},{v}" for k, v in pairs)
            elif op.named:
                return op.sep.join(k + (("=" + v) if v else op.ifemp) for k, v in pairs)
            else:
                return op.sep.join(f"{k}={v}" for k, v in pairs)
        else:
            members = [encode(v) for v in items if isinstance(v, str)]
            if not spec.explode:
                body = ",".join(members)
            elif op.named:
                return op.sep.join(spec.name + (("=" + v) if v else op.ifemp) for v in members)
            else:
                return op.sep.join(members)
        if op.named:
            return spec.name + (("=" + body) if body else op.ifemp)
        return body
    except InvalidURIError as error:  # only the encoder raises it: a lone surrogate
        position = error.position
        message = build_message(
            "template-lone-surrogate",
            name=spec.name,
            point=ord(error.text[position]),
            position=position,
        )
        raise TemplateExpansionError(
            message, code="template-lone-surrogate", template=template, variable=spec.name
        ) from error


def prefix(text: str, length: int, *, reserved: bool) -> str:
    """The first ``length`` characters of ``text`` (RFC 6570 2.4.1): counted in Unicode
    characters, not octets. Where ``pct-encoded`` triplets pass through (``reserved``:
    the ``+`` and ``#`` operators), the triplets of one UTF-8 encoded character count
    as that one character, and any other triplet as one: none is ever cut."""
    if not reserved or "%" not in text:
        return text[:length]
    at_triplet = triplet().match
    position, end = 0, len(text)
    for _ in range(length):
        if position == end:
            break
        if at_triplet(text, position) is None:
            position += 1
            continue
        octets = bytearray()
        run = position
        while len(octets) < 4 and at_triplet(text, run) is not None:
            octets.append(int(text[run + 1 : run + 3], 16))
            run += 3
        position += 3 * _utf8_length(bytes(octets))
    return text[:position]


def _utf8_length(octets: bytes) -> int:
    """How many of ``octets`` the UTF-8 form of their first character takes (RFC 3629
    3): the shortest start that decodes; 1 where none does (an octet that starts no
    well-formed character counts alone)."""
    for size in range(1, len(octets) + 1):
        try:
            octets[:size].decode("utf-8")
        except UnicodeDecodeError:
            continue
        return size
    return 1


def is_defined(spec: VarSpec, value: TemplateValue, operator: str, template: str) -> bool:
    """Whether ``value`` defines ``spec`` (2.3): not None, not an empty list or array."""
    if value is None:
        return False
    return _varspec(spec, value, OPERATOR_TABLE[operator], template) is not None


def expand_expression(expression: Expression, values: Values, template: str) -> str:
    """The expansion of ``expression`` (RFC 6570 3.2.1): undefined variables skipped."""
    op = OPERATOR_TABLE[expression.operator]
    pieces: list[str] = []
    for spec in expression.varspecs:
        value = values.get(spec.name)
        if value is None:
            continue
        piece = _varspec(spec, value, op, template)
        if piece is not None:
            pieces.append(piece)
    if not pieces:
        return ""
    return op.first + op.sep.join(pieces)


def expand_parts(parts: Sequence[Part], values: Values, template: str) -> str:
    """The expansion of a whole template (RFC 6570 3): literals and expressions in order."""
    return "".join(
        part if isinstance(part, str) else expand_expression(part, values, template)
        for part in parts
    )


def spans(parts: Sequence[Part], values: Values, template: str) -> list[tuple[int, int, str]]:
    """``(start, end, name)`` of each variable's text in the expansion, in order."""
    found: list[tuple[int, int, str]] = []
    offset = 0
    for part in parts:
        if isinstance(part, str):
            offset += len(part)
            continue
        before = 0
        for k, spec in enumerate(part.varspecs):
            head = Expression(part.operator, part.varspecs[: k + 1])
            length = len(expand_expression(head, values, template))
            found.append((offset + before, offset + length, spec.name))
            before = length
        offset += before
    return found
