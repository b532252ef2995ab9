"""Old import paths of modules that moved into the layer folders (issue 24): each still
imports, for one release, as the module at its new home, with a DeprecationWarning that
names that home. The package's finder (urikit/__init__.py) imports this module only when
a name under urikit is not found, so ``import urikit`` does not pay for it."""

from __future__ import annotations

import warnings
from importlib import import_module
from importlib.machinery import ModuleSpec

TYPE_CHECKING = False  # not typing.TYPE_CHECKING: importing typing costs more than urikit
if TYPE_CHECKING:
    from collections.abc import Callable
    from importlib.abc import Loader as _Loader
    from types import ModuleType
else:
    _Loader = object  # the protocol is all importlib needs at run time

__all__ = ["MOVED", "spec_for"]

#: Old module path -> new home, for every public module that moved.
MOVED: dict[str, str] = {
    "urikit.builder": "urikit.build.builder",
    "urikit.composing": "urikit.build.compose",
    "urikit.editing": "urikit.values.everyday",
    "urikit.encoding": "urikit._core.encoding",
    "urikit.entry": "urikit.build.user_input",
    "urikit.export": "urikit._syntax.export",
    "urikit.extraction": "urikit.values.extract",
    "urikit.grammar": "urikit._syntax.rfc3986",
    "urikit.grammar_iri": "urikit._syntax.rfc3987",
    "urikit.iri": "urikit._core.iri_mapping",
    "urikit.iri_value": "urikit.values.iri",
    "urikit.model": "urikit.values.uri",
    "urikit.normalization": "urikit.values.normalize",
    "urikit.resolution": "urikit.values.resolve",
    "urikit.splitting": "urikit._core.split",
    "urikit.validation": "urikit._syntax.validation",
    # private, but named by pickles of PolicyError made before the move
    "urikit._problems": "urikit.errors.problems",
}


class _MovedLoader(_Loader):
    """Loads an old path as the very module at its new home (same object, same names)."""

    def __init__(self, new_home: str, after_import: Callable[[str], None]) -> None:
        self._new_home = new_home
        self._after_import = after_import

    def create_module(self, spec: ModuleSpec) -> ModuleType:
        warnings.warn(
            f"{spec.name} is deprecated and will be removed in the next release: "
            f"import from {self._new_home} (or from urikit itself)",
            DeprecationWarning,
            stacklevel=2,
        )
        module = import_module(self._new_home)
        self._after_import(self._new_home)
        return module

    def exec_module(self, module: ModuleType) -> None:
        """Nothing to run: the module at its new home is already loaded."""


def spec_for(fullname: str, after_import: Callable[[str], None]) -> ModuleSpec | None:
    """The spec that loads the old path ``fullname`` as its new home, or None for a
    name that never was a module of urikit. ``after_import(new_home)`` runs when it
    loads (the package wires its integrations there)."""
    new_home = MOVED.get(fullname)
    if new_home is None:
        return None
    return ModuleSpec(fullname, _MovedLoader(new_home, after_import))
