"""Which build of urikit the tests run against.

``make check`` tests the pure package; ``make check-compiled`` (tools/check_compiled.py)
runs the same tests against the wheel built with ``URIKIT_MYPYC=1`` and sets
``URIKIT_EXPECT_COMPILED=1``; ``make check-kernel`` (tools/check_kernel.py) runs the
kernel's differential tests and a subset against the wheel built with ``URIKIT_KERNEL=1``
and sets ``URIKIT_EXPECT_KERNEL=1``. Each run checks that it imports the build
it means to test, so a compiled run cannot quietly test the source tree, nor a pure run
an extension.
"""

from __future__ import annotations

import ast
import importlib
import importlib.machinery
import importlib.util
import os
import sys
from pathlib import Path

import pytest

import urikit
from urikit._syntax import native

ROOT = Path(__file__).resolve().parents[1]
EXTENSION_SUFFIXES = tuple(importlib.machinery.EXTENSION_SUFFIXES)
EXPECT_COMPILED = os.environ.get("URIKIT_EXPECT_COMPILED") == "1"
EXPECT_KERNEL = os.environ.get("URIKIT_EXPECT_KERNEL") == "1"


def _compiled_names() -> list[str]:
    """The dotted names of setup.py's ``COMPILED``, as tools/check_compiled.py reads them."""
    path = ROOT / "tools" / "check_compiled.py"
    spec = importlib.util.spec_from_file_location("check_compiled", path)
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    names: list[str] = tool.compiled_modules()
    return names


COMPILED = _compiled_names()


@pytest.mark.parametrize("name", COMPILED)
def test_each_compilable_module_is_the_build_under_test(name: str) -> None:
    where = importlib.import_module(name).__file__ or ""
    if EXPECT_COMPILED:
        assert where.endswith(EXTENSION_SUFFIXES), f"{name} is pure Python here: {where}"
    else:
        assert where.endswith(".py"), f"{name} is compiled in the pure run: {where}"


def test_the_compiled_run_imports_the_installed_package() -> None:
    where = Path(urikit.__file__ or "").resolve()
    if EXPECT_COMPILED or EXPECT_KERNEL:
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


def test_no_public_function_is_compiled() -> None:
    """mypyc checks arguments against the annotations before the function's own checks,
    with its own TypeError, and drops the annotations from ``inspect.signature``: so no
    function of the public API lives in a compiled module (docs/design.md)."""
    for name in urikit.__all__:
        value = getattr(urikit, name)
        if callable(value) and not isinstance(value, type):
            assert getattr(value, "__module__", None) not in COMPILED, name


def test_only_private_modules_are_compiled() -> None:
    """A public module's functions (``urikit.hosts.analyze``, say) follow the one input
    rule, which a compiled function cannot (mypyc raises its own TypeError first). A
    module is private when its name or a package above it starts with '_'."""
    for name in COMPILED:
        assert any(part.startswith("_") for part in name.split(".")[1:]), name


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
        assert depends and "header" in ast.unparse(depends[0]), ast.unparse(call)
