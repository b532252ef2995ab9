"""Every script in examples/ runs, and says what it is there to show."""

from __future__ import annotations

import ast
import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import httpx
import pytest
import requests

import urikit
from urikit.security import Resolver

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
    """examples/``name``.py as a module, finding the helpers beside it as its script does."""
    if str(EXAMPLES) not in sys.path:
        sys.path.append(str(EXAMPLES))
    spec = importlib.util.spec_from_file_location(f"example_{name}", EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


MINE = (
    "demo",
    "form_validation",
    "config_pydantic",
    "build_api_urls",
    "html_links",
    "cli_usage",
    "openapi_paths",
    "resolve_guard",
    "settings_dsn",
)


def test_examples_exist() -> None:
    names = {path.stem for path in EXAMPLES.glob("*.py")}
    assert set(MINE) <= names


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("[!_]*.py")), ids=lambda p: p.stem)
def test_every_example_is_a_runnable_script(path: Path) -> None:
    """Each example has a main() and runs it only as a script (importable for tests); a
    module whose name starts with ``_`` is a helper the examples import, not an example."""
    source = path.read_text(encoding="utf-8")
    assert "\ndef main(" in source
    assert 'if __name__ == "__main__":' in source


def _demo(corpus: Path) -> list[str]:
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / "demo.py")],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env={**os.environ, "URIKIT_CORPUS": str(corpus)},
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def test_demo_stands_alone_and_fits_one_screen(tmp_path: Path) -> None:
    """Without the shared corpus the demo reads the sample that ships in corpus/ and
    tells the whole story in one screen: located errors (RFC 3986 App. A), building
    from untrusted parts (2.4), a Policy, a pydantic model, resolution (5.2) and
    normalization (6.2)."""
    lines = _demo(tmp_path / "absent")
    out = "\n".join(lines)
    assert len(lines) <= 40
    assert "3000 lines of corpus/urls.txt" in out
    assert "(rule reg-name)" in out and "^" in out  # an error with its caret
    assert "/users/..%2Fadmin/posts?q=rock%20%26%20roll%20%231&page=2" in out
    assert "missing scheme? 'search.example:443'" in out
    assert "homepage=URI('https://example.com/~me')" in out
    assert "{'format': 'uri', 'title': 'Homepage', 'type': 'string'}" in out
    assert "'../api/index.html#top'      -> https://example.com/docs/api/index.html#top" in out
    assert "-> https://example.com/docs/~me" in out


def test_demo_counts_what_it_read(tmp_path: Path) -> None:
    """With a corpus present it reads that one, and its counts add up."""
    sample = ["http://a/b", "../g", "http://exa mple.com/", "mailto:x@y", "%zz"]
    (tmp_path / "urls.txt").write_text("\n".join(sample) + "\n", encoding="utf-8")
    lines = _demo(tmp_path)
    assert f"5 lines of {tmp_path / 'urls.txt'}" in lines[0]
    assert "3 valid (2 URIs, 1 relative references), 2 invalid" in lines[1]
    assert lines[2] == "   invalid, by rule: reg-name 1, pct-encoded 1"


def test_the_sample_corpus_is_real_input() -> None:
    """corpus/urls.txt holds valid and invalid lines and says where they come from."""
    sample = (EXAMPLES.parent / "corpus" / "urls.txt").read_text(encoding="utf-8").splitlines()
    assert len(sample) == 3000
    invalid = sum(not urikit.is_valid(line) for line in sample)
    assert 0 < invalid < len(sample) // 10
    readme = (EXAMPLES.parent / "corpus" / "README.md").read_text(encoding="utf-8")
    assert "Origin" in readme


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
    out = capsys.readouterr().out
    # One slip, one problem: 'example.com' lacks a scheme; the host it then lacks is not
    # listed as a second problem.
    assert "a full URI is required" in out and "a host is required" not in out


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


def test_make_demo_installs_what_the_demo_imports() -> None:
    """The demo imports urikit, pydantic and the standard library; ``make demo`` installs
    urikit with the pydantic extra and nothing else, once (a stamp on pyproject.toml)."""
    tree = ast.parse((EXAMPLES / "demo.py").read_text(encoding="utf-8"))
    imported = {
        name.split(".")[0]
        for node in ast.walk(tree)
        for name in (
            [alias.name for alias in node.names]
            if isinstance(node, ast.Import)
            else [node.module or ""]
            if isinstance(node, ast.ImportFrom) and node.level == 0
            else []
        )
    }
    assert imported - sys.stdlib_module_names == {"urikit", "pydantic"}
    makefile = (EXAMPLES.parent / "Makefile").read_text(encoding="utf-8")
    stamp = re.search(r"^(\S*demo-installed): pyproject.toml\b.*\n((?:\t.*\n)+)", makefile, re.M)
    assert stamp is not None
    assert re.findall(r"pip install .*", stamp[2]) == ["pip install -q -e '.[pydantic]'"]
    assert re.search(rf"^demo: {re.escape(stamp[1])}$", makefile, re.M)


