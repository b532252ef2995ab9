"""Reference counts and memory: each entry point of the native kernel, called a million
times on valid, invalid and refused arguments, must not grow resident memory (a
reference it forgets to drop, a buffer it keeps, leak on every call).

Skips where the kernel is not built, except under ``URIKIT_EXPECT_KERNEL=1``.
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Callable
from types import ModuleType

import pyarrow as pa
import pytest

from tests.growth import assert_no_resident_growth
from tests.kernel.inputs import built_kernel
from urikit._core.components import SCHEMES, shared_scheme
from urikit._core.views import ReferenceViews
from urikit.values.uri import URI, RelativeReference

KERNEL: ModuleType = built_kernel()


class _Rule(enum.StrEnum):
    URI = "URI"


def _cycling(*calls: Callable[[], object]) -> Callable[[], object]:
    """One call that runs each of ``calls`` in turn, swallowing their refusals."""
    turns = itertools.cycle(calls)

    def call() -> object:
        try:
            return next(turns)()
        except (TypeError, ValueError, LookupError, UnicodeEncodeError):
            return None

    return call


TEXTS = ("http://u@h:8/p?q#f", "//[::1]/a", "a b", "é/x", "%zz", "")
UNSAFE, ENCODE = KERNEL.encoders(bytes(int(chr(o).isalnum()) for o in range(256)))
ARRAY = pa.array(["http://a/", None, "x y", "é", ""] * 4).slice(3)
_, OFFSETS, DATA = ARRAY.buffers()
LYING = pa.array([0, 99], pa.int32()).buffers()[1]

ENTRY_POINTS: dict[str, Callable[[], object]] = {
    "is_valid": _cycling(
        *(lambda t=t: KERNEL.is_valid(t, "URI-reference") for t in TEXTS),
        lambda: KERNEL.is_valid("http://h/", _Rule.URI),
        lambda: KERNEL.is_valid("http://h/", "no-rule"),
        lambda: KERNEL.is_valid(b"http://h/", "URI"),
    ),
    "scan": _cycling(*(lambda t=t: KERNEL.scan(t, "URI") for t in TEXTS)),
    "split": _cycling(*(lambda t=t: KERNEL.split(t) for t in TEXTS), lambda: KERNEL.split(3)),
    "parse": _cycling(*(lambda t=t: KERNEL.parse(t) for t in TEXTS), lambda: KERNEL.parse(None)),
    "encoders": _cycling(
        lambda: ENCODE("abc"),
        lambda: ENCODE("a b/é\U0001f600"),
        lambda: ENCODE("\ud800"),
        lambda: UNSAFE("ab c"),
        lambda: UNSAFE("abc"),
    ),
    "column": _cycling(
        lambda: KERNEL.column("URI", OFFSETS, DATA, ARRAY.offset, len(ARRAY), False, 3),
        lambda: KERNEL.column(_Rule.URI, OFFSETS, DATA, 0, 2, False, 0),
        lambda: KERNEL.column("URI", LYING, b"http", 0, 1, False, 0),
    ),
    "bind": lambda: KERNEL.bind(ReferenceViews, URI, RelativeReference, SCHEMES, shared_scheme),
}


@pytest.mark.parametrize("name", ENTRY_POINTS)
def test_a_million_calls_keep_no_memory(name: str) -> None:
    assert_no_resident_growth(ENTRY_POINTS[name], label=f"kernel.{name}")
