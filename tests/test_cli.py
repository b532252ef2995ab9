"""The ``urikit`` command: ``main(argv)`` with captured output and a fake stdin."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from collections.abc import Iterator

import pytest

import urikit
from urikit.cli import main

Capture = pytest.CaptureFixture[str]


def run(capsys: Capture, *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


# -- validate -------------------------------------------------------------------------------


def test_validate_reports_position_with_a_caret(capsys: Capture) -> None:
    status, out, err = run(capsys, "validate", "http://exa mple.com/", "http://ok.example/")
    assert status == 1
    lines = out.splitlines()
    assert lines[0].startswith("arg:1:11: invalid character ' ' at position 10 in host")
    assert lines[1] == "  http://exa mple.com/"
    assert lines[2] == "  " + " " * 10 + "^"
    assert len(lines) == 3  # the valid argument prints nothing
    assert err == "2 checked, 1 valid, 1 invalid\n"


def test_validate_all_valid_exits_0(capsys: Capture) -> None:
    assert run(capsys, "validate", "-q", "g;x?y#s", "//h", "")[:2] == (0, "")


def test_validate_rule_option(capsys: Capture) -> None:
    assert run(capsys, "validate", "--rule", "IPv6address", "2001:db8::1")[0] == 0
    assert run(capsys, "validate", "--rule", "absolute-URI", "http://a/b#c")[0] == 1  # RFC 4.3
    status, _, err = run(capsys, "validate", "--rule", "IPv6adress", "x")
    assert status == 2
    assert "invalid choice" in err


def test_validate_reads_stdin_lines(capsys: Capture, monkeypatch: pytest.MonkeyPatch) -> None:
    lines = "http://a/\nftp://x y/\n\nhttp://b/\r\nlast"
    monkeypatch.setattr(sys, "stdin", io.StringIO(lines))
    status, out, err = run(capsys, "validate")
    assert status == 1
    assert out.startswith("stdin:2:8: invalid character ' '")
    # The empty line is a valid (empty) URI-reference; the CR is not (RFC 2).
    assert "stdin:4:10:" in out
    assert err == "5 checked, 3 valid, 2 invalid\n"


def test_validate_streams_stdin(capsys: Capture, monkeypatch: pytest.MonkeyPatch) -> None:
    """Input is consumed line by line: an endless stdin is reported on as it goes."""
    taken = []

    class Endless:
        def __iter__(self) -> Iterator[str]:
            for n in range(3):
                taken.append(n)
                yield "a b\n"
            raise KeyboardInterrupt

    monkeypatch.setattr(sys, "stdin", Endless())
    with pytest.raises(KeyboardInterrupt):
        main(["validate"])
    out = capsys.readouterr().out
    assert taken == [0, 1, 2]
    assert out.count("invalid character") == 3


def test_validate_policy_options(capsys: Capture, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("https://ok.example/\nhttp://u:p@h/\n"))
    status, out, _ = run(
        capsys, "validate", "--rule", "URI", "--scheme", "https", "--no-password", "--json"
    )
    assert status == 1
    records = [json.loads(line) for line in out.splitlines()]
    assert [r["valid"] for r in records] == [True, False]
    assert [p["code"] for p in records[1]["problems"]] == [
        "scheme-not-allowed",
        "password-forbidden",
    ]
    assert records[1]["problems"][0]["message"] == "scheme 'http' is not allowed; use https"


@pytest.mark.parametrize(
    ("option", "text"),
    [
        ("--require-host", "mailto:a@b"),
        ("--no-userinfo", "http://u@h/"),
        ("--no-fragment", "http://h/#f"),
        ("--no-ip-host", "http://127.0.0.1/"),
    ],
)
def test_validate_each_policy_flag(capsys: Capture, option: str, text: str) -> None:
    assert run(capsys, "validate", "-q", text)[0] == 0
    assert run(capsys, "validate", "-q", option, text)[0] == 1


def test_validate_max_length(capsys: Capture) -> None:
    status, out, _ = run(capsys, "validate", "-q", "--max-length", "5", "http://h/")
    assert status == 1
    assert "at most 5" in out
    assert run(capsys, "validate", "--max-length", "0", "x")[0] == 2


def test_policy_options_need_a_uri_rule(capsys: Capture) -> None:
    status, _, err = run(capsys, "validate", "--rule", "host", "--scheme", "https", "h")
    assert status == 2
    assert "policy options need --rule" in err


def test_validate_json_error_fields(capsys: Capture) -> None:
    _, out, _ = run(capsys, "validate", "--json", "%zz")
    record = json.loads(out)
    assert record["input"] == "%zz"
    problem = record["problems"][0]
    assert (problem["position"], problem["rule"]) == (1, "pct-encoded")


# -- parse ----------------------------------------------------------------------------------


def test_parse_shows_components_rfc_3(capsys: Capture) -> None:
    status, out, _ = run(capsys, "parse", "foo://example.com:8042/over/there?name=ferret#nose")
    assert status == 0
    assert "  scheme    foo\n" in out
    assert "  host      example.com  (reg-name)\n" in out
    assert "  port      8042\n" in out
    assert "  query     name=ferret\n" in out
    assert "  userinfo  (undefined)\n" in out


def test_parse_json_tells_empty_from_undefined_rfc_5_2_1(capsys: Capture) -> None:
    _, out, _ = run(capsys, "parse", "--json", "http://h?", "http://h")
    first, second = (json.loads(line) for line in out.splitlines())
    assert (first["query"], second["query"]) == ("", None)
    assert first["host_kind"] == "reg-name"


def test_parse_invalid(capsys: Capture) -> None:
    status, _, err = run(capsys, "parse", "a b")
    assert status == 1
    assert "at position 1" in err
    assert err.splitlines()[-2:] == ["  a b", "   ^"]


# -- resolve, relativize, normalize ------------------------------------------------------------


def test_resolve_rfc_5_4_1(capsys: Capture) -> None:
    status, out, _ = run(capsys, "resolve", "http://a/b/c/d;p?q", "g", "../g", "?y", "#s")
    assert status == 0
    expected = ["http://a/b/c/g", "http://a/b/g", "http://a/b/c/d;p?y", "http://a/b/c/d;p?q#s"]
    assert out.splitlines() == expected


def test_resolve_non_strict_rfc_5_2_2(capsys: Capture) -> None:
    assert run(capsys, "resolve", "http://a/b/c/d;p?q", "http:g")[1] == "http:g\n"
    assert run(capsys, "resolve", "--non-strict", "http://a/b/c/d;p?q", "http:g")[1] == (
        "http://a/b/c/g\n"
    )


def test_resolve_bad_base_is_a_usage_error(capsys: Capture) -> None:
    status, _, err = run(capsys, "resolve", "a/b", "g")
    assert status == 2
    assert "argument BASE:" in err


def test_relativize(capsys: Capture) -> None:
    status, out, _ = run(capsys, "relativize", "http://a/b/c/d", "http://a/b/x/y")
    assert status == 0
    assert urikit.resolve("http://a/b/c/d", out.strip()) == urikit.parse("http://a/b/x/y")


def test_normalize_rfc_6_2(capsys: Capture, monkeypatch: pytest.MonkeyPatch) -> None:
    assert run(capsys, "normalize", "HTTP://Example.COM:80/%7euser/./a/../b")[1] == (
        "http://example.com/~user/b\n"
    )
    assert run(capsys, "normalize", "--no-path", "http://h/a/../b")[1] == "http://h/a/../b\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO("HTTP://H/\na b\n"))
    status, out, err = run(capsys, "normalize")
    assert (status, out) == (1, "http://h/\n")
    assert "stdin 2" in err


# -- build, pattern ---------------------------------------------------------------------------


def test_build_encodes_each_component_once_rfc_2_4(capsys: Capture) -> None:
    _, out, _ = run(
        capsys,
        *("build", "--scheme", "https", "--host", "example.com"),
        *("--path", "/docs/a b", "--fragment", "part 2"),
    )
    assert out == "https://example.com/docs/a%20b#part%202\n"
    _, out, _ = run(capsys, "build", "--scheme", "https", "--host", "h", "--param", "q=a&b=%")
    assert urikit.parse(out.strip()).query_pairs() == [("q", "a&b=%")]


def test_build_relative_reference_rfc_4_2(capsys: Capture) -> None:
    assert run(capsys, "build", "--path", "a:b")[1] == "./a:b\n"


def test_build_errors(capsys: Capture) -> None:
    assert run(capsys, "build", "--port", "80")[0] == 2
    assert run(capsys, "build", "--host", "h", "--port", "65536")[0] == 1
    assert run(capsys, "build", "--host", "h", "--port", "-1")[0] == 2
    assert run(capsys, "build", "--host", "h", "--password", "p")[0] == 2
    assert run(capsys, "build", "--query", "a", "--param", "b=c")[0] == 2


def test_build_userinfo(capsys: Capture) -> None:
    out = run(capsys, "build", "--scheme", "ftp", "--host", "h", "--user", "a:b@c")[1]
    assert urikit.parse(out.strip()).user == "a:b@c"


def test_pattern(capsys: Capture) -> None:
    assert run(capsys, "pattern", "DIGIT")[1] == urikit.ecmascript_pattern("DIGIT") + "\n"
    assert run(capsys, "pattern", "--anchored", "DIGIT")[1].startswith("^(?:")


# -- the command itself ------------------------------------------------------------------------


def test_help_has_examples(capsys: Capture) -> None:
    status, out, _ = run(capsys, "--help")
    assert status == 0
    assert "examples:" in out
    for command in ("validate", "parse", "resolve", "relativize", "normalize", "build"):
        assert command in out
        assert run(capsys, command, "--help")[1].count("urikit " + command) >= 1


def test_no_command_is_a_usage_error(capsys: Capture) -> None:
    assert run(capsys)[0] == 2


def test_python_dash_m() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "urikit", "validate", "http://a b"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1
    assert "invalid character ' '" in done.stdout


def test_nothing_imports_the_cli() -> None:
    code = "import sys, urikit, urikit.integrations.argparse; print('urikit.cli' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.stdout.strip() == "False"
