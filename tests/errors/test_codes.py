"""The one table of build error codes (issue 24): one message and one RFC section per
code, every URIBuildError written from it, docs/errors.md in step with it."""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import get_args

import pytest

from urikit.errors.codes import BUILD_ERRORS, BuildErrorCode, build_message
from urikit.errors.exceptions import URIBuildError

SOURCE = Path(__file__).resolve().parents[2] / "src" / "urikit"
CATALOGUE = SOURCE.parents[1] / "docs" / "errors.md"


def test_every_code_has_exactly_one_row() -> None:
    assert sorted(BUILD_ERRORS) == sorted(get_args(BuildErrorCode))


@pytest.mark.parametrize("code", sorted(BUILD_ERRORS))
def test_the_catalogue_cites_the_section_of_the_table(code: BuildErrorCode) -> None:
    text = CATALOGUE.read_text(encoding="utf-8")
    row = re.search(rf"^\| `{code}` \|.*\| ([^|]*) \|$", text, flags=re.MULTILINE)
    assert row is not None, code
    section = BUILD_ERRORS[code].section.removeprefix("RFC 3986 ")
    assert section in row.group(1), (code, section, row.group(1))


def test_of_writes_the_message_of_the_table() -> None:
    error = URIBuildError.of("dot-segment", segment="..")
    assert error.code == "dot-segment"
    assert str(error) == build_message("dot-segment", segment="..")
    assert str(error).endswith(f"({BUILD_ERRORS['dot-segment'].section})")


def _written_by_hand(path: Path) -> list[int]:
    """Lines where a build error is made with message text written on the spot."""
    lines: list[int] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in {"URIBuildError", "TemplateExpansionError"}
            and node.args
            and isinstance(node.args[0], ast.Constant | ast.JoinedStr)
        ):
            lines.append(node.lineno)
    return lines


def test_no_build_message_is_written_outside_the_table() -> None:
    found = {
        str(path.relative_to(SOURCE)): lines
        for path in SOURCE.rglob("*.py")
        if (lines := _written_by_hand(path))
    }
    assert found == {}


def test_the_scan_sees_a_message_written_by_hand(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text('raise URIBuildError(f"no {x}", code="needs-host")\n')
    assert _written_by_hand(sample) == [1]
