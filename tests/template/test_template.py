"""URITemplate: syntax errors, expansion types and checks, variables, partial (RFC 6570)."""

from __future__ import annotations

import copy
import pickle

import pytest

from urikit import (
    URI,
    InvalidTemplateError,
    InvalidURIError,
    RelativeReference,
    TemplateExpansionError,
    URIBuildError,
    URITemplate,
)
from urikit.template import TemplateValue


@pytest.mark.parametrize(
    ("text", "position", "rule"),
    [
        ("a b", 1, "literals"),  # SP is not a literal (2.1)
        ('a"b', 1, "literals"),
        ("a<b>", 1, "literals"),
        ("a\\b", 1, "literals"),
        ("a^b", 1, "literals"),
        ("a`b", 1, "literals"),
        ("a|b", 1, "literals"),
        ("a\x7fb", 1, "literals"),  # CTL
        ("a\x85b", 1, "literals"),  # C1 control: not a ucschar
        ("a\ufffeb", 1, "literals"),  # a noncharacter: not a ucschar
        ("%zz", 0, "literals"),  # '%' only as pct-encoded
        ("a}", 1, "expression"),
        ("{", 1, "varname"),
        ("{}", 1, "varname"),
        ("{x", 2, "expression"),
        ("{x{y}", 2, "expression"),
        ("{=x}", 1, "operator"),  # op-reserve (2.2)
        ("{!x}", 1, "operator"),
        ("{@x}", 1, "operator"),
        ("{|x}", 1, "operator"),
        ("{,x}", 1, "operator"),
        ("{$x}", 1, "varname"),
        ("{x,}", 3, "varname"),
        ("{x.}", 2, "expression"),
        ("{.x..y}", 3, "expression"),
        ("{x-y}", 2, "expression"),
        ("{%2x}", 1, "varname"),
        ("{x:}", 3, "max-length"),
        ("{x:0}", 3, "max-length"),  # %x31-39 first (2.4.1)
        ("{x:10000}", 7, "max-length"),  # below 10000
        ("{x:3*}", 4, "expression"),  # one modifier only
        ("{x*:3}", 3, "expression"),
    ],
)
def test_syntax_errors_are_located(text: str, position: int, rule: str) -> None:
    with pytest.raises(InvalidTemplateError) as info:
        URITemplate(text)
    assert (info.value.position, info.value.rule) == (position, rule)
    assert isinstance(info.value, InvalidURIError)
    assert "^" in str(info.value)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "plain",
        "a'b",  # erratum 6937
        "caf\u00e9/\U0001f600/\ue000",  # ucschar, iprivate
        "{x:9999}",
        "{x.y_1%20z}",
        "{+a,b:3,c*}{#d}{.e}{/f}{;g}{?h}{&i}",
    ],
)
def test_valid_templates_parse(text: str) -> None:
    assert str(URITemplate(text)) == text


def test_template_must_be_text() -> None:
    with pytest.raises(TypeError, match="template must be a str"):
        URITemplate(b"{x}")  # type: ignore[arg-type]


def test_literals_are_written_as_the_uri_needs_them() -> None:
    # 3.1: characters allowed in a URI copied, others UTF-8 percent-encoded.
    assert str(URITemplate("caf\u00e9/{x}").expand(x="1")) == "caf%C3%A9/1"
    assert str(URITemplate("x%20y").expand()) == "x%20y"


def test_expand_returns_a_parsed_reference() -> None:
    uri = URITemplate("https://api.example.com/users/{id}").expand(id="42")
    assert isinstance(uri, URI)
    assert (uri.host, uri.path) == ("api.example.com", "/users/42")
    assert isinstance(URITemplate("/users/{id}").expand(id="42"), RelativeReference)


