"""Public home of host analysis (RFC 3986 3.2.2, 7.4): what a host is and what it leads
to, as the programs that resolve it read it. The code lives in
:mod:`urikit._core.hosts`, below the values that use it; these are its public names."""

from __future__ import annotations

from urikit._core.hosts import *  # noqa: F403
from urikit._core.hosts import __all__ as __all__


def _publish() -> None:
    """Name this module as the home of its functions and classes (docs, reprs, pickles
    of the classes), as urikit.errors does for the exceptions."""
    for name in __all__:
        value = globals()[name]
        if callable(value) and getattr(value, "__module__", None) == "urikit._core.hosts":
            value.__module__ = __name__


_publish()
