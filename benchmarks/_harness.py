"""Shared benchmark harness: corpus loading, interleaved best-of-N timing, Markdown tables.

Every contender of one comparison is timed in the same process and the same run,
interleaved: each repeat runs every contender once over all items (round-robin, with a
rotating start), so drift and noise hit them all alike. A contender's figure is its best
repeat, in seconds per item; the garbage collector is off while a pass runs.
"""

from __future__ import annotations

import gc
import os
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TypeVar

__all__ = [
    "ROOT",
    "compare",
    "corpus_dir",
    "load_relative",
    "load_urls",
    "measure",
    "ratio_table",
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


def ratio_table(rows: Sequence[tuple[str, float]], *, reference: str | None = None) -> str:
    """A Markdown table of name, µs/item and ratio to the ``reference`` row.

    ``rows`` are ``(name, seconds per item)``; ``reference`` names one of them
    (default: the first). A ratio above 1 means slower than the reference.
    """
    if not rows:
        raise ValueError("no rows")
    ref_name = rows[0][0] if reference is None else reference
    by_name = dict(rows)
    if ref_name not in by_name:
        raise ValueError(f"reference row {ref_name!r} not in the table")
    ref = by_name[ref_name]
    lines = [
        f"| contender | µs/item | ratio to {ref_name} |",
        "|---|---:|---:|",
    ]
    for name, seconds in rows:
        lines.append(f"| {name} | {seconds * 1e6:.3f} | {seconds / ref:.2f}× |")
    return "\n".join(lines)
