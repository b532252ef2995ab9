"""A rule as an automaton: the longest viable prefix of any input in linear time.

A rule's node tree (RFC 3986 Appendix A as written in :mod:`urikit._syntax.rfc3986`) is turned
into a Thompson NFA once per rule (:mod:`urikit._syntax.compiled` keeps one :class:`Automaton`
per rule); a scan then walks the input one character at a time, building DFA states
(sets of NFA states) lazily, as inputs need them. Every NFA
state can reach the accepting state, so the scan stops exactly at the first character
after which no continuation can match: the error position of RFC-strict validation.

The NFA holds each rule it refers to once, however often it is referred to (``h16``
appears dozens of times in ``IPv6address``, which ``URI-reference`` reaches twice): a
reference is a call into that rule's states, and an NFA state of the whole is a rule's
state under the stack of references that led to it (no rule refers to itself, so the
stacks are finite). Those pairs are made as scans reach them: the few a corpus meets,
not the 12,500 states of ``URI-reference`` written out in full.
"""

from __future__ import annotations

import threading
from bisect import bisect_right
from dataclasses import dataclass

from urikit._syntax.abnf import Alt, Capture, Chars, IfCaptured, Node, Ref, Repeat, Seq
from urikit._syntax.rfc3986 import resolve

__all__ = ["Automaton"]


@dataclass(frozen=True, slots=True)
class _NFA:
    """States 0..n-1; ``moves[s]`` is (class, target) or None, the class an index of
    ``classes`` (each distinct set of characters once, ``ascii`` its ASCII members);
    ``eps[s]`` targets; ``calls[s]`` is (the entry of the rule a reference names, the
    state after the reference) or None; ``ends``: the exit of each referred rule, where
    a call returns."""

    moves: tuple[tuple[int, int] | None, ...]
    classes: tuple[Chars, ...]
    ascii: tuple[frozenset[str], ...]
    eps: tuple[tuple[int, ...], ...]
    calls: tuple[tuple[int, int] | None, ...]
    ends: frozenset[int]
    start: int
    accept: int
    bounds: tuple[int, ...]  # where a non-ASCII class begins: range starts and ends + 1


class _Builder:
    """Thompson construction: each fragment is (entry state, exit state); each rule a
    reference names is built once, as the fragment its calls enter."""

    def __init__(self) -> None:
        self.moves: list[tuple[int, int] | None] = []
        self.classes: dict[Chars, int] = {}
        self.eps: list[list[int]] = []
        self.calls: list[tuple[int, int] | None] = []
        self.rules: dict[str, tuple[int, int]] = {}

    def state(self) -> int:
        self.moves.append(None)
        self.eps.append([])
        self.calls.append(None)
        return len(self.moves) - 1

    def build(self, node: Node) -> tuple[int, int]:
        match node:
            case Chars():
                entry, exit_ = self.state(), self.state()
                self.moves[entry] = (self.classes.setdefault(node, len(self.classes)), exit_)
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
                fragment = self.rules.get(name)
                if fragment is None:
                    fragment = self.rules[name] = self.build(resolve(name))
                call, after = self.state(), self.state()
                self.calls[call] = (fragment[0], after)
                return call, after
            case Capture(_, inner):
                return self.build(inner)
            case IfCaptured():
                raise TypeError("conditional groups have no place in a grammar rule")
        raise TypeError(f"not an ABNF node: {node!r}")  # pragma: no cover


def _nfa(node: Node) -> _NFA:
    builder = _Builder()
    start, accept = builder.build(node)
    classes = tuple(builder.classes)
    bounds = {
        code
        for chars in classes
        for first, last in chars.ranges
        for code in (first, last + 1)
        if code > _ASCII_END
    }
    ascii = tuple(
        frozenset(
            chr(code)
            for first, last in chars.ranges
            for code in range(first, min(last, _ASCII_END) + 1)
        )
        for chars in classes
    )
    return _NFA(
        tuple(builder.moves),
        classes,
        ascii,
        tuple(map(tuple, builder.eps)),
        tuple(builder.calls),
        frozenset(end for _, end in builder.rules.values()),
        start,
        accept,
        tuple(sorted(bounds)),
    )


_ASCII_END = 0x7F

# A state of the whole NFA: (the stack of references that led here, as an id of
# Automaton._stacks; a state of _NFA). Stack 0 is the empty one.
_Pair = tuple[int, int]


