"""Differential test: urikit's RFC 3987 rules vs the peer ``rfc3987`` package (its regexes).

Both claim RFC 3987 2.2 for ``IRI``, ``IRI-reference``, ``absolute-IRI`` and
``irelative-ref``. Every disagreement must be one of the documented quirks below, each
decided by the ABNF (or by RFC 3987 4.1); a new kind of disagreement fails the test.

Inputs: ``iris.txt`` of the shared corpus (or, on a fresh clone, the 300-line sample of
it that ships as ``corpus/iris.txt``), that sample, and generated strings.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest
import rfc3987
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import urikit
from tests.corpus import corpus_file
from tests.differential.test_rfc3986_validator import (
    Quirk,
    has_leading_zero_octet,
    strip_leading_zeros,
)
from tests.syntax.test_properties import MUTATION_CHARS, rule_strings
from urikit import RuleName

RULES: tuple[tuple[RuleName, str], ...] = (
    ("IRI", "IRI"),
    ("IRI-reference", "IRI_reference"),
    ("absolute-IRI", "absolute_IRI"),
    ("irelative-ref", "irelative_ref"),
)
SAMPLE = Path(__file__).resolve().parents[2] / "corpus" / "iris.txt"


@cache
def _peer(peer_rule: str) -> Callable[[str], object]:
    return rfc3987.get_compiled_pattern(f"^%({peer_rule})s$").match


def _theirs(text: str, peer_rule: str) -> bool:
    return _peer(peer_rule)(text) is not None


_BIDI = re.compile("[\u200e\u200f\u202a-\u202e]")
QUIRKS = (
    Quirk(
        "bidi-formatting",
        "RFC 3987 4.1: IRIs MUST NOT contain LRM, RLM, LRE, RLE, LRO, RLO or PDF; the peer's"
        " ucschar is the 2.2 ranges alone, which include them (urikit refuses them)",
        lambda text: _BIDI.search(text) is not None,
        lambda text: _BIDI.sub("", text),
        "http://example.com/\u202eabc",
    ),
    Quirk(
        "final-newline",
        "the peer anchors with '$', which also matches before a final newline; no rule of"
        " RFC 3987 2.2 admits a control character",
        lambda text: text.endswith("\n"),
        lambda text: text.rstrip("\n"),
        "http://example.com/\n",
    ),
    Quirk(
        "dec-octet-leading-zero",
        "RFC 3986 3.2.2 dec-octet has no leading zero ('01' is not a dec-octet); the peer"
        " writes [01]?[0-9][0-9]?, so an IPv6address ending in '1.01.1.1' passes there",
        has_leading_zero_octet,
        strip_leading_zeros,
        "http://[::1.01.1.1]/",
    ),
    Quirk(
        "ipvfuture-capital-v",
        'RFC 5234 2.3: the quoted "v" of IPvFuture (RFC 3986 3.2.2) matches "V" too; the'
        " peer accepts only a lowercase 'v' (urikit accepts both)",
        lambda text: "[V" in text,
        lambda text: text.replace("[V", "[v"),
        "http://[V1.x]/",
    ),
)


def explain(text: str, rule: RuleName, peer_rule: str) -> str | None:
    """The quirks behind a disagreement on ``text``, or None if none explains it."""
    found = [q for q in QUIRKS if q.applies(text)]
    if not found:
        return None
    repaired = text
    for quirk in found:
        repaired = quirk.repair(repaired)
    if urikit.is_valid(repaired, rule) != _theirs(repaired, peer_rule):
        return None
    return ", ".join(q.name for q in found)


def _unexplained(lines: list[str], rule: RuleName, peer_rule: str) -> list[str]:
    return [
        text
        for text in lines
        if urikit.is_valid(text, rule) != _theirs(text, peer_rule)
        and explain(text, rule, peer_rule) is None
    ]


@pytest.mark.parametrize("quirk", QUIRKS, ids=lambda q: q.name)
def test_each_quirk_is_a_real_disagreement_decided_by_the_abnf(quirk: Quirk) -> None:
    assert urikit.is_valid(quirk.example, "IRI") is not _theirs(quirk.example, "IRI")
    repaired = quirk.repair(quirk.example)
    assert urikit.is_valid(repaired, "IRI") is _theirs(repaired, "IRI") is True
    assert explain("http://a b/", "IRI", "IRI") is None  # no quirk explains a space


def _lines(path: Path) -> list[str]:
    return [line for line in path.read_text(encoding="utf-8").split("\n") if line]


@pytest.mark.parametrize(("rule", "peer_rule"), RULES)
def test_sample_agrees_or_is_explained(rule: RuleName, peer_rule: str) -> None:
    lines = _lines(SAMPLE)
    assert len(lines) == 300
    assert not _unexplained(lines, rule, peer_rule)
    if rule == "IRI":
        assert sum(urikit.is_valid(line, rule) for line in lines) > 250


@pytest.mark.parametrize(("rule", "peer_rule"), RULES)
def test_corpus_disagreements_are_all_documented(rule: RuleName, peer_rule: str) -> None:
    lines = _lines(corpus_file("iris.txt"))
    unexplained = _unexplained(lines, rule, peer_rule)
    assert not unexplained, f"{len(unexplained)} new disagreements, e.g. {unexplained[:5]!r}"


@st.composite
def _near_iris(draw: st.DrawFn, rule: RuleName) -> str:
    """A string of ``rule`` with up to three characters inserted or replaced."""
    text = draw(rule_strings(rule))
    for _ in range(draw(st.integers(0, 3))):
        i = draw(st.integers(0, len(text)))
        char = draw(st.sampled_from(MUTATION_CHARS + "\u202a\u200f"))
        text = text[:i] + char + text[i + draw(st.integers(0, 1)) :]
    return text


@pytest.mark.parametrize(("rule", "peer_rule"), RULES)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_generated_strings_agree_or_are_explained(
    rule: RuleName, peer_rule: str, data: st.DataObject
) -> None:
    text = data.draw(_near_iris(rule))
    if urikit.is_valid(text, rule) != _theirs(text, peer_rule):
        assert explain(text, rule, peer_rule) is not None, text
