"""argparse ``type=`` converters: bad URIs become argparse errors with urikit's message."""

from __future__ import annotations

import argparse
from typing import assert_type

import pytest

from urikit import URI, Policy, RelativeReference, URIReference, parse
from urikit.integrations.argparse import uri_type


def make_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tool", exit_on_error=True)
    parser.add_argument("--endpoint", type=uri_type())
    parser.add_argument("--base", type=uri_type(rule="absolute-URI"))
    parser.add_argument("--link", type=uri_type(rule="URI-reference"))
    parser.add_argument("--path", type=uri_type(rule="relative-ref"))
    parser.add_argument("--callback", type=uri_type(policy=Policy(schemes={"https"})))
    return parser


def error_of(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    with pytest.raises(SystemExit) as info:
        make_parser().parse_args(argv)
    assert info.value.code == 2  # argparse's usage error status
    return capsys.readouterr().err


def test_valid_arguments_are_parsed_values() -> None:
    args = make_parser().parse_args(
        [
            *("--endpoint", "http://h/a#f", "--base", "http://a/b/c/d;p?q", "--link", "../g"),
            *("--path", "g?y", "--callback", "https://example.com/cb"),
        ]
    )
    assert args.endpoint == parse("http://h/a#f")
    assert args.base == parse("http://a/b/c/d;p?q")
    assert args.link == parse("../g")
    assert isinstance(args.path, RelativeReference)
    assert args.callback == parse("https://example.com/cb")


def test_syntax_error_message_with_caret(capsys: pytest.CaptureFixture[str]) -> None:
    err = error_of(capsys, "--endpoint", "http://exa mple.com/")
    assert "usage: tool" in err
    assert "error: argument --endpoint: invalid character ' ' at position 10 in host" in err
    lines = err.splitlines()
    assert lines[-2].strip() == "http://exa mple.com/"
    assert lines[-1].index("^") - lines[-2].index("h") == 10


def test_uri_requires_a_scheme_rfc_3(capsys: pytest.CaptureFixture[str]) -> None:
    assert "argument --endpoint:" in error_of(capsys, "--endpoint", "example.com")


def test_absolute_uri_has_no_fragment_rfc_4_3(capsys: pytest.CaptureFixture[str]) -> None:
    assert "fragment" in error_of(capsys, "--base", "http://a/b#c")


def test_relative_ref_has_no_scheme_rfc_4_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert "argument --path:" in error_of(capsys, "--path", "http:g")


def test_policy_message(capsys: pytest.CaptureFixture[str]) -> None:
    err = error_of(capsys, "--callback", "http://example.com/cb")
    assert "argument --callback: scheme 'http' is not allowed; use https" in err


def test_unknown_rule_is_rejected_at_setup() -> None:
    with pytest.raises(ValueError):
        uri_type(rule="URL")  # type: ignore[call-overload]


def test_types() -> None:
    assert_type(uri_type()("a:b"), URI)
    assert_type(uri_type(rule="relative-ref")("b"), RelativeReference)
    assert_type(uri_type(rule="URI-reference")("b"), URIReference)
    # The policy's own result type: Policy() requires a URI (RFC 3).
    assert_type(uri_type(policy=Policy())("a:b"), URI)
    assert_type(uri_type(policy=Policy(require="any"))("b"), URIReference)
