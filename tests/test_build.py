"""Which build of urikit the tests run against.

``make check`` tests the pure package; ``make check-kernel`` (tools/check_kernel.py) runs
the kernel's differential tests and a subset against the wheel built with
``URIKIT_KERNEL=1`` and sets ``URIKIT_EXPECT_KERNEL=1``. Each run checks that it imports
the build it means to test, so a kernel run cannot quietly test the source tree, nor a
pure run an extension.
"""

from __future__ import annotations

import importlib.machinery
import os
import sys
from pathlib import Path

import urikit
from urikit._syntax import native

ROOT = Path(__file__).resolve().parents[1]
EXTENSION_SUFFIXES = tuple(importlib.machinery.EXTENSION_SUFFIXES)
EXPECT_KERNEL = os.environ.get("URIKIT_EXPECT_KERNEL") == "1"


def test_the_kernel_run_imports_the_installed_package() -> None:
    where = Path(urikit.__file__ or "").resolve()
    if EXPECT_KERNEL:
        assert ROOT / "src" not in where.parents, where
        assert Path(sys.prefix).resolve() in where.parents, where
    else:
        loaded = [m for m in list(sys.modules.values()) if m.__name__.startswith("urikit")]
        assert loaded
        assert all(not str(m.__file__).endswith(EXTENSION_SUFFIXES) for m in loaded)


def test_the_kernel_is_there_exactly_in_the_kernel_build() -> None:
    """urikit uses the native kernel where it imports (urikit._syntax.native), and only the
    kernel build has it: the pure package has no extension to fall back from."""
    kernel = native.kernel
    if EXPECT_KERNEL:
        assert kernel is not None
        assert str(kernel.__file__).endswith(EXTENSION_SUFFIXES), kernel.__file__
    else:
        assert kernel is None
