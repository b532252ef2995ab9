"""``ecmascript_pattern`` accepts exactly what ``is_valid`` accepts, checked by node itself.

Every rule is compiled by a real ECMAScript engine the way an HTML ``pattern``
attribute is (``new RegExp('^(?:' + src + ')$', 'v')``) and the way JSON Schema
validators do (``'u'`` flag), then run on the rule tables of ``tests/syntax``, spoiled
samples, random strings over the URI alphabet and a slice of the real-world corpus.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from typing import cast

import pytest

import urikit
from tests import corpus
from tests.syntax.test_rule_tables import NON_ASCII, ROWS, SAMPLES
from urikit import RuleName
from urikit._syntax.rfc3986 import RULE_NAMES

NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(
    NODE is None, reason="node (an ECMAScript engine) is not installed: install nodejs"
)

# Reads {"patterns": {rule: src}, "cases": [[rule, text], ...], "flag": "v"|"u"}; prints
# {"errors": {rule: message}, "verdicts": [bool|null, ...]}.
_SCRIPT = r"""
const data = JSON.parse(require('fs').readFileSync(0, 'utf8'));
const compiled = {}, errors = {};
for (const [rule, src] of Object.entries(data.patterns)) {
  try { compiled[rule] = new RegExp('^(?:' + src + ')$', data.flag); }
  catch (e) { errors[rule] = String(e); }
}
const verdicts = data.cases.map(
  ([rule, text]) => rule in compiled ? compiled[rule].test(text) : null);
process.stdout.write(JSON.stringify({errors, verdicts}));
"""

_ALPHABET = "aZ09:/?#[]@!$&'()*+,;=%-._~vF "


def _cases() -> list[tuple[RuleName, str]]:
    cases: list[tuple[RuleName, str]] = [(row.rule, row.text) for row in ROWS]
    for rule, sample in SAMPLES.items():
        cases.append((rule, sample))
        for char in (*NON_ASCII, "\n"):
            cases.append((rule, sample + char))
            cases.append((rule, char + sample))
    rng = random.Random(3986)
    for _ in range(400):
        text = "".join(rng.choice(_ALPHABET) for _ in range(rng.randrange(0, 14)))
        for rule in RULE_NAMES:
            cases.append((rule, text))
    for line in corpus.urls()[:3000]:
        cases.append(("URI-reference", line))
        cases.append(("URI", line))
    return cases


def _run_node(
    flag: str, patterns: dict[str, str], cases: list[tuple[RuleName, str]]
) -> dict[str, object]:
    assert NODE is not None
    payload = json.dumps({"patterns": patterns, "cases": cases, "flag": flag})
    done = subprocess.run(
        [NODE, "-e", _SCRIPT], input=payload, capture_output=True, text=True, check=True
    )
    result: dict[str, object] = json.loads(done.stdout)
    return result


@pytest.fixture(scope="module")
def cases() -> list[tuple[RuleName, str]]:
    return _cases()


@pytest.mark.parametrize("flag", ["v", "u"])
def test_every_rule_compiles_and_agrees_with_is_valid(
    flag: str, cases: list[tuple[RuleName, str]]
) -> None:
    """HTML ``pattern`` (v flag) and JSON Schema (u flag) verdicts equal is_valid's."""
    patterns: dict[str, str] = {rule: urikit.ecmascript_pattern(rule) for rule in RULE_NAMES}
    result = _run_node(flag, patterns, cases)
    assert result["errors"] == {}
    assert isinstance(result["verdicts"], list)
    verdicts = cast("list[object]", result["verdicts"])
    disagreements = [
        (rule, text, js)
        for (rule, text), js in zip(cases, verdicts, strict=True)
        if js is not urikit.is_valid(text, rule)
    ]
    assert disagreements == []
    # The cases are not trivially one-sided.
    assert 0 < sum(map(bool, verdicts)) < len(verdicts)


def test_anchored_pattern_for_json_schema() -> None:
    """A JSON Schema pattern matches anywhere (unanchored), so anchored=True adds ^(?:...)$."""
    node = NODE
    assert node is not None
    body = urikit.ecmascript_pattern("IPv4address")
    anchored = urikit.ecmascript_pattern("IPv4address", anchored=True)
    assert anchored == f"^(?:{body})$"
    assert urikit.rules["IPv4address"].ecmascript == body
    script = (
        "const [src, text] = JSON.parse(require('fs').readFileSync(0, 'utf8'));"
        "process.stdout.write(String(new RegExp(src, 'u').test(text)));"
    )

    def search(src: str, text: str) -> str:
        payload = json.dumps([src, text])
        run = subprocess.run([node, "-e", script], input=payload, capture_output=True, text=True)
        return run.stdout

    assert search(body, "x1.2.3.4x") == "true"
    assert search(anchored, "x1.2.3.4x") == "false"
    assert search(anchored, "1.2.3.4") == "true"


def test_unknown_rule_raises_value_error() -> None:
    with pytest.raises(ValueError, match="unknown rule"):
        urikit.ecmascript_pattern("IPv6adress")  # type: ignore[arg-type]
