"""``urikit validate`` speaks the whole Policy: one option per rule,
made from the rule list, so that the CLI and the library say the same thing."""

from __future__ import annotations

import dataclasses

import pytest

from tests.cli import urikit_run
from urikit import Policy
from urikit.cli import main, validate
from urikit.cli._policy_options import given_rules, option
from urikit.policy import PolicyRules
from urikit.policy._arguments import RULES

Capture = pytest.CaptureFixture[str]


def run(capsys: Capture, *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_rules_are_the_policy_fields_and_its_keywords() -> None:
    """The rule list the options are made from names each Policy rule once."""
    names = [rule.name for rule in RULES]
    assert len(names) == len(set(names))
    fields = {f.name for f in dataclasses.fields(Policy)} - {"require", "normalize"}
    assert set(names) == fields == set(PolicyRules.__annotations__)
    default = Policy()
    assert all(getattr(default, rule.name) == rule.default for rule in RULES)


def test_every_rule_is_an_option_of_the_same_name_in_kebab_case(capsys: Capture) -> None:
    status, out, _ = run(capsys, "validate", "--help")
    assert status == 0
    for rule in RULES:
        assert option(rule) in out, rule.name
        if rule.kind == "switch":
            assert "--no-" + option(rule)[2:] in out
    # --help groups them.
    assert "policy: what the reference may hold:" in out
    assert "policy: hosts and ports:" in out
    body = out[out.index("policy: what the reference may hold:") :]
    assert body.index("--require-host") < body.index("policy: hosts and ports:")
    assert body.index("policy: hosts and ports:") < body.index("--allow-internal-host")


def _rules(*argv: str) -> PolicyRules:
    import argparse

    parser = argparse.ArgumentParser()
    validate.options(parser)
    return given_rules(parser.parse_args(list(argv)))


def test_each_option_gives_the_policy_keyword_of_its_rule() -> None:
    assert _rules() == {}
    assert _rules("--schemes", "http,https", "--schemes", "ws") == {
        "schemes": ["http", "https", "ws"]
    }
    assert _rules("--scheme", "https", "--scheme", "http") == {"schemes": ["https", "http"]}
    assert _rules("--require-host", "--no-allow-ip-host") == {
        "require_host": True,
        "allow_ip_host": False,
    }
    assert _rules("--allow-internal-host") == {"allow_internal_host": True}
    assert _rules("--ports", "443") == {"ports": range(443, 444)}
    assert _rules("--ports", "80,8000-8002") == {"ports": frozenset({80, 8000, 8001, 8002})}
    assert _rules("--max-length", "20", "--host-syntax", "dns") == {
        "max_length": 20,
        "host_syntax": "dns",
    }
    assert _rules("--accept-iri", "--idna") == {"accept_iri": True, "idna": True}


@pytest.mark.parametrize(
    ("old", "rule"),
    [
        ("--no-userinfo", "allow_userinfo"),
        ("--no-password", "allow_password"),
        ("--no-fragment", "allow_fragment"),
        ("--no-ip-host", "allow_ip_host"),
    ],
)
def test_the_options_of_earlier_versions_keep_working(old: str, rule: str) -> None:
    assert _rules(old) == {rule: False}


def test_a_scheme_implies_an_absolute_uri(capsys: Capture) -> None:
    """Allowed schemes are schemes a reference must have (RFC 3)."""
    argv = ("validate", "-q", "--scheme", "https", "--require-host")
    status, _, err = run(capsys, *argv, "//evil.com/x")
    assert status == 1
    assert "a full URI is required" in err
    assert run(capsys, *argv, "https://example.com/x")[0] == 0
    assert run(capsys, "validate", "-q", "--schemes", "https", "/x")[0] == 1
    # An explicit rule still decides: URI-reference allows a relative reference.
    assert (
        run(capsys, "validate", "-q", "--rule", "URI-reference", "--schemes", "https", "/x")[0] == 0
    )
    assert run(capsys, "validate", "--rule", "relative-ref", "--schemes", "https", "x")[0] == 2


@pytest.mark.parametrize(
    ("argv", "text"),
    [
        (("--no-allow-internal-host",), "http://127.0.0.1/"),
        (("--no-allow-internal-host",), "http://x.onion/"),  # RFC 7686 2
        (("--no-allow-internal-host",), "http://_dns.resolver.arpa/"),  # RFC 9462
        (("--no-allow-ip-host",), "http://0x7f.1/"),
        (("--no-allow-userinfo",), "http://u@h/"),
        (("--no-allow-password",), "http://u:p@h/"),
        (("--no-allow-fragment",), "http://h/#f"),
        (("--require-host",), "mailto:a@example.com"),
        (("--ports", "443"), "https://h:8443/"),
        (("--max-length", "10"), "https://example.com/"),
        (("--host-syntax", "dns"), "https://a..b/"),
        ((), "https://example.com:99999/"),
    ],
)
def test_the_cli_refuses_what_the_policy_refuses(
    capsys: Capture, argv: tuple[str, ...], text: str
) -> None:
    status, _, err = run(capsys, "validate", "-q", "--rule", "URI", *argv, text)
    if argv:
        assert status == 1, err
    else:  # without a policy option, only the syntax is checked (RFC 3.2.3: *DIGIT)
        assert status == 0


def test_options_that_do_not_go_together_are_a_usage_error(capsys: Capture) -> None:
    status, _, err = run(capsys, "validate", "--idna", "http://h/")
    assert status == 2
    assert "accept-iri" in err
    assert run(capsys, "validate", "--ports", "9-1", "http://h/")[0] == 2
    assert run(capsys, "validate", "--host-syntax", "DNS", "http://h/")[0] == 2


def test_one_allowed_port_reads_as_one() -> None:
    """RFC 3986 3.2.3: ``--ports 443`` allows one port, and the message names it so."""
    done = urikit_run("validate", "--ports", "443", "https://h:8443/")
    assert done.returncode == 1
    assert b"port 8443 is not allowed; use 443\n" in done.stderr
    many = urikit_run("validate", "--ports", "8000-8002", "https://h:8443/")
    assert b"use a port from 8000 to 8002\n" in many.stderr
