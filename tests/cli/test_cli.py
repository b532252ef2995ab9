"""The ``urikit`` command: ``main(argv)`` with captured output and a fake stdin."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import urikit
from tests.cli import urikit_run
from urikit.cli import NAMES, main
from urikit.errors.codes import build_message

Capture = pytest.CaptureFixture[str]


def run(capsys: Capture, *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def run_stdin(
    capsys: Capture, monkeypatch: pytest.MonkeyPatch, text: str, *argv: str
) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    return run(capsys, *argv)


def records(out: str) -> list[dict[str, Any]]:
    """Each line of ``--json`` output, parsed: JSON Lines, one object per line."""
    return [json.loads(line) for line in out.splitlines()]


ERROR_KEYS = {"code", "position", "rule", "component", "reason", "message"}


# -- validate -------------------------------------------------------------------------------


def test_validate_reports_position_with_a_caret(capsys: Capture) -> None:
    status, out, err = run(capsys, "validate", "http://exa mple.com/", "http://ok.example/")
    assert (status, out) == (1, "")
    lines = err.splitlines()
    # One base: the 1-based column of the prefix, no 0-based position after it.
    assert lines[0] == (
        "arg:1:11: invalid character ' ' in host: host names cannot contain spaces (rule reg-name)"
    )
    assert lines[1] == "  http://exa mple.com/"
    assert lines[2] == "  " + " " * 10 + "^"
    assert lines[3:] == ["2 checked, 1 valid, 1 invalid"]  # the valid argument: nothing


def test_validate_all_valid_exits_0(capsys: Capture) -> None:
    assert run(capsys, "validate", "-q", "g;x?y#s", "//h", "")[:2] == (0, "")


def test_validate_rule_option(capsys: Capture) -> None:
    assert run(capsys, "validate", "--rule", "IPv6address", "2001:db8::1")[0] == 0
    assert run(capsys, "validate", "--rule", "absolute-URI", "http://a/b#c")[0] == 1  # RFC 4.3
    status, _, err = run(capsys, "validate", "--rule", "IPv6adress", "x")
    assert status == 2
    assert "did you mean 'IPv6address'" in err


def test_unknown_rule_suggests_the_close_names_only(capsys: Capture) -> None:
    """``--rule URL`` names the rule meant, not the whole list of RFC 3986/3987 rules."""
    status, _, err = run(capsys, "validate", "--rule", "URL", "http://a/")
    assert status == 2
    # the scheme rules add one close name (RFC 2397 3's dataurl)
    assert err.rstrip().endswith("unknown rule 'URL'; did you mean 'URI' or 'dataurl'?")
    assert "hier-part" not in err


def test_rule_names_in_any_case(capsys: Capture) -> None:
    """Rule names are case-insensitive where that is unambiguous (no two RFC 3986 rule
    names differ only in case); the name shown is the RFC's."""
    assert run(capsys, "validate", "-q", "--rule", "uri", "http://a/")[0] == 0
    assert run(capsys, "validate", "-q", "--rule", "uri", "a/b")[0] == 1  # RFC 3: a scheme
    _, out, _ = run(capsys, "validate", "--json", "--rule", "ipv6ADDRESS", "fe80::1%eth0")
    assert records(out)[0]["error"]["rule"] == "IPv6address"
    assert run(capsys, "pattern", "digit")[1] == urikit.ecmascript_pattern("DIGIT") + "\n"
    status, _, err = run(capsys, "pattern", "absolute_uri")
    assert status == 2
    assert "did you mean 'absolute-URI' or 'absolute-IRI'?" in err  # RFC 3986, RFC 3987


def test_validate_reads_stdin_lines(capsys: Capture, monkeypatch: pytest.MonkeyPatch) -> None:
    lines = "http://a/\nftp://x y/\n\n \t\nhttp://b/\r\nlast"
    status, out, err = run_stdin(capsys, monkeypatch, lines, "validate")
    assert (status, out) == (1, "")
    assert err.startswith("stdin:2:8: invalid character ' '")
    # Blank lines are skipped, not counted; line numbers stay those of the file. A CR
    # left before the line break is not a blank line and is invalid (RFC 2).
    assert "stdin:5:10:" in err
    assert err.endswith("4 checked, 2 valid, 2 invalid\n")


