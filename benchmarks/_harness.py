"""Shared benchmark harness: corpus loading, interleaved best-of-N timing, Markdown tables.

Every contender of one comparison is timed in the same process and the same run,
interleaved: each repeat runs every contender once over all items (round-robin, with a
rotating start), so drift and noise hit them all alike. A contender's figure is its best
repeat, in seconds per item; the garbage collector is off while a pass runs.

A benchmark measures the build of the interpreter that runs it (:func:`current_build`);
``run.py`` runs the ones that set ``KERNEL = True`` once more in the kernel build's
interpreter (:func:`kernel_python`), so each figure is of one build, said so.

A benchmark states each of its targets with :func:`target` (urikit's figure, the
reference's, the largest ratio that meets it, and the build measured); ``run.py`` keeps
them with the benchmark's section and writes the summary table and chart from them, so
the summary shows the figures of the same runs. Every pass :func:`compare` times is kept
in :data:`PASSES`, which ``run.py --pyperf FILE`` writes for ``pyperf compare_to``.
"""

from __future__ import annotations

import gc
import os
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, TypeVar

__all__ = [
    "PASSES",
    "ROOT",
    "Target",
    "compare",
    "corpus_dir",
    "current_build",
    "kernel_python",
    "load_relative",
    "load_urls",
    "markdown_table",
    "or_none",
    "ratio_table",
    "take_targets",
    "target",
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
    passes: dict[str, list[float]] = {name: [] for name in names}
    for r in range(repeat):
        for k in range(len(names)):
            name = names[(r + k) % len(names)]
            passes[name].append(_one_pass(contenders[name], items) / len(items))
    for name, seconds in passes.items():
        key = label = f"{SECTION}: {name}"
        count = 1
        while key in PASSES:  # the same contender in another comparison of the section
            count += 1
            key = f"{label} #{count}"
        PASSES[key] = seconds
    return {name: min(seconds) for name, seconds in passes.items()}


#: The benchmark running now (``run.py`` sets it), which names its passes in PASSES.
SECTION = "main"
#: Seconds per item of every pass :func:`compare` timed, by ``"section: contender"``.
PASSES: dict[str, list[float]] = {}


@dataclass(frozen=True)
class Target:
    """One row of the summary: urikit against a reference in one build, in ``unit``."""

    operation: str
    build: str  # "pure" or "kernel"
    items: str
    unit: str
    ours: float
    reference: str
    theirs: float
    bound: float  # the largest ratio ours / theirs that meets the target

    @property
    def ratio(self) -> float:
        return self.ours / self.theirs

    @property
    def met(self) -> bool:
        return self.ratio <= self.bound


_TARGETS: list[Target] = []


def current_build() -> str:
    """The build this process's urikit is: "kernel" with the native kernel, else "pure"."""
    from urikit._syntax import native

    return "pure" if native.kernel is None else "kernel"


def target(
    operation: str,
    *,
    items: str,
    ours: float,
    reference: str,
    theirs: float,
    bound: float,
    unit: str = "µs/item",
    build: str | None = None,
) -> None:
    """State a target's figures for the summary (``build``: this process's by default).
    Figures given in seconds per item are shown in µs."""
    if unit == "µs/item":
        ours, theirs = ours * 1e6, theirs * 1e6
    build = current_build() if build is None else build
    _TARGETS.append(Target(operation, build, items, unit, ours, reference, theirs, bound))


def take_targets() -> list[dict[str, Any]]:
    """The targets stated since the last call, as plain data (and forget them)."""
    taken = [asdict(row) for row in _TARGETS]
    _TARGETS.clear()
    return taken


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


def kernel_python() -> Path:
    """The Python of the kernel build: ``$URIKIT_KERNEL_PYTHON``, else the one
    ``make check-kernel`` installs the kernel wheel for (``build/kernel-venv``)."""
    named = os.environ.get("URIKIT_KERNEL_PYTHON")
    return Path(named) if named else ROOT / "build" / "kernel-venv" / "bin" / "python"
