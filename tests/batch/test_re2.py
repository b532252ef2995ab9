"""``re2_pattern`` accepts exactly what ``is_valid`` accepts, in the engines that run it.

Arrow (``match_substring_regex``, RE2) and Polars (``str.contains``, Rust's ``regex``)
are given every rule's RE2 rendering and the verdicts compared with Python's ``re``
pattern, case by case: the rule tables of ``tests/rules`` (each row citing its ABNF),
samples with non-ASCII characters and line breaks around them, random strings over the
URI alphabet, the hostile families of ``tests/hostile`` and the real-world corpus.
"""

from __future__ import annotations

import random

import polars as pl
import pyarrow as pa
import pyarrow.compute as pc
import pytest

from tests import corpus
from tests.hostile.families import FAMILIES
from tests.syntax.test_rule_tables import NON_ASCII, ROWS, SAMPLES
from urikit import RuleName
from urikit._syntax.names import RULE_NAMES
from urikit._syntax.validation import is_valid
from urikit.batch import re2_pattern

_ALPHABET = "aZ09:/?#[]@!$&'()*+,;=%-._~vF \n\r\t\x00é"


def _cases() -> dict[RuleName, list[str]]:
    cases: dict[RuleName, list[str]] = {rule: [] for rule in RULE_NAMES}
    for row in ROWS:
        cases[row.rule].append(row.text)
    for rule, sample in SAMPLES.items():
        cases[rule].append(sample)
        for char in (*NON_ASCII, "\n", "\r\n"):
            cases[rule] += [sample + char, char + sample, sample[:1] + char + sample[1:]]
    rng = random.Random(3986)
    for _ in range(300):
        text = "".join(rng.choice(_ALPHABET) for _ in range(rng.randrange(0, 16)))
        for rule in RULE_NAMES:
            cases[rule].append(text)
    hostile = [build(2000) for build in FAMILIES.values()]
    for rule in ("URI-reference", "URI", "IRI-reference", "host", "path", "IPv6address"):
        cases[rule] += hostile
    lines = corpus.urls()[:20000]
    for rule in ("URI-reference", "URI", "absolute-URI", "relative-ref", "IRI-reference"):
        cases[rule] += lines
    # Arrow and Polars hold UTF-8: a text with a lone surrogate cannot be in their columns.
    return {rule: [t for t in texts if _utf8(t)] for rule, texts in cases.items()}


def _utf8(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


CASES = _cases()


@pytest.mark.parametrize("rule", RULE_NAMES)
def test_arrow_and_polars_agree_with_re(rule: RuleName) -> None:
    texts = CASES[rule]
    expected = [is_valid(text, rule) for text in texts]
    assert any(expected) or rule in ("path-empty", "ipath-empty") or not texts
    pattern = re2_pattern(rule)
    arrow = pc.match_substring_regex(pa.array(texts, pa.string()), pattern).to_pylist()
    polars = pl.Series(texts, dtype=pl.String).str.contains(pattern).to_list()
    verdicts = zip(texts, arrow, polars, expected, strict=True)
    differ = [text for text, a, b, e in verdicts if not a == b == e]
    assert not differ, differ[:5]


def test_unanchored_source_is_the_body() -> None:
    assert re2_pattern("port", anchored=False) == "[0-9]*"
    assert re2_pattern("port") == "^(?:[0-9]*)$"


def test_non_ascii_is_written_as_x_escapes() -> None:
    # RFC 3987 ucschar reaches U+EFFFD: RE2 and Rust read \x{...}, not \u or \U.
    pattern = re2_pattern("ucschar", anchored=False)
    assert "\\x{a0}" in pattern and "\\x{efffd}" in pattern
    assert "\\u" not in pattern and "\\U" not in pattern
    assert pattern.isascii()


def test_unknown_rule() -> None:
    with pytest.raises(ValueError):
        re2_pattern("URL")  # type: ignore[arg-type]
