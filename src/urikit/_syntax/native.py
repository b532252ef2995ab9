"""The native kernel, or None: the one place that imports it (docs/design.md).

``urikit._syntax._kernel`` is built by default where a C compiler is found (setup.py):
the grammar's DFAs as generated C tables (:mod:`urikit._syntax.kernel_gen`) and a small
driver. Where it imports, :func:`urikit.is_valid` (RFC 3986's rules), :func:`urikit.parse`
and the percent-encoders use it; everything else, and every answer's meaning, stays the
pure package's: the differential tests (tests/kernel) hold the two to the same verdicts,
error positions and components. ``URIKIT_NO_EXTENSIONS=1`` in the environment when
urikit is imported leaves an installed kernel unused, as it leaves it unbuilt at install.
"""

from __future__ import annotations

import os
from types import ModuleType
from typing import Final, Literal

__all__ = ["IMPLEMENTATION", "kernel"]

kernel: ModuleType | None = None
if os.environ.get("URIKIT_NO_EXTENSIONS", "") in ("", "0"):
    try:
        from urikit._syntax import _kernel as kernel  # pyright: ignore[reportMissingModuleSource]
    except ImportError:  # the pure build
        kernel = None

#: Which build of urikit runs: ``"native kernel"`` where the C kernel imported, else
#: ``"pure"`` (built without a C compiler, or with ``URIKIT_NO_EXTENSIONS=1`` at install
#: or at import). Both give the same answers; ``urikit --version`` prints it too.
IMPLEMENTATION: Final[Literal["native kernel", "pure"]] = (
    "pure" if kernel is None else "native kernel"
)
