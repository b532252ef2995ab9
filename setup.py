"""The optional native kernel: ``URIKIT_KERNEL=1`` builds it.

Without the variable this adds nothing to pyproject.toml's build: the wheel stays pure
Python (``py3-none-any``) and the build needs setuptools alone.

With ``URIKIT_KERNEL=1`` (a C compiler, nothing else) :mod:`urikit._syntax.kernel_gen`
generates the grammar's DFAs as C tables into build/kernel/, and native/kernel.c,
which drives them, becomes the extension ``urikit._syntax._kernel``; urikit uses it when it
imports (docs/design.md, "The native kernel"). ``make check-kernel`` builds that wheel
and runs the differential tests against it (tools/check_kernel.py).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from setuptools import Extension, setup

HERE = Path(__file__).resolve().parent


def kernel() -> Extension:
    """The kernel extension, its tables generated from this source tree's grammar."""
    sys.path.insert(0, str(HERE / "src"))
    from urikit._syntax.kernel_gen import generate

    tables = HERE / "build" / "kernel"
    tables.mkdir(parents=True, exist_ok=True)
    (tables / "kernel_tables.h").write_text(generate(), encoding="ascii")
    return Extension(
        "urikit._syntax._kernel", sources=["native/kernel.c"], include_dirs=[str(tables)]
    )


extensions: list[Extension] = []
if os.environ.get("URIKIT_KERNEL") == "1":
    extensions.append(kernel())
setup(ext_modules=extensions)
