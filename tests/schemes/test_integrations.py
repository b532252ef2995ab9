"""The integrations take a scheme: pydantic ``HttpURI`` / ``SchemeURI``, jsonschema
``add_scheme_format``, argparse ``scheme_uri_type``; the CLI's ``--rule`` and
``--scheme-rules`` (RFC 9110 4.2, RFC 6455 3)."""

from __future__ import annotations

import argparse
import re

import jsonschema
import pytest
from pydantic import BaseModel, ValidationError

import urikit
from urikit.cli import main
from urikit.integrations.argparse import scheme_uri_type
from urikit.integrations.jsonschema import add_scheme_format
from urikit.integrations.pydantic import HttpURI, SchemeURI


class Site(BaseModel):
    home: HttpURI


def test_pydantic_http_uri_rfc_9110_4_2() -> None:
    assert Site.model_validate({"home": "https://example.com/a"}).home == urikit.URI(
        "https://example.com/a"
    )
    with pytest.raises(ValidationError) as info:
        Site.model_validate({"home": "http://"})  # RFC 9110 4.2.1: an empty host MUST be rejected
    error = info.value.errors()[0]
    ctx = error.get("ctx", {})
    assert (error["type"], ctx["rule"], ctx["position"]) == (
        "uri_syntax",
        "http-URI",
        7,
    )
    with pytest.raises(ValidationError, match="expected http or https"):
        Site.model_validate({"home": "ftp://example.com/"})
    with pytest.raises(ValidationError, match=r"RFC 9110 4\.2\.5"):
        Site.model_validate({"home": "https://example.com/#top"})


def test_pydantic_json_schema_pattern_is_the_rule() -> None:
    schema = Site.model_json_schema()["properties"]["home"]
    pattern = re.compile(schema["pattern"])
    assert schema["format"] == "uri"
    assert pattern.fullmatch("https://h/x") and not pattern.fullmatch("http://")
    assert "pattern" in SchemeURI(("wss",)).json_schema()


def test_jsonschema_scheme_format() -> None:
    checker = add_scheme_format(jsonschema.FormatChecker(), "ws-uri", ["ws", "wss"])
    schema = {"type": "string", "format": "ws-uri"}
    jsonschema.validate("wss://h/chat", schema, format_checker=checker)
    with pytest.raises(jsonschema.ValidationError) as info:
        jsonschema.validate("ws://h/#x", schema, format_checker=checker)
    cause = info.value.cause
    assert isinstance(cause, urikit.InvalidURIError) and cause.rule == "ws-URI"


def test_argparse_scheme_uri_type() -> None:
    parser = argparse.ArgumentParser(exit_on_error=False)
    parser.add_argument("--home", type=scheme_uri_type("https"))
    assert str(parser.parse_args(["--home", "https://h/"]).home) == "https://h/"
    with pytest.raises(argparse.ArgumentError, match="non-empty host"):
        parser.parse_args(["--home", "https://"])
    with pytest.raises(ValueError):
        scheme_uri_type()


def test_cli_rule_and_scheme_rules(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", "--rule", "mailtoURI", "mailto:a@b?subject=x"]) == 0
    assert main(["validate", "--rule", "ws-uri", "ws://h/#x"]) == 1
    assert "RFC 6455 3" in capsys.readouterr().err
    assert main(["normalize", "--scheme-rules", "wss://h:443/c#x"]) == 0
    assert capsys.readouterr().out == "wss://h/c\n"
    assert main(["pattern", "dataurl"]) == 0


def test_cli_validate_scheme_rules(capsys: pytest.CaptureFixture[str]) -> None:
    """``urikit validate --scheme-rules``: Policy(scheme_rules=True) on each line."""
    assert main(["validate", "--rule", "URI", "--scheme-rules", "https://h/"]) == 0
    assert main(["validate", "--rule", "URI", "--scheme-rules", "http://"]) == 1
    assert "RFC 9110 4.2.1" in capsys.readouterr().err
