"""Shared benchmark harness: corpus loading, interleaved best-of-N timing, Markdown tables.

Every contender of one comparison is timed in the same process and the same run,
interleaved: each repeat runs every contender once over all items (round-robin, with a
rotating start), so drift and noise hit them all alike. A contender's figure is its best
repeat, in seconds per item; the garbage collector is off while a pass runs.

A benchmark whose builds cannot share one interpreter (pure urikit and urikit with the
native kernel) runs itself as a worker process per build (:func:`run_worker`,
:func:`serve`) and keeps each build's best over alternating rounds (:func:`alternate`).
"""

from __future__ import annotations

import gc
import json
import os
import subprocess
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

__all__ = [
    "ROOT",
    "alternate",
    "check_build",
    "compare",
    "corpus_dir",
    "interpreter",
    "kernel_python",
    "load_relative",
    "load_urls",
    "markdown_table",
    "measure",
    "or_none",
    "ratio_table",
    "run_worker",
    "serve",
    "skipped",
]

T = TypeVar("T")

#: The project root (the directory holding ``benchmarks/``).
ROOT = Path(__file__).resolve().parent.parent


def corpus_dir() -> Path:
    """``$URIKIT_CORPUS`` if set, else ``<root>/../shared/corpus``."""
    override = os.environ.get("URIKIT_CORPUS")
    return Path(override) if override else ROOT.parent / "shared" / "corpus"


def _lines(name: str) -> list[str]:
    # Split on "\n" only: str.splitlines() would also cut at U+2028, U+0085, \v, \f...
    text = (corpus_dir() / name).read_text(encoding="utf-8")
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def load_urls() -> list[str]:
    """Every line of ``urls.txt``: one candidate URI-reference each, valid or not."""
    return _lines("urls.txt")


def load_relative() -> list[tuple[str, str]]:
    """Every ``(base, reference)`` pair of ``relative.txt`` (tab-separated)."""
    pairs: list[tuple[str, str]] = []
    for line in _lines("relative.txt"):
        base, _, reference = line.partition("\t")
        pairs.append((base, reference))
    return pairs


def _one_pass(func: Callable[[T], object], items: Sequence[T]) -> float:
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        start = time.perf_counter()
        for item in items:
            func(item)
        return time.perf_counter() - start
    finally:
        if gc_was_enabled:
            gc.enable()


def compare(
    contenders: Mapping[str, Callable[[T], object]],
    items: Sequence[T],
    *,
    repeat: int = 5,
) -> dict[str, float]:
    """Best-of-``repeat`` seconds per item for each contender, timed interleaved.

    Repeat ``r`` runs the contenders round-robin starting at index ``r % n``, so no
    contender always runs first (or always right after the same neighbour).
    """
    if not items:
        raise ValueError("no items to time")
    if repeat < 1:
        raise ValueError("repeat must be at least 1")
    names = list(contenders)
    best = dict.fromkeys(names, float("inf"))
    for r in range(repeat):
        for k in range(len(names)):
            name = names[(r + k) % len(names)]
            best[name] = min(best[name], _one_pass(contenders[name], items))
    return {name: best[name] / len(items) for name in names}


def measure(func: Callable[[T], object], items: Sequence[T], *, repeat: int = 5) -> float:
    """Best-of-``repeat`` seconds per item of running ``func`` over all ``items``."""
    return compare({"func": func}, items, repeat=repeat)["func"]


def or_none(function: Callable[[T], object], *errors: type[Exception]) -> Callable[[T], object]:
    """``function`` as a contender: one plain wrapper call that answers ``None`` where
    ``function`` raises one of ``errors`` (how it rejects bad input)."""

    def call(item: T) -> object:
        try:
            return function(item)
        except errors:
            return None

    return call


