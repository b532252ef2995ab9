"""urikit.strategies: generated strings match their rule, near misses do not, every
alternative of the grammar is reached, and failures shrink to short strings."""

from __future__ import annotations

import doctest

import pytest
from hypothesis import HealthCheck, find, given, settings
from hypothesis import strategies as st

import urikit
import urikit.strategies
from urikit._syntax.rfc3986 import RULE_NAMES, RuleName
from urikit.strategies import (
    Alternative,
    alternatives,
    from_rule,
    near_misses,
    reached,
    uri_references,
    uris,
)

# Enough draws per rule that a miss is a real gap (IPv6address has 9 options and the
# rules it names more), few enough for 2 cores.
EXAMPLES = 120
# derandomize: the draws (and so the measured coverage) are the same on every run.
QUICK = settings(max_examples=EXAMPLES, database=None, deadline=None, derandomize=True)


@pytest.mark.parametrize("name", RULE_NAMES)
def test_every_string_matches_its_rule_and_every_alternative_is_reached(name: RuleName) -> None:
    """RFC 3986 Appendix A: what from_rule draws is in the rule's language, and the
    draws take every option of every alternation in the rule's definition."""
    with reached() as seen:

        @QUICK
        @given(from_rule(name))
        def check(text: str) -> None:
            assert urikit.is_valid(text, name), (name, text)

        check()
    missing = alternatives(name) - seen
    assert not missing, f"{name}: alternatives never reached: {sorted(missing, key=str)}"


def test_grammar_coverage_is_measured_over_every_alternation() -> None:
    """The coverage measure itself: alternations are counted (IPv6address has nine
    options, RFC 3.2.2; host three), and rules without one have none."""
    ipv6 = alternatives("IPv6address")
    assert len({a.option for a in ipv6 if a.alternation == 0}) == 9
    assert {a.option for a in alternatives("host")} == {0, 1, 2}
    assert alternatives("pct-encoded") == frozenset()
    assert sum(len(alternatives(n)) for n in RULE_NAMES) > 50


def test_alternatives_drawn_at_any_size_are_ones_the_grammar_has() -> None:
    """reached() and alternatives() number alternations alike, also when max_repeat=0
    leaves repetitions empty."""
    everything = frozenset[Alternative]().union(*(alternatives(n) for n in RULE_NAMES))
    with reached() as seen:

        @settings(QUICK, max_examples=30)
        @given(from_rule("URI-reference", max_repeat=0), from_rule("IRI", max_repeat=1))
        def check(uri: str, iri: str) -> None:
            pass

        check()
    assert seen and seen <= everything


@pytest.mark.parametrize("name", RULE_NAMES)
def test_near_misses_do_not_match(name: RuleName) -> None:
    """One edit from a valid string, and the rule rejects it with a located error."""

    @settings(QUICK, max_examples=40, suppress_health_check=[HealthCheck.filter_too_much])
    @given(near_misses(name))
    def check(text: str) -> None:
        assert not urikit.is_valid(text, name)
        with pytest.raises(urikit.InvalidURIError) as error:
            urikit.validate(text, name)
        assert 0 <= error.value.position <= len(error.value.text)

    check()


@QUICK
@given(st.data())
def test_near_misses_are_one_edit_from_the_rule(data: st.DataObject) -> None:
    """Removing, restoring or replacing one character of a near miss of dec-octet gives
    a dec-octet back: it is near (RFC 3.2.2's ``dec-octet`` is at most 3 digits)."""
    text = data.draw(near_misses("dec-octet"))
    assert len(text) <= 4
    assert any(
        urikit.is_valid(text[:i] + c + text[i + k :], "dec-octet")
        for i in range(len(text) + 1)
        for k in (0, 1)
        for c in ("", *"0123456789")
    )


def test_size_control_bounds_repetitions() -> None:
    """max_repeat caps ``*pchar`` (RFC 3.3): a pchar is at most 3 characters (%XX)."""

    @QUICK
    @given(from_rule("segment", max_repeat=2), from_rule("path-abempty", max_repeat=1))
    def check(segment: str, path: str) -> None:
        assert len(segment) <= 2 * 3
        assert path.count("/") <= 1 and len(path) <= 1 + 3

    check()
    assert find(from_rule("h16", max_repeat=0), lambda s: len(s) == 4)  # bounded 1*4HEXDIG


# find() describes the strategy once; for URI that description is long, and harmless.
@pytest.mark.filterwarnings("ignore:Generating overly large repr")
@pytest.mark.parametrize(
    ("strategy", "needle", "shortest"),
    [
        (uris(), "@", "A:@"),  # "@" is a pchar (RFC 3.3)
        (uris(), "%", "A:%00"),
        (from_rule("host"), "[", "[::]"),
        (uri_references(), "#", "#"),
        (from_rule("IPv4address"), "5", "0.0.0.5"),
    ],
)
def test_failing_examples_shrink_to_short_strings(
    strategy: st.SearchStrategy[str], needle: str, shortest: str
) -> None:
    """Hypothesis's shrinker gets within two characters of the shortest string of the
    rule that holds ``needle`` (it need not find the very shortest)."""
    found = find(
        strategy, lambda text: needle in text, settings=settings(database=None, max_examples=100)
    )
    assert len(shortest) <= len(found) <= len(shortest) + 2, found


def test_from_rule_takes_rule_names_in_any_case_and_refuses_others() -> None:
    assert find(from_rule("ipv4ADDRESS"), lambda s: True) == "0.0.0.0"
    with pytest.raises(ValueError, match="unknown rule"):
        from_rule("hostname")
    with pytest.raises(ValueError, match="max_repeat"):
        from_rule("URI", max_repeat=-1)


def test_docstring_examples_run() -> None:
    assert doctest.testmod(urikit.strategies).failed == 0
