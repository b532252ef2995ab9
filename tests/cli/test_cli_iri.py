"""The CLI takes the RFC 3987 rules like any other."""

from __future__ import annotations

import pytest

import urikit
from tests.cli.test_cli import records, run


def test_validate_with_an_iri_rule(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capsys,
        "validate",
        "--json",
        "--rule",
        "iri",
        "http://b\u00fccher.example/",
        "http://a/\u202e",
    )
    assert status == 1
    first, second = records(out)
    assert first["valid"] is True
    assert second["error"]["rule"] == "ipath-abempty"
    assert second["error"]["position"] == 9
    assert "RFC 3987 4.1" in second["error"]["reason"]


def test_pattern_for_an_iri_rule(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "pattern", "IRI-reference")
    assert status == 0
    assert out == urikit.ecmascript_pattern("IRI-reference") + "\n"
    assert "\\u{10000}" in out  # astral ranges: compile with the u flag
