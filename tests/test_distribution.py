"""Packaging facts that users see: one version everywhere, a changelog entry for it.

The built archives themselves are checked by ``make dist-check`` (tools/check_dist.py),
which installs the wheel into a fresh environment.
"""

from __future__ import annotations

import re
import tomllib
from importlib.metadata import version
from pathlib import Path

import pytest

import urikit
from urikit.cli import main

ROOT = Path(__file__).resolve().parents[1]


def test_cli_version_is_the_package_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"urikit {urikit.__version__}\n"


def test_installed_metadata_reads_the_one_version() -> None:
    assert version("urikit") == urikit.__version__
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert "version" not in project and "version" in project["dynamic"]


def test_changelog_has_an_entry_for_the_version() -> None:
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert re.search(rf"^## \[{re.escape(urikit.__version__)}\]", text, flags=re.M)
