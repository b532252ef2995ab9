"""``urikit validate`` with Parquet in (``--input-format parquet --column NAME``) and out
(``--output-format parquet``): the same verdicts and records as the line input."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from tests.cli import urikit_run

URLS = ["http://a/b", None, "http://exa mple.com/", "urn:x:y", "http://h:8o/"]


def _validate(*argv: str, data: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    return urikit_run("validate", *argv, data=data)


def _read(data: bytes) -> pa.Table:
    return pq.read_table(pa.BufferReader(data))  # pyright: ignore[reportUnknownMemberType]


@pytest.fixture
def table(tmp_path: Path) -> Path:
    path = tmp_path / "links.parquet"
    contents = pa.table({"id": list(range(len(URLS))), "url": URLS})
    pq.write_table(contents, path)  # pyright: ignore[reportUnknownMemberType]
    return path


def test_reports_name_the_file_and_row(table: Path) -> None:
    done = _validate("--input-format", "parquet", "--column", "url", str(table))
    assert done.returncode == 1
    err = done.stderr.decode()
    # Row 3 (1-based), column 11: the space in the host (RFC 3.2.2); the null is skipped.
    assert f"{table}:3:11: invalid character ' '" in err
    assert f"{table}:5:" in err
    assert err.endswith("4 checked, 2 valid, 2 invalid\n")


def test_json_from_standard_input(table: Path) -> None:
    done = _validate(
        "--input-format", "parquet", "--column", "url", "--json", data=table.read_bytes()
    )
    records = [json.loads(line) for line in done.stdout.decode().splitlines()]
    assert [r["line"] for r in records] == [1, 3, 4, 5]
    assert [r["valid"] for r in records] == [True, False, True, False]
    assert records[1]["source"] == "stdin"
    assert records[1]["error"]["rule"] == "reg-name"
    lines = _validate("--json", data="".join(f"{u}\n" for u in URLS if u).encode())
    by_line = [json.loads(line) for line in lines.stdout.decode().splitlines()]
    assert [r["error"] for r in records] == [r["error"] for r in by_line]


def test_parquet_out_mirrors_the_json_records(table: Path) -> None:
    done = _validate(
        "--input-format", "parquet", "--column", "url", "--output-format", "parquet", str(table)
    )
    assert done.returncode == 1
    out = _read(done.stdout)
    assert out.column_names == ["source", "line", "input", "valid", "problems", "error"]
    rows = out.to_pylist()
    assert [r["line"] for r in rows] == [1, 3, 4, 5]
    assert rows[1]["error"]["position"] == 10 and rows[1]["problems"] == [rows[1]["error"]]
    assert rows[0]["error"] is None and rows[0]["problems"] == []


def test_lines_in_parquet_out_with_a_policy() -> None:
    data = b"https://ok.example/\nhttp://ok.example/\n\nftp://x/\n"
    done = _validate("--rule", "URI", "--scheme", "https", "--output-format", "parquet", data=data)
    rows = _read(done.stdout).to_pylist()
    assert [(r["line"], r["valid"]) for r in rows] == [(1, True), (2, False), (4, False)]
    assert rows[1]["error"]["code"] == "scheme-not-allowed"
    assert done.stderr.endswith(b"3 checked, 1 valid, 2 invalid\n")


def test_usage_errors(table: Path) -> None:
    no_column = _validate("--input-format", "parquet", str(table))
    assert no_column.returncode == 2 and b"--column" in no_column.stderr
    wrong = _validate("--input-format", "parquet", "--column", "link", str(table))
    assert wrong.returncode == 2 and b"no column 'link'; it has id, url" in wrong.stderr
    not_parquet = _validate("--input-format", "parquet", "--column", "url", data=b"http://a/\n")
    assert not_parquet.returncode == 2 and b"not a Parquet file" in not_parquet.stderr


def test_parquet_out_hides_passwords_unless_asked() -> None:
    """RFC 7.5: the input column writes a password ``***``, as the JSON Lines do."""
    data = b"http://user:pw@h/ok\nhttp://user:pw@h/a b\n"
    hidden = _read(_validate("--output-format", "parquet", data=data).stdout).to_pylist()
    assert [r["input"] for r in hidden] == ["http://user:***@h/ok", "http://user:***@h/a b"]
    assert b"pw" not in _validate("--json", data=data).stdout
    shown = _validate("--output-format", "parquet", "--show-secrets", data=data).stdout
    assert _read(shown).to_pylist()[0]["input"] == "http://user:pw@h/ok"


@pytest.mark.parametrize(
    ("rule", "line"), [("authority", "u:s3cret@h:80"), ("userinfo", "u:s3cret")]
)
def test_parquet_out_reads_the_input_as_its_rule(rule: str, line: str) -> None:
    """An authority's or a userinfo's password has no "//" before it (RFC 3.2, 3.2.1):
    the input column still writes it ``***`` (RFC 7.5)."""
    data = f"{line}\n".encode()
    found = _validate("--rule", rule, "--output-format", "parquet", data=data).stdout
    assert [r["input"] for r in _read(found).to_pylist()] == ["u:***" + line[8:]]
