"""Each rule's diagnosis (urikit._syntax.locate via urikit._syntax.compiled): where, which
rule, why."""

from __future__ import annotations

import pytest

import urikit
from urikit._syntax.compiled import compiled
from urikit._syntax.locate import Diagnosis
from urikit.errors.exceptions import location_as_given


def _error(text: str, rule: urikit.RuleName) -> urikit.InvalidURIError:
    with pytest.raises(urikit.InvalidURIError) as info:
        urikit.validate(text, rule)
    return info.value


@pytest.mark.parametrize(
    ("text", "rule", "position", "failed", "reason", "component"),
    [
        # RFC 3.2.2: IP-literal = "[" ( IPv6address / IPvFuture ) "]"
        ("http://[::1", "URI", 11, "IP-literal", "expected ']'", "host"),
        ("http://[::1:", "URI", 12, "IPv6address", "incomplete", "host"),
        ("//[1::2]x", "URI-reference", 8, "authority", "after ']'", "host"),
        ("[1::2::", "IP-literal", 6, "IPv6address", "only one '::'", "host"),
        ("1::2::", "IPv6address", 5, "IPv6address", "only one '::'", None),
        ("//[v1.x", "relative-ref", 7, "IPvFuture", "IPvFuture is 'v'", "host"),
        # RFC 3.2.3: port = *DIGIT; RFC 3.2.1: userinfo before "@"
        ("http://a:b/", "URI", 10, "port", "not digits", "port"),
        ("http://a:b c@h", "URI", 10, "userinfo", "invalid character ' '", "userinfo"),
        # RFC 3.1, 4.2: a scheme, or a relative path's first segment
        ("1http://h", "URI", 0, "scheme", "must start with a letter", "scheme"),
        ("a b:c", "URI-reference", 1, "path-noscheme", "invalid character ' '", "path"),
        ("http://h/a%2", "URI", 12, "pct-encoded", "input ended", "path"),
        # RFC 3987 2.2: an IRI rule is diagnosed as its URI twin, then named back.
        ("http://h/\u200e", "IRI", 9, "ipath-abempty", "bidirectional", "path"),
    ],
)
def test_diagnosis_names_position_rule_reason_component(
    text: str,
    rule: urikit.RuleName,
    position: int,
    failed: str,
    reason: str,
    component: str | None,
) -> None:
    # the diagnosis in the text as given (what is shown redacts a password: test_no_secrets)
    found = location_as_given(_error(text, rule))
    assert (found.position, found.rule, found.component) == (position, failed, component)
    assert reason in found.reason


def test_one_compiled_rule_per_name_with_its_parts() -> None:
    rule = compiled("URI")
    assert compiled("URI") is rule
    assert rule.pattern is compiled("URI").pattern
    assert rule.automaton is compiled("URI").automaton
    scan = rule.automaton.viable_prefix_length
    assert rule.diagnose("http://h/ x", 9, scan) == Diagnosis(
        "path-abempty", "invalid character ' ': spaces must be percent-encoded as %20", "path"
    )


def test_unknown_rule_name_is_refused_and_not_kept() -> None:
    before = compiled.cache_info().currsize
    for _ in range(2):
        with pytest.raises(ValueError, match="unknown rule"):
            compiled("URL")
    assert compiled.cache_info().currsize == before
