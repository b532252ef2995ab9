"""Batch validation throughput: about a million lines through validate_many, the CLI, Dask.

urls.txt repeated to about 1M lines (the invalid 3% included, each of them located).

In process, timed interleaved (best of N) over the whole batch:

- ``validate_many(lines)``, consumed (yields ``(index, InvalidURIError)`` per bad line);
- the same job written by hand: ``validate(s)`` per line, catching the error;
- the floor: the hand-written regex over every line, yes/no only (no error located).

Out of process (wall clock, interpreter start-up included, best of 2):

- ``python -m urikit validate < FILE`` (reports go to /dev/null), if the CLI runs;
- ``python examples/dask_validate.py FILE`` with the synchronous and threaded schedulers.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from _harness import ROOT, compare, load_urls
from floor import FLOOR

import urikit
from urikit import InvalidURIError

REPEAT = 3
PROCESS_RUNS = 2
TARGET_LINES = 1_000_000


def with_validate_many(lines: Sequence[str]) -> int:
    return sum(1 for _ in urikit.validate_many(lines))


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


CONTENDERS: dict[str, Callable[[Sequence[str]], int]] = {
    "`validate_many` (errors located)": with_validate_many,
    "`validate` per line, caught (errors located)": with_validate_loop,
    "floor regex per line (yes/no only)": with_floor,
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
    commands: list[tuple[str, list[str] | None, Path | None, str]] = []
    cli, why = _cli_command()
    commands.append(("`python -m urikit validate < FILE`", cli, path, why))
    dask_example = ROOT / "examples" / "dask_validate.py"
    for scheduler in ("synchronous", "threads"):
        dask_job = [sys.executable, str(dask_example), str(path), "--scheduler", scheduler]
        commands.append((f"`examples/dask_validate.py` ({scheduler})", dask_job, None, ""))
    for name, command, stdin, reason in commands:
        if command is None:
            rows.append(f"| {name} | not run: {reason} | | |")
            continue
        best = float("inf")
        failed = ""
        for _ in range(PROCESS_RUNS):
            seconds, done = _wall(command, stdin)
            if done.returncode not in (0, 1):
                failed = (done.stderr.decode(errors="replace").strip().splitlines() or ["?"])[-1]
                break
            best = min(best, seconds)
        if failed:
            rows.append(f"| {name} | failed: {failed} | | |")
        else:
            rows.append(f"| {name} | {best:.2f} s | {n / best:,.0f} | {best / n * 1e6:.2f} |")
    return rows


def main() -> str:
    corpus = load_urls()
    copies = max(1, round(TARGET_LINES / len(corpus)))
    lines = corpus * copies
    invalid = with_validate_many(lines)
    timings = compare(CONTENDERS, [lines], repeat=REPEAT)
    n = len(lines)
    table = [
        "| job | seconds | lines/s | µs/line |",
        "|---|---:|---:|---:|",
        *(
            f"| {name} | {seconds:.2f} s | {n / seconds:,.0f} | {seconds / n * 1e6:.2f} |"
            for name, seconds in sorted(timings.items(), key=lambda item: item[1])
        ),
    ]
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "urls-1M.txt"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        table.extend(_process_rows(path, n))
    return "\n\n".join(
        [
            "## Batch validation: about 1M lines",
            f"urls.txt repeated {copies} times: {n} lines, {invalid} of them invalid "
            f"(`URI-reference`). In process: best of {REPEAT} interleaved runs over the "
            f"whole batch. Processes: best of {PROCESS_RUNS} wall-clock runs, interpreter "
            "start-up and imports included.",
            "\n".join(table),
        ]
    )


if __name__ == "__main__":
    print(main())
