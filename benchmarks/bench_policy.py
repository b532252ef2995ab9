"""A form's Policy over urls.txt: ``accepts`` and ``problems`` against ``is_valid``.

The policy is the one a form that fetches user-given URLs uses::

    Policy(schemes={"http", "https"}, allow_internal_host=False, allow_userinfo=False,
           allow_ip_host=False, max_length=2048)

Timed interleaved, best of N, each contender behind one call per line:

- ``is_valid(s, "URI")``, the syntax check alone (the reference);
- ``policy.accepts(s)``: the verdict (the common case told without writing a problem);
- ``policy.problems(s)``: every problem, each message written, hints tried.

Then ``urikit.batch.problems(column, policy=policy)`` over an Arrow array, in rows per
second of this process's CPU time: over the corpus as it is, whose refused rows (a third:
relative references, syntax errors, other schemes) each get their first problem written
and located in Python, and over the rows the policy accepts.

Targets: ``accepts`` at most 3x ``is_valid`` in both builds; ``batch.problems`` at
least 1,000,000 rows per second per core in the kernel build.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import pyarrow as pa
from _harness import compare, current_build, load_urls, markdown_table, ratio_table, target

import urikit
from urikit import Policy, batch

KERNEL = True  # run.py measures it in the kernel build too
REPEAT = 5
BATCH_REPEAT = 3
ROWS_TARGET = 1_000_000

POLICY = Policy(
    schemes={"http", "https"},
    allow_internal_host=False,
    allow_userinfo=False,
    allow_ip_host=False,
    max_length=2048,
)

CONTENDERS: dict[str, Callable[[str], object]] = {
    "is_valid(s, 'URI')": lambda s: urikit.is_valid(s, "URI"),
    "policy.accepts(s)": POLICY.accepts,
    "policy.problems(s)": POLICY.problems,
}


def rows_per_second(column: pa.Array[pa.Scalar[pa.DataType]]) -> float:
    """Rows per second of CPU time of ``batch.problems(column, policy=POLICY)``, best of
    :data:`BATCH_REPEAT` (CPU time: the machine's other load does not count)."""
    batch.problems(column[:1000], policy=POLICY)  # patterns compiled, caches warm
    best = float("inf")
    for _ in range(BATCH_REPEAT):
        start = time.process_time()
        batch.problems(column, policy=POLICY)
        best = min(best, time.process_time() - start)
    return len(column) / best


def main() -> str:
    lines = load_urls()
    timings = compare(CONTENDERS, lines, repeat=REPEAT)
    reference = timings["is_valid(s, 'URI')"]
    items = f"all {len(lines)}"
    target(
        "Policy.accepts",
        items=items,
        ours=timings["policy.accepts(s)"],
        reference="is_valid(s, 'URI')",
        theirs=reference,
        bound=3.0,
    )
    accepted = [s for s in lines if POLICY.accepts(s)]
    rates = {
        f"urls.txt, every line ({len(lines)})": rows_per_second(pa.array(lines, pa.string())),
        f"the lines the policy accepts ({len(accepted)})": rows_per_second(
            pa.array(accepted, pa.string())
        ),
    }
    corpus_rate = next(iter(rates.values()))
    if current_build() == "kernel":
        target(  # as time per row: at most that of 1 M rows/s
            "batch.problems with a policy (Arrow)",
            items=items,
            ours=1 / corpus_rate,
            reference="1 M rows/s",
            theirs=1 / ROWS_TARGET,
            bound=1.0,
        )
    return "\n\n".join(
        [
            f"## Policy: a form's policy over urls.txt ({current_build()} build)",
            f"{len(lines)} lines, {len(accepted)} accepted; best of {REPEAT} interleaved "
            "passes, µs per line (one call each).",
            ratio_table(timings, reference="is_valid(s, 'URI')"),
            f"`batch.problems(pyarrow.Array, policy=...)`, rows per second of CPU time, best "
            f"of {BATCH_REPEAT}:",
            markdown_table(
                ("column", "rows/s"), [(name, f"{rate:,.0f}") for name, rate in rates.items()]
            ),
        ]
    )


if __name__ == "__main__":
    print(main())