def test_validate_crlf_option(capsys: Capture, monkeypatch: pytest.MonkeyPatch) -> None:
    """A CR is not allowed in a URI (RFC 2), so a CR LF file needs --crlf; without it
    each line fails at its CR, and a note says once how to read such a file."""
    text = "http://a/\r\nhttp://b/ c\r\n\r\nhttp://c/\r\n"
    status, _, err = run_stdin(capsys, monkeypatch, text, "validate")
    assert status == 1
    assert err.count("control character '\\r'") == 2
    assert err.count("--crlf") == 1
    status, _, err = run_stdin(capsys, monkeypatch, text, "validate", "--crlf")
    assert status == 1
    assert err.startswith("stdin:2:10: invalid character ' '")
    assert "--crlf" not in err
    assert err.endswith("3 checked, 2 valid, 1 invalid\n")
    # A lone CR inside a line stays and is reported, with --crlf too.
    assert run_stdin(capsys, monkeypatch, "http://a/\r\r\n", "validate", "--crlf")[0] == 1


def test_validate_blank_stdin_is_no_input(capsys: Capture, monkeypatch: pytest.MonkeyPatch) -> None:
    assert run_stdin(capsys, monkeypatch, "\n\n  \n", "validate") == (
        0,
        "",
        "0 checked, 0 valid, 0 invalid\n",
    )
    # An empty argument is still checked: "" is a valid relative-ref (RFC 4.2).
    assert run(capsys, "validate", "-q", "")[0] == 0


def test_validate_streams_stdin(capsys: Capture, monkeypatch: pytest.MonkeyPatch) -> None:
    """Input is consumed line by line: an endless stdin is reported on as it goes."""
    taken: list[int] = []

    class Endless:
        def __iter__(self) -> Iterator[str]:
            for n in range(3):
                taken.append(n)
                yield "a b\n"
            raise KeyboardInterrupt

    monkeypatch.setattr(sys, "stdin", Endless())
    with pytest.raises(KeyboardInterrupt):
        main(["validate"])
    err = capsys.readouterr().err
    assert taken == [0, 1, 2]
    assert err.count("invalid character") == 3


def test_validate_policy_options(capsys: Capture, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("https://ok.example/\nhttp://u:p@h/\n"))
    status, out, _ = run(
        capsys, "validate", "--rule", "URI", "--scheme", "https", "--no-password", "--json"
    )
    assert status == 1
    found = records(out)
    assert [r["valid"] for r in found] == [True, False]
    assert [p["code"] for p in found[1]["problems"]] == [
        "scheme-not-allowed",
        "password-forbidden",
    ]
    assert found[1]["problems"][0]["message"] == "scheme 'http' is not allowed; use https"
    assert found[1]["error"] == {k: found[1]["problems"][0][k] for k in ERROR_KEYS}
    assert found[0]["error"] is None


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
    status, _, err = run(capsys, "validate", "-q", "--max-length", "5", "http://h/")
    assert status == 1
    assert "at most 5" in err
    assert run(capsys, "validate", "--max-length", "0", "x")[0] == 2


def test_policy_options_need_a_uri_rule(capsys: Capture) -> None:
    status, _, err = run(capsys, "validate", "--rule", "host", "--scheme", "https", "h")
    assert status == 2
    assert "policy options need --rule" in err


def test_validate_json_error_fields(capsys: Capture) -> None:
    _, out, _ = run(capsys, "validate", "--json", "%zz")
    (record,) = records(out)
    assert (record["source"], record["line"], record["input"]) == ("arg", 1, "%zz")
    error = record["error"]
    assert set(error) == ERROR_KEYS
    # RFC 2.1: "%" must be followed by two HEXDIG; the first bad one is at index 1.
    assert (error["position"], error["rule"], error["component"]) == (1, "pct-encoded", "path")
    assert error["message"].startswith(error["reason"].partition(":")[0])
    assert record["problems"][0]["code"] == "syntax"


