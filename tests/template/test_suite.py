"""The public uritemplate-test suite (RFC 6570), every case of every file.

The data is vendored unchanged in ``uritemplate_test/`` with its Apache-2.0 LICENSE.
A case's expected result is a string, a list of acceptable strings (the order of an
associative array's members is free), or ``false``: the template must be refused
(``InvalidTemplateError``) or its expansion must fail (``TemplateExpansionError``).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple, cast

import pytest

from urikit import InvalidTemplateError, TemplateExpansionError, TemplateValue, URITemplate

SUITE = Path(__file__).resolve().parent / "uritemplate_test"
FILES = (
    "spec-examples.json",
    "spec-examples-by-section.json",
    "extended-tests.json",
    "negative-tests.json",
)


class Case(NamedTuple):
    template: str
    values: dict[str, TemplateValue]
    expected: tuple[str, ...] | None  # None: must fail
    where: str


def _value(data: object) -> TemplateValue:
    """A JSON value as a template value: strings and numbers, lists, objects."""
    if data is None or (isinstance(data, str | int | float) and not isinstance(data, bool)):
        return data
    if isinstance(data, list):
        members: list[str | int | float] = []
        for item in cast("list[object]", data):
            assert isinstance(item, str | int | float)
            members.append(item)
        return members
    if isinstance(data, dict):
        pairs = cast("dict[object, object]", data).items()
        return {str(k): v for k, v in pairs if v is None or isinstance(v, str | int | float)}
    raise AssertionError(f"unexpected JSON value {data!r}")


def cases(name: str) -> Iterator[Case]:
    groups = json.loads((SUITE / name).read_text(encoding="utf-8"))
    for group_name, group in groups.items():
        values = {str(k): _value(v) for k, v in group["variables"].items()}
        for index, (template, expected) in enumerate(group["testcases"]):
            if expected is False:
                options = None
            elif isinstance(expected, str):
                options = (expected,)
            else:
                options = tuple(expected)
            yield Case(template, values, options, f"{name}: {group_name} #{index}")


ALL = [case for name in FILES for case in cases(name)]


def test_every_file_is_read() -> None:
    for name in FILES:
        assert any(case.where.startswith(name) for case in ALL), name
    assert sum(case.expected is None for case in ALL) >= 30  # the negative tests


@pytest.mark.parametrize("case", ALL, ids=lambda case: f"{case.where} {case.template}")
def test_case(case: Case) -> None:
    if case.expected is None:
        with pytest.raises((InvalidTemplateError, TemplateExpansionError)):
            URITemplate(case.template).expand(case.values)
        return
    template = URITemplate(case.template)
    assert str(template.expand(case.values)) in case.expected
