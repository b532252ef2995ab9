"""examples/dask_validate.py: the batch job on Dask's bag counts like validate_many does."""

from __future__ import annotations

import importlib
import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

import urikit

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "dask_validate.py"

VALID = [
    "http://example.com/a/b?q#f",  # RFC 3
    "urn:example:animal:ferret:nose",  # RFC 3
    "../g;x?y#s",  # RFC 5.4.1
    "",  # path-empty: a valid relative-ref (RFC 4.2)
    "//[2001:db8::7]/c",
]
INVALID = [
    "http://exa mple.com/",  # space in the host (RFC 3.2.2)
    "http://h:8o/",  # port is digits (RFC 3.2.3)
    "http://h/%zz",  # pct-encoded needs two HEXDIG (RFC 2.1)
]


def _example() -> ModuleType:
    try:
        importlib.import_module("dask.bag")
    except ImportError:
        pytest.skip("dask[bag] is not installed: pip install 'dask[bag]' to run this test")
    spec = importlib.util.spec_from_file_location("example_dask_validate", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("scheduler", ["synchronous", "threads"])
def test_counts_on_a_generated_file(
    scheduler: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = (VALID + INVALID) * 40  # 320 lines, several partitions with a small blocksize
    path = tmp_path / "urls.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    expected_invalid = sum(1 for _ in urikit.validate_many(lines))
    assert expected_invalid == len(INVALID) * 40

    module = _example()
    status = module.main([str(path), "--scheduler", scheduler, "--blocksize", "512"])
    out = capsys.readouterr().out
    assert status == 0
    assert f"lines: {len(lines)}\n" in out
    assert f"valid: {len(VALID) * 40}\n" in out
    assert f"invalid: {expected_invalid}\n" in out
    assert "invalid in host: 40" in out
    assert "invalid in port: 40" in out


def test_rule_option_is_used(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # "../g" is a relative-ref, not a URI (RFC 4.1, 4.3): with --rule URI it is invalid.
    path = tmp_path / "refs.txt"
    path.write_text("../g\nhttp://a/b\n", encoding="utf-8")
    module = _example()
    assert module.main([str(path), "--rule", "URI"]) == 0
    out = capsys.readouterr().out
    assert "lines: 2\n" in out
    assert "invalid: 1\n" in out
