"""Expand URI Templates (RFC 6570): urikit vs the uritemplate package, on the suite.

The items are every case of the uritemplate-test suite that expands (spec examples,
examples by section, extended tests; the negative tests are left out), with their
variables, from the copy vendored in tests/template/uritemplate_test. Contenders:

- urikit, template parsed once: ``URITemplate(t).expand(values)`` gives a parsed,
  checked ``URI``/``RelativeReference``; and the same plus ``str()``.
- ``uritemplate.URITemplate(t).expand(values)`` (a str, not checked), parsed once.
- both from the text each time: ``URITemplate(text).expand(values)`` against
  ``uritemplate.expand(text, values)``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TypeAlias

import uritemplate
from _harness import ROOT, compare, ratio_table, target
from uritemplate.variable import VariableValueDict

from urikit import TemplateValue, URITemplate

KERNEL = True  # run.py measures it in the kernel build too
REPEAT = 7
ROUNDS = 20  # the suite is small: each pass runs it this many times
SUITE = ROOT / "tests" / "template" / "uritemplate_test"
FILES = ("spec-examples.json", "spec-examples-by-section.json", "extended-tests.json")

Values: TypeAlias = dict[str, TemplateValue]
Case: TypeAlias = tuple[str, Values, URITemplate, uritemplate.URITemplate, VariableValueDict]


def suite_cases() -> list[Case]:
    """Every expanding case of the suite, each template parsed by both libraries."""
    cases: list[Case] = []
    for name in FILES:
        for group in json.loads((SUITE / name).read_text(encoding="utf-8")).values():
            # JSON strings, numbers, arrays and objects: values both libraries take.
            ours: Values = dict(group["variables"])
            theirs: VariableValueDict = dict(group["variables"])
            for text, expected in group["testcases"]:
                if expected is not False:
                    parsed = (URITemplate(text), uritemplate.URITemplate(text))
                    cases.append((text, ours, *parsed, theirs))
    return cases


def with_urikit(case: Case) -> object:
    return case[2].expand(case[1])


def with_urikit_str(case: Case) -> str:
    return str(case[2].expand(case[1]))


def with_uritemplate(case: Case) -> str:
    return case[3].expand(case[4])


def with_urikit_text(case: Case) -> object:
    return URITemplate(case[0]).expand(case[1])


def with_uritemplate_text(case: Case) -> str:
    return uritemplate.expand(case[0], case[4])


CONTENDERS: dict[str, Callable[[Case], object]] = {
    "urikit URITemplate.expand -> URI": with_urikit,
    "urikit URITemplate.expand -> str": with_urikit_str,
    "uritemplate URITemplate.expand -> str": with_uritemplate,
    "urikit, parsed each time -> URI": with_urikit_text,
    "uritemplate.expand(text) -> str": with_uritemplate_text,
}


def _agreement(cases: list[Case]) -> tuple[int, int]:
    """How many cases give the same text in both, and how many urikit results are
    the suite's expected ones (checked in tests/template/test_suite.py)."""
    same = sum(with_urikit_str(c) == with_uritemplate(c) for c in cases)
    return same, len(cases)


def main() -> str:
    cases = suite_cases()
    timings = compare(CONTENDERS, cases * ROUNDS, repeat=REPEAT)
    same, total = _agreement(cases)
    target(
        "template expand",
        items=f"{len(cases)} suite cases x {ROUNDS}",
        ours=timings["urikit URITemplate.expand -> URI"],
        reference="`uritemplate` expand",
        theirs=timings["uritemplate URITemplate.expand -> str"],
        bound=1.0,
    )
    return "\n\n".join(
        [
            "## URI Templates: expanding the uritemplate-test suite (RFC 6570)",
            f"{total} expanding cases of the suite (spec examples, by section, extended), "
            f"each pass running them {ROUNDS} times; best of {REPEAT} interleaved passes, "
            "µs per expansion. urikit's result is a parsed, checked reference; "
            "uritemplate's is text, unchecked.",
            ratio_table(timings, reference="uritemplate URITemplate.expand -> str"),
            f"Same text from both in {same} of {total} cases; where they differ, urikit's "
            "is the suite's expected result (tests/template/test_suite.py) and uritemplate "
            "copies non-ASCII literals as they are, or orders an associative array "
            "differently.",
        ]
    )


if __name__ == "__main__":
    print(main())