def test_expand_takes_a_mapping_and_keywords() -> None:
    template = URITemplate("/{last.name}{?page}")
    values: dict[str, TemplateValue] = {"last.name": "Doe"}
    assert str(template.expand(values, page=2)) == "/Doe?page=2"
    assert str(template.expand(values, **{"last.name": "X"})) == "/X"


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("a b", "?v=a%20b"),
        (6, "?v=6"),
        (-1.5, "?v=-1.5"),
        (["a", 1], "?v=a,1"),
        (("a", "b"), "?v=a,b"),
        ({"k": "v", "u": None}, "?v=k,v"),  # undefined members left out (2.3)
        ([("k", "v"), ("k", "w")], "?v=k,v,k,w"),  # an array as pairs, repeats kept
        ([], ""),
        ({}, ""),
        ({"k": None}, ""),
        (None, ""),
    ],
)
def test_value_types(value: TemplateValue, expected: str) -> None:
    assert str(URITemplate("{?v}").expand(v=value)) == expected


@pytest.mark.parametrize("value", [True, b"x", object(), [["a"]], [("k", "v"), "x"], {1: "x"}])
def test_other_values_are_refused(value: object) -> None:
    with pytest.raises(TypeError, match="'v'"):
        URITemplate("{?v}").expand(v=value)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("template", "value"),
    [("{v}", "\ud800"), ("{+v}", "a\udfff"), ("{?v}", ["ok", "\ud800"]), ("{v}", {"k": "\ud800"})],
)
def test_lone_surrogate_names_the_variable(template: str, value: TemplateValue) -> None:
    """A lone surrogate has no UTF-8 form, so no pct-encoding (RFC 6570 3.2.1, RFC 3986
    2.5): the error names the variable that holds it."""
    with pytest.raises(TemplateExpansionError, match="surrogate") as info:
        URITemplate(template).expand(v=value)
    assert (info.value.variable, info.value.code) == ("v", "template-lone-surrogate")
    assert "'v'" in str(info.value) and "U+D" in str(info.value)  # which code point


class _Name(str):
    """A str subclass whose own __str__ says something else: read by its characters."""

    def __str__(self) -> str:
        return "other"


@pytest.mark.parametrize(
    ("template", "value", "expected"),
    [
        ("{/v}", _Name("abc"), "/abc"),  # a string (2.3), not a list of characters
        ("{?v}", _Name("a b"), "?v=a%20b"),
        ("{v:2}", _Name("abc"), "ab"),
        ("{?v*}", [_Name("x"), "y"], "?v=x&v=y"),
        ("{?v*}", {_Name("k"): _Name("w")}, "?k=w"),
        ("{?v*}", [(_Name("k"), _Name("w"))], "?k=w"),
    ],
)
def test_str_subclass_is_a_string(template: str, value: TemplateValue, expected: str) -> None:
    assert str(URITemplate(template).expand(v=value)) == expected


@pytest.mark.parametrize(
    ("template", "values", "variable"),
    [
        ("http://h:{port}/", {"port": "80a"}, "port"),  # port = *DIGIT (3.2.3)
        ("{scheme}://h/", {"scheme": "1x"}, "scheme"),  # ':' in a first segment (4.2)
        ("{+a}{+b}", {"a": "x", "b": "[y"}, "b"),  # '[' only in an IP-literal
        ("{#a}{#b}", {"a": "x", "b": "y"}, "b"),  # a second '#'
        ("http://[{+h}]/", {"h": "zz"}, "h"),
        ("a#b#{x}", {}, None),  # the template's own text
        ("{x}#a#b", {"x": "1"}, None),  # a literal no value can save: not x
        ("{x}{y}?q#a#b", {"x": "1", "y": "2"}, None),
        ("{+x}/[a]", {"x": "h"}, None),  # '[' only in an IP-literal (3.2.2)
    ],
)
def test_invalid_expansion_names_the_variable(
    template: str, values: dict[str, TemplateValue], variable: str | None
) -> None:
    with pytest.raises(TemplateExpansionError) as info:
        URITemplate(template).expand(values)
    error = info.value
    assert (error.code, error.variable, error.template) == (
        "template-invalid-result",
        variable,
        template,
    )
    assert isinstance(error, URIBuildError)
    assert isinstance(error.__cause__, InvalidURIError)
    if variable is not None:
        assert repr(variable) in str(error)


def test_prefix_of_a_list_names_the_variable() -> None:
    with pytest.raises(TemplateExpansionError) as info:
        URITemplate("{/a,keys:2}").expand(a="x", keys={"k": "v"})
    assert (info.value.code, info.value.variable) == ("template-prefix-composite", "keys")


