"""Every speed and size target in one table: urikit vs one reference per operation.

One process, one run. For each operation urikit and its reference are timed with
:func:`_harness.compare` (interleaved, best of N) on the same items, reusing the
contender functions of the per-operation benchmarks, so the figures mean the same here
as there:

=========  ===========================================  ======================================
operation  urikit                                       reference
=========  ===========================================  ======================================
validate   ``is_valid(s, "URI-reference")``             the hand-written floor regex (floor.py)
parse      ``urikit.parse`` (validating)                ``urllib.parse.urlsplit`` (no checks)
build      ``Builder()...build()``                      ``uritools.uricompose``
build      ``urikit.compose(...)`` (one call)           ``yarl.URL.build`` (one call)
resolve    ``urikit.resolve``                           ``uritools.urijoin``
normalize  ``urikit.normalize``                         ``yarl.URL`` then ``str``
import     ``import urikit`` (-X importtime)            ``import urllib.parse``
memory     100k ``parse`` results kept (tracemalloc)    100k ``urlsplit`` results
=========  ===========================================  ======================================

A ratio is urikit's figure over the reference's (below 1: urikit is faster or smaller);
a target is met when the ratio is at most the target. The targets are the project's
(issue 7), kept in :data:`TARGETS`.
"""

from __future__ import annotations

import math
import urllib.parse
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

import bench_build
import bench_import
import bench_normalize
import bench_parse
import bench_resolve
from _harness import compare, load_relative, load_urls
from floor import FLOOR

import urikit

T = TypeVar("T")

REPEAT = 5
IMPORT_RUNS = 9
STEP = 1  # 1: every line of the corpus; k: every k-th line (said so in the table)

#: Largest acceptable ratio urikit / reference, per operation.
TARGETS: dict[str, float] = {
    # The issues' targets: ratio of urikit's time (or bytes) to the reference's.
    "validate": 1.25,  # issue 2: within 1.25x of one hand-written strict regex
    "parse": 1.0,  # issue 3: at least as fast as urlsplit, which validates nothing
    "parse vs uritools": 1.0,  # issue 3: faster than uritools.urisplit
    "build": 1.0,  # issue 4: faster than uritools.uricompose ...
    "build vs yarl": 1.0,  # ... and than yarl.URL.build
    "resolve": 0.9,  # issue 5: at most 0.9x uritools.urijoin
    "normalize": 0.75,  # issue 5: at most 0.75x yarl
    "import": 1.0,  # issue 2: no slower than import urllib.parse
    "memory": 1.0,  # issue 3: no bigger than urlsplit's results
}


@dataclass(frozen=True)
class Row:
    operation: str
    items: str
    unit: str  # "µs/item", "ms", "bytes/ref"
    ours: float  # in unit
    reference: str
    theirs: float  # in unit

    @property
    def ratio(self) -> float:
        return self.ours / self.theirs

    def markdown(self) -> str:
        target = TARGETS[self.operation]
        met = "yes" if self.ratio <= target else "**no**"
        return (
            f"| {self.operation} | {self.items} | {self.ours:.3f} {self.unit} "
            f"| {self.reference} | {self.theirs:.3f} {self.unit} | {self.ratio:.2f}× "
            f"| ≤ {target:.2f}× | {met} |"
        )


def _sample(items: Sequence[T]) -> list[T]:
    return list(items[::STEP])


def _described(n: int, total: int, kept: str = "") -> str:
    """``"all N"``, or how many of the total were used and why."""
    if n == total:
        return f"all {total}"
    sampled = f", 1 in {STEP} sampled" if STEP > 1 else ""
    return f"{n}{kept} of {total}{sampled}"


def _pair(
    operation: str,
    ours: Callable[[T], object],
    reference: str,
    theirs: Callable[[T], object],
    items: Sequence[T],
    total: int,
    kept: str = "",
) -> Row:
    timings = compare({"urikit": ours, reference: theirs}, items, repeat=REPEAT)
    return Row(
        operation,
        _described(len(items), total, kept),
        "µs/item",
        timings["urikit"] * 1e6,
        reference,
        timings[reference] * 1e6,
    )


def _floor(s: str) -> bool:
    return FLOOR.fullmatch(s) is not None


def _urlsplit(s: str) -> object:
    try:
        return urllib.parse.urlsplit(s)
    except ValueError:
        return None


def _import_row() -> Row:
    best = {"urikit": math.inf, "urllib.parse": math.inf}
    names = list(best)
    for r in range(IMPORT_RUNS):
        for k in range(len(names)):
            name = names[(r + k) % len(names)]
            best[name] = min(best[name], bench_import._importtime(name))
    return Row(
        "import",
        f"best of {IMPORT_RUNS} fresh processes",
        "ms",
        best["urikit"] * 1e3,
        "`import urllib.parse`",
        best["urllib.parse"] * 1e3,
    )


