"""The linear-time check (tests/growth.py) fails quadratic work and nothing else: not
time the machine spends elsewhere, not one slow measurement."""

from __future__ import annotations

import re
import time
from collections.abc import Callable

import pytest

from tests.growth import assert_linear, assert_no_resident_growth

SIZES = (2_000, 16_000)
# Searched from every start, "%+x" runs to the end of a run of "%" and gives it back one
# character at a time: quadratic, the backtracking the hostile inputs are built to find.
QUADRATIC = re.compile("%+x")
# One look at each character: linear.
LINEAR = re.compile("[^%]")


def _searching(pattern: re.Pattern[str]) -> Callable[[int], Callable[[], object]]:
    def work(n: int) -> Callable[[], object]:
        text = "%" * n
        return lambda: pattern.search(text)

    return work


def test_quadratic_work_fails() -> None:
    with pytest.raises(AssertionError, match=r"more than 20x \(best of every run"):
        assert_linear(_searching(QUADRATIC), SIZES, label="a backtracking regex")


def test_linear_work_passes() -> None:
    assert_linear(_searching(LINEAR), SIZES, label="a linear regex")


def test_time_off_the_cpu_does_not_count() -> None:
    """A busy machine takes the CPU away: the largest input waits 0.2 s every time, which
    a wall clock would read as 100 times too slow."""

    def work(n: int) -> Callable[[], object]:
        text = "%" * n

        def call() -> object:
            if n == SIZES[-1]:
                time.sleep(0.2)
            return LINEAR.search(text)

        return call

    assert_linear(work, SIZES, label="linear, descheduled")


def test_one_slow_measurement_is_measured_again() -> None:
    """Once, the largest input costs 50 ms of CPU more (caches thrashed by a neighbour):
    the step is measured again and passes."""
    slowed: list[int] = []

    def work(n: int) -> Callable[[], object]:
        text = "%" * n

        def call() -> object:
            if n == SIZES[-1] and not slowed:
                slowed.append(n)
                end = time.thread_time() + 0.05
                while time.thread_time() < end:
                    pass
            return LINEAR.search(text)

        return call

    times = assert_linear(work, SIZES, label="linear, slowed once")
    assert slowed == [SIZES[-1]] and times[SIZES[-1]] < 0.05


def test_a_reference_kept_by_each_call_fails_the_memory_check() -> None:
    """The resident-memory check (tests/growth.py) sees 64 bytes kept a call."""
    kept: list[bytes] = []

    def leaking() -> None:
        kept.append(bytes(64))

    with pytest.raises(AssertionError, match="grew resident memory"):
        assert_no_resident_growth(leaking, calls=200_000, label="leaking")


def test_a_call_that_keeps_nothing_passes_the_memory_check() -> None:
    assert_no_resident_growth(lambda: bytes(64), calls=200_000, label="clean")
