"""Messages that fit: the advice in an error fits the rule that failed (RFC 2.1, 3.1),
and text that looks like a URI written without its scheme says so."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import urikit
from urikit import Builder, InvalidURIError, Policy, RuleName
from urikit._syntax.rfc3986 import RULE_NAMES, admits_percent
from urikit.cli import main

Capture = pytest.CaptureFixture[str]

# Rules without pct-encoded anywhere inside (RFC 3986 Appendix A).
NO_PERCENT = [name for name in RULE_NAMES if not admits_percent(name)]


def _error(text: str, rule: RuleName = "URI-reference") -> InvalidURIError:
    with pytest.raises(InvalidURIError) as caught:
        urikit.validate(text, rule)
    return caught.value


def test_rules_that_admit_percent_encoding_rfc_2_1() -> None:
    """The components with pct-encoded in their ABNF, and those without (3.1, 3.2.3)."""
    for name in ("userinfo", "reg-name", "host", "path", "segment", "query", "fragment"):
        assert admits_percent(name)
    for name in ("scheme", "port", "IPv4address", "IPv6address", "IPvFuture", "ALPHA"):
        assert not admits_percent(name)


@given(st.sampled_from(NO_PERCENT), st.text(alphabet=" \\%é\x7fa1:", min_size=1, max_size=6))
def test_no_percent_advice_where_no_percent_encoding_fits(rule: RuleName, text: str) -> None:
    if urikit.is_valid(text, rule):
        return
    reason = _error(text, rule).reason
    assert "%20" not in reason
    assert "%5C" not in reason
    assert "percent-encod" not in reason or "zone identifier" in reason


def test_space_in_a_scheme_gets_the_scheme_rule_rfc_3_1() -> None:
    reason = _error("ht tp", "scheme").reason
    assert "%20" not in reason
    assert "a scheme is a letter, then letters, digits, '+', '-' or '.'" in reason
    with pytest.raises(InvalidURIError) as caught:
        Builder().scheme("ht tp")
    assert caught.value.reason == reason
    # Where percent-encoding fits, the advice stays.
    assert "percent-encoded as %20" in _error("a b").reason


def test_cli_gives_the_library_advice(capsys: Capture) -> None:
    assert main(["build", "--scheme", "ht tp", "--host", "h"]) == 1
    err = capsys.readouterr().err
    with pytest.raises(InvalidURIError) as caught:
        Builder().scheme("ht tp")
    # The same words; the 0-based position gives way to the 1-based column.
    assert err.startswith(f"urikit build:3: {caught.value.message}\n".replace(" at position 2", ""))


@pytest.mark.parametrize(
    ("text", "rule"),
    [("fe80::1%eth0", "IPv6address"), ("http://[fe80::1%25eth0]/", "URI-reference")],
)
def test_zone_identifiers_are_explained_rfc_9844(text: str, rule: RuleName) -> None:
    """RFC 9844 obsoleted RFC 6874: a zone identifier is not part of a URI, in an
    IP-literal or in the IPv6address rule alone; both say so the same way."""
    error = _error(text, rule)
    assert error.rule == "IPv6address"
    assert error.position == text.index("%")
    assert "zone identifier" in error.reason
    assert "RFC 9844" in error.reason


@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        ("search.example:443", "'search.example:443' reads as scheme 'search.example'"),
        ("localhost:8080/x", "'localhost:8080' reads as scheme 'localhost'"),
        ("www.example.com/a", "write 'https://' before 'www.'"),
        ("WWW.example.com", "write 'https://' before 'www.'"),
    ],
)
def test_missing_scheme_hint_in_a_policy(text: str, wanted: str) -> None:
    first = Policy(schemes={"https"}, require_host=True).problems(text)[0]
    assert first.code in {"scheme-not-allowed", "scheme-required"}
    assert "missing scheme? " in first.message
    assert wanted in first.message
    # Said once: the second problem (no host) carries no copy of it.
    assert all(
        "missing scheme" not in p.message
        for p in Policy(schemes={"https"}, require_host=True).problems(text)[1:]
    )
    only_host = Policy(require_host=True).problems(text)
    if only_host:
        assert "missing scheme? " in only_host[0].message


@pytest.mark.parametrize("text", ["mailto:a@b", "foo:80", "urn:isbn:0451450523", "a.b:c"])
def test_no_missing_scheme_hint_for_real_schemes(text: str) -> None:
    problems = Policy(schemes={"https"}, require_host=True).problems(text)
    assert problems
    assert all("missing scheme" not in p.message for p in problems)


def test_missing_scheme_hint_in_a_syntax_error() -> None:
    """As a URI (RFC 3) "www.example.com/a" has no scheme: the error says what to add."""
    error = _error("www.example.com/a", "URI")
    assert (error.rule, error.component) == ("scheme", "scheme")
    assert "missing scheme? write 'https://' before 'www.'" in error.message
