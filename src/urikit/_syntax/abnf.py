"""ABNF rules as small composable objects (RFC 5234); :mod:`urikit._syntax.render` turns
them into regex source.

A rule is built from a handful of nodes:

- :class:`Chars` -- a set of single characters (``%x41-5A``, ``"-"``), with ``|`` for
  union and ``-`` for difference;
- :func:`lit` -- a quoted ABNF string, matched case-insensitively as RFC 5234 3.1 says;
- :class:`Seq` (``a + b``), :class:`Alt` (``a | b``), :class:`Repeat` (``n*m(x)``),
  :func:`opt` (``[x]``) and :class:`Ref` (a named rule);
- :class:`Capture` and :class:`IfCaptured`, used only to build parsing patterns.

Rendering to regex source lives in :mod:`urikit._syntax.render`; the node algebra it
shares with the derived tables (:func:`deref`, :func:`flatten_alt`, :func:`as_chars`,
:func:`chars_union`, :func:`char_alternatives`) lives here.
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
    "as_chars",
    "char_alternatives",
    "char_range",
    "chars",
    "chars_union",
    "code_range",
    "deref",
    "flatten_alt",
    "lit",
    "opt",
    "rep",
    "union_of",
]

# "re2": RE2 and Rust's regex crate (Arrow's and Polars' engines): greedy quantifiers,
# ``\x{...}`` escapes, no conditional groups.
Flavor: TypeAlias = Literal["python", "ecmascript", "re2"]


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


def flatten_alt(options: tuple[Node, ...], resolve: Resolver) -> list[Node]:
    """The options of an alternation with nested alternations (and references to
    them) spliced in: ``pchar / "/"`` is ``unreserved / pct-encoded / ... / "/"``."""
    flat: list[Node] = []
    for option in options:
        target = deref(option, resolve)
        if isinstance(target, Alt):
            flat.extend(flatten_alt(target.options, resolve))
        else:
            flat.append(option)
    return flat


def chars_union(a: Chars, b: Chars) -> Chars:
    return Chars(_merged(a.ranges + b.ranges))


def as_chars(node: Node, resolve: Resolver) -> Chars | None:
    """``node`` as a set of single characters, if that is all it matches."""
    node = deref(node, resolve)
    if isinstance(node, Chars):
        return node
    if isinstance(node, Alt):
        return union_of(node.options, lambda option: as_chars(option, resolve))
    return None


def union_of(options: tuple[Node, ...], chars_of: Callable[[Node], Chars | None]) -> Chars | None:
    """The union of ``chars_of(option)`` over ``options``; None if one of them is None."""
    joined = Chars(())
    for option in options:
        part = chars_of(option)
        if part is None:
            return None
        joined = chars_union(joined, part)
    return joined


def char_alternatives(node: Node, resolve: Resolver) -> Chars:
    """The single characters among the alternatives of ``node`` (through references).

    A repetition gives what it repeats: ``query = *( pchar / "/" / "?" )`` gives the
    characters of a query. ``pchar = unreserved / pct-encoded / sub-delims / ":" / "@"``
    gives the characters
    that stand for themselves in a path segment; ``pct-encoded`` is not a single
    character and is left out. Used to derive percent-encoding tables (RFC 2.1).
    """
    node = deref(node, resolve)
    while isinstance(node, Repeat):  # *( ... ): the characters of what it repeats
        node = deref(node.node, resolve)
    members = Chars(())
    for option in flatten_alt((node,), resolve):
        target = deref(option, resolve)
        if isinstance(target, Chars):
            members = chars_union(members, target)
    return members


def deref(node: Node, resolve: Resolver) -> Node:
    """``node``, or the rule it names (following references to references)."""
    while isinstance(node, Ref):
        node = resolve(node.name)
    return node
