"""A rule as an automaton: the longest viable prefix of any input in linear time.

A rule's node tree (RFC 3986 Appendix A as written in :mod:`urikit._syntax.rfc3986`) is turned
into a Thompson NFA once per rule (:mod:`urikit._syntax.compiled` keeps one :class:`Automaton`
per rule); a scan then walks the input one character at a time, building DFA states
(sets of NFA states) lazily, as inputs need them. Every NFA
state can reach the accepting state, so the scan stops exactly at the first character
after which no continuation can match: the error position of RFC-strict validation.
"""

from __future__ import annotations

import threading
from bisect import bisect_right
from dataclasses import dataclass

from urikit._syntax.abnf import Alt, Capture, Chars, IfCaptured, Node, Ref, Repeat, Seq
from urikit._syntax.rfc3986 import resolve
from urikit.errors.arguments import argument_error

__all__ = ["Automaton"]


@dataclass(frozen=True, slots=True)
class _NFA:
    """States 0..n-1; ``moves[s]`` is (chars, target) or None; ``eps[s]`` targets."""

    moves: tuple[tuple[Chars, int] | None, ...]
    eps: tuple[tuple[int, ...], ...]
    start: int
    accept: int
    bounds: tuple[int, ...]  # where a non-ASCII class begins: range starts and ends + 1


class _Builder:
    """Thompson construction: each fragment is (entry state, exit state)."""

    def __init__(self) -> None:
        self.moves: list[tuple[Chars, int] | None] = []
        self.eps: list[list[int]] = []

    def state(self) -> int:
        self.moves.append(None)
        self.eps.append([])
        return len(self.moves) - 1

    def build(self, node: Node) -> tuple[int, int]:
        match node:
            case Chars():
                entry, exit_ = self.state(), self.state()
                self.moves[entry] = (node, exit_)
                return entry, exit_
            case Seq(items):
                entry = exit_ = self.state()
                for item in items:
                    a, b = self.build(item)
                    self.eps[exit_].append(a)
                    exit_ = b
                return entry, exit_
            case Alt(options):
                entry, exit_ = self.state(), self.state()
                for option in options:
                    a, b = self.build(option)
                    self.eps[entry].append(a)
                    self.eps[b].append(exit_)
                return entry, exit_
            case Repeat(inner, lo, hi, _):
                entry = exit_ = self.state()
                for _i in range(lo):
                    a, b = self.build(inner)
                    self.eps[exit_].append(a)
                    exit_ = b
                if hi is None:
                    a, b = self.build(inner)
                    self.eps[exit_].append(a)
                    self.eps[b].append(exit_)
                    return entry, exit_
                end = self.state()
                self.eps[exit_].append(end)
                for _i in range(hi - lo):
                    a, b = self.build(inner)
                    self.eps[exit_].append(a)
                    self.eps[b].append(end)
                    exit_ = b
                return entry, end
            case Ref(name):
                return self.build(resolve(name))
            case Capture(_, inner):
                return self.build(inner)
            case IfCaptured():
                raise argument_error("conditional-node")
        raise argument_error("not-a-node", node=node)  # pragma: no cover


def _nfa(node: Node) -> _NFA:
    builder = _Builder()
    start, accept = builder.build(node)
    bounds = {
        code
        for move in builder.moves
        if move is not None
        for first, last in move[0].ranges
        for code in (first, last + 1)
        if code > _ASCII_END
    }
    return _NFA(
        tuple(builder.moves), tuple(map(tuple, builder.eps)), start, accept, tuple(sorted(bounds))
    )


_ASCII_END = 0x7F


def _closure(nfa: _NFA, states: set[int]) -> frozenset[int]:
    stack = list(states)
    seen = set(states)
    eps = nfa.eps
    while stack:
        for target in eps[stack.pop()]:
            if target not in seen:
                seen.add(target)
                stack.append(target)
    return frozenset(seen)


class Automaton:
    """One rule's DFA: the subset construction of its NFA, built lazily as inputs need it.

    State ``-1`` is dead. The tables only grow, and only under the lock, so scans on
    many threads at once are safe; a filled entry never changes.
    """

    __slots__ = ("_ids", "_lock", "_nfa", "_states", "rows", "start")

    def __init__(self, node: Node) -> None:
        nfa = _nfa(node)
        self._nfa = nfa
        self._lock = threading.Lock()
        self._ids: dict[frozenset[int], int] = {}
        self._states: list[frozenset[int]] = []
        self.rows: list[dict[str | int, int]] = []
        self.start = self._state_id(_closure(nfa, {nfa.start}))

    def _state_id(self, nfa_states: frozenset[int]) -> int:
        known = self._ids.get(nfa_states)
        if known is None:
            known = len(self._states)
            self._states.append(nfa_states)
            self.rows.append({})
            self._ids[nfa_states] = known
        return known

    def step(self, state: int, char: str) -> int:
        """The state after ``char``, building it on first use."""
        # Beyond ASCII the row is keyed by the class of ``char`` (an int).
        key: str | int = char if char.isascii() else bisect_right(self._nfa.bounds, ord(char))
        following = self.rows[state].get(key)
        if following is not None:
            return following
        with self._lock:
            row = self.rows[state]
            following = row.get(key)
            if following is None:
                moves = self._nfa.moves
                targets: set[int] = set()
                for s in self._states[state]:
                    move = moves[s]
                    if move is not None and char in move[0]:
                        targets.add(move[1])
                following = self._state_id(_closure(self._nfa, targets)) if targets else _DEAD
                row[key] = following
            return following

    def accepts(self, state: int) -> bool:
        """Whether ``state`` (built, not dead) ends a match of the rule."""
        return self._nfa.accept in self._states[state]

    def viable_prefix_length(self, text: str) -> int:
        """The length of the longest prefix of ``text`` that a match of the rule could have.

        Linear in ``len(text)``: each character costs one dictionary look-up once the
        transition has been built.
        """
        rows = self.rows
        state = self.start
        row = rows[state]
        for index, char in enumerate(text):
            following = row.get(char)
            if following is None:
                following = self.step(state, char)
                rows = self.rows
            if following == _DEAD:
                return index
            state = following
            row = rows[state]
        return len(text)


_DEAD = -1
