"""jsonschema's uri / uri-reference / iri / iri-reference formats checked by urikit
(JSON Schema 7.3.5)."""

from __future__ import annotations

import jsonschema
import pytest

import urikit
from urikit.integrations.jsonschema import (
    add_uri_checks,
    format_checker,
    is_iri,
    is_iri_reference,
    is_uri,
    is_uri_reference,
)

SCHEMA = {
    "type": "object",
    "properties": {
        "home": {"type": "string", "format": "uri"},
        "link": {"format": "uri-reference"},
    },
}


# RFC 3987: "iri" and "iri-reference".
IRI_SCHEMA = {
    "type": "object",
    "properties": {
        "home": {"type": "string", "format": "iri"},
        "link": {"format": "iri-reference"},
    },
}


@pytest.mark.parametrize(
    ("schema", "instance"),
    [
        (SCHEMA, {"home": "https://example.com/", "link": "../a?b#c"}),
        (SCHEMA, {"home": "urn:oasis:names:specification:docbook:dtd:xml:4.1.2", "link": ""}),
        (SCHEMA, {"home": "ldap://[2001:db8::7]/c=GB?objectClass?one", "link": "//h"}),
        (SCHEMA, {"link": 42}),  # a format applies to strings only
        (
            IRI_SCHEMA,
            {"home": "https://b\u00fccher.example/stra\u00dfe?q=caf\u00e9", "link": "../\u00e9"},
        ),
        (
            IRI_SCHEMA,
            {"home": "http://example.com/\U00010300", "link": "?\ue000"},
        ),  # iprivate: query only
        (IRI_SCHEMA, {"home": "urn:isbn:0451450523", "link": ""}),  # every URI is an IRI
    ],
)
def test_valid_instances_pass(schema: dict[str, object], instance: dict[str, object]) -> None:
    jsonschema.validate(instance, schema, format_checker=format_checker())


@pytest.mark.parametrize(
    ("schema", "instance", "position", "rule"),
    [
        (SCHEMA, {"home": "http://exa mple.com/"}, 10, "reg-name"),
        (SCHEMA, {"home": "example.com/path"}, 11, "scheme"),  # "uri" needs a scheme (RFC 3)
        (SCHEMA, {"home": "http://[::1/"}, 11, "IPv6address"),
        (SCHEMA, {"link": "a b"}, 1, "path-noscheme"),
        (SCHEMA, {"link": "%zz"}, 1, "pct-encoded"),
        (IRI_SCHEMA, {"home": "http://a/\u202eb"}, 9, "ipath-abempty"),  # RFC 3987 4.1
        (IRI_SCHEMA, {"home": "b\u00fccher.example"}, 1, "scheme"),  # "bü" can start no scheme
        (IRI_SCHEMA, {"link": "#\ue000"}, 1, "ifragment"),
        (IRI_SCHEMA, {"link": "\ufffe"}, 0, "ipath-noscheme"),
    ],
)
def test_invalid_instances_fail_with_urikit_cause(
    schema: dict[str, object], instance: dict[str, object], position: int, rule: str
) -> None:
    with pytest.raises(jsonschema.ValidationError) as info:
        jsonschema.validate(instance, schema, format_checker=format_checker())
    cause = info.value.cause
    assert isinstance(cause, urikit.InvalidURIError)
    assert (cause.position, cause.rule) == (position, rule)


def test_checks_replace_the_packages_own() -> None:
    """A trailing newline is no URI (RFC 3986 has no rule for it); rfc3987's "$" says yes."""
    checker = jsonschema.FormatChecker(formats=["uri"])
    add_uri_checks(checker)
    assert not checker.conforms("http://example.com/\n", "uri")
    assert checker.conforms("http://example.com/", "uri")
    assert checker.checkers["uri"][0] is is_uri


def test_add_uri_checks_returns_the_same_checker_and_keeps_others() -> None:
    checker = jsonschema.FormatChecker(formats=["email"])
    assert add_uri_checks(checker) is checker
    assert set(checker.checkers) == {"email", "uri", "uri-reference", "iri", "iri-reference"}
    assert not checker.conforms("not-an-email", "email")


def test_format_checker_is_a_fresh_object_each_time() -> None:
    assert format_checker() is not format_checker()


def test_without_format_checker_formats_are_annotations_only() -> None:
    """JSON Schema 2020-12: without a checker, "format" does not assert."""
    jsonschema.validate({"home": "not a uri"}, SCHEMA)


def test_predicates_raise_invalid_uri_error() -> None:
    assert is_uri("a:b") and is_uri_reference("b") and is_uri(None)
    with pytest.raises(urikit.InvalidURIError):
        is_uri("b")
    with pytest.raises(urikit.InvalidURIError):
        is_uri_reference(":b")


def test_anchored_ecmascript_pattern_works_as_a_json_schema_pattern() -> None:
    """ecmascript_pattern(anchored=True) is a JSON Schema "pattern" (matched unanchored)."""
    schema = {"type": "string", "pattern": urikit.ecmascript_pattern("URI", anchored=True)}
    jsonschema.validate("http://a/b?c#d", schema)
    for bad in ("x http://a/b", "http://a/b c", "//a"):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(bad, schema)


def test_iri_checks_replace_the_gpl_packages() -> None:
    """jsonschema checks "iri" with rfc3987 alone; urikit's check refuses what 4.1 forbids
    and what rfc3987's "$" lets through (a final newline)."""
    checker = add_uri_checks(jsonschema.FormatChecker(formats=[]))
    assert set(checker.checkers) == {"uri", "uri-reference", "iri", "iri-reference"}
    assert checker.checkers["iri"][0] is is_iri
    assert checker.checkers["iri-reference"][0] is is_iri_reference
    assert not checker.conforms("http://example.com/\n", "iri")
    assert not checker.conforms("http://example.com/\u200f", "iri-reference")
    assert checker.conforms("//b\u00fccher.example", "iri-reference")
    assert not checker.conforms("//b\u00fccher.example", "uri-reference")
