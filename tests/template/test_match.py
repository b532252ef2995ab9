"""URITemplate.match: the values back out of a URI, levels 1-3 (RFC 6570 1.4)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import urikit
from urikit import URITemplate


@pytest.mark.parametrize(
    ("template", "uri", "values"),
    [
        ("/users/{id}", "/users/42", {"id": "42"}),
        ("/users/{id}", "/users/a%20b", {"id": "a b"}),
        ("/users/{id}", "/users/", {}),  # an empty expansion: undefined
        ("/files/{name}.json", "/files/a.b.json", {"name": "a.b"}),
        ("/users{/id}{?fields,page}", "/users/7?page=2", {"id": "7", "page": "2"}),
        ("/users{/id}{?fields,page}", "/users?fields=a%2Cb", {"fields": "a,b"}),
        ("/search{?q}{&page}", "/search?q=x&page=3", {"q": "x", "page": "3"}),
        ("{/a}{/b}", "/x/y", {"a": "x", "b": "y"}),
        ("{/a,b}", "/x", {"a": "x"}),  # values go to the variables in order
        ("{;x,y}", ";x;y=2", {"x": "", "y": "2"}),
        ("X{.a}", "X.b.c", {"a": "b.c"}),
        ("{+base}/here", "http://a/b/here", {"base": "http://a/b"}),
        ("{+path}", "/a%2Fb", {"path": "/a%2Fb"}),  # kept: decoding would not give it back
        ("{+path}", "/a%20b", {"path": "/a b"}),
        ("http://h{#frag}", "http://h#a/b?c", {"frag": "a/b?c"}),
        ("https://{host}/x", "https://ex%C3%A4mple.com/x", {"host": "exämple.com"}),
    ],
)
def test_match(template: str, uri: str, values: dict[str, str]) -> None:
    found = URITemplate(template).match(uri)
    assert found == values
    assert found is not None
    assert str(URITemplate(template).expand(found)) == uri


@pytest.mark.parametrize(
    ("template", "uri"),
    [
        ("/users/{id}", "/groups/42"),
        ("/users/{id}", "/users/a/b"),  # '/' is encoded in a simple expansion
        ("{?a,b}", "?b=1&a=2"),  # names come in template order
        ("{?a}", "?c=1"),
        ("{?a}", "?a"),  # '?' writes "a=" for an empty value
        ("{x}", "%FF"),  # not UTF-8: no string expands to it
        ("{x}", "%41"),  # 'A' is written as itself
    ],
)
def test_no_match(template: str, uri: str) -> None:
    assert URITemplate(template).match(uri) is None


@pytest.mark.parametrize(
    "template",
    ["{a}{b}", "{a}.{b}.json", "{/a}{.b}x{c}", "{+a}{/b}", "{x:3}", "{x*}"],
)
def test_ambiguous_or_level_4_templates_are_refused(template: str) -> None:
    with pytest.raises(ValueError, match=r"match\(\)"):
        URITemplate(template).match("x")


def test_match_takes_a_parsed_reference() -> None:
    template = URITemplate("https://api.example.com/users/{id}")
    assert template.match(urikit.parse("https://api.example.com/users/9")) == {"id": "9"}


def test_match_of_a_partial_template_leaves_the_bound_out() -> None:
    template = URITemplate("{?a,b}").partial(b="2")
    assert template.match("?a=1&b=2") == {"a": "1"}
    assert template.match("?a=1&b=3") is None


TEXT = st.text(st.characters(codec="utf-8"), max_size=8)


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(
        [
            "/users/{id}/repos{/repo}{?page,per_page}",
            "https://{host}/files/{name}.json",
            "/a{;x,y}/b{#frag}",
            "{+base}/here",
            "X{.label}",
            "/p{/s}{/t}{?q}{&r}",
        ]
    ),
    st.dictionaries(
        st.sampled_from(
            [
                "id",
                "repo",
                "page",
                "per_page",
                "host",
                "name",
                "x",
                "y",
                "frag",
                "base",
                "label",
                "s",
                "t",
                "q",
                "r",
            ]
        ),
        TEXT,
    ),
)
def test_match_gives_values_that_expand_to_the_uri(text: str, values: dict[str, str]) -> None:
    """Any match expands back to the URI; and here, where the template is delimited
    (1.4), every variable has a non-empty value and none may hold reserved characters,
    the values found are the values given."""
    template = URITemplate(text)
    try:
        uri = str(template.expand(values))
    except urikit.TemplateExpansionError:
        return  # a host or '+' value that no URI can hold
    found = template.match(uri)
    assert found is not None
    assert str(template.expand(found)) == uri
    given_values = {k: v for k, v in values.items() if k in template.variables}
    every_one = set(given_values) == set(template.variables) and all(given_values.values())
    if every_one and "+" not in text and "#" not in text:
        assert found == given_values