class Automaton:
    """One rule's DFA: the subset construction of its NFA, built lazily as inputs need it.

    A DFA state is the set of NFA states (:data:`_Pair`) that move on a character, or
    accept, reached by the input so far. State ``-1`` is dead. The tables only grow,
    and only under the lock, so scans on many threads at once are safe; a filled entry
    never changes.
    """

    __slots__ = (
        "_accept",
        "_closures",
        "_ids",
        "_lock",
        "_moves",
        "_nfa",
        "_reach",
        "_stacks",
        "_states",
        "_tops",
        "rows",
        "start",
    )

    def __init__(self, node: Node) -> None:
        nfa = _nfa(node)
        self._nfa = nfa
        self._lock = threading.Lock()
        self._accept: _Pair = (0, nfa.accept)
        # Stack ids: _stacks[(below, after)] pushes the state a call returns to (after)
        # on stack ``below``; _tops[id] undoes it.
        self._stacks: dict[_Pair, int] = {}
        self._tops: list[_Pair] = [(0, -1)]
        self._closures: dict[_Pair, frozenset[_Pair]] = {}
        self._reach: dict[int, tuple[int, ...]] = {}
        self._ids: dict[frozenset[_Pair], int] = {}
        self._states: list[frozenset[_Pair]] = []
        self._moves: list[tuple[tuple[int, list[_Pair]], ...]] = []
        self.rows: list[dict[str | int, int]] = []
        self.start = self._state_id(self._closure((0, nfa.start)))

    def _closure(self, pair: _Pair) -> frozenset[_Pair]:
        """The states that move or accept, reached from ``pair`` by empty steps: an
        epsilon move, a call into a referred rule, a return from its end."""
        known = self._closures.get(pair)
        if known is not None:
            return known
        nfa = self._nfa
        moves, calls, ends, accept = nfa.moves, nfa.calls, nfa.ends, nfa.accept
        seen = {pair}
        todo = [pair]
        found: set[_Pair] = set()
        while todo:
            stack, state = todo.pop()
            for at in self._reached(state):
                if moves[at] is not None or at == accept:
                    found.add((stack, at))
                call = calls[at]
                if call is not None:
                    there = (self._pushed(stack, call[1]), call[0])
                elif stack and at in ends:  # (a call is where a fragment begins, never ends)
                    there = self._tops[stack]
                else:
                    continue
                if there not in seen:
                    seen.add(there)
                    todo.append(there)
        known = self._closures[pair] = frozenset(found)
        return known

    def _reached(self, state: int) -> tuple[int, ...]:
        """The states of ``state``'s own rule that epsilon moves reach from it (itself
        too) and that do more than an epsilon move: move, call, return or accept."""
        known = self._reach.get(state)
        if known is not None:
            return known
        nfa = self._nfa
        moves, eps, calls, ends, accept = nfa.moves, nfa.eps, nfa.calls, nfa.ends, nfa.accept
        seen = {state}
        todo = [state]
        found: list[int] = []
        while todo:
            at = todo.pop()
            if moves[at] is not None or calls[at] is not None or at in ends or at == accept:
                found.append(at)
            for target in eps[at]:
                if target not in seen:
                    seen.add(target)
                    todo.append(target)
        known = self._reach[state] = tuple(found)
        return known

    def _pushed(self, stack: int, after: int) -> int:
        """The id of ``stack`` with ``after`` on top."""
        key = (stack, after)
        known = self._stacks.get(key)
        if known is None:
            known = self._stacks[key] = len(self._tops)
            self._tops.append(key)
        return known

    def _state_id(self, nfa_states: frozenset[_Pair]) -> int:
        known = self._ids.get(nfa_states)
        if known is None:
            known = len(self._states)
            self._states.append(nfa_states)
            # The states' moves by class: each class asked about a character once.
            targets: dict[int, list[_Pair]] = {}
            moves = self._nfa.moves
            for stack, state in nfa_states:
                move = moves[state]
                if move is not None:
                    targets.setdefault(move[0], []).append((stack, move[1]))
            self._moves.append(tuple(targets.items()))
            self.rows.append({})
            self._ids[nfa_states] = known
        return known

    def step(self, state: int, char: str) -> int:
        """The state after ``char``, building it on first use."""
        # Beyond ASCII the row is keyed by the class of ``char`` (an int).
        ascii = char.isascii()
        key: str | int = char if ascii else bisect_right(self._nfa.bounds, ord(char))
        following = self.rows[state].get(key)
        if following is not None:
            return following
        with self._lock:
            row = self.rows[state]
            following = row.get(key)
            if following is None:
                targets: set[_Pair] = set()
                # A class's ASCII members as a set: a look-up, not a search of its ranges.
                classes = self._nfa.ascii if ascii else self._nfa.classes
                for index, pairs in self._moves[state]:
                    if char in classes[index]:
                        for pair in pairs:
                            targets |= self._closure(pair)
                following = self._state_id(frozenset(targets)) if targets else _DEAD
                row[key] = following
            return following

    def accepts(self, state: int) -> bool:
        """Whether ``state`` (built, not dead) ends a match of the rule."""
        return self._accept in self._states[state]

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
