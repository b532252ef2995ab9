"""The URI-reference pattern is compiled on first use: ``components.match`` swaps itself
for the compiled ``fullmatch``, so a module that copied the name would render the whole
grammar again on every call (a move of modules once did that to resolve and normalize)."""

from __future__ import annotations

import ast

from tests.import_graph import modules
from urikit._core import components
from urikit._core.views import fields_of


def test_nobody_holds_the_first_use_stand_in() -> None:
    copied = [
        name
        for name, path in modules().items()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.ImportFrom)
        and node.module == "urikit._core.components"
        and any(alias.name == "match" for alias in node.names)
    ]
    assert copied == []


def test_after_a_first_use_match_is_the_compiled_pattern() -> None:
    fields_of("http://a/b")
    assert getattr(components.match, "__self__", None) is not None  # a bound Pattern method
