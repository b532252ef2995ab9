"""Batch validation throughput: about a million lines through validate_many, the CLI, Dask.

urls.txt repeated to about 1M lines (the invalid 3% included).

Timed interleaved (best of N) over the whole batch, the CLI runs among the in-process
jobs so that load on the machine hits them alike:

- ``validate_many(lines)`` consumed bare (yields ``(index, InvalidURIError)`` per bad
  line; a lazily located error costs its location only when read);
- ``validate_many(lines)`` with each error's ``str()`` read: located and shown, which
  is what the CLI must do for each invalid line;
- the same job written by hand: ``validate(s)`` per line, catching the error;
- the floor: the hand-written regex over every line, yes/no only (no error located);
- ``python -m urikit validate < FILE`` and ``... --json`` (wall clock, interpreter
  start-up and imports included; output to /dev/null), if the CLI runs.

The targets: the CLI's throughput at least 0.7x that of ``validate_many``, with
``--json`` at least 0.5x; the ratio is given against both in-process baselines.

Out of process, best of 2: ``python examples/dask_validate.py FILE`` with the
synchronous and threaded schedulers.

The column API, timed among them: ``urikit.batch.is_valid`` on a list (one ``re``
match per row), on a pyarrow array and a Polars Series (in the pure build the grammar's
RE2 rendering run by Arrow's and Polars' own engines; in the kernel build Arrow's
buffers read in C, at least 10 million lines per second its target), on a pandas
Series (through Arrow), and ``urikit.batch.problems`` on the Arrow array.
``urikit validate --jobs 2`` runs among the CLI rows; its speed-up over ``--jobs 1``
is judged in bench_jobs.py, a run of its own on a quiet machine.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from _harness import ROOT, compare, current_build, load_urls, target
from floor import FLOOR

import urikit
from urikit import InvalidURIError, batch

KERNEL = True  # run.py measures it in the kernel build too
REPEAT = 7
PROCESS_RUNS = 2
TARGET_LINES = 1_000_000


def with_validate_many(lines: Sequence[str]) -> int:
    return sum(1 for _ in urikit.validate_many(lines))


def with_validate_many_read(lines: Sequence[str]) -> int:
    return sum(len(str(error)) for _, error in urikit.validate_many(lines))


def with_validate_loop(lines: Sequence[str]) -> int:
    bad = 0
    validate = urikit.validate
    for text in lines:
        try:
            validate(text)
        except InvalidURIError:
            bad += 1
    return bad


def with_floor(lines: Sequence[str]) -> int:
    fullmatch = FLOOR.fullmatch
    return sum(1 for text in lines if fullmatch(text) is None)


MANY = "`validate_many`, consumed bare"
MANY_READ = "`validate_many`, each error's `str()` read"
CLI = "`python -m urikit validate < FILE`"
CLI_JSON = "`python -m urikit validate --json < FILE`"

CONTENDERS: dict[str, Callable[[Sequence[str]], object]] = {
    MANY: with_validate_many,
    MANY_READ: with_validate_many_read,
    "`validate` per line, caught (error not read)": with_validate_loop,
    "floor regex per line (yes/no only)": with_floor,
}

#: The least throughput of the CLI, as a ratio to ``validate_many``'s.
TARGETS = {CLI: 0.7, CLI_JSON: 0.5}

CLI_JOBS = "`python -m urikit validate --jobs 2 < FILE`"
ARROW = "`batch.is_valid(pyarrow.Array)`"
#: The kernel's least throughput from an Arrow column, lines per second per core.
ARROW_TARGET = 10_000_000


def _column_contenders(lines: list[str]) -> dict[str, Callable[[Sequence[str]], object]]:
    """urikit.batch over each column kind, built once from ``lines`` (not timed)."""
    import pandas as pd
    import polars as pl
    import pyarrow as pa

    array = pa.array(lines, pa.string())
    series = pl.Series("url", lines)
    frame_column = pd.Series(lines, dtype="string[pyarrow]")
    return {
        "`batch.is_valid(list)`": lambda _: batch.is_valid(lines),
        ARROW: lambda _: batch.is_valid(array),
        "`batch.is_valid(polars.Series)`": lambda _: batch.is_valid(series),
        "`batch.is_valid(pandas.Series)` (string[pyarrow])": lambda _: batch.is_valid(frame_column),
        "`batch.problems(pyarrow.Array)`": lambda _: batch.problems(array),
    }


def _wall(
    command: list[str], stdin: Path | None
) -> tuple[float, subprocess.CompletedProcess[bytes]]:
    with open(stdin if stdin else Path("/dev/null"), "rb") as source:
        start = time.perf_counter()
        done = subprocess.run(
            command, stdin=source, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False
        )
        return time.perf_counter() - start, done


def _cli_command() -> tuple[list[str] | None, str]:
    """A command that runs ``urikit validate``, or None and why not."""
    probe = Path(tempfile.gettempdir()) / "urikit-bench-probe.txt"
    probe.write_text("http://a/b\nhttp://a b/\n", encoding="utf-8")
    why = ""
    for module in ("urikit", "urikit.cli"):
        command = [sys.executable, "-m", module, "validate"]
        _, done = _wall(command, probe)
        if done.returncode == 1:  # one valid line, one invalid: status 1 by the CLI's contract
            return command, ""
        why = why or (done.stderr.decode(errors="replace").strip().splitlines() or ["?"])[-1]
    return None, why


def _process_rows(path: Path, n: int) -> list[str]:
    rows: list[str] = []
    dask_example = ROOT / "examples" / "dask_validate.py"
    for scheduler in ("synchronous", "threads"):
        name = f"`examples/dask_validate.py` ({scheduler})"
        command = [sys.executable, str(dask_example), str(path), "--scheduler", scheduler]
        best = float("inf")
        failed = ""
        for _ in range(PROCESS_RUNS):
            seconds, done = _wall(command, None)
            if done.returncode not in (0, 1):
                failed = (done.stderr.decode(errors="replace").strip().splitlines() or ["?"])[-1]
                break
            best = min(best, seconds)
        if failed:
            rows.append(f"| {name} | failed: {failed} | | |")
        else:
            rows.append(f"| {name} | {best:.2f} s | {n / best:,.0f} | {best / n * 1e6:.2f} |")
    return rows


def _cli_contender(command: list[str], path: Path) -> Callable[[Sequence[str]], object]:
    def run(_lines: Sequence[str]) -> object:
        _, done = _wall(command, path)
        if done.returncode not in (0, 1):
            raise RuntimeError(done.stderr.decode(errors="replace"))
        return done.returncode

    return run


def _targets(timings: dict[str, float], n: int) -> str:
    """Each CLI row's throughput as a ratio to each baseline's, against its target; the
    summary's row: its time per line over ``validate_many``'s with each error read."""
    lines = [
        f"| CLI | target | ratio to {MANY} | ratio to {MANY_READ} |",
        "|---|---:|---:|---:|",
    ]
    for name, least in TARGETS.items():
        if name in timings:
            bare, read = (timings[baseline] / timings[name] for baseline in (MANY, MANY_READ))
            lines.append(f"| {name} | ≥ {least:.1f}× | {bare:.2f}× | {read:.2f}× |")
            target(
                "CLI validate --json" if name == CLI_JSON else "CLI validate",
                items=f"{n} lines in one process",
                unit="µs/line",
                ours=timings[name] / n * 1e6,
                reference="`validate_many`, errors read",
                theirs=timings[MANY_READ] / n * 1e6,
                bound=1 / least,
            )
    return "\n".join(lines)


def main() -> str:
    corpus = load_urls()
    copies = max(1, round(TARGET_LINES / len(corpus)))
    lines = corpus * copies
    invalid = with_validate_many(lines)
    n = len(lines)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "urls-1M.txt"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        contenders = dict(CONTENDERS)
        contenders.update(_column_contenders(lines))
        cli, why = _cli_command()
        if cli is not None:
            contenders[CLI] = _cli_contender(cli, path)
            contenders[CLI_JSON] = _cli_contender([*cli, "--json"], path)
            contenders[CLI_JOBS] = _cli_contender([*cli, "--jobs", "2"], path)
        timings = compare(contenders, [lines], repeat=REPEAT)
        table = [
            "| job | seconds | lines/s | µs/line |",
            "|---|---:|---:|---:|",
            *(
                f"| {name} | {seconds:.2f} s | {n / seconds:,.0f} | {seconds / n * 1e6:.2f} |"
                for name, seconds in sorted(timings.items(), key=lambda item: item[1])
            ),
        ]
        if cli is None:
            table.append(f"| {CLI} | not run: {why} | | |")
        table.extend(_process_rows(path, n))
    if current_build() == "kernel":
        target(
            "batch.is_valid(pyarrow.Array)",
            items=f"{n} rows",
            unit="µs/line",
            ours=timings[ARROW] / n * 1e6,
            reference=f"{ARROW_TARGET:,} lines/s",
            theirs=1e6 / ARROW_TARGET,
            bound=1.0,
        )
    return "\n\n".join(
        [
            "## Batch validation: about 1M lines",
            f"urls.txt repeated {copies} times: {n} lines, {invalid} of them invalid "
            f"(`URI-reference`). Best of {REPEAT} interleaved runs over the whole batch, "
            "the CLI's among them (wall clock, interpreter start-up and imports included); "
            f"Dask: best of {PROCESS_RUNS} wall-clock runs.",
            "\n".join(table),
            "CLI throughput as a ratio to the in-process baselines':",
            _targets(timings, n),
            _jobs_speedup(timings),
        ]
    )


def _burn(count: int) -> int:
    total = 0
    for i in range(count):
        total += i * i
    return total


def _control_speedup(count: int = 5_000_000) -> float:
    """What two processes buy on this machine now: a CPU-bound loop run twice in one
    process, then once in each of two, best of 3 (1.0×: only one core is free)."""
    serial = parallel = float("inf")
    with ProcessPoolExecutor(2) as pool:
        list(pool.map(_burn, [1, 1]))  # the workers started
        for _ in range(3):
            start = time.perf_counter()
            _burn(count)
            _burn(count)
            serial = min(serial, time.perf_counter() - start)
            start = time.perf_counter()
            list(pool.map(_burn, [count, count]))
            parallel = min(parallel, time.perf_counter() - start)
    return serial / parallel


def _jobs_speedup(timings: dict[str, float]) -> str:
    if CLI_JOBS not in timings or CLI not in timings:
        return "`--jobs 2`: not measured (the CLI did not run)."
    speedup = timings[CLI] / timings[CLI_JOBS]
    return (
        f"`--jobs 2` over one process in this run: {speedup:.2f}× (its target is "
        f"judged in `bench:jobs`, a run of its own). What two processes could buy here "
        f"at the time, a CPU-bound control "
        f"loop run in two processes against one: {_control_speedup():.2f}× "
        f"({os.cpu_count()} logical cores shared with other work: see the load average)."
    )


if __name__ == "__main__":
    print(main())
