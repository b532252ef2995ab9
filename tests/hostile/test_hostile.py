"""Hostile input against every public function that takes text: no crash, no blow-up.

Bad input never crashes or hangs (the house rule; RFC 3986 7.3 and 7.7 on rare and
oversized input): each function raises only the errors it documents, and its time grows
about linearly from 1e3 to 1e5 characters (1e6 for the cheap ones), judged by the growth
of CPU time from each size to the next (tests/growth.py): a busy machine cannot fail
that, quadratic work does.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.growth import assert_linear
from tests.hostile.families import FAMILIES, TARGETS, Target, load

SIZES = (1_000, 10_000, 100_000)
CHEAP_SIZES = (*SIZES, 1_000_000)


def _documented(
    call: Callable[[], object], allowed: tuple[type[BaseException], ...], label: str
) -> Callable[[], object]:
    """``call``, failing the test if it raises anything but the ``allowed`` errors."""

    def checked() -> object:
        try:
            return call()
        except BaseException as error:
            str(error)  # an InvalidURIError is located when first read: time that too
            if not isinstance(error, allowed) or not isinstance(error, Exception):
                names = ", ".join(c.__name__ for c in allowed) or "nothing"
                pytest.fail(
                    f"{label} raised {type(error).__name__}: {error!s:.200} (documents {names})"
                )
            return error

    return checked


@pytest.mark.parametrize("family", sorted(FAMILIES))
@pytest.mark.parametrize("target", TARGETS, ids=lambda t: t.name)
def test_documented_errors_only_and_linear_growth(target: Target, family: str) -> None:
    func, allowed = load(target)  # a renamed target fails here, never skips
    build = FAMILIES[family]

    def work(n: int) -> Callable[[], object]:
        text = build(n)
        label = f"{target.name} on {len(text)} characters"
        return _documented(lambda: target.call(func, text), allowed, label)

    sizes = CHEAP_SIZES if target.cheap else SIZES
    assert_linear(work, sizes, label=f"{target.name} / {family}")


def test_every_family_reaches_its_size() -> None:
    # The families really are as large as the growth test assumes (within a few chars).
    for name, build in FAMILIES.items():
        for n in (1_000, 100_000):
            assert n - 4 <= len(build(n)) <= n + 20, name
