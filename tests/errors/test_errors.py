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
from urikit.errors import BuildErrorCode, Location
from urikit.errors.codes import BUILD_ERRORS, ProblemCode
from urikit.errors.exceptions import IN_PASSWORD

CATALOGUE = Path(__file__).resolve().parents[2] / "docs" / "errors.md"


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
    "host-not-dns": [
        lambda: Builder().scheme("https").host("exa mple").build(),
        lambda: compose(scheme="http", host="a..b"),
        lambda: compose(scheme="wss", host="bücher.example", idna=False),
    ],
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
    "template-lone-surrogate": [lambda: URITemplate("{v}").expand(v="a\ud800")],
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
    assert info.value.message.endswith(f"({BUILD_ERRORS[info.value.code].section})")


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
    plain = InvalidURIError("a b", position=1, rule="segment", reason="invalid character ' '")
    error = plain.in_component("path")
    assert plain.component is None  # in_component gives a new error
    clone = pickle.loads(pickle.dumps(error))
    assert clone.component == "path"
    assert str(clone) == str(error)


def test_invalid_uri_error_fields_are_read_only() -> None:
    error = InvalidURIError("a b", position=1, rule="segment", reason="invalid character ' '")
    for field in ("text", "position", "rule", "reason", "component", "args"):
        with pytest.raises(AttributeError):
            setattr(error, field, None)
    assert error.args == ("a b", 1, "segment", "invalid character ' '", None)


def test_a_pending_error_is_located_once_and_only_when_read() -> None:
    """A failed match raises at once; the scan that locates it runs when a field
    is first read, once, and gives what an eagerly located error gives."""
    calls: list[str] = []

    def find(text: str) -> Location:
        calls.append(text)
        return Location(1, "segment", "invalid character ' '", "path")

    error = InvalidURIError.pending("a b", find)
    assert calls == [] and error.text == "a b"
    eager = InvalidURIError("a b", position=1, rule="segment", reason="invalid character ' '")
    assert error.in_component("query").component == "query"
    assert calls == ["a b"]  # the renamed copy located its own
    assert (error.position, error.rule, error.component) == (1, "segment", "path")
    assert calls == ["a b", "a b"]
    assert str(error) == str(eager.in_component("path")) and error.args[1:3] == (1, "segment")
    assert calls == ["a b", "a b"]
    clone = pickle.loads(pickle.dumps(error))
    assert repr(clone) == repr(error)


def test_validate_raises_before_locating_and_locates_as_before() -> None:
    with pytest.raises(InvalidURIError) as info:
        urikit.validate("http://exa mple.com/")
    error = info.value
    assert error._location is None  # pyright: ignore[reportPrivateUsage]
    assert (error.position, error.rule, error.component) == (10, "reg-name", "host")


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


def test_a_bad_character_in_a_password_is_not_shown_nor_its_offset() -> None:
    """RFC 7.5: str(), repr() and redacted() hide the password, the position of a bad
    character inside it (which would tell where in the password it sits) and the
    character itself."""
    with pytest.raises(InvalidURIError) as info:
        urikit.parse("http://alice:s3cr t@h/")
    error = info.value
    # The fields speak about the text str() and repr() show, at the start of *** (RFC 7.5)
    assert (error.text, error.position, error.component) == ("http://alice:***@h/", 13, "userinfo")
    assert error.rule == "userinfo" and error.reason == IN_PASSWORD
    for shown in (str(error), repr(error), str(error.redacted()), repr(error.redacted())):
        assert "s3cr" not in shown and "' '" not in shown and "17" not in shown, shown
        assert "in the password" in shown or "position=13" in shown


def test_a_pending_error_holds_no_exception_arguments() -> None:
    with pytest.raises(InvalidURIError) as info:
        urikit.validate("http://exa mple.com/")
    raw = BaseException.__repr__(info.value)
    assert raw == "InvalidURIError()"  # args are the redacted fields: none kept raw
