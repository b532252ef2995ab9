"""``urikit template``: expand a URI Template from the shell, or match a URI (RFC 6570)."""

from __future__ import annotations

import json

import pytest

from urikit.cli import main

Capture = pytest.CaptureFixture[str]


def run(capsys: Capture, *argv: str) -> tuple[int, str, str]:
    status = main(["template", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_expands_name_value_pairs(capsys: Capture) -> None:
    status, out, err = run(capsys, "https://h/users/{id}{?q}", "id=4 2", "q=a&b")
    assert (status, out, err) == (0, "https://h/users/4%202?q=a%26b\n", "")


def test_a_repeated_name_makes_a_list(capsys: Capture) -> None:
    assert run(capsys, "{/path*}", "path=a", "path=b c")[1] == "/a/b%20c\n"


def test_values_as_json(capsys: Capture) -> None:
    out = run(capsys, "{?keys*,n}", "--values", '{"keys": {"a": "1"}, "n": 7}')[1]
    assert out == "?a=1&n=7\n"


def test_invalid_expansion_names_the_variable(capsys: Capture) -> None:
    status, out, err = run(capsys, "http://h:{port}/", "port=80a")
    assert (status, out) == (1, "")
    assert "the value of 'port'" in err


def test_malformed_template_is_shown_with_a_caret(capsys: Capture) -> None:
    status, _, err = run(capsys, "/a/{x:0}")
    assert status == 1
    assert err.splitlines()[1:] == ["  /a/{x:0}", "  " + " " * 6 + "^"]
    assert "template:7:" in err


def test_json_output(capsys: Capture) -> None:
    status, out, _ = run(capsys, "--json", "/u/{id}", "id=7")
    record = json.loads(out)
    assert (status, record["result"], record["values"], record["valid"]) == (
        0,
        "/u/7",
        {"id": "7"},
        True,
    )
    status, out, _ = run(capsys, "--json", "{x")
    record = json.loads(out)
    assert (status, record["valid"], record["error"]["rule"]) == (1, False, "expression")


def test_match(capsys: Capture) -> None:
    status, out, _ = run(capsys, "/users/{id}{?page}", "--match", "/users/42?page=2")
    assert (status, out) == (0, "id=42\npage=2\n")
    status, out, _ = run(capsys, "/users/{id}", "--match", "/groups/1")
    assert (status, out) == (1, "no match\n")
    record = json.loads(run(capsys, "--json", "/u/{id}", "--match", "/u/a%20b")[1])
    assert record["result"] == {"id": "a b"}


@pytest.mark.parametrize(
    "argv",
    [
        ["{x}", "novalue"],
        ["{x}", "--values", "[1]"],
        ["{x}", "--values", "{"],
        ["{x}", "--values", '{"x": [[1]]}'],
        ["{x}", "x=1", "--match", "/1"],
    ],
)
def test_usage_errors(capsys: Capture, argv: list[str]) -> None:
    status, _, err = run(capsys, *argv)
    assert status == 2
    assert "urikit template: error:" in err
