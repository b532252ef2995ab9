"""Reading values back out of a URI: the reverse of expansion (RFC 6570 1.4).

Section 1.4: "Variable matching only works well if the template expressions are
delimited by the beginning or end of the URI or by characters that cannot be part of
the expansion". The matcher takes that as its rule, so that it is exact and linear:

- for ``match()`` the expressions are those of levels 1 to 3 (no prefix, no explode);
  ``match_all()`` reads level 4 too: a prefix (``{var:3}``) reads as its string, an
  exploded variable (``{/list*}``, ``{?keys*}``) as a list, or as an associative array
  where the text can only be one (``name=value`` items the operator would have
  encoded in a list item; named items under other names). An exploded variable must
  be the last of its group: one before another variable (``{/a*}{/b}``, ``{?a*,b}``)
  has no unique split, and the template is refused naming the two. A non-exploded
  variable whose text holds a "," that a string would have had encoded reads as a
  list (3.2.1), and a variable read twice (``{x:1}`` beside ``{x}``) as the one value
  both readings come from;
- neighbouring expressions that read as one (``{/a}{/b}`` as ``{/a,b}``, ``{?a}{&b}``)
  are read together; otherwise the text after an expression must start with a
  character its expansion cannot hold, so the expression ends where that character
  comes (``match()`` raises ``ValueError`` for a template where it cannot);
- where a literal follows whose first characters the expansion could hold too
  (``{name}.json``), the expansion runs to the first character it cannot hold and
  must end with them;
- named expressions (``; ? &``) are read by name; in the others, values are given to
  the variables in order, so ``{x,y}`` matching ``a`` gives ``x``, not ``y``.

Every match is checked by expanding it again: what :func:`compile_matcher` returns
never gives values that do not expand to the URI.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from urikit._core.encoding import unquote
from urikit._syntax.abnf import chars, rep
from urikit._syntax.render import render
from urikit._syntax.rfc3986 import resolve
from urikit.errors import InvalidURIError, URIError
from urikit.template._encode import encode_reserved
from urikit.template._expand import CONTINUATION, OPERATOR_TABLE, TemplateValue, expand_parts
from urikit.template._parse import Part

__all__ = ["Matcher", "compile_matcher"]


Matcher = Callable[[str], dict[str, TemplateValue] | None]

_READ_ALIKE = ": the items of an exploded variable and what follows it read alike"


@dataclass(frozen=True, slots=True)
class _Group:
    """Neighbouring expressions read as one: their operators and variable names."""

    operators: tuple[str, ...]
    names: tuple[str, ...]
    exploded: str | None = None  # the group's exploded variable (its last)

    @property
    def allowed(self) -> frozenset[str]:
        """Every character the group's expansion can hold."""
        out = {"%"}  # of the pct-encoded triplets
        for op in self.operators:
            row = OPERATOR_TABLE[op]
            named = row.named or self.exploded is not None  # exploded pairs write "="
            out |= row.allow | {row.first, row.sep, "=" if named else ""}
        return frozenset(out - {""})


def _groups(parts: Sequence[Part], *, level4: bool) -> list[str | _Group]:
    out: list[str | _Group] = []
    for part in parts:
        if isinstance(part, str):
            out.append(part)
            continue
        if not level4 and any(s.prefix is not None or s.explode for s in part.varspecs):
            raise ValueError(
                f"match() reads templates of levels 1 to 3; {part} is level 4 (match_all)"
            )
        names = tuple(s.name for s in part.varspecs)
        exploded = [s for s in part.varspecs if s.explode]
        last = out[-1] if out else None
        if isinstance(last, _Group) and CONTINUATION.get(last.operators[-1]) == part.operator:
            if last.exploded is not None:
                raise ValueError(
                    f"{{{last.operators[-1]}{last.exploded}*}} and {part} collide" + _READ_ALIKE
                )
            group = _Group((*last.operators, part.operator), last.names + names)
            out[-1] = group
        else:
            group = _Group((part.operator,), names)
            out.append(group)
        if exploded:
            spec = exploded[0]
            if spec.name != names[-1] or len(exploded) > 1:
                after = names[names.index(spec.name) + 1]
                raise ValueError(f"{spec.name}* and {after} collide in {part}" + _READ_ALIKE)
            out[-1] = _Group(group.operators, group.names, spec.name)
    return out


