"""The one table of error codes (issue 24): one message, one RFC section and one kind
per code (build errors, policy problems, the locator's reasons), every message written
from it, docs/errors.md in step with it."""

from __future__ import annotations

import ast
import re
from collections.abc import Mapping
from pathlib import Path
from typing import get_args

import pytest

from urikit.errors.codes import (
    BUILD_ERRORS,
    PROBLEMS,
    BuildErrorCode,
    Message,
    MessageKind,
    ProblemCode,
    build_message,
    problem_message,
)
from urikit.errors.exceptions import URIBuildError
from urikit.errors.reasons import SYNTAX_REASONS, ReasonCode, reason

SOURCE = Path(__file__).resolve().parents[2] / "src" / "urikit"
CATALOGUE = SOURCE.parents[1] / "docs" / "errors.md"


def test_every_code_has_exactly_one_row() -> None:
    assert sorted(BUILD_ERRORS) == sorted(get_args(BuildErrorCode))
    assert sorted(PROBLEMS) == sorted(get_args(ProblemCode))
    assert sorted(SYNTAX_REASONS) == sorted(get_args(ReasonCode))


@pytest.mark.parametrize(
    ("table", "kinds"),
    [(BUILD_ERRORS, {"build"}), (PROBLEMS, {"policy"}), (SYNTAX_REASONS, {"syntax", "policy"})],
)
def test_every_row_names_its_kind_and_a_section(
    table: Mapping[str, Message], kinds: set[MessageKind]
) -> None:
    for code, message in table.items():
        assert message.kind in kinds, code
        assert message.section.startswith("RFC "), code


_ROWS = [
    *((code, BUILD_ERRORS[code].section, "URIBuildError") for code in BUILD_ERRORS),
    *((code, PROBLEMS[code].section, "PolicyError") for code in PROBLEMS),
    *((code, SYNTAX_REASONS[code].section, "Reasons") for code in SYNTAX_REASONS),
]


@pytest.mark.parametrize(("code", "section", "heading"), _ROWS)
def test_the_catalogue_cites_the_section_of_the_table(
    code: str, section: str, heading: str
) -> None:
    text = CATALOGUE.read_text(encoding="utf-8")
    part = text[text.index(f"## {heading}") :]
    row = re.search(rf"^\| `{code}` \|.*\| ([^|]*) \|$", part, flags=re.MULTILINE)
    assert row is not None, code
    cited = section.removeprefix("RFC 3986 ")
    assert cited in row.group(1), (code, cited, row.group(1))


def test_a_policy_problem_and_a_reason_come_from_the_table() -> None:
    assert problem_message("scheme-not-allowed", scheme="ftp", allowed="https") == (
        "scheme 'ftp' is not allowed; use https"
    )
    assert reason("char", char=" ") == "invalid character ' '"


def test_of_writes_the_message_of_the_table() -> None:
    error = URIBuildError.of("dot-segment", segment="..")
    assert error.code == "dot-segment"
    assert str(error) == build_message("dot-segment", segment="..")
    assert str(error).endswith(f"({BUILD_ERRORS['dot-segment'].section})")


# Where each kind of message is made: the call, and which of its arguments is the text.
_MADE_BY: dict[str, tuple[int | None, frozenset[str]]] = {
    "URIBuildError": (0, frozenset()),
    "TemplateExpansionError": (0, frozenset()),
    "Problem": (None, frozenset({"message", "reason"})),
    "Diagnosis": (1, frozenset({"reason"})),
    "_replace": (None, frozenset({"reason"})),
    "replace": (None, frozenset({"message", "reason"})),
}


def _is_text(node: ast.expr) -> bool:
    """A message written on the spot: a literal, an f-string, or text joined to one."""
    if isinstance(node, ast.BinOp):
        return _is_text(node.left) or _is_text(node.right)
    return isinstance(node, ast.JoinedStr) or (
        isinstance(node, ast.Constant) and isinstance(node.value, str)
    )


def _written_by_hand(path: Path) -> list[int]:
    """Lines where an error, a problem or a diagnosis is made with message text written
    on the spot instead of taken from the table."""
    lines: list[int] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
        if name not in _MADE_BY:
            continue
        index, keywords = _MADE_BY[name]
        texts = [k.value for k in node.keywords if k.arg in keywords]
        if index is not None and len(node.args) > index:
            texts.append(node.args[index])
        if any(_is_text(text) for text in texts):
            lines.append(node.lineno)
    return lines


def test_no_message_is_written_outside_the_table() -> None:
    found = {
        str(path.relative_to(SOURCE)): lines
        for path in SOURCE.rglob("*.py")
        if (lines := _written_by_hand(path))
    }
    assert found == {}


@pytest.mark.parametrize(
    "line",
    [
        'raise URIBuildError(f"no {x}", code="needs-host")',
        'Problem(code="empty", message="the value is empty")',
        'Diagnosis("port", f"bad {c!r}", "port")',
        'found._replace(reason="invalid character " + c)',
        'replace(problem, message=f"once normalized, {m}")',
    ],
)
def test_the_scan_sees_a_message_written_by_hand(tmp_path: Path, line: str) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(line + "\n")
    assert _written_by_hand(sample) == [1]


def test_the_scan_passes_a_message_from_the_table(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text('Diagnosis("port", reason("hint-port"), "port")\n')
    assert _written_by_hand(sample) == []


@pytest.mark.parametrize("row", [*PROBLEMS.values(), *SYNTAX_REASONS.values()])
def test_no_policy_or_reason_template_escapes_a_brace(row: Message) -> None:
    """problem_message and reason return a template without values as it stands."""
    assert "{{" not in row.template and "}}" not in row.template