def _memory_row(valid: list[str]) -> Row:
    items = valid[: bench_parse.MEMORY_COUNT]
    ours = bench_parse.retained_bytes(bench_parse.parse_urikit, items)
    theirs = bench_parse.retained_bytes(bench_parse.parse_urlsplit_wrapped, items)
    return Row(
        "memory",
        f"{len(items)} valid lines kept",
        "bytes/ref",
        ours / len(items),
        "urlsplit results",
        theirs / len(items),
    )


def rows() -> list[Row]:
    lines = load_urls()
    sample = _sample(lines)
    valid = [s for s in sample if urikit.is_valid(s)]
    all_valid = valid if STEP == 1 else [s for s in lines if urikit.is_valid(s)]
    pairs = load_relative()
    valid_pairs = [p for p in _sample(pairs) if bench_resolve._valid(p)]
    parts = bench_build.raw_parts(lines)
    return [
        _pair("validate", _is_valid, "floor regex", _floor, sample, len(lines)),
        _pair("parse", bench_parse.parse_urikit, "`urlsplit`", _urlsplit, sample, len(lines)),
        _pair(
            "parse vs uritools",
            bench_parse.parse_urikit,
            "`uritools.urisplit`",
            bench_parse.parse_uritools,
            sample,
            len(lines),
        ),
        _pair(
            "build",
            bench_build.with_urikit,
            "`uritools.uricompose`",
            bench_build.with_uritools,
            parts,
            len(lines),
            " http(s) URIs, as bench_build picks them,",
        ),
        _pair(
            "build vs yarl",
            bench_build.with_urikit_compose,
            "`yarl.URL.build`",
            bench_build.with_yarl,
            parts,
            len(lines),
            " http(s) URIs, as bench_build picks them,",
        ),
        _pair(
            "resolve",
            bench_resolve.run_urikit,
            "`uritools.urijoin`",
            bench_resolve.run_uritools,
            valid_pairs,
            len(pairs),
            " valid",
        ),
        _pair(
            "normalize",
            bench_normalize.run_urikit,
            "`yarl.URL`",
            bench_normalize.run_yarl,
            valid,
            len(lines),
            " valid",
        ),
        _import_row(),
        _memory_row(all_valid),
    ]


def _is_valid(s: str) -> bool:
    return urikit.is_valid(s, "URI-reference")


# What limits an operation when its target is missed: written from profiles of this
# code (see each benchmark's own section for the figures behind it).
LIMITS: dict[str, str] = {
    "validate": "one `re` fullmatch of the rendered grammar plus the `is_valid` call; the "
    "floor is the same engine on a hand-written pattern, so the gap is the call and small "
    "differences in how alternatives are ordered.",
    "parse": "a validating match with seven groups, `groups()`, and one tuple; "
    "urlsplit does no validation.",
    "parse vs uritools": "`uritools.urisplit` only splits (the Appendix B regex) and "
    "validates nothing. urikit's validating match alone costs about 0.9 µs of its "
    "~1.5 µs per valid line, and each invalid line (3% of the corpus) pays for a located "
    "error (~9 µs: the DFA scan, the diagnosis, the exception). On valid lines alone the "
    "ratio is about 1.1×.",
    "build": "five fluent steps, each a new immutable builder, then the checked model constructor.",
    "build vs yarl": "yarl quotes in compiled code (Cython) and builds its value in one "
    "call; `urikit.compose` does the same work in pure Python, at about parity when both "
    "produce a string and about 1.2-1.3x when both produce their URL value.",
    "resolve": "two validating matches (about 1.7 µs) before any resolution work; "
    "`uritools.urijoin` validates nothing. The ratio sits near the target and moves "
    "with machine noise (0.8-1.0x across runs here); counted in instructions "
    "(valgrind --tool=callgrind, 11,800 pairs) it is 0.89x.",
    "normalize": "a validating match, then per-component work only where a component "
    "has '%' or uppercase letters.",
    "import": "`import urikit` loads names lazily (PEP 562); only the package's `__init__` runs.",
    "memory": "a 7-tuple per reference with the scheme interned.",
}


def main() -> str:
    measured = rows()
    table = [
        "| operation | items | urikit | reference | reference's | ratio | target | met? |",
        "|---|---|---:|---|---:|---:|---:|---|",
        *(row.markdown() for row in measured),
    ]
    missed = [row for row in measured if row.ratio > TARGETS[row.operation]]
    limits = [
        f"- **{row.operation}** ({row.ratio:.2f}×): {LIMITS[row.operation]}" for row in missed
    ]
    return "\n\n".join(
        [
            "## Summary: every target in one table",
            f"One process, interleaved best of {REPEAT} per operation (import: best of "
            f"{IMPORT_RUNS} `-X importtime` cumulative figures). Items are from urls.txt "
            "(validate, parse: every line, valid or not; normalize: valid lines; build: "
            "the http(s) lines of `bench_build`) and relative.txt (resolve: the pairs urikit "
            "accepts). Ratio = urikit / reference; met when ratio ≤ target.",
            "\n".join(table),
            "### What limits the targets missed in this run",
            "\n".join(limits) if limits else "None: every target was met in this run.",
        ]
    )


if __name__ == "__main__":
    print(main())