def _starts(rest: Sequence[str | _Group]) -> frozenset[str]:
    """The characters the text of ``rest`` can start with (an expression may be empty)."""
    found: set[str] = set()
    for item in rest:
        if isinstance(item, str):
            return frozenset(found | {item[0]})
        first = OPERATOR_TABLE[item.operators[0]].first
        found |= {first} if first else item.allowed
    return frozenset(found)


def compile_matcher(
    parts: Sequence[Part],
    bound: Mapping[str, TemplateValue],
    template: str,
    *,
    level4: bool = False,
) -> Matcher:
    """The function matching URIs against the template; ValueError if it is ambiguous
    (or, without ``level4``, of level 4)."""
    groups = _groups(parts, level4=level4)
    pattern: list[str] = []
    # each group, how many characters to drop, and whether it may hold lists
    readers: list[tuple[_Group, int, bool]] = []
    index = 0
    while index < len(groups):
        item = groups[index]
        index += 1
        if isinstance(item, str):
            pattern.append(re.escape(item))
            continue
        after = groups[index] if index < len(groups) else None
        # A non-exploded variable holds a list as items joined by "," (RFC 6570 3.2.1):
        # match_all reads one where the text still tells where the expression ends.
        lists = (
            level4
            and all("," not in OPERATOR_TABLE[op].allow for op in item.operators)
            and _ends(item.allowed | {","}, groups, index) is True
        )
        allowed = item.allowed | {","} if lists else item.allowed
        clash = _ends(allowed, groups, index)
        if isinstance(clash, str):
            raise ValueError(
                f"match() cannot tell where the expansion of {_text(item)} ends in"
                f" {template!r}: what follows can start with {clash!r}"
            )
        head = _head(allowed, after)
        run = render(rep(chars("".join(sorted(allowed))), possessive=True), resolve)
        if head:
            tail = after[len(head) :] if isinstance(after, str) else ""
            pattern.append(f"({run})(?<={re.escape(head)}){re.escape(tail)}")
            index += 1
        else:
            pattern.append(f"({run})")
        readers.append((item, len(head), lists))
    fullmatch = re.compile("".join(pattern), re.DOTALL).fullmatch

    def match(text: str) -> dict[str, TemplateValue] | None:
        found = fullmatch(text)
        if found is None:
            return None
        values: dict[str, TemplateValue] = {}
        for (group, drop, lists), piece in zip(readers, found.groups(), strict=True):
            if len(piece) < drop:
                return None
            piece = piece[: len(piece) - drop]
            if piece and not _read(group, piece, values, lists=lists):
                return None
        try:
            if expand_parts(parts, {**values, **bound}, template) != text:
                return None
        except (URIError, TypeError):
            return None
        for name in bound:
            values.pop(name, None)
        return values

    return match


def _head(allowed: frozenset[str], after: str | _Group | None) -> str:
    """The head of the literal ``after`` that the expansion could hold too: the run
    takes it and must end with it; the run ends where the first other character comes."""
    if not isinstance(after, str):
        return ""
    return after[: next((k for k, c in enumerate(after) if c not in allowed), len(after))]


def _ends(allowed: frozenset[str], groups: Sequence[str | _Group], index: int) -> str | bool:
    """True if an expression of ``allowed`` characters before ``groups[index:]`` ends
    where one can tell; else the first character that could go on either side."""
    after = groups[index] if index < len(groups) else None
    head = _head(allowed, after)
    if isinstance(after, str) and head != after:
        return True  # the literal holds a character the expansion cannot
    rest = groups[index + 1 :] if isinstance(after, str) else groups[index:]
    clash = _starts(rest) & allowed
    return min(clash) if clash else True


def _text(group: _Group) -> str:
    names = iter(group.names)
    return "".join("{" + op + next(names) + "}" for op in group.operators) + (
        "..." if len(group.names) > len(group.operators) else ""
    )


def _decoded(piece: str, operator: str) -> str:
    """A value as written by ``operator``, decoded; for ``+`` and ``#`` kept as written
    when decoding would not give it back (a ``%XX`` that was in the value)."""
    value = unquote(piece)
    if operator in ("+", "#") and encode_reserved(value) != piece:
        return piece
    return value


