"""Rendering rewrites keep each rule's language (RFC 3.3 paths, RFC 5234 repetition).

``*( "/" segment )`` renders as ``[ "/" *( "/" / pchar ) ]`` (one loop per
path instead of one group per segment), and ``*( chars / pct-encoded )`` as ``chars*
*( pct-encoded chars* )`` (a plain run without entering a group). These tests hold the
rewrites to the language of the rules as the RFC writes them, rendered without them.
"""

# pyright: reportPrivateUsage=false
# (the test renders each rule with the rewrite switched off, to compare the two)

from __future__ import annotations

import re
from collections.abc import Callable, Generator
from contextlib import contextmanager
from re import Match

from hypothesis import given
from hypothesis import strategies as st

from urikit._syntax import render as _rendering
from urikit._syntax.abnf import Chars, Node, Repeat, chars, lit, rep
from urikit._syntax.render import render
from urikit._syntax.rfc3986 import RuleName, ref, resolve

_PATH_RULES: tuple[RuleName, ...] = (
    "segment",
    "segment-nz",
    "segment-nz-nc",
    "query",
    "reg-name",
    "userinfo",
    "path-abempty",
    "path-absolute",
    "path-noscheme",
    "path-rootless",
    "path",
    "relative-ref",
    "URI",
    "URI-reference",
)


def _never(inner: Node, resolve: object, flavor: object, *, first: bool) -> None:
    return None


@contextmanager
def _without_fold() -> Generator[None]:
    folded, unrolled = _rendering._fold_separated, _rendering._render_unrolled
    _rendering._fold_separated = lambda node, resolve: None
    _rendering._render_unrolled = _never
    try:
        yield
    finally:
        _rendering._fold_separated, _rendering._render_unrolled = folded, unrolled


def _patterns(node: Node) -> tuple[Callable[[str], Match[str] | None], ...]:
    with _without_fold():
        plain = render(node, resolve)
    return re.compile(plain).fullmatch, re.compile(render(node, resolve)).fullmatch


_BY_RULE = {name: _patterns(ref(name)) for name in _PATH_RULES}


def test_path_abempty_renders_as_one_loop() -> None:
    with _without_fold():
        plain = render(ref("path-abempty"), resolve)
    folded = render(ref("path-abempty"), resolve)
    assert plain.endswith(")*+)*+")  # one group per segment
    assert folded.endswith(")*+)?+")  # one optional "/", then one loop
    assert folded.count("\\/") == 1  # later slashes are read in the loop, with pchar
    assert re.fullmatch(folded, "//a//%2F/") and not re.fullmatch(folded, "a/")


def test_a_percent_loop_starts_with_a_plain_run() -> None:
    unrolled = render(ref("query"), resolve)
    assert unrolled.startswith("[") and unrolled.endswith("*+)*+")
    assert "++|%" not in unrolled


def test_only_possessive_loops_are_folded() -> None:
    greedy = rep(lit("/") + rep(chars("ab")))
    with _without_fold():
        plain = render(greedy, resolve)
    assert render(greedy, resolve) == plain


@given(st.text(alphabet="/a:@%2Fz.?#[]", max_size=24))
def test_folded_path_rules_accept_what_the_rule_accepts(text: str) -> None:
    for name, (plain, folded) in _BY_RULE.items():
        expected = plain(text)
        got = folded(text)
        assert (got is None) == (expected is None), (name, text)


@given(
    st.frozensets(st.sampled_from("ab%"), min_size=1, max_size=3),
    st.sampled_from(["%ab", "%", "ab", "b%"]),
    st.integers(0, 1),
    st.text(alphabet="ab%", max_size=16),
)
def test_unrolling_keeps_the_language_of_any_run_loop(
    members: frozenset[str], other: str, least: int, text: str
) -> None:
    """``(c | o)*`` equals ``c* (o c*)*`` and ``(c | o)+`` equals ``(c | o) c* (o c*)*``.
    Where ``o`` can start with a member of ``c`` the loop is left as it was: trying
    ``c`` first, possessively, is what the rule's rendering does there."""
    node = rep(_set(members) | lit(other), least, possessive=True)
    plain, unrolled = _patterns(node)
    assert (plain(text) is None) == (unrolled(text) is None)
    if other[0].lower() in members or other[0].upper() in members:
        with _without_fold():
            plain_source = render(node, resolve)
        assert render(node, resolve) == plain_source


@given(
    st.frozensets(st.sampled_from("/ab%"), min_size=1, max_size=2),
    st.frozensets(st.sampled_from("/ab%"), min_size=1, max_size=3),
    st.text(alphabet="/ab%", max_size=16),
)
def test_folding_keeps_the_language_of_any_separated_loop(
    separator: frozenset[str], body: frozenset[str], text: str
) -> None:
    """``(s x*)*`` equals ``(s (s | x)*)?`` whatever the sets, overlapping or not."""
    node = rep(_set(separator) + rep(_set(body), possessive=True), possessive=True)
    assert isinstance(node, Repeat)
    plain, folded = _patterns(node)
    assert (plain(text) is None) == (folded(text) is None)


def _set(members: frozenset[str]) -> Chars:
    return chars("".join(sorted(members)))
