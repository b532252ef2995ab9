"""docs/design.md stays true to the code: every file path it writes exists, every dotted
name it writes imports or is an attribute of what imports, and its module map names only
modules of the folder it lists them under (tests/test_layers.py checks the converse)."""

from __future__ import annotations

import builtins
import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "urikit"
TEXT = (ROOT / "docs" / "design.md").read_text(encoding="utf-8")

_BLOCKS = re.compile(r"^```.*?^```", re.M | re.S)
#: The inline code spans of the prose (code blocks are the module map).
SPANS = sorted(set(re.findall(r"`([^`\n]+)`", _BLOCKS.sub("", TEXT))))
_EXTENSIONS = (".py", ".pyi", ".c", ".md", ".toml", ".txt", ".json", ".png")
_PATH = re.compile(r"(?=[^/]*\w)[\w.-]+(?:/[\w.-]+)*/?")
_DOTTED = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+(?:\(.*\))?")


def _is_path(span: str) -> bool:
    return bool(_PATH.fullmatch(span)) and ("/" in span or span.endswith(_EXTENSIONS))


PATHS = [span for span in SPANS if _is_path(span)]
NAMES = [span for span in SPANS if _DOTTED.fullmatch(span) and not _is_path(span)]


def _found(path: str) -> bool:
    """A path from the project root, from src/ or from the package (``_core/views.py``)."""
    return any((base / path).exists() for base in (ROOT, ROOT / "src", PACKAGE))


def _attribute(obj: object, names: list[str]) -> bool:
    for name in names:
        if not hasattr(obj, name):
            return False
        obj = getattr(obj, name)
    return True


def _resolves(dotted: str) -> bool:
    """A module (under ``urikit`` or not) and attributes of it, or attributes of the
    package's public names (``Policy.check``) or of the builtins (``str.translate``)."""
    parts = dotted.split("(", 1)[0].split(".")
    for names in (["urikit", *parts], parts):
        for cut in range(len(names), 0, -1):
            try:
                module = importlib.import_module(".".join(names[:cut]))
            except ImportError:
                continue
            if _attribute(module, names[cut:]):
                return True
            break
    return _attribute(importlib.import_module("urikit"), parts) or _attribute(builtins, parts)


def test_the_design_mentions_modules_and_names() -> None:
    """The checks below see what the prose writes: paths and dotted names, many."""
    assert len(PATHS) >= 20 and len(NAMES) >= 20, (PATHS, NAMES)


@pytest.mark.parametrize("path", PATHS)
def test_every_path_exists(path: str) -> None:
    assert _found(path), f"docs/design.md names {path}, which does not exist"


@pytest.mark.parametrize("name", NAMES)
def test_every_dotted_name_exists(name: str) -> None:
    assert _resolves(name), f"docs/design.md names {name}, which does not import"


def test_the_module_map_names_only_modules_of_its_folders() -> None:
    """Under "What each module holds", each ``name.py`` is a module of the folder its
    line belongs to (a line starting ``folder/`` opens a folder)."""
    layout = TEXT.split("What each module holds", 1)[1].split("```", 2)[1]
    folder = None
    missing: list[str] = []
    for line in layout.splitlines():
        opened = re.match(r"(\w+)/", line)
        folder = opened[1] if opened else folder
        for name in re.findall(r"\b\w+\.py\b", line):
            if folder is None or not (PACKAGE / folder / name).exists():
                missing.append(f"{folder}/{name}")
    assert missing == []


def test_submodules_named_as_the_function_they_hold_stay_behind_the_facade() -> None:
    """``urikit.normalize`` is the function, ``urikit.values.normalize`` its module: the
    design says so, and names the three."""
    package = importlib.import_module("urikit")
    for name in ("normalize", "resolve", "extract"):
        module = importlib.import_module(f"urikit.values.{name}")
        assert getattr(package.values, name) is module
        assert getattr(module, name) is getattr(package, name), name
        assert f"`values/{name}.py`" in TEXT, name
