"""examples/dask_parquet.py: a Parquet dataset checked with map_partitions over
urikit.batch, the problems written back as columns (RFC 3986 Appendix A)."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

import urikit
from tests.test_examples import load
from urikit import batch


def test_problems_are_written_back_as_columns(tmp_path: Path) -> None:
    example = load("dask_parquet")
    source, target = tmp_path / "in.parquet", tmp_path / "out.parquet"
    example.generate(source, 140, partitions=4)
    example.validate_dataset(source, target)
    frame = pd.read_parquet(target)
    assert len(frame) == 140
    for _, row in frame.iterrows():
        url = row["url"]
        if url is None or url is pd.NA:
            assert row["valid"] is pd.NA and row["problem_code"] is pd.NA
            continue
        error = batch.problems([url])[0]
        assert bool(row["valid"]) == urikit.is_valid(url)
        if error is None:
            assert row["problem_rule"] is pd.NA
        else:
            assert (row["problem_rule"], row["problem_position"]) == (
                error["rule"],
                error["position"],
            )
            assert row["problem_code"] == "syntax"


@pytest.mark.parametrize("scheduler", ["threads", "synchronous"])
def test_counts(scheduler: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    example = load("dask_parquet")
    source, target = tmp_path / "in.parquet", tmp_path / "out.parquet"
    assert example.main([str(source), "--generate", "700"]) == 0
    assert example.main([str(source), str(target), "--scheduler", scheduler]) == 0
    out = capsys.readouterr().out
    # 700 rows: every 7th null; of the six sample URLs, three are invalid.
    assert "rows: 700\n" in out
    assert "valid: 300\n" in out and "invalid: 300\n" in out
    assert "invalid in rule reg-name: 100" in out  # the space in a host (RFC 3.2.2)
    assert "invalid in rule port: 100" in out  # RFC 3.2.3
