"""The parsing layer (urikit._core.components) and the copy of its hot path in model.parse agree.

``model.parse`` inlines ``parse_fields`` + ``from_fields`` for speed;
these tests prove both give the same fields and the same errors (RFC 4.1).
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import urikit
from tests.corpus import corpus_dir
from tests.syntax.test_properties import rule_strings
from tests.values.test_parse import SETTINGS
from urikit import InvalidURIError
from urikit._core.components import ReferenceRule, parse_fields
from urikit._core.views import fields_of
from urikit.values.uri import from_fields


def _same(text: str) -> None:
    """parse (inlined) and parse_fields + from_fields: same value or the same error."""
    try:
        inline = urikit.parse(text)
    except InvalidURIError as error:
        with pytest.raises(InvalidURIError) as info:
            parse_fields(text)
        assert info.value.args == error.args
        return
    fields = parse_fields(text)
    assert fields_of(inline) == fields == fields_of(text)
    assert from_fields(fields) == inline and type(from_fields(fields)) is type(inline)


def test_copies_agree_on_the_corpus() -> None:
    path = corpus_dir()
    for file in [path / name for name in ("urls.txt", "relative.txt")]:
        if not file.is_file():
            continue  # the shipped sample has urls.txt only
        for line in file.read_text(encoding="utf-8").splitlines():
            _same(line)


@SETTINGS
@given(rule_strings("URI-reference") | st.text(alphabet=st.sampled_from("a:/?#[]@%1. é")))
def test_copies_agree_on_any_text(text: str) -> None:
    _same(text)


@pytest.mark.parametrize(
    ("rule", "text", "component"),
    [
        ("URI", "//h/p", "scheme"),  # RFC 3: a scheme is required
        ("absolute-URI", "http://h/p#f", "fragment"),  # RFC 4.3: no fragment
        ("relative-ref", "http://h/p", "scheme"),  # RFC 4.2: no scheme
    ],
)
def test_whole_reference_rules(rule: ReferenceRule, text: str, component: str) -> None:
    with pytest.raises(InvalidURIError) as info:
        parse_fields(text, rule)
    assert info.value.component == component
    assert parse_fields(text) == fields_of(text)