def test_openapi_paths() -> None:
    out = run("openapi_paths")
    # Each value encoded once for its expression (RFC 6570 3.2.2, 3.2.8): no "/" or "?"
    # from a value can change the URL's structure.
    assert "-> https://api.example.com/v1/users/..%2Fadmin/repos/x" in out
    assert "-> https://api.example.com/v1/users/alice/repos?q=uri%20parser&page=2" in out
    assert "files/read%20me.json\n" in out  # ref is undefined: no "?" at all (2.3)
    # match() routes the URL back to its operation, values decoded.
    assert "routed back: ('getRepo', {'userId': '../admin', 'repo': 'x'})" in out
    assert "routed back: ('getFile', {'repo': 'zoë/notes', 'name': 'read me'})" in out
    assert "refused, naming 'port':" in out and "(rule port)" in out
    assert "partial: https://eu.example.com/v1/users/{userId} needs ('userId',)" in out
    assert "unknown route: None" in out


# -- resolve_guard: httpx, urllib3 and requests behind resolve_checked (RFC 7.4) ----------


def test_resolve_guard_fetches_through_each_client() -> None:
    """Each client reaches the local server at the checked address with the name in
    the Host header, and each refuses a name that resolves to 10.0.0.5; the stand-in
    resolver answers, nothing leaves the machine."""
    lines = run("resolve_guard").splitlines()
    assert [line.split(":", 1)[0] for line in lines[:3]] == ["httpx", "urllib3", "requests"]
    for line in lines[:3]:
        assert re.search(r"Host: api\.example:\d+, path /hello\?x=1$", line), line
    refusal = (
        'refused: the host rebind.example resolves to 10.0.0.5, in 10.0.0.0/8 "Private-Use"'
        " (RFC 1918); a public host is required"
    )
    assert lines[3:] == [f"{client} {refusal}" for client in ("httpx", "urllib3", "requests")]


def _stand_in(guard: ModuleType) -> Resolver:
    resolver: Resolver = guard.stand_in_resolver({"api.example": "93.184.215.14"})
    return resolver


def test_resolve_guard_https_sends_the_name_in_tls() -> None:
    """For https each client connects to the checked address and sends and checks the
    name in TLS (SNI, certificate): shown without connecting."""
    guard = load("resolve_guard")
    dns = _stand_in(guard)
    seen: list[httpx.Request] = []

    def record(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return httpx.Response(204)

    inner = httpx.MockTransport(record)
    with httpx.Client(transport=guard.GuardedTransport(resolver=dns, inner=inner)) as c:
        assert c.get("https://api.example/v1").status_code == 204
    (request,) = seen
    pooled = guard.GuardedTransport(resolver=dns)  # one pool per name, TLS is per name
    assert pooled._pool("a.example") is pooled._pool("a.example")
    assert pooled._pool("a.example") is not pooled._pool("b.example")
    pooled.close()
    assert (request.url.host, request.url.path) == ("93.184.215.14", "/v1")
    assert request.headers["Host"] == "api.example"
    assert request.extensions["sni_hostname"] == "api.example"

    checked = urikit.security.resolve_checked("https://api.example:8443/", resolver=dns)
    pool = guard.connection_pool(checked, checked.addresses[0])
    assert (pool.host, pool.port, pool.assert_hostname) == ("93.184.215.14", 8443, "api.example")
    assert pool.conn_kw["server_hostname"] == "api.example"

    adapter = guard.GuardedAdapter(resolver=dns)
    prepared = requests.Request("GET", "https://93.184.215.14/").prepare()
    prepared.headers["Host"] = "api.example"
    host, pool_kwargs = adapter.build_connection_pool_key_attributes(prepared, True)
    assert host["host"] == "93.184.215.14"
    assert pool_kwargs["server_hostname"] == pool_kwargs["assert_hostname"] == "api.example"


def test_settings_dsn() -> None:
    """pydantic-settings reads the connection strings from a .env file and the
    environment; hosts and sockets as the clients read them, no password shown."""
    out = run("settings_dsn")
    assert "database hosts: (('db1.internal', 5432), ('db2.internal', 5433)) dbname: shop" in out
    assert "host='db1.internal,db2.internal' port='5432,5433'" in out
    assert "redis.Redis(**kwargs) keys: ['db', 'host', 'password', 'port', 'ssl']" in out
    assert "broker vhost: orders" in out
    assert "dump: postgresql://app:***@db1.internal" in out
    assert "input shown: redis://:***@cache.internal:6380/two" in out
    for secret in ("s%40cret", "c4che", "br0ker", "d0cs"):
        assert secret not in out
