"""Packaging facts that users see: one version everywhere, a changelog entry for it.

The built archives themselves are checked by ``make dist-check`` (tools/check_dist.py),
which installs the wheel into a fresh environment.
"""

from __future__ import annotations

import importlib.util
import re
import sys
import tomllib
from importlib.metadata import version
from pathlib import Path

import pytest

import urikit
from urikit.cli import main

ROOT = Path(__file__).resolve().parents[1]


def test_cli_version_names_the_version_python_and_the_build(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--version"]) == 0
    python = ".".join(map(str, sys.version_info[:3]))
    expected = f"urikit {urikit.__version__} (Python {python}, {urikit.IMPLEMENTATION})\n"
    assert capsys.readouterr().out == expected


def test_installed_metadata_reads_the_one_version() -> None:
    assert version("urikit") == urikit.__version__
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert "version" not in project and "version" in project["dynamic"]


def test_changelog_has_an_entry_for_the_version() -> None:
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert re.search(rf"^## \[{re.escape(urikit.__version__)}\]", text, flags=re.M)


def _tested_pythons() -> tuple[str, ...]:
    """The CPython versions CI tests (``make check``: tools/check_pythons.py)."""
    spec = importlib.util.spec_from_file_location("check_pythons", ROOT / "tools/check_pythons.py")
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    versions: tuple[str, ...] = tool.VERSIONS
    return versions


def test_classifiers_and_release_wheels_name_exactly_the_tested_pythons() -> None:
    tested = _tested_pythons()
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    claimed = [
        c.removeprefix("Programming Language :: Python :: ")
        for c in pyproject["project"]["classifiers"]
        if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)
    ]
    assert claimed == list(tested)
    wheels = pyproject["tool"]["cibuildwheel"]["build"]
    assert wheels == [f"cp{v.replace('.', '')}-*" for v in tested]
    lowest = pyproject["project"]["requires-python"]
    assert lowest == f">={tested[0]}"
