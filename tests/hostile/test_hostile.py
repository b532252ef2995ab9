"""Hostile input against every public function that takes text: no crash, no blow-up.

Bad input never crashes or hangs (the house rule; RFC 3986 7.3 and 7.7 on rare and
oversized input): each function raises only the errors it documents, and its time grows
about linearly. Growth is judged by ratios, not absolute times: from n to 100n characters
a linear function takes about 100x longer and a quadratic one 10000x; the bound of 200x
plus an absolute slack (:func:`slack`) fails only on super-linear behaviour. The next
size is tried only once the previous step grew sanely, so a regression fails fast.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
from typing import Any

import pytest

from tests.hostile.families import FAMILIES, TARGETS, Target, load

SIZES = (1_000, 10_000, 100_000)
CHEAP_SIZES = (*SIZES, 1_000_000)
GROWTH_100X = 200.0  # 100x more input may take at most this many times longer...
STEP_10X = 60.0  # ...and 10x more input at most this many times (linear ~10x)


def slack(n: int) -> float:
    """Absolute slack in seconds at ``n`` characters: 0.1 s for timer noise, plus 0.5 µs
    per character for cache and allocator effects on megabyte inputs and for a busy
    machine. Linear, so a quadratic blow-up (10000x per 100x) still fails by far."""
    return 0.1 + 0.5e-6 * n


def _run(call: Callable[[], object], allowed: tuple[type[BaseException], ...], label: str) -> float:
    """Seconds for one call; fail if it raises anything but the ``allowed`` errors."""
    gc_was_enabled = gc.isenabled()
    gc.disable()
    start = time.perf_counter()
    try:
        call()
    except BaseException as error:
        str(error)  # an InvalidURIError is located when first read: time that too
        elapsed = time.perf_counter() - start
        if not isinstance(error, allowed) or not isinstance(error, Exception):
            names = ", ".join(c.__name__ for c in allowed) or "nothing"
            pytest.fail(
                f"{label} raised {type(error).__name__}: {error!s:.200} (documents {names})"
            )
        return elapsed
    finally:
        if gc_was_enabled:
            gc.enable()
    return time.perf_counter() - start


def _best(func: Callable[..., Any], target: Target, text: str, allowed: Any, n: int) -> float:
    repeats = 5 if n <= 10_000 else 1
    label = f"{target.name} on {len(text)} characters"
    return min(_run(lambda: target.call(func, text), allowed, label) for _ in range(repeats))


@pytest.mark.parametrize("family", sorted(FAMILIES))
@pytest.mark.parametrize("target", TARGETS, ids=lambda t: t.name)
def test_documented_errors_only_and_linear_growth(target: Target, family: str) -> None:
    func, allowed = load(target)  # a renamed target fails here, never skips
    build = FAMILIES[family]
    times: dict[int, float] = {}
    for n in CHEAP_SIZES if target.cheap else SIZES:
        times[n] = _best(func, target, build(n), allowed, n)
        smaller = times.get(n // 10)
        assert smaller is None or times[n] < STEP_10X * smaller + slack(n), (
            f"{target.name} / {family}: {n // 10} -> {n} characters took "
            f"{smaller:.4f} s -> {times[n]:.4f} s (more than {STEP_10X:.0f}x)"
        )
        much_smaller = times.get(n // 100)
        assert much_smaller is None or times[n] < GROWTH_100X * much_smaller + slack(n), (
            f"{target.name} / {family}: {n // 100} -> {n} characters took "
            f"{much_smaller:.4f} s -> {times[n]:.4f} s (more than {GROWTH_100X:.0f}x)"
        )


def test_every_family_reaches_its_size() -> None:
    # The families really are as large as the growth test assumes (within a few chars).
    for name, build in FAMILIES.items():
        for n in (1_000, 100_000):
            assert n - 4 <= len(build(n)) <= n + 20, name
