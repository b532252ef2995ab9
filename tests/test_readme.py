"""README.md is a user's first stop: every Python snippet in it runs, as a doctest."""

from __future__ import annotations

import doctest
import re
import tomllib
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"
TEXT = README.read_text(encoding="utf-8")
BLOCKS = re.findall(r"^```python\n(.*?)^```$", TEXT, flags=re.S | re.M)


def test_readme_has_python_snippets() -> None:
    assert len(BLOCKS) >= 5
    assert all(">>> " in block for block in BLOCKS)  # written as doctest sessions


@pytest.mark.parametrize("index", range(len(BLOCKS)))
def test_snippet_runs(index: int) -> None:
    """Each block runs on its own (fresh namespace), so each can be copied as it is."""
    test = doctest.DocTestParser().get_doctest(
        BLOCKS[index], {}, f"README.md block {index + 1}", str(README), 0
    )
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.attempted > 0
    assert result.failed == 0, f"README.md python block {index + 1} failed (see output above)"


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
    listed = re.findall(r"^\| `([a-z-]+)` \|", section, flags=re.M)
    assert sorted(listed) == sorted(offered)
