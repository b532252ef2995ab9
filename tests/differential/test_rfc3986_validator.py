"""Differential test: urikit.is_valid vs the peer ``rfc3986_validator.validate_rfc3986``.

Both claim RFC 3986 Appendix A for ``URI`` and ``URI-reference``. Every disagreement
must be one of the documented peer quirks below, each wrong by the ABNF; a new kind of
disagreement fails the test (and is either a urikit bug or a new quirk to document).

Each quirk comes with a *repair*: a rewrite that removes the quirk's trigger while
keeping the verdict of the side the ABNF says is right (the peer's for a quirk where the
peer accepts too much, urikit's where it rejects too much). A disagreement is explained
when, after repairing every quirk it shows, both sides agree.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rfc3986_validator import validate_rfc3986

import urikit
from tests import corpus
from urikit import RuleName

PeerRule = Literal["URI", "URI_reference"]
RULES: tuple[tuple[RuleName, PeerRule], ...] = (("URI", "URI"), ("URI-reference", "URI_reference"))


@dataclass(frozen=True)
class Quirk:
    """A known way the peer departs from the ABNF, with the reason from the RFC."""

    name: str
    why: str
    applies: Callable[[str], bool]
    repair: Callable[[str], str]
    example: str  # a URI on which the two disagree because of this quirk alone


# An IP-literal whose IPv6address ends in a dotted IPv4 part (ls32, RFC 3.2.2).
_LITERAL_V4 = re.compile(r"\[([0-9A-Fa-f:]*:)([0-9]{1,3}(?:\.[0-9]{1,3}){3})\]")
# dec-octet of 2-3 digits with a leading zero (00..099 and 000..099), value <= 255.
_LEADING_ZERO = re.compile(r"(?<![0-9])0[0-9]{1,2}(?![0-9])")


def has_leading_zero_octet(text: str) -> bool:
    return any(_LEADING_ZERO.search(m.group(2)) for m in _LITERAL_V4.finditer(text))


def strip_leading_zeros(text: str) -> str:
    def octets(m: re.Match[str]) -> str:
        v4 = ".".join(str(int(octet)) for octet in m.group(2).split("."))
        return f"[{m.group(1)}{v4}]"

    return _LITERAL_V4.sub(octets, text)


QUIRKS: tuple[Quirk, ...] = (
    Quirk(
        "trailing-newline",
        "The peer anchors its pattern with '^...$' and uses re.match; '$' also matches "
        "before a final '\\n', so one trailing LF is accepted. LF is in no rule of "
        "Appendix A (not unreserved, sub-delims, gen-delims nor pct-encoded), so no URI "
        "ends with one. Repair: drop the LF (the peer's verdict cannot change).",
        lambda text: text.endswith("\n"),
        lambda text: text[:-1],
        "http://example.com/\n",
    ),
    Quirk(
        "uppercase-V-in-IPvFuture",
        'IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" ): ABNF quoted '
        "strings are case-insensitive (RFC 5234 2.3), so \"v\" matches 'V' too; the peer's "
        "regex has a lowercase 'v' only. Repair: lowercase the 'V' (urikit's verdict "
        "cannot change).",
        lambda text: "[V" in text,
        lambda text: text.replace("[V", "[v"),
        "http://[V1.x]/",
    ),
    Quirk(
        "leading-zero-in-IPv4-of-IPv6",
        'ls32 = ( h16 ":" h16 ) / IPv4address, and dec-octet = DIGIT / %x31-39 DIGIT / '
        '"1" 2DIGIT / "2" %x30-34 DIGIT / "25" %x30-35 allows no leading zero (\'01\', '
        "'007'); the peer's '[01]?[0-9][0-9]?' does. (As a host, '01.2.3.4' is still a "
        "valid reg-name, so this only shows inside an IP-literal.) Repair: write each "
        "octet without leading zeros (the peer's verdict cannot change).",
        has_leading_zero_octet,
        strip_leading_zeros,
        "http://[::ffff:192.0.2.01]/",
    ),
)


def _ours(text: str, rule: RuleName) -> bool:
    return urikit.is_valid(text, rule)


def _theirs(text: str, rule: PeerRule) -> bool:
    return validate_rfc3986(text, rule) is not None


def explain(text: str, rule: RuleName, peer_rule: PeerRule) -> list[str] | None:
    """The quirks that explain a disagreement on ``text``; None if none do."""
    applied: list[str] = []
    repaired = text
    for quirk in QUIRKS:
        if quirk.applies(repaired):
            applied.append(quirk.name)
            repaired = quirk.repair(repaired)
    if applied and _ours(repaired, rule) == _theirs(repaired, peer_rule):
        return applied
    return None


def _unexplained(lines: list[str], rule: RuleName, peer_rule: PeerRule) -> list[str]:
    return [
        text
        for text in lines
        if _ours(text, rule) != _theirs(text, peer_rule) and explain(text, rule, peer_rule) is None
    ]


# -- each documented quirk is real, and the peer is the one that is wrong ---------------


@pytest.mark.parametrize("quirk", QUIRKS, ids=lambda q: q.name)
@pytest.mark.parametrize(("rule", "peer_rule"), RULES)
def test_documented_quirk_is_a_real_disagreement(
    quirk: Quirk, rule: RuleName, peer_rule: PeerRule
) -> None:
    text = quirk.example
    assert quirk.applies(text)
    assert _ours(text, rule) != _theirs(text, peer_rule)
    assert explain(text, rule, peer_rule) == [quirk.name]
    # The repaired text is where both agree, and it is valid by the ABNF.
    assert _ours(quirk.repair(text), rule) and _theirs(quirk.repair(text), peer_rule)


def test_quirk_verdicts_follow_the_abnf() -> None:
    # RFC 3986 Appendix A: no LF anywhere; "v" is case-insensitive; dec-octet has no
    # leading zero. urikit's verdicts, checked against the ABNF by hand.
    assert not urikit.is_valid("http://example.com/\n", "URI")
    assert urikit.is_valid("http://[V1.x]/", "URI")
    assert urikit.is_valid("http://[v1.x]/", "URI")
    assert not urikit.is_valid("http://[::ffff:192.0.2.01]/", "URI")
    assert urikit.is_valid("http://[::ffff:192.0.2.1]/", "URI")
    assert urikit.is_valid("http://01.2.3.4/", "URI")  # a reg-name (RFC 3.2.2)


def test_an_unknown_disagreement_is_not_explained() -> None:
    # The classifier is not a catch-all: a made-up disagreement (a peer saying yes to
    # a space) is explained by no quirk.
    assert explain("http://a b/", "URI", "URI") is None


# -- the whole corpus --------------------------------------------------------------------


@pytest.mark.parametrize(("rule", "peer_rule"), RULES)
def test_corpus_disagreements_are_all_documented(rule: RuleName, peer_rule: PeerRule) -> None:
    lines = corpus.urls()
    unexplained = _unexplained(lines, rule, peer_rule)
    assert not unexplained, f"{len(unexplained)} new disagreements, e.g. {unexplained[:5]!r}"
    assert any(_ours(text, rule) for text in lines)


# -- generated strings -------------------------------------------------------------------

_ALPHABET = "abcvV019:/?#[]@!$&'()*+,;=%-._~ \n\x00é"
_h16 = st.text("0123456789abcdefABCDEF", min_size=1, max_size=5)
_octet = st.integers(0, 300).map(str) | st.sampled_from(["0", "00", "01", "001", "010", "099"])
_ipv4 = st.lists(_octet, min_size=3, max_size=5).map(".".join)


def _ipv6_text(head: list[str], gap: bool, tail: list[str], v4: str) -> str:
    return ":".join(head) + ("::" if gap else ":") + ":".join(tail) + v4


def _future_text(v: str, hexdig: str, rest: str) -> str:
    return f"{v}{hexdig}.{rest}"


def _v4_tail_text(head: str, v4: list[str]) -> str:
    return head + ".".join(v4)


def _uriish_text(scheme: str, host: str, path: str, tail: str, end: str) -> str:
    return f"{scheme}//{host}{path}{tail}{end}"


_ipv6 = st.builds(
    _ipv6_text,
    st.lists(_h16, max_size=7),
    st.booleans(),
    st.lists(_h16, max_size=7),
    st.one_of(st.just(""), _ipv4.map(":{}".format)),
)
_future = st.builds(
    _future_text,
    st.sampled_from("vV"),
    st.text("0123456789aF", max_size=3),
    st.text("ab:~!", max_size=4),
)
_v4_tail = st.builds(
    _v4_tail_text,
    st.sampled_from(["::", "::ffff:", "1:2:3:4:5:6:", "a::b:"]),
    st.lists(_octet, min_size=4, max_size=4),
)
_literal = st.builds("[{}]".format, _ipv6 | _v4_tail | _future)
_uriish = st.builds(
    _uriish_text,
    st.sampled_from(["http:", "", "a+b:", "1x:"]),
    _literal | st.text(_ALPHABET, max_size=8),
    st.text(_ALPHABET, max_size=12),
    st.sampled_from(["", "?q", "#f", "?a#b#"]),
    st.sampled_from(["", "\n", "\n\n"]),
)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(st.text(_ALPHABET, max_size=40), _uriish))
def test_generated_disagreements_are_all_documented(text: str) -> None:
    for rule, peer_rule in RULES:
        if _ours(text, rule) != _theirs(text, peer_rule):
            assert explain(text, rule, peer_rule) is not None, (text, rule)
