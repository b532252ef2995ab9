"""The kernel's generator (urikit._syntax.kernel_gen), checked without building the kernel:
its minimal DFAs, walked here in Python, must give the automaton's error position and
the pattern's verdict (RFC 3986 Appendix A), so the tables the C driver gets are right
before any compiler sees them."""

from __future__ import annotations

from types import ModuleType

import pytest

from tests import corpus
from tests.kernel.inputs import REFERENCE_RULES, hostile
from urikit._syntax import kernel_gen, native
from urikit._syntax.compiled import compiled
from urikit._syntax.rfc3986 import IRI_RULE_NAMES

CLASSES = kernel_gen.byte_classes()


def walk(table: kernel_gen.Table, text: str) -> tuple[bool, int]:
    """The verdict and the viable prefix length, as native/kernel.c computes them:
    state 0 is dead, and a character beyond ASCII leads there from anywhere."""
    state = table.start
    for index, char in enumerate(text):
        code = ord(char)
        state = table.rows[state][CLASSES[code]] if code < len(CLASSES) else 0
        if state == 0:
            return False, index
    return table.accepting[state], len(text)


@pytest.mark.parametrize("rule", REFERENCE_RULES)
def test_the_tables_agree_with_the_automaton_and_the_pattern(rule: str) -> None:
    table = kernel_gen.table(rule, CLASSES)
    pure = compiled(rule)
    for text in [*corpus.urls()[:2000], *hostile(2000, seed=7)]:
        verdict = pure.pattern.fullmatch(text) is not None
        assert walk(table, text) == (verdict, pure.automaton.viable_prefix_length(text)), text


def test_the_dead_state_is_the_only_one_that_cannot_reach_a_match() -> None:
    """Why a DFA gives the error position: every other state can still be completed."""
    table = kernel_gen.table("URI-reference", CLASSES)
    live = {s for s, accepting in enumerate(table.accepting) if accepting}
    grown = True
    while grown:
        before = len(live)
        live |= {s for s, row in enumerate(table.rows) if live.intersection(row)}
        grown = len(live) > before
    assert live == set(range(1, len(table.rows)))
    assert table.rows[0] == (0,) * len(table.rows[0])


def test_the_tables_are_minimal() -> None:
    """No two states of a rule's table are equivalent (Moore's refinement is done)."""
    table = kernel_gen.table("URI", CLASSES)
    assert len(set(zip(table.rows, table.accepting, strict=True))) == len(table.rows)
    block = kernel_gen.minimized([list(row) for row in table.rows], list(table.accepting))
    assert sorted(set(block)) == list(range(len(table.rows)))


def test_byte_classes_split_ascii_by_what_the_rules_tell_apart() -> None:
    assert len(CLASSES) == 128 and CLASSES[ord(" ")] == 0 and CLASSES[0x7F] == 0
    assert CLASSES[ord("g")] == CLASSES[ord("h")] == CLASSES[ord("H")]
    assert CLASSES[ord("g")] != CLASSES[ord("v")]  # "v" starts an IPvFuture (RFC 3.2.2)
    assert CLASSES[ord("g")] != CLASSES[ord("a")]  # "a" is a HEXDIG
    assert CLASSES[ord("/")] != CLASSES[ord("?")]


def test_rules_beyond_ascii_are_refused() -> None:
    """RFC 3987's rules take ucschar: the kernel's byte tables cannot hold them."""
    with pytest.raises(ValueError, match="ASCII only"):
        kernel_gen.byte_classes(IRI_RULE_NAMES[:1])


def test_the_header_names_each_rule_once_and_ends_with_its_digest() -> None:
    header = kernel_gen.generate(("URI", "port"))
    body, _, digest = header.rpartition('#define KERNEL_DIGEST "')
    assert digest == kernel_gen.digest(body) + '"\n'
    assert header.count('{"URI", ') == 1 and header.count('{"port", ') == 1


def test_a_kernel_from_another_grammar_is_not_used() -> None:
    """An extension left from a build of another grammar (its GRAMMAR digest differs, or
    it has none) is refused at import, with a warning: the pure package answers."""
    current = ModuleType("urikit._syntax._kernel")
    current.GRAMMAR = kernel_gen.grammar_digest()  # type: ignore[attr-defined]
    assert native.matching(current) is current
    for stale in ("0" * 64, None):
        module = ModuleType("urikit._syntax._kernel")
        if stale is not None:
            module.GRAMMAR = stale  # type: ignore[attr-defined]
        with pytest.warns(RuntimeWarning, match="another grammar"):
            assert native.matching(module) is None


def test_the_grammar_digest_follows_each_rule() -> None:
    """The digest reads every rule's definition: another rule set, another digest."""
    names = kernel_gen.KERNEL_RULES
    digests = {kernel_gen.grammar_digest(names[:k]) for k in range(1, len(names) + 1)}
    assert len(digests) == len(names)
    assert f'#define KERNEL_GRAMMAR "{kernel_gen.grammar_digest()}"' in kernel_gen.generate()
