"""Build the wheel with the native kernel and run its tests against it (issue 26).

``make check-kernel`` runs this. Like tools/check_compiled.py it builds the sdist, then
from the unpacked sdist the wheel, here with ``URIKIT_KERNEL=1`` (setup.py generates
the tables from the grammar and compiles native/kernel.c), without build isolation.
The wheel must be platform-specific and carry ``urikit/_syntax/_kernel``; it is installed with
the ``dev`` extra into ``build/kernel-venv`` (which benchmarks/bench_kernel.py then
uses), and pytest runs there from the project root with ``URIKIT_EXPECT_KERNEL=1``, so
the differential tests cannot skip: tests/kernel, the build check, and the tests of
what the kernel serves (parsing, the rule tables, hostile input).
"""

from __future__ import annotations

import sys
import tempfile
import zipfile
from pathlib import Path

from check_compiled import build_wheel, install, run_tests

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "build" / "kernel-dist"
VENV = ROOT / "build" / "kernel-venv"
TESTS = (
    "tests/kernel",
    # the Arrow, Polars and pandas columns the kernel reads
    "tests/batch",
    # the kernel from 8 threads at once
    "tests/test_concurrency.py",
    "tests/test_build.py",
    "tests/values",
    "tests/syntax/test_rule_tables.py",
    "tests/hostile",
    # every percent-encoder runs the kernel's where it is built
    "tests/core",
    "tests/build",
    "tests/template",
)


def check_wheel(wheel: Path) -> None:
    assert not wheel.name.endswith("-py3-none-any.whl"), f"{wheel.name} is not platform-specific"
    names = zipfile.ZipFile(wheel).namelist()
    built = [
        n for n in names if n.startswith("urikit/_syntax/_kernel.") and n.endswith((".so", ".pyd"))
    ]
    assert built, "the wheel has no urikit/_syntax/_kernel extension"
    assert not [n for n in names if n.endswith((".c", ".h"))], "C sources in the wheel"
    print(f"wheel ok: {wheel.name}, with {built[0]}")


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="urikit-kernel-") as scratch:
        wheel = build_wheel(Path(scratch), switch="URIKIT_KERNEL", out=OUT)
    check_wheel(wheel)
    python = install(wheel, VENV)
    run_tests(python, *TESTS, expect="URIKIT_EXPECT_KERNEL", build="kernel build")
    return 0


if __name__ == "__main__":
    sys.exit(main())
