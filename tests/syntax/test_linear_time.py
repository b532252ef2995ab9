"""Linear time on adversarial input, proven by growth ratios rather than absolute timings.

For each family of inputs, ``is_valid`` and ``validate`` are timed at about 1e4, 1e5 and
1e6 characters; each step may grow the CPU time about linearly (tests/growth.py: 25x for
10x more input, where quadratic work takes 100x), and 1e6 is only tried once 1e5 has
grown sanely, so a quadratic regression fails fast instead of running for minutes. The
error position is checked at every size too.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

import pytest

import urikit
from tests.growth import assert_linear
from urikit import InvalidURIError, RuleName
from urikit._syntax.rfc3986 import RULE_NAMES

SIZES = (10_000, 100_000, 1_000_000)


@dataclass(frozen=True)
class Family:
    name: str
    rule: RuleName
    build: Callable[[int], str]  # an input of about n characters
    position: Callable[[str], int | None]  # expected error position; None if valid


def _end(text: str) -> int:
    return len(text)


def _last(text: str) -> int:
    return len(text) - 1


def _at(p: int) -> Callable[[str], int]:
    """A fixed position; shorter inputs end early (they are viable prefixes)."""
    return lambda text: min(p, len(text))


def _valid(text: str) -> None:
    return None


_URI_REF: RuleName = "URI-reference"

FAMILIES = (
    # From the issue / DESIGN.md.
    Family("pct-then-lone-%", _URI_REF, lambda n: "x:" + "%41" * (n // 3) + "%", _end),
    Family("long-host-then-NUL", _URI_REF, lambda n: "http://" + "a" * n + "\0", _last),
    # "http://[" + 8 groups "1:1:...:1" is complete; the 8th ":" has no continuation.
    Family("ipv6-groups", _URI_REF, lambda n: "http://[" + "1:" * (n // 2), _at(23)),
    Family("segments-then-space", _URI_REF, lambda n: "/a" * (n // 2) + " ", _last),
    # "http://a@a" is viable; the second "@" is not (userinfo has no "@").
    Family("many-at-signs", _URI_REF, lambda n: "http://" + "a@" * (n // 2), _at(10)),
    Family("many-percents", _URI_REF, lambda n: "?" + "%" * n, _at(2)),
    Family("many-double-colons", _URI_REF, lambda n: "http://[" + "::" * (n // 2) + "]", _at(10)),
    Family("scheme-then-colon", "scheme", lambda n: "a" * n + ":", lambda t: len(t) - 1),
    Family("port-then-letter", "port", lambda n: "1" * n + "x", _last),
    # Our own.
    Family("rootless-colons", _URI_REF, lambda n: "a:" * (n // 2), _valid),
    Family("userinfo-colons", _URI_REF, lambda n: "//" + "a:" * (n // 2) + "@", _valid),
    Family("path-then-lone-%", _URI_REF, lambda n: "http://h/" + "a/" * (n // 2) + "%", _end),
    Family("dotted-reg-name", _URI_REF, lambda n: "http://" + "1.1.1.1" * (n // 7) + ":", _valid),
    # Port or userinfo? "h:111x" may still be userinfo, so the "/" is the error.
    Family("port-or-userinfo", _URI_REF, lambda n: "http://h:" + "1" * n + "x/", _last),
    Family(
        "userinfo-and-port", "URI", lambda n: "s://u:" + "1" * n + "@h:" + "2" * n + "/", _valid
    ),
    Family("second-hash", _URI_REF, lambda n: "#" + "?/" * (n // 2) + "#", _last),
    Family("noscheme-colon", "path-noscheme", lambda n: "a" * n + ":", _last),
    Family("long-h16", _URI_REF, lambda n: "http://[" + "1" * n + "]", _at(12)),
    Family("colons-userinfo-or-host", "authority", lambda n: ":" * n + "x", _end),
    Family("ipvfuture-digits", "IPvFuture", lambda n: "v" + "1" * n, _end),
    Family("query-escapes-then-bad", "URI", lambda n: "a:?" + "%aF" * (n // 3) + "%a", _end),
    Family("fragment-then-bracket", _URI_REF, lambda n: "#" + "a" * n + "[", _last),
    # RFC 3987: non-ASCII classes, astral characters, iprivate where it is refused.
    Family(
        "iri-ucschar-then-bidi", "IRI", lambda n: "http://h/" + "é😀" * (n // 2) + "\u202e", _last
    ),
    Family("iri-private-in-path", "IRI", lambda n: "http://h/" + "\ue000" * n, _at(9)),
    Family("iri-query-private", "IRI-reference", lambda n: "?" + "\ue000é" * (n // 2), _valid),
    Family("iri-host-labels", "IRI", lambda n: "http://" + "ü." * (n // 2) + "\ufffe", _last),
    Family("iri-noscheme-colon", "ipath-noscheme", lambda n: "é" * n + ":", _last),
)


def _check_verdict(family: Family, text: str) -> None:
    expected = family.position(text)
    assert urikit.is_valid(text, family.rule) is (expected is None)
    if expected is None:
        urikit.validate(text, family.rule)  # returns (None) without raising
        return
    with pytest.raises(InvalidURIError) as info:
        urikit.validate(text, family.rule)
    assert info.value.position == expected


def _validate_quietly(text: str, rule: RuleName) -> None:
    try:
        urikit.validate(text, rule)
    except InvalidURIError as error:
        str(error)  # located when first read: the scan is part of the time


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.name)
def test_verdicts_and_positions(family: Family) -> None:
    for n in (10, 1000, *SIZES):
        _check_verdict(family, family.build(n))


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.name)
@pytest.mark.parametrize("operation", ["is_valid", "validate"])
def test_time_grows_linearly(family: Family, operation: str) -> None:
    rule = family.rule

    def runner(text: str) -> Callable[[], object]:
        if operation == "is_valid":
            return lambda: urikit.is_valid(text, rule)
        return lambda: _validate_quietly(text, rule)

    runner(family.build(100))()  # compile the patterns outside the measurement
    assert_linear(lambda n: runner(family.build(n)), SIZES, label=f"{operation} / {family.name}")


@pytest.mark.parametrize("rule", RULE_NAMES)
def test_rule_regex_compiles_with_re(rule: RuleName) -> None:
    """Every rule's source compiles with the standard ``re`` (stricter about repeats)."""
    info = urikit.rules[rule]
    assert info.name == rule
    pattern = re.compile(info.regex)
    for text in ("", "a", "1", "%41", "http://a/b?c#d", "[::1]", "1.2.3.4", "\n"):
        assert (pattern.fullmatch(text) is not None) is urikit.is_valid(text, rule)
