"""pydantic field types: parsed values in, pydantic errors out, strings in JSON."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Annotated

import pytest
from pydantic import BaseModel, TypeAdapter, ValidationError
from pydantic_core import ErrorDetails

from urikit import URI, Policy, RelativeReference, URIReference, parse
from urikit.integrations.pydantic import (
    AbsoluteURIField,
    PolicyURI,
    RelativeReferenceField,
    URIField,
    URIReferenceField,
)

HTTPS = Policy(schemes={"https"}, require_host=True, max_length=200)


class Service(BaseModel):
    endpoint: URIField
    docs: URIReferenceField | None = None
    callback: Annotated[URIReference, PolicyURI(HTTPS)] | None = None
    links: list[URIReferenceField] = []


def _ctx(error: ErrorDetails) -> dict[str, object]:
    """The error's context: our errors always carry one (position, rule, component...)."""
    ctx = error.get("ctx")
    assert ctx is not None, error
    return ctx


def test_fields_hold_parsed_values() -> None:
    service = Service.model_validate(
        {"endpoint": "http://api.example.com/v1", "docs": "../docs#intro", "links": ["/a"]}
    )
    assert isinstance(service.endpoint, URI)
    assert service.endpoint == parse("http://api.example.com/v1")
    assert isinstance(service.docs, RelativeReference)
    assert service.docs.fragment == "intro"
    assert service.links == [parse("/a")]


def test_json_mode_serializes_to_the_string() -> None:
    data: dict[str, object] = {
        "endpoint": "HTTP://h/%7e?q#f",
        "docs": "a",
        "callback": "https://h/cb",
        "links": [],
    }
    service = Service.model_validate_json(json.dumps(data))
    assert json.loads(service.model_dump_json()) == data  # exactly as written (RFC 5.3)
    assert service.model_dump(mode="json") == data
    assert Service.model_validate_json(service.model_dump_json()) == service


def test_syntax_error_is_a_pydantic_error_with_position() -> None:
    with pytest.raises(ValidationError) as info:
        Service.model_validate({"endpoint": "http://exa mple.com/"})
    (error,) = info.value.errors()
    assert error["type"] == "uri_syntax"
    assert error["loc"] == ("endpoint",)
    assert error["msg"].startswith("invalid character ' ' at position 10 in host")
    ctx = _ctx(error)
    assert (ctx["position"], ctx["rule"], ctx["component"]) == (10, "reg-name", "host")


def test_uri_field_requires_a_scheme_rfc_3() -> None:
    with pytest.raises(ValidationError) as info:
        Service.model_validate({"endpoint": "//example.com/"})
    assert info.value.errors()[0]["type"] == "uri_syntax"


def test_policy_field_reports_the_policy_message() -> None:
    with pytest.raises(ValidationError) as info:
        Service.model_validate({"endpoint": "http://h", "callback": "ftp://example.com/"})
    (error,) = info.value.errors()
    assert error["type"] == "uri_policy"
    assert error["msg"] == "scheme 'ftp' is not allowed; use https"
    assert _ctx(error)["code"] == "scheme-not-allowed"
    assert _ctx(error)["position"] == 0


def test_non_string_input_is_rejected() -> None:
    with pytest.raises(ValidationError) as info:
        Service.model_validate({"endpoint": 42})
    assert info.value.errors()[0]["type"] == "uri_type"


def test_urikit_values_are_accepted_in_python_mode() -> None:
    uri = parse("https://example.com/")
    assert Service.model_validate({"endpoint": uri}).endpoint == uri
    with pytest.raises(ValidationError):
        Service.model_validate({"endpoint": parse("relative/path")})


def test_absolute_and_relative_fields_rfc_4_2_4_3() -> None:
    absolute = TypeAdapter(AbsoluteURIField)
    assert absolute.validate_python("http://a/b?c") == parse("http://a/b?c")
    with pytest.raises(ValidationError):
        absolute.validate_python("http://a/b#frag")
    relative = TypeAdapter(RelativeReferenceField)
    assert relative.validate_python("g;x?y#s") == parse("g;x?y#s")
    with pytest.raises(ValidationError):
        relative.validate_python("http:g")


def test_json_schema_says_format_uri() -> None:
    schema = Service.model_json_schema()
    props = schema["properties"]
    assert props["endpoint"] == {"type": "string", "format": "uri", "title": "Endpoint"}
    assert props["docs"]["anyOf"][0] == {"type": "string", "format": "uri-reference"}
    assert props["links"]["items"] == {"type": "string", "format": "uri-reference"}
    callback = props["callback"]["anyOf"][0]
    assert callback == {"type": "string", "format": "uri", "maxLength": 200}


def test_policy_with_normalize_stores_the_normalized_value() -> None:
    adapter = TypeAdapter(Annotated[URIReference, PolicyURI(Policy(normalize=True))])
    assert str(adapter.validate_python("HTTP://Example.COM:80/a/../b")) == "http://example.com/b"


# -- the classes themselves as annotations (no URIField needed) ----------------------------


class Plain(BaseModel):
    uri: URI
    ref: URIReference
    rel: RelativeReference | None = None


class WithFields(BaseModel):
    uri: URIField
    ref: URIReferenceField
    rel: RelativeReferenceField | None = None


