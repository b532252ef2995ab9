"""Validate a Parquet dataset of URIs with Dask DataFrame, problems written back as columns.

Each partition is a pandas DataFrame; :func:`urikit.batch.is_valid` and
:func:`urikit.batch.problems` check its URL column at once (through Arrow: the grammar's
RE2 rendering runs in Arrow's engine, and only the failing rows are located, RFC 3986
Appendix A), and the partition comes back with the columns ``valid``, ``problem_code``,
``problem_position``, ``problem_rule``, ``problem_component`` and ``problem_reason``.

    pip install urikit[pandas] 'dask[dataframe]'
    python examples/dask_parquet.py IN.parquet OUT.parquet --column url
    python examples/dask_parquet.py --generate 1000000 IN.parquet   # a test dataset
    python examples/dask_parquet.py                                 # a small demo

Prints the number of rows, valid and invalid ones, and invalid ones per rule.
"""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any, cast

import dask.dataframe as dd
import pandas as pd
from _columns import SAMPLE, command_line, report
from dask import config as dask_config

from urikit import RuleName, batch

PROBLEM_FIELDS = ("code", "position", "rule", "component", "reason")


def check_partition(frame: pd.DataFrame, column: str, rule: RuleName) -> pd.DataFrame:
    """``frame`` with the verdict and the first problem of each URL (null where none)."""
    urls: pd.Series[str] = frame[column]
    found: Any = batch.problems(urls, rule)  # a Series of Arrow structs
    out = frame.assign(valid=batch.is_valid(urls, rule))
    for name in PROBLEM_FIELDS:
        out[f"problem_{name}"] = found.struct.field(name)
    return out


def generate(path: Path, rows: int, partitions: int = 8, sample: Sequence[str] = SAMPLE) -> None:
    """A Parquet dataset of ``rows`` URLs (``sample`` repeated, every 7th null)."""
    urls = [None if i % 7 == 6 else sample[i % len(sample)] for i in range(rows)]
    frame = pd.DataFrame({"id": range(rows), "url": pd.array(urls, dtype="string[pyarrow]")})
    parts = cast(Any, dd.from_pandas(frame, npartitions=partitions))  # type: ignore[no-untyped-call]  # pyright: ignore[reportUnknownMemberType]
    parts.to_parquet(path, write_index=False)


def validate_dataset(
    source: Path, target: Path, *, column: str = "url", rule: RuleName = "URI-reference"
) -> pd.DataFrame:
    """Check ``source`` partition by partition, write ``target``, return the counts."""
    # dask leaves some parameters unannotated: what we pass and get back is stated here.
    frame = cast(Any, dd.read_parquet(source))  # pyright: ignore[reportUnknownMemberType]
    checked = frame.map_partitions(check_partition, column, rule)
    checked.to_parquet(target, write_index=False)
    written = cast(Any, dd.read_parquet(target, columns=["valid", "problem_rule"]))  # pyright: ignore[reportUnknownMemberType]
    counts: pd.DataFrame = written.compute()
    return counts


def main(argv: Sequence[str] | None = None) -> int:
    parser = command_line(__doc__)
    parser.add_argument("target", nargs="?", type=Path, help="where to write it, checked")
    parser.add_argument("--generate", type=int, metavar="ROWS", help="write SOURCE first")
    parser.add_argument("--scheduler", default="threads", choices=["threads", "synchronous"])
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as scratch, dask_config.set(scheduler=args.scheduler):
        source = Path(args.source or Path(scratch) / "sample.parquet")
        if args.generate or args.source is None:
            generate(source, args.generate or 70)
            if args.target is None and args.source is not None:
                return 0
        target = args.target or Path(scratch) / "checked.parquet"
        counts = validate_dataset(source, target, column=args.column, rule=args.rule)
    valid = counts["valid"]
    by_rule = counts["problem_rule"].value_counts()
    report(
        rows=len(counts),
        valid=int(valid.sum()),
        invalid=int((valid == False).sum()),  # noqa: E712  (nulls are neither)
        by_rule={str(rule): int(count) for rule, count in by_rule.items()},
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
