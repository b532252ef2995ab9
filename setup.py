"""The native kernel, built by default; the pure package where it cannot be built.

:mod:`urikit._syntax.kernel_gen` generates the grammar's DFAs as C tables into
build/kernel/, and native/kernel.c, which drives them, becomes the extension
``urikit._syntax._kernel``; urikit uses it when it imports (docs/design.md, "The native
kernel"). It needs a C compiler and nothing else. Where the compiler is missing or fails,
the build says so in one line and goes on without the extension: the package is then
the pure one, which gives every answer the kernel gives. ``URIKIT_NO_EXTENSIONS=1``
leaves the kernel out on purpose (a ``py3-none-any`` wheel); at run time the same
variable makes an installed kernel unused (:mod:`urikit._syntax.native`).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.errors import CCompilerError, ExecError, PlatformError

HERE = Path(__file__).resolve().parent
HEADER = HERE / "build" / "kernel" / "kernel_tables.h"
#: What a build can fail with for want of a working compiler (setuptools, MSVC's lookup).
COMPILER_FAILURES = (CCompilerError, ExecError, PlatformError, OSError, ValueError)


def write_tables() -> None:
    """The C tables generated from this source tree's grammar, rewritten only when they
    change (the extension depends on them: a changed grammar rebuilds it)."""
    sys.path.insert(0, str(HERE / "src"))
    from urikit._syntax.kernel_gen import generate

    text = generate()
    if not HEADER.is_file() or HEADER.read_text(encoding="ascii") != text:
        HEADER.parent.mkdir(parents=True, exist_ok=True)
        HEADER.write_text(text, encoding="ascii")


class OptionalBuildExt(build_ext):
    """``build_ext`` that falls back to the pure package when the kernel does not compile."""

    def run(self) -> None:
        write_tables()
        try:
            super().run()
        except COMPILER_FAILURES as error:
            reason = " ".join(str(error).split())
            if len(reason) > 120:
                reason = reason[:117] + "..."
            print(
                f"WARNING: urikit's native kernel was not built ({type(error).__name__}: "
                f"{reason}); installing the pure package",
                file=sys.stderr,
                flush=True,
            )
            # Nothing for the later steps (an editable install's copy, the wheel) to take.
            self.extensions = []
            self.distribution.ext_modules = []


KERNEL = Extension(
    "urikit._syntax._kernel",
    sources=["native/kernel.c"],
    include_dirs=[str(HEADER.parent)],
    depends=[str(HEADER)],
)
NO_EXTENSIONS = os.environ.get("URIKIT_NO_EXTENSIONS", "") not in ("", "0")
setup(
    ext_modules=[] if NO_EXTENSIONS else [KERNEL],
    cmdclass={"build_ext": OptionalBuildExt},
)
