"""The native kernel's tables, generated from the grammar (the optional build, issue 26).

Each rule of RFC 3986 Appendix A becomes the DFA that :mod:`urikit._syntax.automaton` builds
from the rule's nodes (the one the error locator walks), here built whole: every state,
for one character of each byte class. It is then minimized (Moore's partition
refinement), and written as C tables that ``native/kernel.c`` includes. ``setup.py``
runs this at build time (unless ``URIKIT_NO_EXTENSIONS=1``); nothing generated is
committed, and the kernel carries the :func:`digest` of its tables so a test can tell that an
installed kernel was generated from this grammar.

Why a DFA is enough for the error position: every state of the automaton can still
reach a match, so the dead state is entered exactly at the first character after which
no continuation exists (the longest viable prefix), and minimizing keeps that.

``python -m urikit._syntax.kernel_gen FILE`` writes the header to FILE.
"""

from __future__ import annotations

import hashlib
import sys
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from urikit._syntax.abnf import Alt, Capture, Chars, IfCaptured, Node, Ref, Repeat, Seq
from urikit._syntax.automaton import Automaton
from urikit._syntax.rfc3986 import URI_RULE_NAMES, resolve, rule

__all__ = [
    "KERNEL_RULES",
    "Table",
    "byte_classes",
    "digest",
    "generate",
    "grammar_digest",
    "minimized",
    "table",
]

#: The rules the kernel answers for: all of RFC 3986's (its IRI twins, which take
#: non-ASCII characters, stay with the automaton).
KERNEL_RULES = URI_RULE_NAMES

_ASCII = 128
_ROW = 32  # a row of a transition table: one entry per byte class, padded
_LOOP_STATES = 32  # states with a fast path for their self-loop: bits of a uint32_t


def _char_sets(node: Node, seen: set[str]) -> Iterator[Chars]:
    """Every :class:`Chars` under ``node``, references followed once each."""
    match node:
        case Chars():
            yield node
        case Seq(items) | Alt(items):
            for item in items:
                yield from _char_sets(item, seen)
        case Repeat(inner) | Capture(_, inner):
            yield from _char_sets(inner, seen)
        case Ref(name):
            if name not in seen:
                seen.add(name)
                yield from _char_sets(resolve(name), seen)
        case IfCaptured():
            raise TypeError("conditional groups have no place in a grammar rule")


def byte_classes(names: Iterable[str] = KERNEL_RULES) -> tuple[int, ...]:
    """The class of each ASCII code: codes in exactly the same character sets of the
    rules share one. Class 0 holds the codes in none of them (and, in C, every byte
    beyond ASCII): no rule takes it anywhere."""
    sets: list[Chars] = []
    seen: set[str] = set()
    for name in names:
        sets.extend(_char_sets(rule(name).node, seen))
    for chars in sets:
        if chars.ranges and chars.ranges[-1][1] >= _ASCII:
            raise ValueError(f"the kernel reads ASCII only, but a rule takes {chars}")
    signatures = [tuple(chr(code) in chars for chars in sets) for code in range(_ASCII)]
    ids: dict[tuple[bool, ...], int] = {tuple(False for _ in sets): 0}
    classes = tuple(ids.setdefault(sig, len(ids)) for sig in signatures)
    if len(ids) > _ROW:
        raise ValueError(f"{len(ids)} byte classes do not fit a row of {_ROW}")
    return classes


@dataclass(frozen=True, slots=True)
class Table:
    """A minimal DFA over byte classes: state 0 is dead, ``rows[s][c]`` the next state."""

    name: str
    rows: tuple[tuple[int, ...], ...]
    accepting: tuple[bool, ...]
    start: int


def table(name: str, classes: Sequence[int]) -> Table:
    """The minimal DFA of rule ``name`` over ``classes`` (see :func:`byte_classes`)."""
    count = max(classes) + 1
    examples = [chr(classes.index(c)) for c in range(count)]
    automaton = Automaton(rule(name).node)
    # The automaton's states, built breadth-first; -1 (dead) becomes the last one here.
    state = automaton.start
    rows: list[list[int]] = []
    while state < len(automaton.rows):
        rows.append([automaton.step(state, char) for char in examples])
        state += 1
    dead = len(rows)
    rows = [[dead if t < 0 else t for t in row] for row in rows]
    rows.append([dead] * count)
    accepting = [automaton.accepts(s) for s in range(dead)] + [False]
    block = minimized(rows, accepting)
    return _renumbered(name, rows, accepting, block, automaton.start, dead)


def minimized(rows: list[list[int]], accepting: list[bool]) -> list[int]:
    """Moore's refinement: the block of each state, equal for equivalent states."""
    block = [int(a) for a in accepting]
    blocks = len(set(block))
    while True:
        ids: dict[tuple[int, ...], int] = {}
        block = [
            ids.setdefault((block[s], *(block[t] for t in row)), len(ids))
            for s, row in enumerate(rows)
        ]
        if len(ids) == blocks:
            return block
        blocks = len(ids)


