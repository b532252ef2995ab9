"""``urikit check-config``: the URLs of TOML, JSON and YAML files, each checked against
its scheme's rule (connection strings as their clients read them) and a Policy, the
file and key named, no password shown (RFC 3986 3.2.1, 7.5)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any, cast

import pytest
import yaml

from urikit.cli import main

Capture = pytest.CaptureFixture[str]
SECRET = "Sup3rS3cret"

GOOD = {
    "name": "shop",
    "note": "opens at 12:30",  # no "//" and no registered scheme: not a URL
    "homepage": "https://shop.example/",
    "database": {"url": "postgresql://app@db1:5432,db2:5433/shop?sslmode=require"},
    "cache": {"url": "redis://cache.internal:6379/0"},
    "queues": [{"broker": "amqp://rabbit/%2F"}, {"docs": "mailto:ops@example.com"}],
    "documents": "mongodb+srv://app@cluster0.example.net/docs",
}
BAD = {
    "database": {"url": f"postgresql://app:{SECRET}@db1:5432,db2:5x/shop"},
    "cache": {"url": f"redis://:{SECRET}@cache/zero"},
    "mirror": f"https://user:{SECRET}@/files",
}


def _write(folder: Path, name: str, data: dict[str, Any]) -> Path:
    path = folder / name
    if name.endswith(".json"):
        path.write_text(json.dumps(data), encoding="utf-8")
    elif name.endswith(".yaml"):  # block style, as YAML files are written
        path.write_text(_yaml(data), encoding="utf-8")
    else:
        path.write_text(_toml(data), encoding="utf-8")
    return path


def _toml(data: dict[str, Any], prefix: str = "") -> str:
    """A small TOML writer for these tables (strings, tables, arrays of tables)."""
    lines = [f"{k} = {json.dumps(v)}" for k, v in data.items() if isinstance(v, str)]
    for key, value in data.items():
        if isinstance(value, dict):
            table = cast("dict[str, Any]", value)
            lines.append(f"[{prefix}{key}]\n" + _toml(table, f"{prefix}{key}."))
        elif isinstance(value, list):
            items = cast("list[dict[str, Any]]", value)
            lines += [f"[[{prefix}{key}]]\n" + _toml(item) for item in items]
    return "\n".join(lines) + "\n"


def _yaml(data: dict[str, Any], indent: str = "") -> str:
    """A small YAML writer for these tables (block mappings and sequences)."""
    lines: list[str] = []
    for key, value in data.items():
        if isinstance(value, str):
            lines.append(f"{indent}{key}: {json.dumps(value)}")
        elif isinstance(value, dict):
            lines.append(f"{indent}{key}:\n" + _yaml(cast("dict[str, Any]", value), indent + "  "))
        else:
            lines.append(f"{indent}{key}:")
            for item in cast("list[dict[str, Any]]", value):
                body = _yaml(item, indent + "    ")
                lines.append(indent + "  - " + body.lstrip())
    return "\n".join(lines) + "\n"


def run(capsys: Capture, *argv: str) -> tuple[int, str, str]:
    status = main(["check-config", *argv])
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("name", ["app.toml", "app.json", "app.yaml"])
def test_a_good_file_passes_in_every_format(tmp_path: Path, capsys: Capture, name: str) -> None:
    status, out, _ = run(capsys, str(_write(tmp_path, name, GOOD)), "--json")
    assert status == 0
    found = {r["key"]: r["rule"] for r in map(json.loads, out.splitlines())}
    assert found == {
        "homepage": "https-URI",
        "database.url": "postgresql-URI",  # several hosts: beyond RFC 3986, libpq's
        "cache.url": "redis-URI",
        "queues.0.broker": "amqp-URI",
        "queues.1.docs": "mailtoURI",
        "documents": "mongodb-srv-URI",
    }


@pytest.mark.parametrize("name", ["app.toml", "app.json", "app.yaml"])
def test_problems_name_the_file_and_key_and_hide_the_password(
    tmp_path: Path, capsys: Capture, name: str
) -> None:
    path = _write(tmp_path, name, BAD)
    status, out, err = run(capsys, str(path))
    assert status == 1 and out == ""
    assert f"{path}:database.url:36: invalid character 'x'" in err  # RFC 3986 3.2.3
    assert f"{path}:cache.url:" in err and "database number" in err
    assert f"{path}:mirror:" in err and "non-empty host" in err  # RFC 9110 4.2.1
    assert SECRET not in out + err and "***" in err


def test_json_records_hide_the_password(tmp_path: Path, capsys: Capture) -> None:
    status, out, _ = run(capsys, str(_write(tmp_path, "app.json", BAD)), "--json")
    records = [json.loads(line) for line in out.splitlines()]
    assert status == 1 and SECRET not in out
    assert [r["valid"] for r in records] == [False, False, False]
    assert records[0]["error"]["position"] == 35 and records[0]["error"]["rule"] == "port"


def test_keys_given_are_the_ones_checked(tmp_path: Path, capsys: Capture) -> None:
    path = str(_write(tmp_path, "app.toml", {**GOOD, "other": "not a url"}))
    status, out, _ = run(capsys, path, "--key", "database.url", "--key", "other", "--json")
    records = [json.loads(line) for line in out.splitlines()]
    assert [r["key"] for r in records] == ["database.url", "other"]
    assert status == 1 and records[1]["valid"] is False  # "not a url": RFC 3986 3.1
    status, out, _ = run(capsys, path, "--key", "nowhere.url", "--json")
    assert status == 1 and "no string at the key 'nowhere.url'" in out


def test_a_policy_is_applied_to_rfc_3986_urls(tmp_path: Path, capsys: Capture) -> None:
    path = str(_write(tmp_path, "app.toml", GOOD))
    status, _, err = run(capsys, path, "--schemes", "https,postgresql,redis,amqp,mongodb+srv")
    assert status == 1
    assert "queues.1.docs" in err and "mailto" in err  # the one scheme not allowed
    assert "database.url" not in err  # several hosts: its scheme's rule alone


def test_an_unreadable_file_is_a_usage_error(tmp_path: Path, capsys: Capture) -> None:
    bad = tmp_path / "app.toml"
    bad.write_text("url = ", encoding="utf-8")
    status, _, err = run(capsys, str(bad))
    assert status == 2 and "app.toml" in err
    status, _, err = run(capsys, str(tmp_path / "app.ini"))
    assert status == 2


def test_the_pre_commit_hook_runs_the_command(tmp_path: Path) -> None:
    """.pre-commit-hooks.yaml: its entry is the command, given the files to check."""
    hooks: object = yaml.safe_load(
        (Path(__file__).resolve().parents[2] / ".pre-commit-hooks.yaml").read_text()
    )
    (hook,) = cast("list[dict[str, str]]", hooks)
    assert hook["id"] == "check-config" and hook["entry"] == "urikit check-config"
    path = _write(tmp_path, "app.yaml", BAD)
    entry = [sys.executable, "-m", "urikit", *hook["entry"].split()[1:], str(path)]
    done = subprocess.run(entry, capture_output=True, text=True, check=False, timeout=120)
    assert done.returncode == 1 and "database.url" in done.stderr
    assert SECRET not in done.stdout + done.stderr
