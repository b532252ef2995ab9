"""The error catalogue (docs/errors.md) against the code: every cause named once."""

from __future__ import annotations

import ipaddress
import pickle
import re
from collections.abc import Callable
from pathlib import Path
from typing import get_args

import pytest

import urikit
from urikit import (
    Builder,
    InvalidTemplateError,
    InvalidURIError,
    TemplateExpansionError,
    URIBuildError,
    URITemplate,
    compose,
    parse,
)
from urikit.errors import BuildErrorCode
from urikit.policy import ProblemCode

CATALOGUE = Path(__file__).resolve().parent.parent / "docs" / "errors.md"


def _table_codes(heading_mark: str) -> list[str]:
    """The codes in the first column of the table under the heading naming ``heading_mark``."""
    text = CATALOGUE.read_text(encoding="utf-8")
    section = text.split(f"(`{heading_mark}`)", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"^\| `([a-z0-9-]+)` \|", section, flags=re.MULTILINE)


@pytest.mark.parametrize(
    ("literal_name", "codes"),
    [("BuildErrorCode", get_args(BuildErrorCode)), ("ProblemCode", get_args(ProblemCode))],
)
def test_catalogue_lists_exactly_the_codes(literal_name: str, codes: tuple[str, ...]) -> None:
    listed = _table_codes(literal_name)
    assert len(listed) == len(set(listed))
    assert sorted(listed) == sorted(codes)


def _builder_any() -> Builder:  # the typestate forbids some of these calls statically
    return Builder()


# One way to cause each URIBuildError, by code (RFC 3.2, 3.2.1, 3.2.2, 3.2.3, 3.3, 4.2).
_BUILD_ERRORS: dict[str, list[Callable[[], object]]] = {
    "needs-host": [
        lambda: parse("mailto:a@b").with_userinfo("u"),
        lambda: parse("/a").with_port(80),
        lambda: compose(scheme="s", port=80),
        lambda: _builder_any().port(80),  # type: ignore[misc]
        lambda: Builder.from_reference(parse("mailto:a@b"), require_host=True),
    ],
    "password-without-user": [lambda: compose(scheme="s", host="h", password="p")],
    "port-out-of-range": [
        lambda: parse("http://h").with_port(-1),
        lambda: compose(scheme="s", host="h", port=65536),
    ],
    "zone-id": [lambda: compose(scheme="s", host=ipaddress.IPv6Address("fe80::1%eth0"))],
    "path-double-slash": [lambda: parse("s:/x").with_path("//x")],
    "path-colon-first-segment": [lambda: parse("a").with_path("a:b")],
    "path-not-absolute": [lambda: parse("s:a").with_host("h")],
    "scheme-required": [lambda: _builder_any().build()],  # type: ignore[misc]
    "scheme-forbidden": [lambda: Builder().scheme("s").build_reference()],  # type: ignore[misc]
    "query-conflict": [lambda: compose(query="a", query_params={"b": "c"})],
    "path-conflict": [lambda: compose(path="a", segments=["b"])],
    "dot-segment": [
        lambda: Builder().segments(["a", ".."]),
        lambda: parse("http://h/a").joinpath("."),
        lambda: parse("a").with_segments(["..", "b"]),
    ],
    # RFC 6570: an expansion that is not a URI-reference; a prefix of a list (2.4.1).
    "template-invalid-result": [lambda: URITemplate("http://h:{port}/").expand(port="x")],
    "template-prefix-composite": [lambda: URITemplate("{list:1}").expand(list=["a"])],
}


def test_every_build_error_code_has_a_cause_here() -> None:
    assert sorted(_BUILD_ERRORS) == sorted(get_args(BuildErrorCode))


@pytest.mark.parametrize(
    ("code", "cause"), [(code, cause) for code, causes in _BUILD_ERRORS.items() for cause in causes]
)
def test_build_error_carries_its_code(code: str, cause: Callable[[], object]) -> None:
    with pytest.raises(URIBuildError) as info:
        cause()
    assert info.value.code == code
    assert str(info.value) == info.value.message
    assert info.value.message


def test_build_error_pickles_with_its_code() -> None:
    error = URIBuildError("a port needs a host", code="needs-host")
    clone = pickle.loads(pickle.dumps(error))
    assert (type(clone), clone.code, str(clone)) == (URIBuildError, "needs-host", str(error))


def test_template_errors_pickle_with_their_fields() -> None:
    with pytest.raises(TemplateExpansionError) as info:
        URITemplate("http://h:{port}/").expand(port="x")
    clone = pickle.loads(pickle.dumps(info.value))
    assert (clone.code, clone.template, clone.variable) == (
        "template-invalid-result",
        "http://h:{port}/",
        "port",
    )
    with pytest.raises(InvalidTemplateError) as syntax:
        URITemplate("{x")
    again = pickle.loads(pickle.dumps(syntax.value))
    assert (type(again), again.position, again.rule) == (InvalidTemplateError, 2, "expression")


def test_invalid_uri_error_keeps_a_changed_component_through_pickle() -> None:
    error = InvalidURIError("a b", position=1, rule="segment", reason="invalid character ' '")
    error.component = "path"
    clone = pickle.loads(pickle.dumps(error))
    assert clone.component == "path"
    assert str(clone) == str(error)


@pytest.mark.parametrize(
    "make",
    [
        lambda: InvalidURIError("a b", 1, "segment", "invalid character ' '"),  # type: ignore[call-arg]
        lambda: URIBuildError("no host"),  # type: ignore[call-arg]
    ],
)
def test_constructors_take_their_fields_by_name(make: Callable[[], object]) -> None:
    with pytest.raises(TypeError):
        make()


def test_build_error_code_is_public() -> None:
    assert urikit.BuildErrorCode is BuildErrorCode
