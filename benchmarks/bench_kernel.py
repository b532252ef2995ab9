"""What the native kernel buys: urikit pure and with the kernel, each against can_ada.

can_ada (ada, C++, the WHATWG URL parser) is the native peer of issue 26, whose targets
are ratios to it in one run: ``is_valid`` at most 0.8x ``can_ada.can_parse``, ``parse``
of valid text at most 1.0x ``can_ada.parse``, and no slowdown of the pure path.

One interpreter holds one ``urikit``, so each build runs in its own process: the pure
package in this interpreter's environment (``.venv``, the source tree), the kernel one
in ``build/kernel-venv`` (``make check-kernel`` makes it; or the interpreter named by
``$URIKIT_KERNEL_PYTHON``). Each process times urikit and can_ada interleaved
(:func:`_harness.compare`) on the same lines; the processes alternate :data:`ROUNDS`
times and each keeps its best figures. In the kernel process the pure functions stay
reachable (``__wrapped__``), so a third column times them beside the kernel.

``python benchmarks/bench_kernel.py --worker`` is one such process: it prints JSON.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from _harness import (
    alternate,
    check_build,
    compare,
    kernel_python,
    load_urls,
    or_none,
    serve,
    skipped,
)

REPEAT = 7
COLUMN_LINES = 1_000_000
COLUMN_TARGET = 10_000_000  # lines per second per core, from Arrow (issue 26 item 3)
ROUNDS = 3
HERE = Path(__file__).resolve()

# operation -> (what urikit calls, what the peer calls, the target ratio or None)
TARGETS = {
    "is_valid(s, 'URI') vs can_parse(s)": 0.8,
    "is_valid(s) (URI-reference) vs can_parse(s)": None,
    "parse(s), valid s, vs parse(s)": 1.0,
}


def worker() -> dict[str, Any]:
    """Seconds per item of urikit, its pure functions and can_ada, per operation."""
    import can_ada

    import urikit
    from urikit._syntax import native

    lines = load_urls()
    valid = [s for s in lines if urikit.is_valid(s, "URI") and can_ada.can_parse(s)]
    is_valid = urikit.is_valid
    pure_is_valid = getattr(is_valid, "__wrapped__", is_valid)
    parse = urikit.parse
    pure_parse = getattr(parse, "__wrapped__", parse)
    can_parse = can_ada.can_parse
    ada_parse = can_ada.parse

    operations: dict[str, tuple[list[str], dict[str, Callable[[str], object]]]] = {
        "is_valid(s, 'URI') vs can_parse(s)": (
            lines,
            {
                "urikit": lambda s: is_valid(s, "URI"),
                "pure": lambda s: pure_is_valid(s, "URI"),
                "peer": lambda s: can_parse(s),
            },
        ),
        "is_valid(s) (URI-reference) vs can_parse(s)": (
            lines,
            {
                "urikit": lambda s: is_valid(s),
                "pure": lambda s: pure_is_valid(s),
                "peer": lambda s: can_parse(s),
            },
        ),
        "parse(s), valid s, vs parse(s)": (
            valid,
            {  # urikit.InvalidURIError and can_ada's error are ValueErrors
                "urikit": or_none(parse, ValueError),
                "pure": or_none(pure_parse, ValueError),
                "peer": or_none(ada_parse, ValueError),
            },
        ),
    }
    rows: dict[str, dict[str, float | int]] = {}
    for name, (items, contenders) in operations.items():
        timings = compare(contenders, items, repeat=REPEAT)
        rows[name] = {**timings, "items": len(items)}
    return {"kernel": native.kernel is not None, "rows": rows, "columns": _columns(lines)}


def _columns(lines: list[str]) -> dict[str, float]:
    """Lines per second of ``urikit.batch.is_valid`` over each column kind, about
    :data:`COLUMN_LINES` rows of urls.txt repeated (issue 26 item 3)."""
    import pandas as pd
    import polars as pl
    import pyarrow as pa

    from urikit import batch

    rows = lines * max(1, round(COLUMN_LINES / len(lines)))
    array = pa.array(rows, pa.string())
    series = pl.Series("url", rows)
    frame_column = pd.Series(rows, dtype="string[pyarrow]")
    contenders: dict[str, Callable[[None], object]] = {
        "pyarrow.Array": lambda _: batch.is_valid(array),
        "polars.Series": lambda _: batch.is_valid(series),
        "pandas.Series (string[pyarrow])": lambda _: batch.is_valid(frame_column),
    }
    timings = compare(contenders, [None], repeat=REPEAT)
    return {name: len(rows) / seconds for name, seconds in timings.items()}


def main() -> str:
    title = "## The native kernel: urikit against can_ada (ada, C++)"
    python = kernel_python()
    if not python.exists():
        return skipped(
            title,
            f"no kernel build at `{python}`. `make check-kernel` builds the wheel "
            "with the kernel, installs it there and runs its tests; then rerun "
            "`benchmarks/run.py kernel`.",
        )

    columns: dict[str, dict[str, float]] = {"pure": {}, "kernel": {}}

    def each(build: str, result: Mapping[str, Any]) -> None:
        check_build(build, result)
        for name, rate in result["columns"].items():
            columns[build][name] = max(columns[build].get(name, 0.0), rate)

    best, _ = alternate(
        HERE,
        {"pure": (sys.executable, False), "kernel": (python, True)},
        rounds=ROUNDS,
        keys=("urikit", "pure", "peer"),
        each=each,
    )
    lines = [
        "| operation | items | pure build µs | ratio | kernel build µs | ratio | pure functions "
        "in the kernel build µs | ratio | can_ada µs (kernel run) | target | met |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|:---:|",
    ]
    for name, pure in best["pure"].items():
        kernel = best["kernel"][name]
        pure_ratio = pure["urikit"] / pure["peer"]
        kernel_ratio = kernel["urikit"] / kernel["peer"]
        fallback_ratio = kernel["pure"] / kernel["peer"]
        target = TARGETS[name]
        met = "" if target is None else ("yes" if kernel_ratio <= target else "no")
        lines.append(
            f"| {name} | {int(pure['items'])} | {pure['urikit'] * 1e6:.3f} | {pure_ratio:.2f}× "
            f"| {kernel['urikit'] * 1e6:.3f} | {kernel_ratio:.2f}× | {kernel['pure'] * 1e6:.3f} "
            f"| {fallback_ratio:.2f}× | {kernel['peer'] * 1e6:.3f} "
            f"| {'' if target is None else f'≤ {target}×'} | {met} |"
        )
    return "\n\n".join(
        [
            title,
            "urls.txt, every line (is_valid) or the lines both urikit (`URI`) and "
            "`can_ada.can_parse` accept (parse); each contender behind one Python wrapper "
            "call. Each build runs in its own process, urikit and can_ada interleaved, best of "
            f"{REPEAT}; the processes alternate {ROUNDS} times, keeping each one's best. "
            "Ratio = urikit / can_ada in the same process (below 1: urikit faster). The pure "
            "build is `.venv` (the source tree, no kernel); the kernel build is the wheel "
            "`make check-kernel` installs in `build/kernel-venv`, where the pure functions "
            "(the fallback, `__wrapped__`) are timed too: they must match the pure build's.",
            "\n".join(lines),
            "`urikit.batch.is_valid(column)` (URI-reference) over urls.txt repeated to about "
            f"{COLUMN_LINES:,} rows, best of {REPEAT} per process: the pure build runs the "
            "grammar's RE2 rendering in Arrow's and Polars' engines, the kernel build reads "
            "the Arrow buffers in C (Polars and pandas columns through their Arrow form). "
            f"Issue 26's target: at least {COLUMN_TARGET:,} lines per second per core from "
            "Arrow.",
            _column_table(columns),
        ]
    )


def _column_table(columns: dict[str, dict[str, float]]) -> str:
    lines = [
        "| column | pure build lines/s | kernel build lines/s | target | met |",
        "|---|---:|---:|---:|:---:|",
    ]
    for name, pure in columns["pure"].items():
        kernel = columns["kernel"][name]
        arrow = name == "pyarrow.Array"
        target = f"≥ {COLUMN_TARGET:,}" if arrow else ""
        met = ("yes" if kernel >= COLUMN_TARGET else "no") if arrow else ""
        lines.append(f"| {name} | {pure:,.0f} | {kernel:,.0f} | {target} | {met} |")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(serve(sys.argv[1:], worker=worker, main=main))
