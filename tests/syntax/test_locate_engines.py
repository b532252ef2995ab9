"""The error position is the longest viable prefix (issue: errors point at the first
offending character), computed by the automaton and checked here against a second,
independent engine: the ``regex`` package's partial matching over the same rule source.
"""

from __future__ import annotations

import pytest
import regex
from hypothesis import given, settings
from hypothesis import strategies as st

import urikit
from tests import corpus
from urikit._syntax.compiled import compiled, source
from urikit._syntax.rfc3986 import IRI_RULE_NAMES, RULE_NAMES
from urikit.errors.exceptions import location_as_given
from urikit.strategies import from_rule

RULES = ("URI-reference", "URI", "absolute-URI", "authority", "host", "IPv6address", "path")


def _regex_viable_prefix(text: str, rule: str) -> int:
    """Binary search with partial matching: viability is monotone in the prefix length."""
    pattern = regex.compile(source(rule))
    lo, hi = 0, len(text) + 1  # text[:lo] viable; text[:hi] is not (or beyond the end)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if pattern.fullmatch(text, 0, mid, partial=True) is not None:
            lo = mid
        else:
            hi = mid
    return lo


@pytest.mark.parametrize("rule", RULES)
@settings(max_examples=150, deadline=None)
@given(text=st.text(alphabet=st.sampled_from(list("ab1:/?#[]@%.vF!~ é\x00")), max_size=30))
def test_automaton_agrees_with_regex_partial_matching(rule: urikit.RuleName, text: str) -> None:
    assert compiled(rule).automaton.viable_prefix_length(text) == _regex_viable_prefix(text, rule)


def test_error_position_is_the_viable_prefix_on_the_corpus() -> None:
    invalid = [line for line in corpus.urls() if not urikit.is_valid(line)][:600]
    assert invalid
    for line in invalid:
        with pytest.raises(urikit.InvalidURIError) as info:
            urikit.validate(line)
        found = location_as_given(info.value)  # in the line as given, a password and all
        assert found.position == _regex_viable_prefix(line, "URI-reference"), line


def test_valid_input_is_viable_to_its_end() -> None:
    for text in ("http://a/b?c#d", "", "//[::1]:80", "mailto:x@y"):
        assert compiled("URI-reference").automaton.viable_prefix_length(text) == len(text)


_SAMPLES = [
    *corpus.urls()[:150],
    *["http://[2001:db8::1]:80/p?q#f", "//[::ffff:1.2.3.4]", "[::1", "[v1.x]", "[v1.]"],
    *["1.2.3.4", "1.2.3.456", "::", "1:2:3:4:5:6:7:8:9", "a:b@c:80", "u:p@h:8o", "%41%zz"],
    *["x/é", "?\u200e", "\ue000", "a b", "", ":", "//", "#%"],
]


@pytest.mark.parametrize("rule", sorted({*RULE_NAMES, *IRI_RULE_NAMES}))
def test_every_rule_gives_the_viable_prefix(rule: urikit.RuleName) -> None:
    """The automaton holds each rule a reference names once and calls it, wherever the
    grammar names it (RFC 3986 Appendix A, RFC 3987 2.2): for every rule, and so for
    every way the rules refer to one another, its positions are partial matching's."""
    scan = compiled(rule).automaton.viable_prefix_length
    for text in _SAMPLES:
        assert scan(text) == _regex_viable_prefix(text, rule), text


_HOSTILE = st.sampled_from(
    [
        *":/?#[]@%.vF!~ \x00\t",
        *("é", "\ud800", "\U0001f600", "\ue000", "\u200e", "\U000e1000"),
        *("%4", "%41", "%zz", "::", "[::1]", "[v1.x]", "255.", "1.2.3.4", "ffff:"),
    ]
)


@settings(max_examples=400, deadline=None)
@given(data=st.data(), rule=st.sampled_from(sorted({*RULE_NAMES, *IRI_RULE_NAMES})))
def test_every_rule_gives_the_viable_prefix_of_mutated_valid_text(
    data: st.DataObject, rule: urikit.RuleName
) -> None:
    """Valid text of any rule (RFC 3986 Appendix A, RFC 3987 2.2), then characters put
    in, taken out or replaced, and cut: the error position :func:`urikit.validate`
    reports is the longest prefix partial matching finds viable."""
    text = data.draw(from_rule(rule, max_repeat=4))
    for _ in range(data.draw(st.integers(0, 3))):
        at = data.draw(st.integers(0, len(text)))
        change = data.draw(st.sampled_from(["put", "take", "replace", "cut"]))
        piece = data.draw(_HOSTILE) if change in ("put", "replace") else ""
        end = at if change in ("put", "cut") else at + 1
        text = text[:at] + piece + ("" if change == "cut" else text[end:])
    try:
        urikit.validate(text, rule)
    except urikit.InvalidURIError as error:
        assert location_as_given(error).position == _regex_viable_prefix(text, rule)
    else:
        assert _regex_viable_prefix(text, rule) == len(text)
