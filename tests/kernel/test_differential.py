"""The native kernel against the pure path: it must give the same
verdict (RFC 3986 Appendix A), the same error position (the longest viable prefix) and
the same components (RFC 3) for every input: the corpus, the rule tables' vectors, and
100,000 generated hostile strings per run (seeded, so a failure is reproducible).

The pure answers are the reference: the ``re`` pattern's ``fullmatch`` for verdicts,
the automaton's ``viable_prefix_length`` for positions, the parsing pattern's groups
for components. The module skips where the kernel is not built, except when
``URIKIT_EXPECT_KERNEL=1`` (tools/check_kernel.py): there it must run.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from types import ModuleType

import pytest

import urikit
from tests import corpus
from tests.kernel.inputs import REFERENCE_RULES, SEED, built_kernel, hostile
from tests.kernel.oracle import pure_fields, validation_differences
from tests.syntax.test_rule_tables import (
    RFC_1_1_2,
    RFC_5_4_RELATIVE,
    RFC_5_4_SCHEMED,
    ROWS,
    SAMPLES,
)
from urikit._core.components import SCHEMES
from urikit._syntax import kernel_gen, validation
from urikit._syntax.rfc3986 import URI_RULE_NAMES
from urikit.values import uri as model

KERNEL: ModuleType = built_kernel()

HOSTILE_COUNT = 100_000


def _differences(texts: Iterable[str], rules: Sequence[str], *, fields: bool) -> list[str]:
    """Every disagreement of the kernel with the pure path on ``texts``, described."""
    found: list[str] = []
    for text in texts:
        for rule in rules:
            found += validation_differences(text, rule)
        if fields and KERNEL.split(text) != pure_fields(text):
            found.append(f"components {text!r}: pure {pure_fields(text)}")
    return found


def _assert_none(found: list[str]) -> None:
    assert not found, f"{len(found)} differences, first: " + "; ".join(found[:5])


def test_the_kernel_was_generated_from_this_grammar() -> None:
    """Its tables' digest is that of the generator's output for the grammar here."""
    generated = kernel_gen.generate()
    body = generated.rpartition("#define KERNEL_DIGEST")[0]
    assert kernel_gen.digest(body) == KERNEL.DIGEST
    assert kernel_gen.grammar_digest() == KERNEL.GRAMMAR
    assert tuple(KERNEL.RULES) == kernel_gen.KERNEL_RULES == URI_RULE_NAMES


def test_the_corpus() -> None:
    _assert_none(_differences(corpus.urls(), REFERENCE_RULES, fields=True))


def test_the_rule_tables_and_rfc_examples() -> None:
    """Each vector of tests/rules (RFC 3986's rules only: the kernel is ASCII) against
    its own rule, then every vector against every rule the kernel has."""
    rows = [row for row in ROWS if row.rule in URI_RULE_NAMES]
    for row in rows:
        _assert_none(_differences([row.text], [row.rule], fields=False))
    texts = {row.text for row in rows} | set(RFC_1_1_2) | set(RFC_5_4_SCHEMED)
    texts |= set(RFC_5_4_RELATIVE) | set(SAMPLES.values())
    _assert_none(_differences(sorted(texts), URI_RULE_NAMES, fields=True))


def test_generated_hostile_input() -> None:
    texts = hostile(HOSTILE_COUNT)
    assert len(set(texts)) > HOSTILE_COUNT // 2
    _assert_none(_differences(texts, REFERENCE_RULES, fields=True))


def test_every_rule_on_generated_input() -> None:
    """The component rules too (authority, host, IPv6address, path-..., port...)."""
    _assert_none(_differences(hostile(3_000, seed=SEED + 1), URI_RULE_NAMES, fields=False))


def test_is_valid_and_parse_use_the_kernel() -> None:
    assert urikit.is_valid is validation.is_valid
    assert urikit.parse is model.parse
    assert getattr(urikit.is_valid, "__wrapped__", None) is not None
    assert getattr(urikit.parse, "__wrapped__", None) is not None


def _same_outcome(call: Callable[..., object], pure: Callable[..., object], *args: object) -> None:
    """``call(*args)`` returns what ``pure(*args)`` returns, or raises its exception."""
    try:
        expected = pure(*args)
    except (TypeError, ValueError) as error:
        with pytest.raises(type(error), match=f"^{re.escape(str(error))}$"):
            call(*args)
    else:
        assert call(*args) == expected


def test_what_the_kernel_lacks_is_answered_as_before() -> None:
    """What the kernel does not answer goes to the pure path: RFC 3987's rules (beyond
    ASCII), a rule name in another case (RFC 5234 2.1), a name that is no rule, a text
    or a rule that is not a str; the answers and errors are the pure path's."""
    pure_is_valid = validation.is_valid.__wrapped__  # type: ignore[attr-defined]
    pure_parse = model.parse.__wrapped__  # type: ignore[attr-defined]
    assert urikit.is_valid("http://é/", "IRI")
    assert not urikit.is_valid("http://é/", "URI")
    calls: list[tuple[object, object]] = [
        (text, rule)
        for text in ("http://h/", "http://é/", "a b", b"http://h/", None, 3)
        for rule in ("URI", "IRI", "uri", "Url", "hier-part", None, 3)
    ]
    for text, rule in calls:
        _same_outcome(urikit.is_valid, pure_is_valid, text, rule)
    for text in ("http://h/", "a b", b"http://h/", None, 3):
        _same_outcome(urikit.parse, pure_parse, text)


def test_parse_gives_the_pure_values_and_errors() -> None:
    pure_parse = model.parse.__wrapped__  # type: ignore[attr-defined]
    for text in [*corpus.urls()[:3000], *hostile(3_000, seed=SEED + 2)]:
        try:
            expected = pure_parse(text)
        except urikit.InvalidURIError as error:
            with pytest.raises(urikit.InvalidURIError) as info:
                urikit.parse(text)
            assert (info.value.position, info.value.rule) == (error.position, error.rule)
            continue
        got = urikit.parse(text)
        assert type(got) is type(expected) and got == expected and str(got) == text
        scheme = expected.scheme
        if scheme is None or SCHEMES.get(scheme) is scheme:  # the table had room for it
            assert got.scheme is scheme  # one string per scheme (shared_scheme)


class Text(str):
    """A str subclass: parsed as its value, components plain str (as the pattern)."""


def test_a_str_subclass() -> None:
    got = KERNEL.split(Text("http://h/p?q#f"))
    assert got == ("http", None, "h", None, "/p", "q", "f")
    assert all(type(part) is str for part in got if part is not None)
    assert KERNEL.is_valid(Text("http://h/"), "URI")