@pytest.mark.parametrize(
    "data",
    [
        {"uri": "https://h/p", "ref": "../a?b#c", "rel": "g;x"},  # RFC 5.4.1 shapes
        {"uri": "a/b", "ref": "a b", "rel": "http://h/"},  # each field invalid (RFC 3, 4.1, 4.2)
        {"uri": "http://[::1", "ref": "%zz", "rel": None},
        {"uri": 3, "ref": b"x"},
    ],
)
def test_classes_validate_as_the_fields_do(data: dict[str, object]) -> None:
    """URI, RelativeReference and URIReference as annotations: the same values, the
    same errors (type, message, ctx) as URIField, RelativeReferenceField, URIReferenceField."""

    def outcome(model: type[BaseModel]) -> object:
        try:
            return model.model_validate(data).model_dump()
        except ValidationError as error:
            return error.errors(include_url=False)

    assert outcome(Plain) == outcome(WithFields)


def test_classes_give_the_fields_json_schema() -> None:
    plain = Plain.model_json_schema()
    assert plain["properties"] == WithFields.model_json_schema()["properties"]
    assert plain["properties"]["uri"] == {"type": "string", "format": "uri", "title": "Uri"}
    assert plain["properties"]["ref"]["format"] == "uri-reference"  # one schema, not anyOf


def test_union_is_one_validator_not_two() -> None:
    """URIReference (RFC 4.1) reports one error, as URIReferenceField does."""
    with pytest.raises(ValidationError) as caught:
        TypeAdapter(URIReference).validate_python("a b")
    (error,) = caught.value.errors()
    assert (error["type"], _ctx(error)["rule"]) == ("uri_syntax", "path-noscheme")
    assert TypeAdapter(URIReference).validate_json('"http:g"') == parse("http:g")
    assert TypeAdapter(list[URI]).dump_json([URI.parse("http://h/")]) == b'["http://h/"]'


def test_import_urikit_does_not_import_pydantic() -> None:
    code = (
        "import sys, urikit\n"
        "urikit.parse('http://h/'), urikit.URI, urikit.RelativeReference, urikit.URIReference\n"
        "print('pydantic' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.stdout.strip() == "False", done.stderr


# -- PolicyURI: every problem, typed values -------------------------------------------------

SAFE = Policy(schemes={"https"}, allow_userinfo=False, allow_internal_host=False)


class Hook(BaseModel):
    url: Annotated[URI, PolicyURI(SAFE)]


def test_every_problem_is_its_own_error_with_position() -> None:
    with pytest.raises(ValidationError) as info:
        Hook.model_validate({"url": "http://u@127.0.0.1/x"})
    errors = info.value.errors()
    assert [e["type"] for e in errors] == ["uri_policy", "uri_policy", "uri_policy"]
    assert [_ctx(e).get("code") for e in errors] == [
        "scheme-not-allowed",
        "userinfo-forbidden",
        "internal-host-forbidden",
    ]
    assert [_ctx(e)["position"] for e in errors] == [0, 7, 9]
    assert all(e["loc"] == ("url",) for e in errors)


def test_a_syntax_error_is_the_only_error() -> None:
    """The policy's rules are not judged on text that is no URI."""
    with pytest.raises(ValidationError) as info:
        Hook.model_validate({"url": "http://u@127.0.0.1/ x"})
    (error,) = info.value.errors()
    assert error["type"] == "uri_syntax"
    assert (_ctx(error)["position"], _ctx(error)["rule"]) == (19, "path-abempty")


def test_syntax_errors_keep_their_type_under_a_policy() -> None:
    with pytest.raises(ValidationError) as info:
        Hook.model_validate({"url": "https://exa mple.com/"})
    (error,) = info.value.errors()
    assert error["type"] == "uri_syntax"
    assert _ctx(error)["component"] == "host"


def test_the_stored_value_matches_the_annotation() -> None:
    assert isinstance(Hook(url="https://example.com/").url, URI)  # type: ignore[arg-type]
    relative = TypeAdapter(Annotated[RelativeReference, PolicyURI(Policy(require="relative"))])
    assert isinstance(relative.validate_python("/x"), RelativeReference)
    either = TypeAdapter(Annotated[URIReference, PolicyURI(Policy(require="relative"))])
    assert isinstance(either.validate_python("/x"), RelativeReference)


@pytest.mark.parametrize(
    ("annotation", "policy"),
    [
        (URI, Policy(require="relative")),
        (URI, Policy(require="any")),
        (RelativeReference, Policy()),
        (str, Policy()),
    ],
)
def test_a_mismatch_of_annotation_and_policy_is_a_schema_time_error(
    annotation: object, policy: Policy
) -> None:
    with pytest.raises(TypeError, match="annotate it"):
        TypeAdapter(Annotated[annotation, PolicyURI(policy)])  # type: ignore[arg-type]


def test_the_issue_example_is_refused_when_the_class_is_defined() -> None:
    with pytest.raises(TypeError, match="RelativeReference"):

        class Wrong(BaseModel):
            url: Annotated[URI, PolicyURI(Policy(require="relative"))]

        _ = Wrong  # not reached: defining the class raises
