"""The kernel in subinterpreters (PEP 554's ``_interpreters``, ``_xxsubinterpreters``
before 3.13): each interpreter that imports urikit gets its own kernel module, with its
own value classes and schemes (multi-phase initialization and module state, PEP 489,
573), so none sees another's: an interpreter's import, or its end, changes nothing
for the main one.

Skips where the kernel is not built, except under ``URIKIT_EXPECT_KERNEL=1``.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

import pytest

import urikit
from tests.kernel.inputs import built_kernel

built_kernel()

IN_THE_SUBINTERPRETER = """
import urikit
from urikit._syntax import native
assert native.kernel is not None, "no kernel in the subinterpreter"
value = urikit.parse("https://b/c")
assert isinstance(value, urikit.URI) and str(value) == "https://b/c", repr(value)
assert type(urikit.parse("../d")) is urikit.RelativeReference
"""


def _interpreters() -> ModuleType:
    for name in ("_interpreters", "_xxsubinterpreters"):
        try:
            return importlib.import_module(name)
        except ImportError:
            continue
    pytest.skip("this Python offers no subinterpreters module")


def _run(interpreters: Any, interpreter: object, code: str) -> None:
    """Run ``code`` there; its exception as an AssertionError here (3.13 returns it,
    earlier versions raise it)."""
    failed = interpreters.run_string(interpreter, code)
    assert failed is None, failed


def _main_still_works() -> None:
    value = urikit.parse("http://a/b?q#f")
    assert isinstance(value, urikit.URI), type(value)
    assert str(value) == "http://a/b?q#f" and value.scheme == "http"
    assert isinstance(urikit.parse("g;x?y"), urikit.RelativeReference)
    assert urikit.is_valid("http://a/", "URI") and not urikit.is_valid("a b", "URI")


def test_a_subinterpreter_has_its_own_kernel() -> None:
    interpreters = _interpreters()
    _main_still_works()
    interpreter = interpreters.create()
    try:
        _run(interpreters, interpreter, IN_THE_SUBINTERPRETER)
        _main_still_works()  # the subinterpreter's classes are not the main one's
    finally:
        interpreters.destroy(interpreter)
    _main_still_works()  # nor are they gone with it


def test_two_subinterpreters_one_after_the_other() -> None:
    interpreters = _interpreters()
    for _ in range(2):
        interpreter = interpreters.create()
        try:
            _run(interpreters, interpreter, IN_THE_SUBINTERPRETER)
        finally:
            interpreters.destroy(interpreter)
        _main_still_works()
