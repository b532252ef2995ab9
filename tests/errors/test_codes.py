"""The one table of error codes: one row type, one registry
(:data:`urikit.errors.codes.MESSAGES`) holding every row of every table by kind and
code, every message written from it, docs/errors.md in step with it."""

from __future__ import annotations

import ast
import re
import string
from collections.abc import ItemsView
from pathlib import Path
from typing import get_args

import pytest

from urikit.errors.codes import (
    BUILD_ERRORS,
    MESSAGES,
    PERSON_MESSAGES,
    PROBLEMS,
    BuildErrorCode,
    Message,
    MessageKind,
    PersonCode,
    ProblemCode,
    build_message,
    problem_message,
)
from urikit.errors.exceptions import URIBuildError
from urikit.errors.reasons import SYNTAX_REASONS, ReasonCode, reason
from urikit.errors.rule_reasons import RULE_REASONS, RuleReasonCode
from urikit.errors.template_reasons import (
    TEMPLATE_REASONS,
    TemplateReasonCode,
    template_reason,
)

SOURCE = Path(__file__).resolve().parents[2] / "src" / "urikit"
CATALOGUE = SOURCE.parents[1] / "docs" / "errors.md"


def test_every_code_has_exactly_one_row() -> None:
    assert sorted(BUILD_ERRORS) == sorted(get_args(BuildErrorCode))
    assert sorted(PROBLEMS) == sorted(get_args(ProblemCode))
    assert sorted(SYNTAX_REASONS) == sorted(get_args(ReasonCode))
    assert sorted(RULE_REASONS) == sorted(get_args(RuleReasonCode))
    assert sorted(TEMPLATE_REASONS) == sorted(get_args(TemplateReasonCode))
    assert sorted(PERSON_MESSAGES) == sorted(get_args(PersonCode))


def _codes(*kinds: MessageKind) -> list[str]:
    return sorted(code for kind, code in MESSAGES if kind in kinds)


def test_every_code_has_exactly_one_row_in_the_registry() -> None:
    """Each maker's codes (its ``Literal``) are the registry's rows of its kinds, once
    each; a problem and the reasons share one name space (``policy`` rows of both)."""
    assert _codes("build") == sorted(get_args(BuildErrorCode))
    assert _codes("template") == sorted(get_args(TemplateReasonCode))
    assert _codes("person") == sorted(get_args(PersonCode))
    reasons = get_args(ProblemCode) + get_args(ReasonCode) + get_args(RuleReasonCode)
    assert _codes("policy", "syntax", "host") == sorted(reasons)


# Every table, with the kinds of its rows.
_TABLES: list[tuple[ItemsView[str, Message], frozenset[MessageKind]]] = [
    (BUILD_ERRORS.items(), frozenset({"build"})),
    (PROBLEMS.items(), frozenset({"policy"})),
    (SYNTAX_REASONS.items(), frozenset({"syntax", "policy"})),
    (RULE_REASONS.items(), frozenset({"syntax", "host"})),
    (TEMPLATE_REASONS.items(), frozenset({"template"})),
    (PERSON_MESSAGES.items(), frozenset({"person"})),
]


def test_every_row_of_every_table_is_in_the_registry_exactly_once() -> None:
    """One table of codes; each table module only contributes its rows."""
    keys = [(row.kind, code) for rows, _ in _TABLES for code, row in rows]
    assert len(keys) == len(set(keys)) == len(MESSAGES)
    for rows, _ in _TABLES:
        for code, row in rows:
            assert MESSAGES[row.kind, code] is row, code


def test_the_codes_that_name_two_kinds_of_row() -> None:
    """A code is unique within its kind: these few name a build error and a policy
    problem (or a reason) alike, so the registry is keyed by both."""
    kinds: dict[str, set[str]] = {}
    for kind, code in MESSAGES:
        kinds.setdefault(code, set()).add(kind)
    assert {code: kinds[code] for code in kinds if len(kinds[code]) > 1} == {
        "port-out-of-range": {"build", "policy"},
        "host-not-dns": {"build", "policy"},
        "scheme-required": {"build", "policy"},
        "scheme-forbidden": {"build", "policy"},
        "zone-id": {"build", "syntax"},
    }


def test_reason_reads_both_reason_tables_without_a_code_in_both() -> None:
    """reason() takes a code without its kind: the reason codes are one name space."""
    assert not set(SYNTAX_REASONS) & set(RULE_REASONS)
    assert reason("dns-empty") == MESSAGES["host", "dns-empty"].template


@pytest.mark.parametrize(("table", "kinds"), _TABLES)
def test_every_row_names_its_kind_and_a_section(
    table: ItemsView[str, Message], kinds: frozenset[MessageKind]
) -> None:
    """The section of the standard that makes it an error."""
    for code, message in table:
        assert message.kind in kinds, code
        assert message.section.startswith("RFC "), code


# The heading of docs/errors.md under which (or after which) each kind's rows are listed.
_HEADINGS: dict[MessageKind, str] = {
    "build": "URIBuildError",
    "policy": "PolicyError",  # a problem; the phrases follow under Reasons
    "syntax": "Reasons",
    "host": "Reasons",
    "template": "InvalidTemplateError",
    "person": "Messages for the person at a form",
}


