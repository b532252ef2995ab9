"""README.md is a user's first stop: every Python snippet in it runs, as a doctest."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from tests.markdown_doctest import assert_block_runs, python_blocks

README = Path(__file__).resolve().parents[1] / "README.md"
TEXT = README.read_text(encoding="utf-8")
BLOCKS = python_blocks(README)


def test_readme_has_python_snippets() -> None:
    assert len(BLOCKS) >= 5
    assert all(">>> " in block for block in BLOCKS)  # written as doctest sessions


@pytest.mark.parametrize("index", range(len(BLOCKS)))
def test_snippet_runs(index: int) -> None:
    """Each block runs on its own (fresh namespace), so each can be copied as it is."""
    assert_block_runs(BLOCKS[index], f"README.md python block {index + 1}", README)


def test_set_up_section_has_exactly_the_two_commands() -> None:
    section = TEXT.split("## Set-up", 1)[1].split("\n## ", 1)[0]
    commands = re.findall(r"^(make \w+)", section, flags=re.M)
    assert commands == ["make demo", "make check"]
    assert "make check" in (README.parent / ".ci" / "run").read_text(encoding="utf-8")


def test_extras_are_listed_with_what_they_are_for() -> None:
    """The README's table of extras names exactly the extras pyproject.toml offers
    (the development set aside): no extra that is no integration, none unexplained."""
    project = tomllib.loads((README.parent / "pyproject.toml").read_text(encoding="utf-8"))
    offered = set(project["project"]["optional-dependencies"]) - {"dev"}
    section = TEXT.split("## Using it in your project", 1)[1].split("\n## ", 1)[0]
    listed = re.findall(r"^\| `([a-z_-]+)` \|", section, flags=re.M)
    assert sorted(listed) == sorted(offered)


def test_local_links_and_images_exist() -> None:
    """Every relative link and image of the README names a file of the repository, and
    the benchmark chart it shows is the one RESULTS.md shows."""
    targets = re.findall(r"\]\(([^)#\s]+)\)", TEXT)
    local = [t for t in targets if not re.match(r"[a-z][a-z0-9+.-]*:", t)]
    assert "benchmarks/summary.png" in local
    for target in local:
        assert (README.parent / target).exists(), target
    results = (README.parent / "benchmarks" / "RESULTS.md").read_text(encoding="utf-8")
    assert "](summary.png)" in results


def _layout_entry(layout: str, name: str) -> str:
    """The layout's line that starts with ``name`` and the indented lines continuing it."""
    lines = layout.splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith(f"  {name}"))
    last = first + 1
    while last < len(lines) and lines[last].startswith(" " * 21):
        last += 1
    return "\n".join(lines[first:last])


def test_project_layout_names_every_module() -> None:
    """The README's map of src/urikit names every module and package in it, and every
    module of a layer folder in that folder's entry (cli/, template/ and integrations/
    are summed up in a line)."""
    layout = TEXT.split("## Project layout", 1)[1].split("\n## ", 1)[0]
    package = README.parent / "src" / "urikit"
    names = {p.name for p in package.glob("*.py") if p.name != "__init__.py"}
    folders = {p.name for p in package.iterdir() if (p / "__init__.py").exists()}
    missing = sorted(name for name in names | {f + "/" for f in folders} if name not in layout)
    assert not missing, missing
    for folder in sorted(folders - {"cli", "template", "integrations"}):
        entry = _layout_entry(layout, folder + "/")
        modules = sorted(p.name for p in (package / folder).glob("*.py"))
        assert all(m in entry for m in modules if m != "__init__.py"), (folder, entry)
