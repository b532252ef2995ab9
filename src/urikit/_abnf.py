"""ABNF rules as small composable objects (RFC 5234), rendered to regex source.

A rule is built from a handful of nodes:

- :class:`Chars` -- a set of single characters (``%x41-5A``, ``"-"``), with ``|`` for
  union and ``-`` for difference;
- :func:`lit` -- a quoted ABNF string, matched case-insensitively as RFC 5234 3.1 says;
- :class:`Seq` (``a + b``), :class:`Alt` (``a | b``), :class:`Repeat` (``n*m(x)``),
  :func:`opt` (``[x]``) and :class:`Ref` (a named rule);
- :class:`Capture` and :class:`IfCaptured`, used only to build parsing patterns.

Rendering is pure: :func:`render` takes a node and a resolver for named rules and gives
regex source that both the standard ``re`` module and ``regex`` accept. Precedence is
explicit (alternation < concatenation < quantified < atom), so a node is wrapped in
``(?:...)`` exactly where its context needs it.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal, TypeAlias, cast, overload

__all__ = [
    "Alt",
    "Capture",
    "Chars",
    "CodeRanges",
    "Flavor",
    "IfCaptured",
    "Node",
    "Ref",
    "Repeat",
    "Resolver",
    "Seq",
    "char_alternatives",
    "char_range",
    "chars",
    "code_range",
    "lit",
    "opt",
    "render",
    "rep",
]

# "re2": RE2 and Rust's regex crate (Arrow's and Polars' engines): greedy quantifiers,
# ``\x{...}`` escapes, no conditional groups.
Flavor: TypeAlias = Literal["python", "ecmascript", "re2"]

# Precedence of rendered source: a node of lower precedence is wrapped in a
# non-capturing group when it stands where a higher one is needed.
_ALT, _SEQ, _QUANT, _ATOM = 0, 1, 2, 3


class _Combinable:
    """Operators shared by every node: ``a + b`` concatenates, ``a | b`` alternates."""

    __slots__ = ()

    def __add__(self, other: Node) -> Seq:
        left = self.items if isinstance(self, Seq) else (cast("Node", self),)
        right = other.items if isinstance(other, Seq) else (other,)
        return Seq((*left, *right))

    def __or__(self, other: Node) -> Node:
        left = self.options if isinstance(self, Alt) else (cast("Node", self),)
        right = other.options if isinstance(other, Alt) else (other,)
        return Alt((*left, *right))


CodeRanges: TypeAlias = tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class Chars(_Combinable):
    """A set of single characters, e.g. ``ALPHA`` or ``%xA0-D7FF / %xF900-FDCF``.

    Held as sorted, disjoint, non-adjacent code point ranges (inclusive), so the large
    ranges of RFC 3987 ``ucschar`` cost a few pairs, not a million members.
    """

    ranges: CodeRanges

    @property
    def members(self) -> frozenset[str]:
        """Every character of the set (for small sets: ASCII rules)."""
        return frozenset(chr(c) for first, last in self.ranges for c in range(first, last + 1))

    def __contains__(self, char: str) -> bool:
        code = ord(char)
        index = bisect_right(self.ranges, (code, _MAX_CODE)) - 1
        return index >= 0 and self.ranges[index][1] >= code

    @overload
    def __or__(self, other: Chars) -> Chars: ...
    @overload
    def __or__(self, other: Node) -> Node: ...
    def __or__(self, other: Node) -> Node:
        if isinstance(other, Chars):
            return Chars(_merged(self.ranges + other.ranges))
        return _Combinable.__or__(self, other)

    def __sub__(self, other: Chars) -> Chars:
        out: list[tuple[int, int]] = []
        for first, last in self.ranges:
            for cut_first, cut_last in other.ranges:
                if cut_last < first or cut_first > last:
                    continue
                if cut_first > first:
                    out.append((first, cut_first - 1))
                first = cut_last + 1
                if first > last:
                    break
            if first <= last:
                out.append((first, last))
        return Chars(tuple(out))


_MAX_CODE = 0x10FFFF


def _merged(ranges: CodeRanges) -> CodeRanges:
    """``ranges`` sorted, with overlapping and adjacent ranges joined."""
    out: list[tuple[int, int]] = []
    for first, last in sorted(ranges):
        if out and first <= out[-1][1] + 1:
            if last > out[-1][1]:
                out[-1] = (out[-1][0], last)
        else:
            out.append((first, last))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Seq(_Combinable):
    """Concatenation: ``a b c``."""

    items: tuple[Node, ...]


@dataclass(frozen=True, slots=True)
class Alt(_Combinable):
    """Alternation: ``a / b / c`` (tried in order; the language is their union)."""

    options: tuple[Node, ...]


@dataclass(frozen=True, slots=True)
class Repeat(_Combinable):
    """Repetition ``min*max(node)``; ``max=None`` is unbounded.

    ``possessive`` renders ``*+``: safe only where what follows the repetition can
    never start with what it repeats, so giving back characters could never help.
    """

    node: Node
    min: int = 0
    max: int | None = None
    possessive: bool = False


@dataclass(frozen=True, slots=True)
class Ref(_Combinable):
    """A reference to a named rule, rendered inline."""

    name: str


@dataclass(frozen=True, slots=True)
class Capture(_Combinable):
    """A named capturing group (for parsing patterns, not for the grammar)."""

    name: str
    node: Node


@dataclass(frozen=True, slots=True)
class IfCaptured(_Combinable):
    """``(?(name)yes|no)``: ``yes`` when group ``name`` took part in the match."""

    name: str
    yes: Node
    no: Node


Node: TypeAlias = Chars | Seq | Alt | Repeat | Ref | Capture | IfCaptured


def chars(text: str) -> Chars:
    """The characters of ``text`` as a set: ``chars("-._~")``."""
    return Chars(_merged(tuple((ord(c), ord(c)) for c in text)))


def char_range(first: str, last: str) -> Chars:
    """ABNF ``%xNN-MM``: every character from ``first`` to ``last`` inclusive."""
    return code_range(ord(first), ord(last))


def code_range(first: int, last: int) -> Chars:
    """ABNF ``%xNNNN-MMMMM`` by code points: ``code_range(0x10000, 0x1FFFD)``."""
    if not 0 <= first <= last <= _MAX_CODE:
        raise ValueError(f"not a code point range: {first:#x}-{last:#x}")
    return Chars(((first, last),))


def lit(text: str) -> Node:
    """A quoted ABNF string, case-insensitive (RFC 5234 3.1): ``"v"`` is ``v`` or ``V``."""
    parts: list[Node] = [chars(c.lower() + c.upper()) if c.isalpha() else chars(c) for c in text]
    return parts[0] if len(parts) == 1 else Seq(tuple(parts))


def rep(node: Node, min: int = 0, max: int | None = None, *, possessive: bool = False) -> Repeat:
    """ABNF ``min*max(node)``; ``possessive`` only where giving back can never help."""
    return Repeat(node, min, max, possessive)


def opt(node: Node, *, possessive: bool = False) -> Repeat:
    """ABNF ``[ node ]``; ``possessive`` only where giving it back can never help."""
    return Repeat(node, 0, 1, possessive)


Resolver: TypeAlias = Callable[[str], Node]


def render(node: Node, resolve: Resolver, flavor: Flavor = "python") -> str:
    """Regex source for ``node``; ``resolve`` maps a rule name to its node."""
    return _render(node, resolve, flavor)[0]


def _wrap(source: str, prec: int, needed: int) -> str:
    return source if prec >= needed else f"(?:{source})"


def _render(node: Node, resolve: Resolver, flavor: Flavor) -> tuple[str, int]:
    match node:
        case Chars(ranges):
            return _render_chars(ranges, flavor), _ATOM
        case Seq(items):
            if not items:
                return "", _ATOM
            if len(items) == 1:
                return _render(items[0], resolve, flavor)
            return "".join(_wrap(*_render(i, resolve, flavor), _SEQ) for i in items), _SEQ
        case Alt(options):
            merged = _merge_chars(options, resolve)
            if len(merged) == 1:
                return _render(merged[0], resolve, flavor)
            return "|".join(_render(o, resolve, flavor)[0] for o in merged), _ALT
        case Repeat(inner, lo, hi, possessive):
            if hi == 0:
                return "", _ATOM
            folded = _fold_separated(node, resolve)
            if folded is not None:
                return _render(folded, resolve, flavor)
            if possessive and hi is None and flavor == "python":
                if lo <= 1:
                    unrolled = _render_unrolled(inner, resolve, flavor, first=lo == 1)
                    if unrolled is not None:
                        return unrolled, _SEQ
                source, prec = _render_run_loop(inner, resolve, flavor)
            else:
                source, prec = _render(inner, resolve, flavor)
            return _wrap(source, prec, _ATOM) + _quantifier(lo, hi, possessive, flavor), _QUANT
        case Ref(name):
            return _render(resolve(name), resolve, flavor)
        case Capture(name, inner):
            group = "(?<" if flavor == "ecmascript" else "(?P<"
            return f"{group}{_group_name(name)}>{_render(inner, resolve, flavor)[0]})", _ATOM
        case IfCaptured(name, yes, no):
            if flavor != "python":
                engine = "ECMAScript" if flavor == "ecmascript" else "RE2"
                raise ValueError(f"{engine} has no conditional groups")
            yes_src = _wrap(*_render(yes, resolve, flavor), _SEQ)
            no_src = _wrap(*_render(no, resolve, flavor), _SEQ)
            return f"(?({_group_name(name)}){yes_src}|{no_src})", _ATOM
    raise TypeError(f"not an ABNF node: {node!r}")  # pragma: no cover


def _fold_separated(node: Repeat, resolve: Resolver) -> Repeat | None:
    """``*( "/" segment )`` as ``[ "/" *( "/" / pchar ) ]``, when both loops are possessive.

    ``(s x*)*`` and ``(s (s | x)*)?`` are the same language for any ``s`` and ``x``; the
    second reads a whole path in one loop instead of one group per segment. With both
    repetitions possessive, each form takes the longest run and never gives any back, so
    the match is the same in every context.
    """
    if (node.min, node.max, node.possessive) != (0, None, True):
        return None
    body = _deref(node.node, resolve)
    if not isinstance(body, Seq) or len(body.items) != 2:
        return None
    separator = _as_chars(body.items[0], resolve)
    tail = _deref(body.items[1], resolve)
    if separator is None or not isinstance(tail, Repeat):
        return None
    if (tail.min, tail.max, tail.possessive) != (0, None, True):
        return None
    run = Repeat(Alt((separator, tail.node)), possessive=True)
    return Repeat(Seq((separator, run)), 0, 1, possessive=True)


def _render_run_loop(inner: Node, resolve: Resolver, flavor: Flavor) -> tuple[str, int]:
    """The body of a possessive ``*( chars / other )`` loop, reading runs of ``chars``.

    ``(?:[a-z]++|%XX)*+`` accepts what ``(?:[a-z]|%XX)*+`` accepts (neither ever gives
    characters back) and lets the engine scan a run of plain characters in one step.
    """
    inner = _deref(inner, resolve)
    if not isinstance(inner, Alt):
        return _render(inner, resolve, flavor)
    options = _merge_chars(inner.options, resolve)
    if len(options) == 1:
        return _render(options[0], resolve, flavor)
    parts: list[str] = []
    for option in options:
        source = _render(option, resolve, flavor)[0]
        parts.append(source + "++" if isinstance(option, Chars) else source)
    return "|".join(parts), _ALT


def _render_unrolled(inner: Node, resolve: Resolver, flavor: Flavor, *, first: bool) -> str | None:
    """A possessive ``*( chars / other )`` as ``chars* *( other chars* )``, if ``inner``
    has one set of single characters among other options; ``first``: ``1*( ... )``,
    rendered as one ``( chars / other )`` before that.

    ``(c | o)*`` and ``c* (o c*)*`` are the same language; with possessive loops both
    stop where neither ``c`` nor ``o`` matches, provided no ``o`` can start with a
    member of ``c`` (else the loop is left as it is: trying ``c`` first, possessively,
    could cut a match of ``o`` short in one form and not the other). The common
    case (no ``%``) becomes one run over a character class, which ``re`` scans
    without entering a group.
    """
    inner = _deref(inner, resolve)
    if not isinstance(inner, Alt):
        return None
    options = _merge_chars(inner.options, resolve)
    sets = [o for o in options if isinstance(o, Chars)]
    others = [o for o in options if not isinstance(o, Chars)]
    if len(sets) != 1 or not others:
        return None
    for option in others:  # if o could start with a c, trying c first could cut it short
        start = _first_chars(option, resolve)
        if start is None or start - sets[0] != start:
            return None
    single = _render_chars(sets[0].ranges, flavor)
    other = _render(Alt(tuple(others)), resolve, flavor)
    loop = f"{single}*+(?:{_wrap(*other, _SEQ)}{single}*+)*+"
    return f"(?:{single}|{other[0]}){loop}" if first else loop


def _first_chars(node: Node, resolve: Resolver) -> Chars | None:
    """The characters a match of ``node`` can start with, for nodes that cannot match
    the empty string; None where that is not plain to see."""
    node = _deref(node, resolve)
    if isinstance(node, Chars):
        return node
    if isinstance(node, Seq) and node.items:
        return _first_chars(node.items[0], resolve)
    if isinstance(node, Repeat) and node.min >= 1:
        return _first_chars(node.node, resolve)
    if isinstance(node, Alt):
        union = Chars(())
        for option in node.options:
            part = _first_chars(option, resolve)
            if part is None:
                return None
            union = _union(union, part)
        return union
    return None


def _merge_chars(options: tuple[Node, ...], resolve: Resolver) -> tuple[Node, ...]:
    """Join the single-character options of an alternation into one class.

    For one-character alternatives the order of trial cannot change what matches, so
    ``DIGIT / "A" / "B"`` renders as ``[0-9ABab]`` rather than ``(?:[0-9]|[Aa]|[Bb])``.
    """
    members = Chars(())
    out: list[Node] = []
    first = -1
    for option in _flatten_alt(options, resolve):
        as_chars = _as_chars(option, resolve)
        if as_chars is None:
            out.append(option)
        else:
            if first < 0:
                first = len(out)
                out.append(option)
            members = _union(members, as_chars)
    if first >= 0:
        out[first] = members
    return tuple(out)


def _flatten_alt(options: tuple[Node, ...], resolve: Resolver) -> list[Node]:
    """The options of an alternation with nested alternations (and references to
    them) spliced in: ``pchar / "/"`` is ``unreserved / pct-encoded / ... / "/"``."""
    flat: list[Node] = []
    for option in options:
        target = _deref(option, resolve)
        if isinstance(target, Alt):
            flat.extend(_flatten_alt(target.options, resolve))
        else:
            flat.append(option)
    return flat


def _as_chars(node: Node, resolve: Resolver) -> Chars | None:
    """``node`` as a set of single characters, if that is all it matches."""
    node = _deref(node, resolve)
    if isinstance(node, Chars):
        return node
    if isinstance(node, Alt):
        union = Chars(())
        for option in node.options:
            part = _as_chars(option, resolve)
            if part is None:
                return None
            union = _union(union, part)
        return union
    return None


def _union(a: Chars, b: Chars) -> Chars:
    return Chars(_merged(a.ranges + b.ranges))


def _group_name(name: str) -> str:
    return name.replace("-", "_")


def _quantifier(lo: int, hi: int | None, possessive: bool, flavor: Flavor) -> str:
    if (lo, hi) == (0, None):
        q = "*"
    elif (lo, hi) == (1, None):
        q = "+"
    elif (lo, hi) == (0, 1):
        q = "?"
    elif hi is None:
        q = f"{{{lo},}}"
    elif lo == hi:
        if lo == 1:
            return ""
        q = f"{{{lo}}}"
    else:
        q = f"{{{lo},{hi}}}"
    # ECMAScript has no possessive quantifiers; greedy ones accept the same language.
    return q + "+" if possessive and flavor == "python" else q


def _render_chars(ranges: CodeRanges, flavor: Flavor) -> str:
    if len(ranges) == 1 and ranges[0][0] == ranges[0][1]:
        return _escape(chr(ranges[0][0]), _SYNTAX, flavor)
    parts: list[str] = []
    for start, end in ranges:
        if end - start >= 2:
            first = _escape(chr(start), _CLASS_SYNTAX, flavor)
            parts.append(f"{first}-{_escape(chr(end), _CLASS_SYNTAX, flavor)}")
        else:
            parts.extend(_escape(chr(c), _CLASS_SYNTAX, flavor) for c in range(start, end + 1))
    return "[" + "".join(parts) + "]"


_SYNTAX = frozenset("^$\\.*+?()[]{}|/")
_CLASS_SYNTAX = frozenset("\\][^-(){}/|")


def _escape(char: str, syntax: frozenset[str], flavor: Flavor) -> str:
    """One character, in a class or outside one (``syntax`` says which characters need a
    backslash there); valid in Python and in ECMAScript's u/v modes. A character beyond
    U+FFFF is ``\\U0001xxxx`` in Python and ``\\u{1xxxx}`` in ECMAScript (``u`` flag)."""
    if char in syntax:
        return "\\" + char
    if char.isascii() and char.isprintable():
        return char
    code = ord(char)
    if flavor == "re2":
        return f"\\x{{{code:x}}}"
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}" if flavor == "python" else f"\\u{{{code:x}}}"


def char_alternatives(node: Node, resolve: Resolver) -> Chars:
    """The single characters among the alternatives of ``node`` (through references).

    A repetition gives what it repeats: ``query = *( pchar / "/" / "?" )`` gives the
    characters of a query. ``pchar = unreserved / pct-encoded / sub-delims / ":" / "@"``
    gives the characters
    that stand for themselves in a path segment; ``pct-encoded`` is not a single
    character and is left out. Used to derive percent-encoding tables (RFC 2.1).
    """
    node = _deref(node, resolve)
    while isinstance(node, Repeat):  # *( ... ): the characters of what it repeats
        node = _deref(node.node, resolve)
    members = Chars(())
    for option in _flatten_alt((node,), resolve):
        target = _deref(option, resolve)
        if isinstance(target, Chars):
            members = _union(members, target)
    return members


def _deref(node: Node, resolve: Resolver) -> Node:
    """``node``, or the rule it names (following references to references)."""
    while isinstance(node, Ref):
        node = resolve(node.name)
    return node
