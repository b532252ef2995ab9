"""match_all: level 4 matching (RFC 6570 1.4, 2.4): prefixes, exploded lists and
associative arrays, and the templates whose split is not unique, refused by name."""

from __future__ import annotations

import pytest

from tests.template.test_suite import ALL, Case
from urikit import URITemplate


@pytest.mark.parametrize(
    ("template", "uri", "values"),
    [
        # RFC 6570 3.2.6, 3.2.7, 3.2.8: exploded lists and associative arrays
        ("{/list*}", "/red/green/blue", {"list": ["red", "green", "blue"]}),
        (
            "{/keys*}",
            "/semi=%3B/dot=./comma=%2C",
            {"keys": {"semi": ";", "dot": ".", "comma": ","}},
        ),
        ("{;list*}", ";list=red;list=green", {"list": ["red", "green"]}),
        ("{?keys*}", "?semi=%3B&dot=.", {"keys": {"semi": ";", "dot": "."}}),
        ("X{.list*}", "X.red.green.blue", {"list": ["red", "green", "blue"]}),
        ("{&list*}", "&list=a&list=b", {"list": ["a", "b"]}),
        # RFC 6570 2.4.1: a prefix reads as its string
        ("{var:3}/x", "val/x", {"var": "val"}),
        ("{+path:6}/here", "/foo/b/here", {"path": "/foo/b"}),
        # an exploded variable last in its group, after others
        (
            "/u/{id}{/path*}{?q,opts*}",
            "/u/7/a/b?q=x&k=v",
            {"id": "7", "path": ["a", "b"], "q": "x", "opts": {"k": "v"}},
        ),
    ],
)
def test_match_all(template: str, uri: str, values: dict[str, object]) -> None:
    found = URITemplate(template).match_all(uri)
    assert found == values
    assert found is not None and str(URITemplate(template).expand(found)) == uri


@pytest.mark.parametrize(
    ("template", "collide"),
    [("{/a*}{/b}", "{/a*} and {/b}"), ("{?a*,b}", "a* and b"), ("{/a*,b}", "a* and b")],
)
def test_ambiguous_splits_are_refused_naming_the_expressions(template: str, collide: str) -> None:
    with pytest.raises(ValueError, match="collide") as info:
        URITemplate(template).match_all("/x")
    assert collide in str(info.value)


def test_match_keeps_to_levels_1_to_3() -> None:
    with pytest.raises(ValueError, match="match_all"):
        URITemplate("{/a*}").match("/x")
    assert URITemplate("/users/{user}").match_all("/users/al") == {"user": "al"}


def _readable(case: Case) -> bool:
    try:
        URITemplate(case.template).match_all("")
    except ValueError:
        return False
    return True


@pytest.mark.parametrize(
    "case",
    [c for c in ALL if c.expected is not None and _readable(c)],
    ids=lambda case: f"{case.where} {case.template}",
)
def test_suite_expansions_read_back(case: Case) -> None:
    """Every expansion of the uritemplate-test suite that match_all reads gives values
    that expand to it again (RFC 6570 1.4: matching is the reverse of expansion)."""
    template = URITemplate(case.template)
    for uri in case.expected or ():
        found = template.match_all(uri)
        if found is not None:
            assert str(template.expand(found)) in (case.expected or ())


def test_the_suite_reads_back_at_level_4() -> None:
    """Not vacuous: match_all reads the expansions of many level 4 suite cases."""
    read = 0
    for case in ALL:
        if case.expected is None or not _readable(case) or "*" not in case.template:
            continue
        template = URITemplate(case.template)
        read += sum(template.match_all(uri) is not None for uri in case.expected)
    assert read >= 50
