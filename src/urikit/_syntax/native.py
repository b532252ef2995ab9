"""The native kernel, or None: the one place that imports it.

``urikit._syntax._kernel`` is built by default where a C compiler works (setup.py): the
grammar's DFAs as generated C tables (:mod:`urikit._syntax.kernel_gen`) and a small driver.
Where it imports, and was generated from this grammar, :func:`urikit.is_valid` (RFC
3986's rules), :func:`urikit.parse`, the percent-encoders and Arrow columns use it;
everything else, and every answer's meaning, stays the pure package's: the
differential tests (tests/kernel) hold the two to the same verdicts, error positions
and components. ``URIKIT_NO_EXTENSIONS=1`` in the environment when urikit is imported
leaves an installed kernel unused, as it leaves it unbuilt at install.
"""

from __future__ import annotations

import os
import warnings
from types import ModuleType
from typing import Final, Literal

from urikit._syntax.kernel_gen import grammar_digest

__all__ = ["IMPLEMENTATION", "kernel", "matching"]


def matching(module: ModuleType) -> ModuleType | None:
    """``module`` if its tables were generated from this grammar (its ``GRAMMAR`` is the
    :func:`grammar_digest` of the rules here), else None, with a warning: an extension
    left from an older build must not answer for a changed grammar."""
    if getattr(module, "GRAMMAR", None) == grammar_digest():
        return module
    warnings.warn(
        "urikit: the native kernel was generated from another grammar (rebuild it); "
        "the pure package answers",
        RuntimeWarning,
        stacklevel=2,
    )
    return None


kernel: ModuleType | None = None
if os.environ.get("URIKIT_NO_EXTENSIONS", "") in ("", "0"):
    try:
        from urikit._syntax import _kernel  # pyright: ignore[reportMissingModuleSource]
    except ImportError:  # the pure build
        kernel = None
    else:
        kernel = matching(_kernel)

#: Which build of urikit runs: ``"native kernel"`` where the C kernel imported, else
#: ``"pure"`` (built without a C compiler, or with ``URIKIT_NO_EXTENSIONS=1`` at install
#: or at import). Both give the same answers; ``urikit --version`` prints it too.
IMPLEMENTATION: Final[Literal["native kernel", "pure"]] = (
    "pure" if kernel is None else "native kernel"
)