def _read(group: _Group, piece: str, values: dict[str, TemplateValue], *, lists: bool) -> bool:
    """Store the values ``piece`` (the group's text) gives; False if it gives none.
    With ``lists``, a non-exploded variable's text that holds a "," is a list."""
    try:
        if OPERATOR_TABLE[group.operators[0]].named:
            return _read_named(group, piece, values, lists=lists)
        return _read_unnamed(group, piece, values, lists=lists)
    except InvalidURIError:  # a %XX that no expansion writes (not UTF-8)
        return False


def _value(text: str, operator: str, *, lists: bool) -> TemplateValue:
    """A non-exploded variable's text, decoded: with ``lists``, a list where it holds
    a "," (a string's would have been encoded; RFC 6570 3.2.1 joins items with ",")."""
    if lists and "," in text:
        return [_decoded(item, operator) for item in text.split(",")]
    return _decoded(text, operator)


def _store(values: dict[str, TemplateValue], name: str, value: TemplateValue) -> bool:
    """``values[name] = value``; where the name was read before (a prefix ``{x:3}``
    beside ``{x}``, RFC 6570 2.4.1), the longer string, which the other must begin;
    False where the two readings cannot be one value."""
    known = values.get(name)
    if known is None or known == value:
        values[name] = value
        return True
    if not (isinstance(known, str) and isinstance(value, str)):
        return False
    short, long = sorted((known, value), key=len)
    values[name] = long
    return long.startswith(short)


def _read_named(
    group: _Group, piece: str, values: dict[str, TemplateValue], *, lists: bool
) -> bool:
    separators = "[" + re.escape("".join(sorted(set(group.operators) | {"&"}))) + "]"
    names = list(group.names)
    tokens = re.split(separators, piece)[1:]
    for index, token in enumerate(tokens):
        name, equals, value = token.partition("=")
        if group.exploded is not None and (name not in names or name == group.exploded):
            values[group.exploded] = _exploded_named(group.exploded, tokens[index:])
            return True
        if name not in names:
            return False
        del names[: names.index(name) + 1]  # names come in template order
        read = _value(value, group.operators[0], lists=lists) if equals else ""
        if not _store(values, name, read):
            return False
    return True


def _exploded_named(name: str, tokens: list[str]) -> TemplateValue:
    """An exploded variable of a named operator (RFC 6570 3.2.7-3.2.9): a list when
    every item bears its name, else an associative array."""
    pairs = [token.partition("=") for token in tokens]
    if all(key == name for key, _, _ in pairs):
        return [unquote(value) for _, _, value in pairs]
    return {unquote(key): unquote(value) for key, _, value in pairs}


def _read_unnamed(
    group: _Group, piece: str, values: dict[str, TemplateValue], *, lists: bool
) -> bool:
    operator = group.operators[0]
    row = OPERATOR_TABLE[operator]
    if row.first:
        if not piece.startswith(row.first):
            return False
        piece = piece[len(row.first) :]
    pieces = piece.split(row.sep)
    names = group.names
    if group.exploded is not None:
        fixed = len(names) - 1
        for name, value in zip(names[:fixed], pieces, strict=False):
            if not _store(values, name, _value(value, operator, lists=lists)):
                return False
        items = pieces[fixed:]
        if items:
            exploded = _exploded_unnamed(items, operator, row.allow)
            return _store(values, group.exploded, exploded)
        return True
    if len(pieces) > len(names):
        # The separator is encoded in a string; a list's "," splits one variable only.
        if operator == "/" or (operator == "" and not (lists and len(names) == 1)):
            return False
        pieces[len(names) - 1 :] = [row.sep.join(pieces[len(names) - 1 :])]
    return all(
        _store(values, name, _value(value, operator, lists=lists))
        for name, value in zip(names, pieces, strict=False)
    )


def _exploded_unnamed(items: list[str], operator: str, allow: frozenset[str]) -> TemplateValue:
    """An exploded variable of an unnamed operator: an associative array where every
    item holds an "=" that a list item would have had encoded, else a list."""
    if "=" not in allow and all("=" in item for item in items):
        pairs = [item.partition("=") for item in items]
        return {_decoded(key, operator): _decoded(value, operator) for key, _, value in pairs}
    return [_decoded(item, operator) for item in items]
