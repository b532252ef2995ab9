"""Properties of URI Template expansion (RFC 6570) over generated templates and values."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import urikit
from urikit import TemplateExpansionError, URITemplate
from urikit.template import TemplateValue

NAMES = ("a", "b", "c", "x.y", "v%20w")
OPERATORS = ("", "+", "#", ".", "/", ";", "?", "&")

# Any character a value may hold: lone surrogates have no UTF-8 form (tested apart).
TEXT = st.text(st.characters(codec="utf-8"), max_size=12)
SCALAR = TEXT | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
VALUE: st.SearchStrategy[TemplateValue] = st.one_of(
    st.none(),
    SCALAR,
    st.lists(SCALAR, max_size=4),
    st.dictionaries(TEXT, st.none() | SCALAR, max_size=4),
    st.lists(st.tuples(TEXT, st.none() | SCALAR), max_size=4),
)
VALUES = st.dictionaries(st.sampled_from(NAMES), VALUE)

LITERAL = st.text(
    st.sampled_from("!#$&'()*+,-./:;=?@[]_~azAZ09") | st.characters(min_codepoint=0xA0),
    max_size=6,
).filter(lambda text: _is_template(text))
PCT = st.sampled_from(["%20", "%2F", "%c3%a9", "%25"])


def _is_template(text: str) -> bool:
    try:
        URITemplate(text)
    except urikit.InvalidTemplateError:
        return False
    return True


@st.composite
def varspecs(draw: st.DrawFn) -> str:
    name = draw(st.sampled_from(NAMES))
    modifier = draw(st.sampled_from(["", "*", ":1", ":3", ":9999"]))
    return name + modifier


@st.composite
def expressions(draw: st.DrawFn, operators: tuple[str, ...] = OPERATORS) -> str:
    specs = draw(st.lists(varspecs(), min_size=1, max_size=3))
    return "{" + draw(st.sampled_from(operators)) + ",".join(specs) + "}"


@st.composite
def templates(draw: st.DrawFn) -> str:
    pieces = draw(st.lists(LITERAL | PCT | expressions(), max_size=6))
    return "".join(pieces)


@settings(max_examples=400, deadline=None)
@given(templates(), VALUES)
def test_an_expansion_is_a_valid_reference_or_names_its_cause(
    text: str, values: dict[str, TemplateValue]
) -> None:
    """Whatever the values, expand() gives a valid URI-reference (RFC 3986 4.1) or says
    which variable (or the template's own text) stands in the way."""
    template = URITemplate(text)
    try:
        result = template.expand(values)
    except TemplateExpansionError as error:
        assert error.variable is None or error.variable in template.variables
        if error.code == "template-invalid-result":
            assert isinstance(error.__cause__, urikit.InvalidURIError)
        return
    assert urikit.is_valid(str(result))
    assert urikit.parse(str(result)) == result


@st.composite
def safe_templates(draw: st.DrawFn) -> str:
    """An authority, then path and query expressions in their places."""
    path = draw(st.lists(st.sampled_from(["/p"]) | expressions(("", ".", "/", ";")), max_size=3))
    query = draw(st.lists(expressions(("?", "&")), max_size=2))
    return "http://example.com/" + "".join(path + query)


SAFE_VALUES = st.dictionaries(
    st.sampled_from(NAMES),
    st.one_of(st.none(), TEXT, st.lists(TEXT, max_size=3), st.dictionaries(TEXT, TEXT)),
)


@settings(max_examples=300, deadline=None)
@given(safe_templates(), SAFE_VALUES)
def test_expressions_in_their_component_always_give_a_uri(
    text: str, values: dict[str, TemplateValue]
) -> None:
    """Unreserved-only expansions (3.2.2, 3.2.5-3.2.9) in the path and the query cannot
    break the syntax: expand() never fails for them, whatever the values."""
    template = URITemplate(text.replace(":1", "").replace(":3", "").replace(":9999", ""))
    result = template.expand(values)
    assert isinstance(result, urikit.URI)
    assert result.host == "example.com"


@given(TEXT, st.sampled_from(["", "/", ".", ";", "?", "&"]))
def test_a_string_expansion_decodes_back_to_the_value(value: str, operator: str) -> None:
    """3.2.2: a string is percent-encoded as UTF-8, so decoding gives it back."""
    expanded = str(URITemplate("{" + operator + "v}").expand(v=value))
    first = {"": "", "/": "/", ".": ".", ";": ";v", "?": "?v=", "&": "&v="}[operator]
    assert expanded.startswith(first)
    encoded = expanded[len(first) :]
    if operator == ";" and encoded:
        encoded = encoded.removeprefix("=")
    assert urikit.unquote(encoded) == value


@given(TEXT, st.integers(min_value=1, max_value=20))
def test_a_prefix_counts_characters(value: str, length: int) -> None:
    """2.4.1: the prefix is the first max-length characters, never part of one."""
    expanded = str(URITemplate(f"{{v:{length}}}").expand(v=value))
    assert urikit.unquote(expanded) == value[:length]


@given(st.text(st.characters(codec="utf-8").filter(lambda c: c != "%"), max_size=12))
def test_reserved_expansion_keeps_what_a_uri_allows(value: str) -> None:
    """3.2.3: reserved and unreserved characters pass, others are encoded; the result
    is refused only where RFC 3986 has no place for a character passed as it is:
    '[' and ']' outside an IP-literal (3.2.2), a second '#' (3.5), or, where the value
    starts with '/', an authority after the template's '/' (3.2) whose port is not
    digits (3.2.3: '/:A' makes '//:A')."""
    try:
        expanded = str(URITemplate("/{+v}").expand(v=value))
    except TemplateExpansionError as error:
        assert error.variable == "v"
        assert "[" in value or "]" in value or value.count("#") > 1 or value.startswith("/")
        return
    assert urikit.unquote(expanded) == "/" + value
