"""The optional native builds: ``URIKIT_MYPYC=1`` compiles some modules with mypyc,
``URIKIT_KERNEL=1`` builds the native kernel; either, both or neither.

Without the variables this adds nothing to pyproject.toml's build: the wheel stays pure
Python (``py3-none-any``) and the build needs setuptools alone. With ``URIKIT_MYPYC=1``
the build environment must provide mypy (which brings mypyc) and a C compiler, and the
modules in :data:`COMPILED` become extensions; their ``.py`` files ship beside them.
``make check-compiled`` builds that wheel (tools/check_compiled.py) and runs every test
against it. The pure package is the reference: docs/design.md, "The optional compiled
build", says why these modules and not others.

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

#: The modules mypyc compiles, under src/urikit: chosen by measurement
#: (benchmarks/bench_compiled.py) among the private ones (a leading "_": no public
#: signature passes through them; tests/test_build.py holds the list to that).
COMPILED = (
    "_syntax/automaton.py",
    "_syntax/locate.py",
    "_syntax/percent.py",
    "template/_encode.py",
    "template/_expand.py",
    "template/_grammar.py",
    "template/_match.py",
)


def kernel() -> Extension:
    """The kernel extension, its tables generated from this source tree's grammar."""
    sys.path.insert(0, str(HERE / "src"))
    from urikit._syntax.kernel_gen import generate

    tables = HERE / "build" / "kernel"
    tables.mkdir(parents=True, exist_ok=True)
    header = tables / "kernel_tables.h"
    generated = generate()
    if not header.is_file() or header.read_text(encoding="ascii") != generated:
        header.write_text(generated, encoding="ascii")  # rewritten only when it changes
    return Extension(
        "urikit._syntax._kernel",
        sources=["native/kernel.c"],
        include_dirs=[str(tables)],
        depends=[str(header)],  # a new grammar's tables rebuild the extension in place
    )


extensions: list[Extension] = []
if os.environ.get("URIKIT_MYPYC") == "1":
    from mypyc.build import mypycify

    extensions += mypycify([f"src/urikit/{name}" for name in COMPILED], opt_level="3")
if os.environ.get("URIKIT_KERNEL") == "1":
    extensions.append(kernel())
setup(ext_modules=extensions)