def test_validate_json_syntax_error_under_a_policy(capsys: Capture) -> None:
    """With policy options a syntax error still carries the RFC rule and reason."""
    _, out, _ = run(capsys, "validate", "--json", "--rule", "URI", "--scheme", "http", "http://a b")
    error = records(out)[0]["error"]
    assert (error["position"], error["rule"], error["component"]) == (8, "reg-name", "host")
    assert error["reason"] != error["message"]


# -- parse ----------------------------------------------------------------------------------


def test_parse_shows_components_rfc_3(capsys: Capture) -> None:
    status, out, _ = run(capsys, "parse", "foo://example.com:8042/over/there?name=ferret#nose")
    assert status == 0
    assert {
        "  scheme    foo",
        "  host      example.com  (reg-name)",
        "  port      8042",
        "  query     name=ferret",
        "  userinfo  (undefined)",
    } <= set(out.splitlines())


def test_parse_json_tells_empty_from_undefined_rfc_5_2_1(capsys: Capture) -> None:
    _, out, _ = run(capsys, "parse", "--json", "http://h?", "http://h")
    first, second = (record["components"] for record in records(out))
    assert (first["query"], second["query"]) == ("", None)
    assert first["host_kind"] == "reg-name"


def test_parse_streams_stdin(capsys: Capture, monkeypatch: pytest.MonkeyPatch) -> None:
    text = "foo://example.com:8042/over/there?name=ferret#nose\n\nurn:example:animal\n"
    status, out, err = run_stdin(capsys, monkeypatch, text, "parse")
    assert (status, err) == (0, "")
    assert out.count("  scheme    ") == 2  # one block per non-blank line
    assert "  scheme    urn\n" in out
    assert "  path      example:animal\n" in out  # RFC 3: urn has a rootless path


