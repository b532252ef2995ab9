"""Validate a large file of URIs (one per line) in partitions with Dask's bag.

The same job as ``urikit validate < FILE``, split into blocks of the file that Dask runs
with its local scheduler (``synchronous`` in this process, or ``threads``). Each
partition streams its lines through :func:`urikit.validate_many`, which costs one regex
match per valid line and locates the error only for invalid ones (RFC 3986 Appendix A),
and returns its counts; the counts are added up at the end.

    pip install urikit 'dask[bag]'   # urikit needs nothing from dask: no extra
    python examples/dask_validate.py urls.txt --rule URI-reference --scheduler threads

Prints the number of lines, valid and invalid ones, and invalid ones per component.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import cast, get_args

import dask.bag as db

import urikit
from urikit import RuleName

# A partition's summary: "lines", "invalid" and "invalid in <component>" -> count.
Summary = dict[str, int]


def summarize(lines: Iterable[str], rule: RuleName) -> list[Summary]:
    """The counts for one partition (a one-item list: Dask concatenates partitions)."""
    texts = [line[:-1] if line.endswith("\n") else line for line in lines]
    counts: Counter[str] = Counter(lines=len(texts))
    for _index, error in urikit.validate_many(texts, rule):
        counts["invalid"] += 1
        counts[f"invalid in {error.component or 'the reference as a whole'}"] += 1
    return [dict(counts)]


def validate_file(
    path: str,
    rule: RuleName = "URI-reference",
    scheduler: str = "synchronous",
    blocksize: int = 1 << 20,
) -> Counter[str]:
    """Total counts over every partition of the file at ``path``."""
    # dask leaves some parameters unannotated, so pyright sees its functions as partially
    # unknown; the types of what we pass and get back are stated here.
    bag = db.read_text(path, blocksize=blocksize, linedelimiter="\n")  # pyright: ignore[reportUnknownMemberType, reportUnknownVariableType]
    assert isinstance(bag, db.Bag)  # collection=True (the default) reads into a Bag
    partitions = bag.map_partitions(summarize, rule)  # pyright: ignore[reportUnknownMemberType]
    computed = partitions.compute(scheduler=scheduler)  # pyright: ignore[reportUnknownMemberType, reportUnknownVariableType]
    summaries = cast("Sequence[Summary]", computed)
    total: Counter[str] = Counter()
    for summary in summaries:
        total.update(summary)
    return total


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("path", help="a text file, one URI per line")
    parser.add_argument("--rule", default="URI-reference", choices=get_args(RuleName))
    parser.add_argument("--scheduler", default="synchronous", choices=["synchronous", "threads"])
    parser.add_argument("--blocksize", type=int, default=1 << 20, help="bytes per partition")
    args = parser.parse_args(argv)
    total = validate_file(args.path, args.rule, args.scheduler, args.blocksize)
    lines, invalid = total["lines"], total["invalid"]
    print(f"lines: {lines}")
    print(f"valid: {lines - invalid}")
    print(f"invalid: {invalid}")
    for key, count in sorted(total.items()):
        if key.startswith("invalid in "):
            print(f"  {key}: {count}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
