"""Packaging facts that users see: one version everywhere, a changelog entry for it.

The built archives themselves are checked by ``make dist-check`` (tools/check_dist.py),
which installs the wheel into a fresh environment.
"""

from __future__ import annotations

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


def test_release_wheels_are_for_exactly_the_pythons_the_classifiers_name() -> None:
    """The classifiers are the one list of the Pythons CI tests (.venv's and those of
    tools/check_pythons.py); the release builds wheels for those, the oldest is the least
    Python the package accepts, and this Python is one of them."""
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    tested = [
        c.removeprefix("Programming Language :: Python :: ")
        for c in pyproject["project"]["classifiers"]
        if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)
    ]
    assert "{}.{}".format(*sys.version_info[:2]) in tested
    wheels = pyproject["tool"]["cibuildwheel"]["build"]
    assert wheels == [f"cp{v.replace('.', '')}-*" for v in tested]
    lowest = pyproject["project"]["requires-python"]
    assert lowest == f">={tested[0]}"