def _renumbered(
    name: str, rows: list[list[int]], accepting: list[bool], block: list[int], start: int, dead: int
) -> Table:
    """One state per block: the dead one 0, the others in breadth-first order."""
    number = {block[dead]: 0}
    order = [block[start]]
    representative = {b: s for s, b in reversed(list(enumerate(block)))}
    index = 0
    while index < len(order):
        for target in rows[representative[order[index]]]:
            b = block[target]
            if b not in number and b not in order:
                order.append(b)
        index += 1
    for b in order:
        number.setdefault(b, len(number))
    states = sorted(number, key=number.__getitem__)
    return Table(
        name,
        tuple(tuple(number[block[t]] for t in rows[representative[b]]) for b in states),
        tuple(accepting[representative[b]] for b in states),
        number[block[start]],
    )


def _self_loops(t: Table, classes: Sequence[int]) -> list[tuple[int, frozenset[int]]]:
    """The states given a fast path (at most 32, the widest first): each with the
    bytes that keep the DFA in it."""
    loops = [
        (s, frozenset(code for code in range(_ASCII) if row[classes[code]] == s))
        for s, row in enumerate(t.rows)
        if s != 0
    ]
    loops = [loop for loop in loops if len(loop[1]) > 1]
    loops.sort(key=lambda loop: (-len(loop[1]), loop[0]))
    return sorted(loops[:_LOOP_STATES])


def _c_array(ctype: str, name: str, values: Iterable[int], per_line: int = 32) -> str:
    items = [str(v) for v in values]
    lines = [", ".join(items[i : i + per_line]) for i in range(0, len(items), per_line)]
    body = ",\n    ".join(lines)
    return f"static const {ctype} {name}[{len(items)}] = {{\n    {body}\n}};\n"


def generate(names: Sequence[str] = KERNEL_RULES) -> str:
    """The C header: byte classes, then per rule its transitions, accepting states and
    self-loop fast paths, then the table of rules (``KernelRule``, from the driver)."""
    classes = byte_classes(names)
    out = [
        "/* Generated by urikit._syntax.kernel_gen from urikit._syntax.rfc3986"
        " (RFC 3986 Appendix A). Do not edit. */\n",
        f"#define KERNEL_ROW {_ROW}\n",
        f"#define KERNEL_RULE_COUNT {len(names)}\n",
        _c_array("uint8_t", "kernel_class", [*classes, *[0] * (256 - _ASCII)]),
    ]
    entries: list[str] = []
    for index, name in enumerate(names):
        t = table(name, classes)
        if len(t.rows) > 256:
            raise ValueError(f"{name}: {len(t.rows)} states do not fit uint8_t")
        cells = [row[c] if c < len(row) else 0 for row in t.rows for c in range(_ROW)]
        loops = _self_loops(t, classes)
        loop_bits = [0] * 256
        masks = [0] * len(t.rows)
        for bit, (state, codes) in enumerate(loops):
            masks[state] = 1 << bit
            for code in codes:
                loop_bits[code] |= 1 << bit
        out.append(f"/* {name}: {len(t.rows)} states, {len(loops)} with a self-loop path */\n")
        out.append(_c_array("uint8_t", f"next_{index}", cells, _ROW))
        out.append(_c_array("uint8_t", f"accepting_{index}", map(int, t.accepting)))
        out.append(_c_array("uint32_t", f"loop_{index}", loop_bits, 8))
        out.append(_c_array("uint32_t", f"mask_{index}", masks, 8))
        entries.append(
            f'    {{"{name}", next_{index}, accepting_{index}, loop_{index}, mask_{index},'
            f" {t.start}}},\n"
        )
    out.append("static const KernelRule kernel_rules[KERNEL_RULE_COUNT] = {\n")
    out.extend(entries)
    out.append("};\n")
    out.append(f'#define KERNEL_GRAMMAR "{grammar_digest(names)}"\n')
    body = "".join(out)
    return body + f'#define KERNEL_DIGEST "{digest(body)}"\n'


def grammar_digest(names: Sequence[str] = KERNEL_RULES) -> str:
    """The SHA-256 of the definitions of the rules ``names`` (their nodes, as written in
    :mod:`urikit._syntax.rfc3986`): the kernel's ``GRAMMAR``, which urikit checks at
    import (:mod:`urikit._syntax.native`) to refuse tables generated from another
    grammar. Cheap: no automaton is built."""
    text = "\n".join(f"{name} = {rule(name).node!r}" for name in names)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def digest(body: str) -> str:
    """The SHA-256 of generated tables (the kernel's ``DIGEST``)."""
    return hashlib.sha256(body.encode("ascii")).hexdigest()


def main(argv: Sequence[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m urikit._syntax.kernel_gen OUTPUT.h", file=sys.stderr)
        return 2
    with open(argv[0], "w", encoding="ascii") as header:
        header.write(generate())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
