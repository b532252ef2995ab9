"""Which build of urikit the tests run against: the native kernel or the pure package.

The kernel is built by default (setup.py). ``make check`` runs the suite twice: with
``URIKIT_EXPECT_KERNEL=1``, where the kernel must be the one in use (so the differential
tests cannot skip), and with ``URIKIT_NO_EXTENSIONS=1``, where it must not be, whatever
was built: each run checks that it tests the build it means to.
"""

from __future__ import annotations

import ast
import importlib.machinery
import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import urikit
from urikit._syntax import native

ROOT = Path(__file__).resolve().parents[1]
EXTENSION_SUFFIXES = tuple(importlib.machinery.EXTENSION_SUFFIXES)
EXPECT_KERNEL = os.environ.get("URIKIT_EXPECT_KERNEL") == "1"
NO_EXTENSIONS = os.environ.get("URIKIT_NO_EXTENSIONS", "") not in ("", "0")


def test_the_run_uses_the_build_it_means_to_test() -> None:
    kernel = native.kernel
    if EXPECT_KERNEL:
        assert kernel is not None
        assert str(kernel.__file__).endswith(EXTENSION_SUFFIXES), kernel.__file__
        package = Path(urikit.__file__ or "").parent
        assert Path(str(kernel.__file__)).parent == package / "_syntax", kernel.__file__
    if NO_EXTENSIONS:
        assert kernel is None
        loaded = [m for m in list(sys.modules.values()) if m.__name__.startswith("urikit")]
        assert all(not str(m.__file__).endswith(EXTENSION_SUFFIXES) for m in loaded)


def test_implementation_names_the_build_that_runs() -> None:
    """``urikit.IMPLEMENTATION`` is the kernel's presence, in the two words ``--version``
    prints."""
    expected = "pure" if native.kernel is None else "native kernel"
    assert expected == urikit.IMPLEMENTATION


def test_no_extensions_at_import_leaves_the_kernel_unused() -> None:
    """``URIKIT_NO_EXTENSIONS=1`` when urikit is imported gives the pure package, kernel
    built or not; ``0`` or no variable leaves the choice to the build."""
    built = importlib.util.find_spec("urikit._syntax._kernel") is not None
    build = "native kernel" if built else "pure"
    code = "import urikit; print(urikit.IMPLEMENTATION, urikit.is_valid('http://a/'))"
    for value, expected in (("1", "pure"), ("0", build), (None, build)):
        env = {k: v for k, v in os.environ.items() if k != "URIKIT_NO_EXTENSIONS"}
        if value is not None:
            env["URIKIT_NO_EXTENSIONS"] = value
        done = subprocess.run(
            [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
        )
        assert done.stdout.split() == [*expected.split(), "True"], (value, done.stdout)


def _kernel_run_tests() -> tuple[str, ...]:
    """tools/check_kernel.py's ``TESTS``: what ``make check-kernel`` runs on the wheel."""
    tree = ast.parse((ROOT / "tools" / "check_kernel.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and [ast.unparse(t) for t in node.targets] == ["TESTS"]:
            tests: tuple[str, ...] = ast.literal_eval(node.value)
            return tests
    raise AssertionError("tools/check_kernel.py has no TESTS")


def test_the_kernel_run_covers_what_the_kernel_serves() -> None:
    """The kernel reads Arrow, Polars and pandas columns (urikit.batch): their tests run
    against the kernel build, as the differential tests do."""
    covered = _kernel_run_tests()
    for folder in ("tests/kernel", "tests/batch", "tests/values", "tests/core"):
        assert folder in covered, folder


def test_the_generated_tables_are_a_dependency_of_the_kernel() -> None:
    """setup.py writes the grammar's tables to a header the kernel includes: that header
    must be among the extension's ``depends``, or an in-place rebuild after a grammar
    change keeps the old tables."""
    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    calls = [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and ast.unparse(node.func) == "Extension"
    ]
    assert calls, "setup.py builds no Extension"
    for call in calls:
        depends = [k.value for k in call.keywords if k.arg == "depends"]
        assert depends and "header" in ast.unparse(depends[0]).lower(), ast.unparse(call)
