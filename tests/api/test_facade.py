"""The package's facade names each public name three times because each reader needs its
own spelling: type checkers read the imports under ``TYPE_CHECKING`` and the literal
``__all__`` (neither can be computed), and the lazy loader (PEP 562 ``__getattr__``)
reads ``_WHERE`` at run time. These tests hold the three to one list."""

from __future__ import annotations

import ast
from importlib import import_module
from pathlib import Path

import pytest

import urikit

_SOURCE = ast.parse(Path(urikit.__file__).read_text(encoding="utf-8"))


def _type_checking_imports() -> dict[str, str]:
    """Name -> module of every ``from M import N as N`` under ``if TYPE_CHECKING:``
    (the submodules, ``from urikit import hosts as hosts``, excepted)."""
    found: dict[str, str] = {}
    for node in _SOURCE.body:
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            for statement in node.body:
                if isinstance(statement, ast.ImportFrom) and statement.module not in (
                    "typing",
                    "urikit",
                ):
                    for alias in statement.names:
                        found[alias.asname or alias.name] = str(statement.module)
    return found


def _where() -> dict[str, str]:
    return dict(urikit._WHERE)  # pyright: ignore[reportPrivateUsage]


def test_all_names_exactly_what_the_loader_finds() -> None:
    assert sorted(urikit.__all__) == sorted(_where())


def _annotation_names() -> set[str]:
    """The names the facade's own annotations use (its ``_FieldType`` protocol)."""
    annotations = [
        node.annotation
        for node in ast.walk(_SOURCE)
        if isinstance(node, ast.AnnAssign | ast.arg) and node.annotation is not None
    ]
    return {n.id for a in annotations for n in ast.walk(a) if isinstance(n, ast.Name)}


def test_type_checkers_see_the_public_names_and_what_annotations_use() -> None:
    imported = set(_type_checking_imports())
    assert set(_where()) <= imported
    assert imported - set(_where()) <= _annotation_names()


@pytest.mark.parametrize("name", sorted(urikit.__all__))
def test_each_name_is_one_object_to_every_reader(name: str) -> None:
    """What ``urikit.NAME`` loads is what the type checker was told it is."""
    loaded = getattr(import_module(_where()[name]), name)
    declared = getattr(import_module(_type_checking_imports()[name]), name)
    assert loaded is declared
    assert getattr(urikit, name) is loaded