def _shown(kind: MessageKind, code: str, row: Message) -> str | None:
    """What docs/errors.md shows of a row in the column after its code: a reason's kind
    (None where that column is the template)."""
    if kind in {"syntax", "host"} or (kind == "policy" and code not in PROBLEMS):
        return kind
    return None


_ROWS = [
    (code, row.section, _shown(kind, code, row), _HEADINGS[kind])
    for (kind, code), row in MESSAGES.items()
]


@pytest.mark.parametrize(("code", "section", "shown", "heading"), _ROWS)
def test_the_catalogue_cites_the_section_of_the_table(
    code: str, section: str, shown: str | None, heading: str
) -> None:
    text = CATALOGUE.read_text(encoding="utf-8")
    part = text[text.index(f"## {heading}") :]
    row = re.search(rf"^\| `{code}` \|(.*)\| ([^|]*) \|$", part, flags=re.MULTILINE)
    assert row is not None, code
    cited = section.removeprefix("RFC 3986 ")
    assert cited in row.group(2), (code, cited, row.group(2))
    assert shown is None or row.group(1).startswith(f" {shown} |"), (code, shown)


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


# Where each kind of message is made: the call, and which of its arguments is the text
# (an InvalidURIError's reason anywhere, and the helpers that make one).
_MADE_BY: dict[str, tuple[int | None, frozenset[str]]] = {
    "URIBuildError": (0, frozenset()),
    "TemplateExpansionError": (0, frozenset()),
    "Problem": (None, frozenset({"message", "reason"})),
    "Diagnosis": (1, frozenset({"reason"})),
    "_replace": (None, frozenset({"reason"})),
    "replace": (None, frozenset({"message", "reason"})),
    "InvalidURIError": (None, frozenset({"reason"})),
    "InvalidTemplateError": (None, frozenset({"reason"})),
    "Location": (2, frozenset({"reason"})),
    "no_scheme": (None, frozenset({"reason"})),
    "_not_dns": (1, frozenset({"problem"})),
}

# The modules' own helpers that make an InvalidURIError: the reason is an argument.
_HELPERS: dict[str, dict[str, tuple[int | None, frozenset[str]]]] = {
    "schemes/": {"invalid": (3, frozenset({"reason"}))},
    "build/user_input.py": {"_error": (3, frozenset({"reason"}))},
    # a template's reason, and the phrase of what was expected where it is not found
    "template/_parse.py": {"_error": (3, frozenset({"reason"})), "_unexpected": (2, frozenset())},
}

# The modules of the checks that return a reason (a phrase a message is made of: the
# host-name checks', the URN namespaces'); in them a function whose name ends in
# "problem", or that returns ``str | None``, returns a reason.
_REASON_RETURNERS = ("_core/reachable.py", "_core/host_reading.py", "schemes/urn.py")

# A name a message is kept in before it is raised or shown.
_MESSAGE_NAMES = frozenset({"reason", "why", "message", "problem"})


def _is_text(node: ast.expr | None) -> bool:
    """A message written on the spot: a literal, an f-string, or text joined to one."""
    if isinstance(node, ast.BinOp):
        return _is_text(node.left) or _is_text(node.right)
    if isinstance(node, ast.BoolOp):
        return any(_is_text(value) for value in node.values)
    if isinstance(node, ast.IfExp):
        return _is_text(node.body) or _is_text(node.orelse)
    return isinstance(node, ast.JoinedStr) or (
        isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value != ""
    )


def _call_texts(
    node: ast.Call, made_by: dict[str, tuple[int | None, frozenset[str]]]
) -> list[ast.expr]:
    func = node.func
    name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
    if name not in made_by:
        return []
    index, keywords = made_by[name]
    texts = [k.value for k in node.keywords if k.arg in keywords]
    if index is not None and len(node.args) > index:
        texts.append(node.args[index])
    return texts


def _returns_reason(function: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    returns = function.returns
    shown = ast.unparse(returns) if returns is not None else ""
    return function.name.endswith("problem") or shown in {"str | None", "None | str"}


def _reason_returns(tree: ast.Module) -> list[ast.expr]:
    """What the reason-returning functions of ``tree`` return (not nested functions')."""
    values: list[ast.expr] = []
    for function in ast.walk(tree):
        if isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef) and _returns_reason(
            function
        ):
            values += [
                node.value
                for node in ast.walk(function)
                if isinstance(node, ast.Return) and node.value is not None
            ]
    return values


def _written_by_hand(path: Path, where: str = "") -> list[int]:
    """Lines where an error, a problem, a diagnosis or a reason is made with message
    text written on the spot instead of taken from the table; ``where`` is the path
    inside the package, which says what else the module writes."""
    made_by = dict(_MADE_BY)
    for home, helpers in _HELPERS.items():
        if where.startswith(home):
            made_by.update(helpers)
    tree = ast.parse(path.read_text(encoding="utf-8"))
    returned = _reason_returns(tree) if where.startswith(_REASON_RETURNERS) else []
    lines = [value.lineno for value in returned if _is_text(value)]
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            texts = _call_texts(node, made_by)
        elif isinstance(node, ast.Assign):
            named = any(isinstance(t, ast.Name) and t.id in _MESSAGE_NAMES for t in node.targets)
            texts = [node.value] if named else []
        else:
            continue
        if any(_is_text(text) for text in texts):
            lines.append(node.lineno)
    return lines


