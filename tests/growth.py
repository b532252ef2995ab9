"""Linear time, judged by growth in CPU time: the one check every linear-time test uses.

Bad input never hangs (the house rule; RFC 3986 7.3): every loop and regex is linear. A
test of that times the same work at growing sizes and bounds each step's growth: from n
to f*n characters a linear algorithm takes about f times longer (n log n a little more),
a quadratic one f**2 times. The bound is :data:`GRACE` * f (25x for 10x more input,
where quadratic work takes 100x), plus an absolute :func:`slack` for timer resolution
and for allocator and cache effects on megabyte inputs.

What is timed is the CPU time of this thread (``time.thread_time``), best of several
runs, the garbage collector held off: time the machine spends on other processes does
not count, so a busy machine cannot fail the check. A step that still looks too steep
(another process thrashing the caches, say) is measured again, :data:`RETRIES` times,
each size keeping its best: load only ever adds time, so the best closes in on the
real cost, while quadratic work is too steep on every try (tests/test_growth.py shows
both). Sizes are tried in order, so a blow-up fails at the first step that shows it,
before the largest input runs for minutes.
"""

from __future__ import annotations

import gc
import itertools
import time
from collections.abc import Callable, Sequence

__all__ = [
    "GRACE",
    "RETRIES",
    "assert_linear",
    "assert_no_resident_growth",
    "cpu_seconds",
    "resident_bytes",
    "slack",
]

GRACE = 2.5  # f times more input may take GRACE * f times longer (quadratic: f * f)
RETRIES = 3  # re-measurements of a step that looks too steep before it fails


def slack(n: int) -> float:
    """Absolute slack in seconds at ``n`` characters: 2 ms for timer resolution and
    small-input noise, plus 0.1 µs per character for allocator and cache effects on
    megabyte inputs. Linear, so quadratic work still fails by far."""
    return 2e-3 + 1e-7 * n


def cpu_seconds(call: Callable[[], object], repeat: int) -> float:
    """The least CPU time of this thread over ``repeat`` calls, the collector held off."""
    best = float("inf")
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        for _ in range(repeat):
            start = time.thread_time()
            call()
            best = min(best, time.thread_time() - start)
    finally:
        if gc_was_enabled:
            gc.enable()
    return best


def _repeat(n: int) -> int:
    return 5 if n <= 10_000 else 1


def assert_linear(
    work: Callable[[int], Callable[[], object]], sizes: Sequence[int], *, label: str
) -> dict[int, float]:
    """Fail unless the time of ``work(n)()`` grows about linearly over ``sizes``
    (ascending); ``work(n)`` builds the input outside the timing. Returns the best CPU
    seconds per size."""
    calls: dict[int, Callable[[], object]] = {}
    times: dict[int, float] = {}

    def measure(n: int, repeat: int) -> None:
        call = calls.setdefault(n, work(n))
        times[n] = min(times.get(n, float("inf")), cpu_seconds(call, repeat))

    measure(sizes[0], _repeat(sizes[0]))
    for small, large in itertools.pairwise(sizes):
        measure(large, _repeat(large))
        bound = GRACE * large / small
        for attempt in range(RETRIES + 1):
            if times[large] < bound * times[small] + slack(large):
                break
            assert attempt < RETRIES, (
                f"{label}: {small} -> {large} characters took {times[small]:.4f} s -> "
                f"{times[large]:.4f} s of CPU, more than {bound:.0f}x "
                f"(best of every run, {RETRIES} times measured again)"
            )
            measure(small, 5)
            measure(large, 3)
    return times


def resident_bytes() -> int:
    """This process's resident memory now (Linux: /proc/self/statm), in bytes."""
    import os

    with open("/proc/self/statm", encoding="ascii") as statm:
        pages = int(statm.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE")


def assert_no_resident_growth(
    call: Callable[[], object], *, calls: int = 1_000_000, limit: int = 8 << 20, label: str
) -> int:
    """Fail if ``calls`` runs of ``call`` grow resident memory by more than ``limit``
    bytes: a reference or a buffer kept by each call (8 bytes a call is 8 MB a
    million). A tenth as many calls first, so caches and the allocator's pools are
    filled before the count starts. Returns the growth."""
    for _ in itertools.repeat(None, calls // 10):
        call()
    gc.collect()
    before = resident_bytes()
    for _ in itertools.repeat(None, calls):
        call()
    gc.collect()
    grown = resident_bytes() - before
    assert grown <= limit, f"{label}: {calls} calls grew resident memory by {grown >> 10} KiB"
    return grown
