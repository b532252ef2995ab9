"""examples/spark_validate.py: pandas UDFs over urikit.batch in a local Spark (``local[2]``).

Needs Java (``make check`` installs Debian's ``default-jre-headless`` as root) and
pyspark; skipped, saying so, without them. One Spark session for the whole module, on
small data: the million-row run is ``benchmarks/bench_pipelines.py``.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

import urikit
from tests.test_examples import load
from urikit import batch

if shutil.which("java") is None:
    pytest.skip(
        "Java is not installed (as root `make check` installs default-jre-headless)",
        allow_module_level=True,
    )
pytest.importorskip("pyspark", reason="pyspark is not installed (pip install pyspark)")


@pytest.fixture(scope="module")
def example() -> Iterator[ModuleType]:
    yield load("spark_validate")


def test_counts_and_problem_columns(
    example: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    urls = [*example.SAMPLE, None] * 5  # 35 rows, nulls among them
    source = tmp_path / "in.parquet"
    pq.write_table(pa.table({"url": urls}), source)  # pyright: ignore[reportUnknownMemberType]
    target = tmp_path / "out.parquet"
    assert example.main([str(source), "--output", str(target)]) == 0
    out = capsys.readouterr().out
    invalid = sum(1 for u in urls if u is not None and not urikit.is_valid(u))
    assert "rows: 35\n" in out
    assert f"valid: {sum(1 for u in urls if u is not None) - invalid}\n" in out
    assert f"invalid: {invalid}\n" in out
    assert "invalid in rule reg-name: 5" in out  # the space in a host (RFC 3.2.2)
    written = pq.read_table(target).to_pylist()  # pyright: ignore[reportUnknownMemberType]
    by_url = {row["url"]: row for row in written}
    expected = batch.problems(["http://h/%zz"])[0]
    assert by_url["http://h/%zz"]["problem"] == expected  # RFC 2.1: two HEXDIG
    assert by_url["urn:isbn:0451450523"]["problem"] is None
    assert by_url[None]["valid"] is None
