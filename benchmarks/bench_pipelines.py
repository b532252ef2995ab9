"""Data pipelines: a generated Parquet dataset of 1M rows checked by the Dask
DataFrame example (``map_partitions`` over urikit.batch, problems written back as
columns) and by the PySpark example (pandas UDFs, ``local[2]``), rows per second.

Each job reads the dataset, checks it and writes the checked rows as Parquet; best of
2 wall-clock runs in this process. The Spark session is started once, before timing
(its start-up is given apart). Skipped, saying why, without dask or pyspark and Java.
"""

from __future__ import annotations

import importlib.util
import shutil
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType

from _harness import ROOT, load_urls

ROWS = 1_000_000
RUNS = 2


def _example(name: str) -> ModuleType:
    examples = str(ROOT / "examples")  # where the examples' helpers are, as for their scripts
    if examples not in sys.path:
        sys.path.append(examples)
    spec = importlib.util.spec_from_file_location(
        f"example_{name}", ROOT / "examples" / f"{name}.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _best(job: object, runs: int = RUNS) -> float:
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        job()  # type: ignore[operator]
        best = min(best, time.perf_counter() - start)
    return best


def main() -> str:
    rows: list[str] = []
    with tempfile.TemporaryDirectory() as scratch:
        dask_example = _example("dask_parquet")
        source = Path(scratch) / "urls.parquet"
        dask_example.generate(source, ROWS, partitions=8, sample=load_urls())
        out = Path(scratch) / "dask-out.parquet"
        seconds = _best(lambda: dask_example.validate_dataset(source, out))
        name = "Dask DataFrame, `map_partitions` (threads)"
        rows.append(f"| {name} | {seconds:.2f} s | {ROWS / seconds:,.0f} |")
        if shutil.which("java") is None:
            rows.append("| PySpark, pandas UDFs, `local[2]` | not run: no Java | |")
        else:
            spark_example = _example("spark_validate")
            start = time.perf_counter()
            spark = spark_example.session("local[2]")
            started = time.perf_counter() - start
            try:
                frame = spark.read.parquet(str(source))
                target = str(Path(scratch) / "spark-out.parquet")

                def job() -> None:
                    checked = spark_example.checked(frame, "url")
                    checked.write.mode("overwrite").parquet(target)

                seconds = _best(job)
            finally:
                spark.stop()
            rows.append(
                f"| PySpark, pandas UDFs, `local[2]` (session start-up {started:.1f} s apart) "
                f"| {seconds:.2f} s | {ROWS / seconds:,.0f} |"
            )
    return "\n\n".join(
        [
            "## Data pipelines: a 1M-row Parquet dataset",
            f"A dataset written by examples/dask_parquet.py's `generate` ({ROWS:,} rows, 8 "
            "files, the lines of urls.txt in order, every 7th row null), read, checked with "
            "urikit.batch and "
            f"written as Parquet with the problem columns; best of {RUNS} runs, wall clock.",
            "| job | seconds | rows/s |\n|---|---:|---:|\n" + "\n".join(rows),
        ]
    )


if __name__ == "__main__":
    print(main())
    sys.exit(0)