def test_parse_json_stdin_one_line_per_input(
    capsys: Capture, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = "http://user@[::1]:8080/p?q#f\n   \na b\nmailto:x@y\n"
    status, out, _ = run_stdin(capsys, monkeypatch, text, "parse", "--json")
    assert status == 1  # one invalid input
    good, bad, last = records(out)
    assert (good["line"], bad["line"], last["line"]) == (1, 3, 4)
    assert (good["components"]["host"], good["components"]["host_kind"]) == (
        "[::1]",
        "IPv6address",
    )  # RFC 3.2.2 IP-literal
    assert (good["components"]["port_number"], good["error"]) == (8080, None)
    assert (bad["valid"], bad["components"]) == (False, None)
    assert set(bad["error"]) == ERROR_KEYS
    assert (bad["error"]["position"], bad["input"]) == (1, "a b")
    assert last["components"]["scheme"] == "mailto"  # processing went on


def test_parse_invalid(capsys: Capture) -> None:
    status, out, err = run(capsys, "parse", "a b", "g")
    assert status == 1
    assert err.splitlines() == [
        "arg:1:2: invalid character ' ' in path: spaces must be"
        " percent-encoded as %20 (rule path-noscheme)",
        "  a b",
        "   ^",
    ]
    assert out.startswith("g\n")  # the next argument is still parsed


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


def test_resolve_stdin_refs_against_one_base(
    capsys: Capture, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = "g\n\n../g\n?y\n#s\n"
    status, out, _ = run_stdin(capsys, monkeypatch, text, "resolve", "http://a/b/c/d;p?q")
    assert status == 0
    assert out.splitlines() == [  # RFC 5.4.1
        "http://a/b/c/g",
        "http://a/b/g",
        "http://a/b/c/d;p?y",
        "http://a/b/c/d;p?q#s",
    ]


def test_resolve_invalid_ref_is_reported_and_skipped(
    capsys: Capture, monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, err = run(capsys, "resolve", "http://a/b/c/d;p?q", "a b", "g")
    assert (status, out) == (1, "http://a/b/c/g\n")
    assert err.splitlines()[0].startswith("arg:1:2: invalid character ' '")
    assert err.splitlines()[1:] == ["  a b", "   ^"]
    text = "../../../g\na b\n"
    status, out, _ = run_stdin(capsys, monkeypatch, text, "resolve", "--json", "http://a/b/c/d")
    good, bad = records(out)
    assert (good["input"], good["result"], good["error"]) == ("../../../g", "http://a/g", None)
    assert (bad["valid"], bad["result"], bad["line"]) == (False, None, 2)
    assert bad["error"]["rule"] == "path-noscheme"


def test_resolve_bad_base_is_a_usage_error(capsys: Capture) -> None:
    status, _, err = run(capsys, "resolve", "a/b", "g")
    assert status == 2
    assert "argument BASE:" in err


def test_relativize(capsys: Capture) -> None:
    status, out, _ = run(capsys, "relativize", "http://a/b/c/d", "http://a/b/x/y")
    assert status == 0
    assert urikit.resolve("http://a/b/c/d", out.strip()) == urikit.parse("http://a/b/x/y")


def test_relativize_stdin_targets(capsys: Capture, monkeypatch: pytest.MonkeyPatch) -> None:
    base = "http://a/b/c/d;p?q"
    targets = ["http://a/b/c/g", "http://a/g", "https://other/x", "http://a/b/c/d;p?y"]
    text = "\n".join(targets[:2]) + "\n\n" + "\n".join(targets[2:]) + "\n"
    status, out, _ = run_stdin(capsys, monkeypatch, text, "relativize", base)
    assert status == 0
    refs = out.splitlines()
    assert len(refs) == len(targets)
    # RFC 5.2: each reference resolves back to its target.
    assert [str(urikit.resolve(base, ref)) for ref in refs] == targets


def test_relativize_failures_rfc_5_2(capsys: Capture, monkeypatch: pytest.MonkeyPatch) -> None:
    # A target must be a URI (with a scheme); one with dot segments is unreachable.
    text = "g\nhttp://a/./x\nhttp://a/y\n"
    status, out, err = run_stdin(capsys, monkeypatch, text, "relativize", "http://a/b")
    assert (status, out) == (1, "y\n")
    assert err.startswith("stdin:1:1: the target must be a URI")
    assert "stdin:2: no reference resolves" in err
    status, out, _ = run_stdin(capsys, monkeypatch, text, "relativize", "--json", "http://a/b")
    first, second, third = records(out)
    assert (first["error"]["component"], first["error"]["position"]) == ("scheme", 0)
    assert (second["error"]["position"], second["error"]["rule"]) == (None, None)
    assert (first["error"]["code"], second["error"]["code"]) == ("syntax", None)
    assert third == {
        "source": "stdin",
        "line": 3,
        "input": "http://a/y",
        "valid": True,
        "result": "y",
        "error": None,
    }


def test_normalize_rfc_6_2(capsys: Capture, monkeypatch: pytest.MonkeyPatch) -> None:
    assert run(capsys, "normalize", "HTTP://Example.COM:80/%7euser/./a/../b")[1] == (
        "http://example.com/~user/b\n"
    )
    assert run(capsys, "normalize", "--no-path", "http://h/a/../b")[1] == "http://h/a/../b\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO("HTTP://H/\n\na b\nhttp://h/%7e\n"))
    status, out, err = run(capsys, "normalize")
    assert (status, out) == (1, "http://h/\nhttp://h/~\n")  # blank line skipped, went on
    assert err.splitlines() == [
        "stdin:3:2: invalid character ' ' in path: spaces must be"
        " percent-encoded as %20 (rule path-noscheme)",
        "  a b",
        "   ^",
    ]


def test_normalize_json(capsys: Capture, monkeypatch: pytest.MonkeyPatch) -> None:
    text = "HTTP://Example.COM:80/%7euser/./a/../b\n \n%\n"
    status, out, _ = run_stdin(capsys, monkeypatch, text, "normalize", "--json")
    assert status == 1
    good, bad = records(out)
    assert good["result"] == "http://example.com/~user/b"  # RFC 6.2.2, 6.2.3
    assert (bad["line"], bad["result"], bad["error"]["rule"]) == (3, None, "pct-encoded")


# -- build, pattern ---------------------------------------------------------------------------


def test_build_encodes_each_component_once_rfc_2_4(capsys: Capture) -> None:
    _, out, _ = run(
        capsys,
        *("build", "--scheme", "https", "--host", "example.com"),
        *("--path", "/docs/a b", "--fragment", "part 2"),
    )
    assert out == "https://example.com/docs/a%20b#part%202\n"
    _, out, _ = run(capsys, "build", "--scheme", "https", "--host", "h", "--param", "q=a&b=%")
    assert urikit.parse(out.strip()).decoded_query_pairs() == [("q", "a&b=%")]


def test_build_relative_reference_rfc_4_2(capsys: Capture) -> None:
    assert run(capsys, "build", "--relative", "--path", "a:b")[1] == "./a:b\n"
    assert run(capsys, "build", "--relative", "--host", "h", "--path", "/x")[1] == "//h/x\n"


def test_build_without_a_scheme_refuses_as_the_builder_does_rfc_3(capsys: Capture) -> None:
    """A URI has a scheme (RFC 3); Builder.build() refuses one without, and so
    does the command unless --relative asks for a relative reference (RFC 4.2)."""
    status, out, err = run(capsys, "build", "--host", "h", "--path", "/x")
    assert (status, out) == (1, "")
    assert "a URI needs a scheme" in err and "--relative" in err and "(RFC 3986 3)" in err
    (record,) = records(run(capsys, "build", "--json", "--host", "h")[1])
    assert record["error"]["code"] == "scheme-required"  # Builder.build()'s code
    assert run(capsys, "build", "--relative", "--scheme", "https", "--host", "h")[0] == 2


def test_build_dns_schemes_write_hosts_a_client_can_use(capsys: Capture) -> None:
    """RFC 3986 3.2.2: for http(s) a host beyond ASCII becomes A-labels
    (IDNA); one DNS cannot carry is refused; --no-idna refuses instead of converting."""
    https = ("build", "--scheme", "https", "--host")
    assert run(capsys, *https, "bücher.example")[1] == "https://xn--bcher-kva.example\n"
    status, out, err = run(capsys, *https, "exa mple")
    assert (status, out) == (1, "")
    assert "host names cannot contain spaces" in err
    assert run(capsys, *https, "bücher.example", "--no-idna")[0] == 1
    # A scheme whose hosts are not looked up in DNS keeps RFC 3986's reg-name.
    assert run(capsys, "build", "--scheme", "foo", "--host", "exa mple")[1] == "foo://exa%20mple\n"
    assert (
        run(capsys, "build", "--scheme", "foo", "--host", "bü", "--idna")[1] == "foo://xn--b-eha\n"
    )


def test_build_errors(capsys: Capture) -> None:
    # What compose() refuses is reported with its message (RFC 3.2, 3.2.1, 3.2.3) ...
    assert run(capsys, "build", "--relative", "--port", "80")[:3:2] == (
        1,
        f"urikit build: {build_message('needs-host', what='a port', advice='')}\n",
    )
    assert run(capsys, "build", "--host", "h", "--port", "65536")[0] == 1
    assert run(capsys, "build", "--host", "h", "--password", "p")[0] == 1
    # ... what argparse refuses is a usage error.
    assert run(capsys, "build", "--host", "h", "--port", "-1")[0] == 2
    assert run(capsys, "build", "--query", "a", "--param", "b=c")[0] == 2
    assert run(capsys, "build", "--path", "a", "--segment", "b")[0] == 2


def test_build_segments_are_data_rfc_3_3(capsys: Capture) -> None:
    argv = ("build", "--scheme", "https", "--host", "h")
    _, out, _ = run(capsys, *argv, "--segment", "a/b", "--segment", "..x", "--segment", "c d")
    assert out == "https://h/a%2Fb/..x/c%20d\n"
    # Resolution (RFC 5.2.4) keeps the encoded "/": it is data, not a separator.
    assert str(urikit.resolve(out.strip(), "x")) == "https://h/a%2Fb/..x/x"
    # A ".." segment is no data in any spelling (RFC 6.2.2): refused, not encoded.
    status, _, err = run(capsys, *argv, "--segment", "a", "--segment", "..")
    assert status == 1
    assert "dot segment" in err
    assert run(capsys, "build", "--relative", "--segment", "a:b")[1] == "./a:b\n"  # RFC 4.2


def test_build_param_without_value(capsys: Capture) -> None:
    argv = ("build", "--scheme", "https", "--host", "h", "--param", "debug", "--param", "q=")
    _, out, _ = run(capsys, *argv)
    assert out == "https://h?debug&q=\n"
    assert urikit.parse(out.strip()).query_pairs() == [("debug", ""), ("q", "")]
    (record,) = records(run(capsys, "build", "--json", *argv[1:])[1])
    assert record["input"]["params"] == [["debug", None], ["q", ""]]


def test_build_json(capsys: Capture) -> None:
    _, out, _ = run(capsys, "build", "--json", "--scheme", "https", "--host", "h", "--path", "/a b")
    (record,) = records(out)
    assert (record["valid"], record["result"], record["error"]) == (True, "https://h/a%20b", None)
    assert record["input"]["path"] == "/a b"
    assert record["input"]["port"] is None
    status, out, err = run(
        capsys, "build", "--json", "--scheme", "s", "--host", "h", "--port", "65536"
    )
    (record,) = records(out)
    assert (status, err, record["valid"], record["result"]) == (1, "", False, None)
    assert set(record["error"]) == ERROR_KEYS
    assert "65535" in record["error"]["message"]  # RFC 3.2.3 port range
    assert record["error"]["code"] == "port-out-of-range"  # URIBuildError.code, as documented
    (record,) = records(run(capsys, "build", "--json", "--relative", "--port", "80")[1])
    assert record["error"]["code"] == "needs-host"  # RFC 3.2: no port without a host


def test_build_invalid_scheme_has_a_caret(capsys: Capture) -> None:
    status, _, err = run(capsys, "build", "--scheme", "1x", "--host", "h")
    assert status == 1
    assert err.splitlines()[0].startswith("urikit build:1: invalid character '1'")  # RFC 3.1
    assert err.splitlines()[1:] == ["  1x", "  ^"]


def test_build_userinfo(capsys: Capture) -> None:
    out = run(capsys, "build", "--scheme", "ftp", "--host", "h", "--user", "a:b@c")[1]
    assert urikit.parse(out.strip()).decoded_user == "a:b@c"


def test_pattern(capsys: Capture) -> None:
    assert run(capsys, "pattern", "DIGIT")[1] == urikit.ecmascript_pattern("DIGIT") + "\n"
    assert run(capsys, "pattern", "--anchored", "DIGIT")[1].startswith("^(?:")
    (record,) = records(run(capsys, "pattern", "--json", "DIGIT")[1])
    assert record == {
        "input": "DIGIT",
        "valid": True,
        "result": urikit.ecmascript_pattern("DIGIT"),
        "error": None,
    }


# -- the command itself ------------------------------------------------------------------------


def _unquoted(line: str) -> str:
    """A shell command line without its quoted strings and its trailing comment."""
    line = re.sub(r"'[^']*'", "", line)
    return re.sub(r"\s+#\s.*$", "", line)


@pytest.mark.parametrize("command", [None, *NAMES])
def test_help_examples_are_safe_to_paste(capsys: Capture, command: str | None) -> None:
    """Outside quotes an example has no character the shell would act on: no ';', '&',
    '#', '?', '*', '[' ... ('|' and '<' are the pipes and redirections meant)."""
    out = run(capsys, *([command] if command else []), "--help")[1]
    examples = [line.strip() for line in out.splitlines() if line.startswith("  urikit ")]
    assert examples
    for example in examples:
        assert example.count("'") % 2 == 0, example
        assert not set(_unquoted(example)) & set(';&()$`*?[]{}!~#\\"'), example


def test_help_has_examples(capsys: Capture) -> None:
    status, out, _ = run(capsys, "--help")
    assert status == 0
    assert "examples:" in out
    for command in ("validate", "parse", "resolve", "relativize", "normalize", "build"):
        assert command in out
        assert run(capsys, command, "--help")[1].count("urikit " + command) >= 1


@pytest.mark.parametrize("command", ["validate", "parse", "resolve", "relativize", "normalize"])
def test_help_documents_stdin_json_and_exit_status(capsys: Capture, command: str) -> None:
    out = run(capsys, command, "--help")[1]
    assert "Blank lines" in out
    assert "--json" in out
    for key in ("source", "line", "input", "valid", "error", "reason", "message"):
        assert key in out
    assert "exit status: 0" in out and "2 usage error" in out


@pytest.mark.parametrize(
    "argv",
    [
        ["validate", "--json"],
        ["parse", "--json"],
        ["normalize", "--json"],
        ["resolve", "--json", "http://a/b"],
        ["relativize", "--json", "http://a/b"],
    ],
)
def test_every_stdin_command_skips_blank_lines(
    capsys: Capture, monkeypatch: pytest.MonkeyPatch, argv: list[str]
) -> None:
    status, out, _ = run_stdin(capsys, monkeypatch, "\n  \n\t\r\nhttp://a/c\n\n", *argv)
    (record,) = records(out)
    assert (status, record["line"], record["valid"]) == (0, 4, True)


@pytest.mark.parametrize(
    "argv",
    [
        ["build", "--path", "a", "--segment", "b"],  # options that exclude each other
        ["resolve", "not a base", "g"],  # a base must be a URI (RFC 5.1)
        ["relativize", "g", "http://a/"],
        ["parse", "--bogus"],
        ["normalize", "--json=x"],
    ],
)
def test_exit_status_2_for_usage_errors(capsys: Capture, argv: list[str]) -> None:
    status, out, err = run(capsys, *argv)
    assert (status, out) == (2, "")
    assert "error" in err


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
    assert "invalid character ' '" in done.stderr


def test_python_dash_m_streams_real_stdin() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "urikit", "normalize", "--json"],
        input="HTTP://H/a/../b\n\nx y\n",
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1
    assert [r["valid"] for r in records(done.stdout)] == [True, False]


def test_nothing_imports_the_cli() -> None:
    code = "import sys, urikit, urikit.integrations.argparse; print('urikit.cli' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.stdout.strip() == "False"


def test_a_file_name_is_no_uri_to_check(tmp_path: Path) -> None:
    """``urikit validate urls.txt`` would check the name (a relative reference, RFC 3986
    4.2) and pass while checking nothing of the file: it is a usage error that says how
    to read the file, and the file's lines are read from stdin."""
    path = tmp_path / "urls.txt"
    path.write_bytes(b"http://exa mple.com/\n")
    done = urikit_run("validate", str(path))
    assert done.returncode == 2
    assert b"names a file, not a URI" in done.stderr
    assert f"urikit validate < {path}".encode() in done.stderr
    assert b"names an existing file" in urikit_run("validate", "--help").stdout
    with path.open("rb") as stdin:
        assert urikit_run("validate", stdin=stdin).returncode == 1
    # A name that is not a file, or a URI with a scheme, is checked as it is.
    assert urikit_run("validate", str(tmp_path / "other.txt")).returncode == 0
    assert urikit_run("validate", path.as_uri()).returncode == 0