def markdown_table(header: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """A Markdown table: the first column (names) left-aligned, the others (figures) right."""
    lines = ["| " + " | ".join(header) + " |", "|---" + "|---:" * (len(header) - 1) + "|"]
    lines.extend("| " + " | ".join(str(cell) for cell in row) + " |" for row in rows)
    return "\n".join(lines)


def ratio_table(timings: Mapping[str, float], *, reference: str | None = None) -> str:
    """A Markdown table of name, µs/item and ratio to the ``reference`` row, fastest first.

    ``timings`` maps a name to seconds per item (what :func:`compare` returns);
    ``reference`` names one of them (default: the first). A ratio above 1 means slower
    than the reference.
    """
    if not timings:
        raise ValueError("no rows")
    ref_name = next(iter(timings)) if reference is None else reference
    if ref_name not in timings:
        raise ValueError(f"reference row {ref_name!r} not in the table")
    ref = timings[ref_name]
    return markdown_table(
        ("contender", "µs/item", f"ratio to {ref_name}"),
        (
            (name, f"{seconds * 1e6:.3f}", f"{seconds / ref:.2f}×")
            for name, seconds in sorted(timings.items(), key=lambda row: row[1])
        ),
    )


def interpreter(variable: str, default: Path) -> Path:
    """The Python named by the environment ``variable`` if set, else ``default``."""
    named = os.environ.get(variable)
    return Path(named) if named else default


def kernel_python() -> Path:
    """The Python of the kernel build: ``$URIKIT_KERNEL_PYTHON``, else the one
    ``make check-kernel`` installs the kernel wheel for (``build/kernel-venv``)."""
    return interpreter("URIKIT_KERNEL_PYTHON", ROOT / "build" / "kernel-venv" / "bin" / "python")


def run_worker(
    script: Path, python: Path | str, *, installed: bool = False, pure: bool = False
) -> dict[str, Any]:
    """The JSON that ``python script --worker`` prints (see :func:`serve`).

    ``installed``: the worker must import the urikit installed with ``python``, not a
    source tree named by ``$PYTHONPATH``. ``pure``: with ``URIKIT_NO_EXTENSIONS=1``, so
    that a kernel built in place stays unused; else without it.
    """
    env = dict(os.environ)
    if installed:
        env.pop("PYTHONPATH", None)
    env.pop("URIKIT_NO_EXTENSIONS", None)
    if pure:
        env["URIKIT_NO_EXTENSIONS"] = "1"
    done = subprocess.run(
        [str(python), str(script), "--worker"],
        cwd=script.parent,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def serve(argv: Sequence[str], *, worker: Callable[[], object], main: Callable[[], str]) -> int:
    """A worker benchmark's command line: ``--worker`` prints ``worker()`` as JSON,
    anything else prints the section ``main()`` writes."""
    if list(argv) == ["--worker"]:
        print(json.dumps(worker()))
    else:
        print(main())
    return 0


def skipped(title: str, reason: str) -> str:
    """The section of a benchmark that cannot run here: its title and why."""
    return f"{title}\n\nSkipped: {reason}"


def check_build(build: str, result: Mapping[str, Any]) -> None:
    """Raise unless a worker's ``result`` comes from the ``build`` it was run as: the
    "kernel" build with the native kernel, any other without it."""
    if result["kernel"] != (build == "kernel"):
        raise RuntimeError(f"{build} build: kernel {'absent' if build == 'kernel' else 'on'}")


def alternate(
    script: Path,
    builds: Mapping[str, tuple[Path | str, bool]],
    *,
    rounds: int,
    keys: Sequence[str],
    each: Callable[[str, Mapping[str, Any]], None],
) -> tuple[dict[str, dict[str, dict[str, Any]]], dict[str, dict[str, Any]]]:
    """Each build's rows, best over ``rounds``, and its last worker result.

    ``builds`` maps a build to its Python and whether the worker must import the urikit
    installed there (:func:`run_worker`). Every round runs ``script``'s worker once per
    build, and ``each(build, result)`` sees every result first: it raises when the
    result is not of that build, and may keep what else the result holds. A result holds
    its ``rows`` by operation; a row keeps the least figure of each of ``keys`` over the
    rounds.
    """
    best: dict[str, dict[str, dict[str, Any]]] = {build: {} for build in builds}
    last: dict[str, dict[str, Any]] = {}
    for _ in range(rounds):
        for build, (python, installed) in builds.items():
            pure = build != "kernel"
            last[build] = result = run_worker(script, python, installed=installed, pure=pure)
            each(build, result)
            for name, row in result["rows"].items():
                kept = best[build].setdefault(name, dict(row))
                for key in keys:
                    kept[key] = min(kept[key], row[key])
    return best, last