def test_no_message_is_written_outside_the_table() -> None:
    found = {
        where: lines
        for path in SOURCE.rglob("*.py")
        if (lines := _written_by_hand(path, where := path.relative_to(SOURCE).as_posix()))
    }
    assert found == {}


@pytest.mark.parametrize(
    ("line", "where"),
    [
        ('raise URIBuildError(f"no {x}", code="needs-host")', "build/compose.py"),
        ('Problem(code="empty", message="the value is empty")', "policy/checker.py"),
        ('Diagnosis("port", f"bad {c!r}", "port")', "_syntax/locate.py"),
        ('found._replace(reason="invalid character " + c)', "_syntax/locate.py"),
        ('replace(problem, message=f"once normalized, {m}")', "errors/problems.py"),
        ('raise InvalidURIError(t, position=0, rule="port", reason="bad")', "values/uri.py"),
        ('raise invalid(text, 0, "scheme", f"the scheme {s!r}", "scheme")', "schemes/web.py"),
        ('raise _error(text, at, "port", "a port is digits only")', "build/user_input.py"),
        ('no_scheme(text, rule="URI", reason="needs a scheme")', "values/resolve.py"),
        ('raise _not_dns(host, "it is empty")', "_core/reachable.py"),
        ('reason = f"port {number} is above {top}"', "schemes/web.py"),
        ('why = "a" if x else "b"', "build/user_input.py"),
        ('def _label_problem(x):\n    return "it is empty"', "_core/reachable.py"),
        ('def _a(x) -> str | None:\n    return x or "it does not decode"', "schemes/urn.py"),
        ('location = Location(0, "scheme", f"{r} (the scheme)", None)', "values/scheme_table.py"),
        ('raise _error(text, at, "literals", f"{c!r} is not allowed")', "template/_parse.py"),
        ('_unexpected(text, at, "a length from 1 to 9999")', "template/_parse.py"),
        ('InvalidTemplateError(t, position=0, rule="varname", reason="bad")', "template/_match.py"),
        ('message = f"Parquet needs pyarrow: {error}"', "cli/validate.py"),
    ],
)
def test_the_scan_sees_a_message_written_by_hand(tmp_path: Path, line: str, where: str) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(line + "\n")
    assert _written_by_hand(sample, where) != []


def test_the_scan_passes_a_message_from_the_table(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        'Diagnosis("port", reason("hint-port"), "port")\n'
        'def _problem() -> str | None:\n    return reason("dns-empty")\n'
    )
    assert _written_by_hand(sample, "_core/reachable.py") == []


def test_the_scan_passes_a_template_reason_and_python_s_own_wording(tmp_path: Path) -> None:
    """A template's reason from its table passes; a module's ``__getattr__`` keeps the
    AttributeError wording of Python itself, which is no urikit message."""
    sample = tmp_path / "sample.py"
    sample.write_text(
        'raise _error(text, at, "literals", template_reason("template-pct"))\n'
        '_unexpected(text, at, template_reason("template-expect-length"))\n'
        "raise AttributeError(f\"module 'urikit' has no attribute {name!r}\")\n"
    )
    assert _written_by_hand(sample, "template/_parse.py") == []


def _fields(template: str) -> set[str]:
    """The names ``template`` puts values in (a malformed template raises ValueError)."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


@pytest.mark.parametrize(
    ("key", "row"), MESSAGES.items(), ids=[f"{kind}:{code}" for kind, code in MESSAGES]
)
def test_every_template_is_well_formed_and_formats(key: tuple[str, str], row: Message) -> None:
    """Every maker writes its message with ``str.format``: no field is positional, and
    the template formats once each of its fields has a value (an int fits every
    conversion and format spec the table uses: ``!r``, ``:04X``, ``:#x``)."""
    fields = _fields(row.template)
    assert all(name and name.isidentifier() for name in fields), key
    assert isinstance(row.template.format(**dict.fromkeys(fields, 0)), str)


def test_a_template_reason_doubles_the_braces_of_its_text() -> None:
    """RFC 6570 2.2: an expression is closed by '}', which the reasons name."""
    assert template_reason("template-lone-close") == "'}' without a '{' before it"
    assert template_reason(
        "template-ended", expected=template_reason("template-expect-separator")
    ) == ("the template ends inside an expression: expected ',' or '}' and a '}'")


@pytest.mark.parametrize(
    "row", [*PROBLEMS.values(), *SYNTAX_REASONS.values(), *RULE_REASONS.values()]
)
def test_no_policy_or_reason_template_escapes_a_brace(row: Message) -> None:
    """problem_message and reason return a template without values as it stands."""
    assert "{{" not in row.template and "}}" not in row.template
