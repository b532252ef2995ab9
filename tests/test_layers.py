"""The package's layers: no import cycle, deferred and type-only imports
included; no import pointing up the order that docs/design.md declares; the design's
table and module map agree with the source; each module says what lives in it."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from tests.import_graph import SOURCE, cycles, graph, modules

DESIGN = SOURCE.parent / "docs" / "design.md"
TEXT = DESIGN.read_text(encoding="utf-8")


def _layers() -> list[set[str]]:
    """The declared layers, top first, each a set of members ("urikit" is the facade)."""
    table = TEXT.split("<!-- layers -->", 1)[1].split("<!-- /layers -->", 1)[0]
    rows = [line for line in table.splitlines() if line.startswith("| ")][1:]
    return [set(re.findall(r"`([\w.]+)`", row.split("|")[2])) for row in rows]


LAYERS = _layers()


def _member(module: str) -> str:
    """The layer member a module belongs to: its first name below urikit."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "urikit"


def _rank(module: str) -> int:
    member = _member(module)
    for rank, layer in enumerate(LAYERS):
        if member in layer:
            return rank
    raise AssertionError(f"{module}: {member} is in no layer of docs/design.md")


def test_no_import_cycle() -> None:
    assert cycles(graph()) == []


def test_every_module_has_a_layer() -> None:
    for module in modules():
        _rank(module)


def test_imports_point_down() -> None:
    """An import reaches a lower layer, or a module of the same folder."""
    upward = [
        f"{source} -> {target}"
        for source, targets in graph().items()
        for target in sorted(targets)
        if _member(source) != _member(target) and _rank(target) <= _rank(source)
    ]
    assert upward == []


def test_the_graph_sees_deferred_and_type_only_imports(tmp_path: Path) -> None:
    """Imports inside functions and under TYPE_CHECKING are edges, and a circle closed
    by one of them is a cycle."""
    package = tmp_path / "urikit"
    (package / "inner").mkdir(parents=True)
    (package / "__init__.py").write_text('"""p"""\n')
    (package / "inner" / "__init__.py").write_text('"""p"""\n')
    (package / "low.py").write_text("def f():\n    from urikit.inner import high\n")
    (package / "inner" / "high.py").write_text(
        "if TYPE_CHECKING:\n    from .. import low\nfrom urikit import inner\n"
    )
    edges = graph(tmp_path)
    assert edges["urikit.low"] == {"urikit.inner.high"}
    assert edges["urikit.inner.high"] == {"urikit.low", "urikit.inner"}
    assert cycles(edges) == [["urikit.inner.high", "urikit.low"]]


def test_the_design_map_names_every_module_of_each_layer_folder() -> None:
    """docs/design.md's module map names each module under its folder."""
    layout = TEXT.split("What each module holds", 1)[1].split("```", 2)[1]
    folders = {module.split(".")[1] for module in modules() if module.count(".") >= 2}
    for folder in sorted(folders - {"cli", "integrations"}):
        block = layout.split(f"\n{folder}/", 1)[1]
        block = re.split(r"\n\S", block, maxsplit=1)[0]
        files = sorted(p.name for p in (SOURCE / "urikit" / folder).glob("*.py"))
        named = [name for name in files if name != "__init__.py"]
        if folder == "template":
            named = [name.removesuffix(".py") for name in named]
        assert all(name in block for name in named), (folder, block)


@pytest.mark.parametrize("module", sorted(modules()))
def test_every_module_says_what_lives_in_it(module: str) -> None:
    tree = ast.parse(modules()[module].read_text(encoding="utf-8"))
    assert ast.get_docstring(tree), module


def test_top_level_is_small() -> None:
    """At most 16 modules directly in src/urikit/."""
    assert len(list((SOURCE / "urikit").glob("*.py"))) <= 16


def test_tests_mirror_the_packages() -> None:
    """tests/ has a folder for each package of src/urikit (``_core`` -> ``core``)."""
    tests = Path(__file__).resolve().parent
    packages = {module.split(".")[1] for module in modules() if module.count(".") >= 1}
    packages = {name for name in packages if (SOURCE / "urikit" / name).is_dir()}
    missing = [name for name in packages if not (tests / name.lstrip("_") / "__init__.py").exists()]
    assert missing == []


def test_value_classes_inherit_at_most_two_levels() -> None:
    """URI -> _Reference -> ReferenceViews: the readers and changers written once."""
    import urikit

    for cls in (urikit.URI, urikit.RelativeReference, urikit.IRIReference):
        assert len(cls.__mro__) - 2 <= 2, cls.__mro__  # not counting the class and object
