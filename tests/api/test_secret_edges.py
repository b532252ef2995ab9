"""Passwords the generic reading misses (RFC 3986 7.5): a '#', '?' or '/' left unencoded in
a password ends the authority early, so the password reads as a port; and a URI handed
by mistake to a command-line option that takes no URI. Neither may show it."""

from __future__ import annotations

import pytest

import urikit
from tests.cli.test_cli import Capture, run

SECRET = "S3CRET"


@pytest.mark.parametrize("delimiter", ["#", "/", "?"])
def test_a_delimiter_in_a_password_hides_the_password(delimiter: str) -> None:
    text = f"http://user:{SECRET}{delimiter}pw@example.com/"
    with pytest.raises(urikit.InvalidURIError) as info:
        urikit.parse(text)
    shown = [str(info.value), repr(info.value), *map(str, info.value.args)]
    assert not any(SECRET in part for part in shown)
    assert info.value.text == "http://user:***@example.com/"
    with pytest.raises(urikit.PolicyError) as refused:
        urikit.Policy(allow_password=False).check(text)
    assert SECRET not in str(refused.value)
    assert all(SECRET not in p.message for p in refused.value.problems)


def test_a_port_that_is_a_port_is_no_password() -> None:
    assert str(urikit.parse("http://h:8080/a?x=a@b")) == "http://h:8080/a?x=a@b"


@pytest.mark.parametrize(
    "argv",
    [
        ("validate", "--max-length", f"http://u:{SECRET}@h/"),
        ("validate", "--ports", f"http://u:{SECRET}@h/"),
        ("validate", "--schemes", f"http://u:{SECRET}@h/"),
        ("build", f"http://u:{SECRET}@h/"),
    ],
)
def test_usage_errors_hide_a_password(capsys: Capture, argv: tuple[str, ...]) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2
    assert SECRET not in out + err
    assert "u:***@h/" in err
