"""The URI Template value: parse once, expand into checked URI references (RFC 6570)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Final, cast

from urikit._syntax.validation import is_valid
from urikit.errors import InvalidURIError, TemplateExpansionError, expected_str, plain_str
from urikit.errors.codes import build_message
from urikit.errors.exceptions import location_as_given
from urikit.errors.redact import redact
from urikit.template._expand import (
    CONTINUATION,
    TemplateValue,
    Values,
    expand_expression,
    expand_parts,
    is_defined,
    spans,
)
from urikit.template._match import Matcher, compile_matcher
from urikit.template._parse import Expression, Part, parse_template
from urikit.values.uri import URI, RelativeReference, URIReference, parse

__all__ = ["URITemplate"]

_NO_VALUES: Final[Values] = MappingProxyType({})


class URITemplate:
    """A URI Template (RFC 6570), all four levels, parsed once.

    ``URITemplate(text)`` raises :class:`~urikit.InvalidTemplateError` (position, rule,
    reason) for text that is not a template (section 2). :meth:`expand` gives a parsed
    :class:`~urikit.URI` or :class:`~urikit.RelativeReference`, never invalid text.
    """

    __slots__ = ("_bound", "_matcher", "_matcher_all", "_parts", "_text", "_variables")

    _text: str
    _parts: tuple[Part, ...]
    _bound: Mapping[str, TemplateValue]
    _variables: tuple[str, ...]
    _matcher: Matcher | None
    _matcher_all: Matcher | None

    def __init__(self, text: str) -> None:
        self._text = text = plain_str(text, "template")
        self._parts = parse_template(text)
        self._bound = _NO_VALUES
        self._variables = _names(self._parts, self._bound)
        self._matcher = self._matcher_all = None

    @classmethod
    def _of(cls, parts: tuple[Part, ...], bound: Mapping[str, TemplateValue]) -> URITemplate:
        new = cls.__new__(cls)
        new._parts = parts
        new._text = "".join(map(str, parts))
        new._bound = MappingProxyType(dict(bound)) if bound else _NO_VALUES
        new._variables = _names(parts, new._bound)
        new._matcher = new._matcher_all = None
        return new

    @property
    def variables(self) -> tuple[str, ...]:
        """The names of the variables still to be given, in order of first use."""
        return self._variables

    @property
    def level(self) -> int:
        """The lowest RFC 6570 level (1.2) whose syntax the template keeps to: 1 to 4."""
        level = 1
        for part in self._parts:
            if isinstance(part, Expression):
                if any(s.prefix is not None or s.explode for s in part.varspecs):
                    return 4
                if part.operator in ("+", "#"):
                    level = max(level, 2)
                elif part.operator or len(part.varspecs) > 1:
                    level = 3
        return level

    def expand(self, values: Values = _NO_VALUES, /, **named: TemplateValue) -> URIReference:
        """The URI reference the template gives for these values (RFC 6570 3).

        Values come as a mapping (any variable name) and/or keywords; see
        :data:`~urikit.template.TemplateValue`. A variable that is missing or None is
        undefined and skipped (2.3). Raises :class:`~urikit.TemplateExpansionError`
        naming the variable when the result would not be a valid URI reference (or a
        prefix is asked of a list, or a value holds a lone surrogate), and
        ``TypeError`` for a value of another type.
        """
        if named:
            values = {**values, **named}
        if self._bound:
            values = self._with_bound(values)
        text = expand_parts(self._parts, values, self._text)
        try:
            return parse(text)
        except InvalidURIError as error:
            raise self._invalid(text, values, error) from error

    def partial(self, values: Values = _NO_VALUES, /, **named: TemplateValue) -> URITemplate:
        """The template with these variables bound; the others stay to be given.

        Expressions whose variables are all given become literals; variables given
        first in a ``/ . ; ? &`` expression are written out. A variable given where no
        template text can hold it (after an unbound one, or in a simple, ``+`` or ``#``
        expression with others) stays in the text and is kept bound, out of
        :attr:`variables`.
        """
        given: Values = {**values, **named} if named else values
        if self._bound:
            given = self._with_bound(given)
        parts: list[Part] = []
        bound: dict[str, TemplateValue] = {}
        for part in self._parts:
            if isinstance(part, str) or not any(s.name in given for s in part.varspecs):
                parts.append(part)
                continue
            operator = part.operator
            specs = [
                s
                for s in part.varspecs
                if s.name not in given or is_defined(s, given[s.name], operator, self._text)
            ]
            lead = next((k for k, s in enumerate(specs) if s.name not in given), len(specs))
            if lead and (lead == len(specs) or operator in CONTINUATION):
                head = Expression(operator, tuple(specs[:lead]))
                parts.append(expand_expression(head, given, self._text))
                specs = specs[lead:]
                operator = CONTINUATION.get(operator, operator)
            if specs:
                parts.append(Expression(operator, tuple(specs)))
                bound.update((s.name, given[s.name]) for s in specs if s.name in given)
        return URITemplate._of(_joined(parts), bound)

    def match(self, uri: str | URIReference) -> dict[str, str] | None:
        """The variables whose expansion is ``uri``, decoded; None if there are none.

        The reverse of :meth:`expand` for templates of levels 1 to 3 whose expressions
        are delimited (RFC 6570 1.4): each ends where a character its expansion cannot
        hold comes, or where the literal after it ends (``{name}.json``). Variables with
        an empty expansion are left out (undefined and empty read alike); in a simple,
        ``+``, ``#``, ``.`` or ``/`` expression with several variables the values go to
        them in order. Whatever it returns expands back to ``uri`` exactly. Raises
        ``ValueError`` for a level 4 template or one where an expression's end cannot be
        told (``{a}{b}``, ``{a}.{b}.json``).
        """
        if self._matcher is None:
            self._matcher = compile_matcher(self._parts, self._bound, self._text)
        # Without level 4 (no prefix, no explode) every value read is a string.
        return cast("dict[str, str] | None", self._matcher(_uri_text(uri)))

    def match_all(self, uri: str | URIReference) -> dict[str, TemplateValue] | None:
        """As :meth:`match`, for templates of all four levels (RFC 6570 1.4, 2.4): a
        prefix (``{var:3}``) reads as a string, an exploded variable as a list, or as
        an associative array (a dict) where the text can only be one; a non-exploded
        variable as a list where its items are joined by a "," that a string would
        have had encoded (``/search/{term}`` with ``/search/foo,baz``). Raises
        ``ValueError`` naming the expressions that collide where the split is not
        unique (an exploded variable before another one: ``{/a*}{/b}``, ``{?a*,b}``).
        """
        if self._matcher_all is None:
            self._matcher_all = compile_matcher(self._parts, self._bound, self._text, level4=True)
        return self._matcher_all(_uri_text(uri))

    def _with_bound(self, values: Values) -> Values:
        clash = sorted(set(values) & set(self._bound))
        if clash:
            raise ValueError(f"variable {clash[0]!r} is already bound by partial()")
        return {**self._bound, **values}

    def _invalid(self, text: str, values: Values, error: InvalidURIError) -> TemplateExpansionError:
        """The error for an expansion that is not a URI-reference, naming the variable
        whose text holds the error position; where a literal holds it, the template's
        own text if no values make it valid, else the last variable before it."""
        variable = None
        position = location_as_given(error).position  # in the expansion as given
        for start, end, name in spans(self._parts, values, self._text):
            if start > position:
                break
            if end > start:
                variable = name
            if start <= position < end:
                break
        else:
            if variable is not None and self._literals_invalid():
                variable = None
        culprit = (
            f"the value of {variable!r}" if variable is not None else "the template's own text"
        )
        message = build_message(
            "template-invalid-result",
            culprit=culprit,
            expansion=redact(text),
            template=redact(self._text),
            reason=error.message,
        )
        return TemplateExpansionError(
            message,
            code="template-invalid-result",
            template=self._text,
            variable=variable,
        )

    def _literals_invalid(self) -> bool:
        """Whether the literals alone break every expansion: the template expands to no
        URI-reference with its variables all undefined, nor with each a plain ``a``."""
        plain: dict[str, TemplateValue] = {name: "a" for name in _names(self._parts, {})}
        return not any(
            is_valid(expand_parts(self._parts, probe, self._text)) for probe in ({}, plain)
        )

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        # A password (bound by partial) never shows (RFC 3.2.1, 7.5): nor do bound values.
        bound = f", bound={sorted(self._bound)!r}" if self._bound else ""
        return f"URITemplate({redact(self._text)!r}{bound})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, URITemplate):
            return NotImplemented
        return self._text == other._text and self._bound == other._bound

    def __hash__(self) -> int:
        return hash(self._text)

    def __reduce__(self) -> tuple[Callable[..., URITemplate], tuple[str, dict[str, TemplateValue]]]:
        # By its text, parsed again when loaded (a pickle is data from outside), and the
        # values partial() bound; copy.deepcopy goes the same way.
        return URITemplate._restored, (self._text, dict(self._bound))

    @classmethod
    def _restored(cls, text: str, bound: dict[str, TemplateValue]) -> URITemplate:
        """A template from a pickle: its text parsed (RFC 6570 2), then its bound values."""
        template = cls(text)
        return cls._of(template._parts, bound) if bound else template


def _names(parts: tuple[Part, ...], bound: Mapping[str, TemplateValue]) -> tuple[str, ...]:
    names: dict[str, None] = {}
    for part in parts:
        if isinstance(part, Expression):
            names.update((s.name, None) for s in part.varspecs if s.name not in bound)
    return tuple(names)


def _joined(parts: list[Part]) -> tuple[Part, ...]:
    """``parts`` with neighbouring literals joined into one."""
    out: list[Part] = []
    for part in parts:
        if isinstance(part, str):
            if not part:
                continue
            if out and isinstance(out[-1], str):
                out[-1] += part
                continue
        out.append(part)
    return tuple(out)


def _uri_text(uri: str | URIReference) -> str:
    """The text of a URI given to a match, as a plain str."""
    if isinstance(uri, URI | RelativeReference):
        return str(uri)
    if not isinstance(uri, str):
        raise expected_str(uri, "uri", values=True)
    return str.__str__(uri)
