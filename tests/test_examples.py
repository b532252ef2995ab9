"""Every script in examples/ runs, and says what it is there to show."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

import urikit

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def run(name: str, *args: str) -> str:
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / f"{name}.py"), *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"example_{name}", EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


MINE = ("demo", "form_validation", "config_pydantic", "build_api_urls", "html_links", "cli_usage")


def test_examples_exist() -> None:
    names = {path.stem for path in EXAMPLES.glob("*.py")}
    assert set(MINE) <= names


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.py")), ids=lambda p: p.stem)
def test_every_example_is_a_runnable_script(path: Path) -> None:
    """Each example has a main() and runs it only as a script (importable for tests)."""
    source = path.read_text(encoding="utf-8")
    assert "\ndef main(" in source
    assert 'if __name__ == "__main__":' in source


def test_demo_on_the_corpus_sample() -> None:
    out = run("demo", "3000")
    assert "validated 3000 lines" in out or "built-in list" in out
    assert "valid URI-references" in out
    assert "scheme=" in out  # valid ones parsed into components
    assert "^" in out  # invalid ones shown with a caret
    assert "(rule " in out


def test_demo_falls_back_to_built_in_uris(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    demo = load("demo")
    monkeypatch.setattr(demo, "CORPUS", tmp_path / "missing.txt")
    assert demo.main([]) == 0
    out = capsys.readouterr().out
    assert "built-in list" in out
    valid = sum(urikit.is_valid(text) for text in demo.FALLBACK)
    assert f"valid URI-references   {valid:>7}" in out
    assert "'/' is not allowed in an IPv6 address at position 11 in host" in out
    assert "-> http://www.example.com/~user/b.html" in out  # normalized, RFC 6.2


def test_form_validation_handler(capsys: pytest.CaptureFixture[str]) -> None:
    form = load("form_validation")
    status, body = form.submit(form.app, "HTTPS://Example.COM:443/~alice/")
    assert status == "200 OK"
    assert "Saved https://example.com/~alice/" in body  # normalized, RFC 6.2.3
    status, body = form.submit(form.app, "ftp://files.example.com/")
    assert status.startswith("422")
    assert "scheme &#x27;ftp&#x27; is not allowed; use http or https" in body
    # The client-side pattern is the RFC's URI rule, escaped for the attribute.
    assert 'pattern="' in body
    assert form.main([]) == 0
    assert "a host is required" in capsys.readouterr().out


def test_config_pydantic() -> None:
    out = run("config_pydantic")
    assert "good.toml: valid" in out
    assert "docs resolve to https://api.example.com/docs/index.html" in out  # RFC 5.2
    assert "bad.toml: 5 problems" in out
    assert "webhooks.0: scheme 'http' is not allowed; use https" in out
    assert "base_url: a fragment is not allowed in an absolute URI" in out


def test_build_api_urls() -> None:
    out = run("build_api_urls")
    assert "builder: https://api.example.com/users/..%2Fadmin/repos?q=x&page=1" in out
    assert "q=rock%26roll%3Dyes%23frag&page=2" in out
    assert "zo%C3%AB" in out  # UTF-8 then percent-encoding, RFC 2.5


def test_html_links() -> None:
    out = run("html_links")
    assert "9 links resolved, 2 invalid" in out
    assert "https://www.example.com/docs/api/~reference/index.html?lang=en" in out
    assert "https://cdn.example.net/logo.svg" in out  # network-path reference, RFC 4.2


def test_cli_usage() -> None:
    out = run("cli_usage")
    assert "$ urikit resolve" in out
    assert "http://a/b/g\n" in out
    assert "(exit status 1)" in out and "(exit status 0)" in out
