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
        # RFC 6570 3.2.1: a list in a non-exploded variable, its items joined by ","
        # (a "," in a string would have been encoded, so the list is the one reading)
        ("/search/{term}", "/search/foo,baz", {"term": ["foo", "baz"]}),
        ("{;term}", ";term=foo,baz", {"term": ["foo", "baz"]}),
        ("{?term}", "?term=foo,baz", {"term": ["foo", "baz"]}),
        (
            "prefix/{someArray}/suffix",
            "prefix/a,b,c%2Fd,e.f,g%2Ch%2Ci/suffix",
            {"someArray": ["a", "b", "c/d", "e.f", "g,h,i"]},
        ),
        ("{/x,y}", "/a,b/c", {"x": ["a", "b"], "y": "c"}),
        # RFC 6570 2.4.1: a prefix beside the full variable reads as the full value
        (
            "/no/{term:1}/random/{term}/{test*}/foo{?query,number}",
            "/no/j/random/john/a,b,c/foo?query=1,2,3&number=10",
            {"term": "john", "test": ["a", "b", "c"], "query": ["1", "2", "3"], "number": "10"},
        ),
        ("/{term}/x/{term:2}", "/john/x/jo", {"term": "john"}),
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


@pytest.mark.parametrize(
    ("template", "uri"),
    [
        ("/{term}/x/{term:2}", "/john/x/ja"),  # no one value has both readings
        ("{x,y}", "a,b,c"),  # a list in x or in y: both expand back
    ],
)
def test_no_values_where_no_reading_or_several_expand_back(template: str, uri: str) -> None:
    assert URITemplate(template).match_all(uri) is None


def test_a_string_that_may_hold_a_comma_stays_a_string() -> None:
    """In reserved expansion (RFC 6570 3.2.3) a "," is written as it is: a string."""
    assert URITemplate("{+x}").match_all("a,b") == {"x": "a,b"}
    assert URITemplate("{?term}").match("?term=foo,baz") is None  # match(): strings only
