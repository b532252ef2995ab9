"""The optional native kernel (issue 26), or None: the one place that imports it.

``urikit._syntax._kernel`` exists in a build made with ``URIKIT_kernel=1`` (setup.py): the
grammar's DFAs as generated C tables (:mod:`urikit._syntax.kernel_gen`) and a small driver.
Where it imports, :func:`urikit.is_valid` (RFC 3986's rules) and :func:`urikit.parse`
use it; everything else, and every answer's meaning, stays the pure package's: the
differential tests (tests/kernel) hold the two to the same verdicts, error positions
and components.
"""

from __future__ import annotations

from types import ModuleType

__all__ = ["kernel"]

kernel: ModuleType | None
try:
    from urikit._syntax import _kernel as kernel  # pyright: ignore[reportMissingModuleSource]
except ImportError:  # the pure build
    kernel = None