def test_variables_in_order_of_first_use() -> None:
    template = URITemplate("{b}/{a,b}{?c*,a}")
    assert template.variables == ("b", "a", "c")
    assert URITemplate("no-variables").variables == ()


@pytest.mark.parametrize(
    ("text", "level"),
    [("x", 1), ("{x}", 1), ("{+x}", 2), ("{#x}", 2), ("{x,y}", 3), ("{/x}", 3), ("{x:2}", 4)],
)
def test_level(text: str, level: int) -> None:
    assert URITemplate(text).level == level


@pytest.mark.parametrize(
    ("text", "bound", "partial_text", "rest", "expected"),
    [
        ("/users/{id}{?q}", {"id": "4 2"}, "/users/4%202{?q}", {"q": "x"}, "/users/4%202?q=x"),
        ("{/a,b}", {"a": "x"}, "/x{/b}", {"b": "y"}, "/x/y"),
        ("{/a,b}", {"a": "x"}, "/x{/b}", {}, "/x"),
        ("{?a,b}", {"a": "1"}, "?a=1{&b}", {"b": "2"}, "?a=1&b=2"),
        ("{?a,b}", {"a": None}, "{?b}", {"b": "2"}, "?b=2"),
        ("{?a,b}", {"b": "2"}, "{?a,b}", {}, "?b=2"),  # b stays bound in the text
        ("{?a,b}", {"b": "2"}, "{?a,b}", {"a": "1"}, "?a=1&b=2"),
        ("{a,b}", {"a": "x"}, "{a,b}", {}, "x"),
        ("{a,b}", {"a": "x"}, "{a,b}", {"b": "y"}, "x,y"),
        ("{a}{+b}", {"a": "it's"}, "it%27s{+b}", {"b": "!"}, "it%27s!"),
    ],
)
def test_partial(
    text: str,
    bound: dict[str, TemplateValue],
    partial_text: str,
    rest: dict[str, TemplateValue],
    expected: str,
) -> None:
    template = URITemplate(text)
    partial = template.partial(bound)
    assert str(partial) == partial_text
    assert set(partial.variables) == set(template.variables) - set(bound)
    assert str(partial.expand(rest)) == expected == str(template.expand({**bound, **rest}))


def test_partial_refuses_rebinding() -> None:
    partial = URITemplate("{?a,b}").partial(b="2")
    with pytest.raises(ValueError, match="'b' is already bound"):
        partial.expand(b="3")
    assert repr(partial) == "URITemplate('{?a,b}', bound=['b'])"


def test_passwords_never_show() -> None:
    """RFC 3.2.1, 7.5: a password bound by partial() or given to expand() stays out of
    reprs and error messages."""
    template = URITemplate("https://{user}:{pw}@h:{port}/").partial(user="u", pw="s3cret")
    assert "s3cret" not in repr(template)
    with pytest.raises(TemplateExpansionError) as info:
        URITemplate("https://{user}:{pw}@h:{port}/").expand(user="u", pw="s3cret", port="x")
    assert "s3cret" not in str(info.value)
    assert info.value.variable == "port"


def test_equality() -> None:
    assert URITemplate("{x}") == URITemplate("{x}")
    assert URITemplate("{x}") != URITemplate("{y}")
    assert len({URITemplate("{x}"), URITemplate("{x}")}) == 1
    assert URITemplate("{?a,b}").partial(b="1") != URITemplate("{?a,b}")


@pytest.mark.parametrize(
    "template",
    [
        URITemplate("/users{/id}{?fields*}"),
        URITemplate("{x,y}{#f}").partial(y=["a", "b"]),  # bound, kept out of the text
        URITemplate("/a{/b}{?c}").partial(b="x"),
    ],
)
def test_template_survives_pickle_and_deepcopy(template: URITemplate) -> None:
    """A template is a value: a pickle (its text parsed again, RFC 6570 2) and a deep
    copy are equal to it and expand alike."""
    for copied in (pickle.loads(pickle.dumps(template)), copy.deepcopy(template)):
        assert copied == template
        assert (copied.variables, repr(copied)) == (template.variables, repr(template))
        values: dict[str, TemplateValue] = {"id": "4 2", "fields": ["a"], "x": "1", "c": "2"}
        assert copied.expand(values) == template.expand(values)
