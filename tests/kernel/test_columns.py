"""The native kernel reading Arrow columns, the offsets and data buffers directly: its
verdicts must be the pure path's (RFC 3986 Appendix A, Python's ``re``) for every row,
whatever the column's offset into its buffers, its offsets' width (``string``,
``large_string``), its nulls and its chunks; buffers that lie are refused, not read past.

Skips where the kernel is not built, except under ``URIKIT_EXPECT_KERNEL=1``
(tools/check_kernel.py), as tests/kernel/test_differential.py does.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import ModuleType
from typing import cast

import pandas as pd
import polars as pl
import pyarrow as pa
import pytest

import urikit.batch
from tests import corpus
from tests.kernel.inputs import REFERENCE_RULES, SEED, built_kernel, hostile
from urikit._syntax.compiled import compiled
from urikit._syntax.names import RuleName
from urikit._syntax.rfc3986 import URI_RULE_NAMES

KERNEL: ModuleType = built_kernel()

from urikit.batch import _arrow  # noqa: E402  (after the skip: it needs pyarrow)


def _pure(texts: Sequence[str | None], rule: str) -> list[bool | None]:
    fullmatch = compiled(rule).pattern.fullmatch
    return [None if text is None else fullmatch(text) is not None for text in texts]


def _encodable(texts: list[str]) -> list[str]:
    """The texts Arrow can hold (a lone surrogate has no UTF-8 form)."""
    out: list[str] = []
    for text in texts:
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            continue
        out.append(text)
    return out


def test_the_kernel_reads_the_column() -> None:
    """Not Arrow's RE2: the column's verdicts come from the kernel's ``column``."""
    assert _arrow._column is KERNEL.column  # pyright: ignore[reportPrivateUsage]


@pytest.mark.parametrize("rule", REFERENCE_RULES)
def test_the_corpus_and_hostile_input(rule: str) -> None:
    texts = _encodable([*corpus.urls(), *hostile(20_000, seed=SEED + 3)])
    column = pa.array(texts, pa.string())
    found = urikit.batch.is_valid(column, rule=cast(RuleName, rule))
    assert found.to_pylist() == _pure(texts, rule)


def test_every_rule_the_kernel_has() -> None:
    texts = _encodable(hostile(2_000, seed=SEED + 4))
    column = pa.array(texts, pa.large_string())
    for rule in URI_RULE_NAMES:
        found = urikit.batch.is_valid(column, rule=cast(RuleName, rule))
        assert found.to_pylist() == _pure(texts, rule)


@pytest.mark.parametrize("kind", ["string", "large_string"])
def test_slices_at_every_offset_with_nulls(kind: str) -> None:
    """A slice starts anywhere in its buffers; its validity bitmap need not start on a
    byte: the verdicts and the nulls are the sliced rows', row for row."""
    rows: list[str | None] = [None, "http://a/b", "%zz", "", "x y", "é", None, "//h:1/p?q#f"]
    column = pa.array(rows * 4, pa.string() if kind == "string" else pa.large_string())
    for start in range(17):
        for length in (0, 1, 7, 8, 9, 15):
            part = column.slice(start, length)
            found = urikit.batch.is_valid(part, rule="URI-reference").to_pylist()
            assert found == _pure(part.to_pylist(), "URI-reference"), (start, length)


def test_chunked_columns() -> None:
    texts = _encodable(hostile(3_000, seed=SEED + 5))
    chunked = pa.chunked_array([pa.array(texts[:1000]), pa.array(texts[1000:])])
    found = urikit.batch.is_valid(chunked.slice(333, 2000), rule="URI")
    assert found.to_pylist() == _pure(texts[333:2333], "URI")


def test_bytes_beyond_ascii_match_no_rule() -> None:
    """The rules are ASCII (RFC 3986 2): UTF-8 of any other character fails each."""
    texts = ["é", "http://é/", "a\u0080", "\U0001f600"]
    for rule in URI_RULE_NAMES:
        assert not any(KERNEL.is_valid(text, rule) for text in texts)
    found = urikit.batch.is_valid(pa.array(texts), rule="URI-reference")
    assert found.to_pylist() == [False] * len(texts)


def test_offsets_outside_the_data_are_refused() -> None:
    """Offsets are read as untrusted: a row past the data, a row ending before it
    starts, or too few offsets for the rows asked: ValueError, nothing read."""
    data = b"http://a"
    lying = [
        (pa.array([0, 4, 99], pa.int32()), 2),
        (pa.array([0, 5, 3], pa.int32()), 2),
        (pa.array([-1, 3], pa.int32()), 1),
        (pa.array([0, 3], pa.int32()), 2),
    ]
    for offsets, count in lying:
        with pytest.raises(ValueError, match="column"):
            KERNEL.column("URI", offsets.buffers()[1], data, 0, count, False)
    with pytest.raises(ValueError, match="negative"):
        KERNEL.column("URI", pa.array([0, 1], pa.int32()).buffers()[1], data, -1, 1, False)
    with pytest.raises(LookupError):
        KERNEL.column("no-such-rule", pa.array([0], pa.int32()).buffers()[1], data, 0, 0, False)


def test_polars_and_pandas_get_the_same_verdicts() -> None:
    texts: list[str | None] = [*_encodable(hostile(2_000, seed=SEED + 6)), None]
    want = _pure(texts, "URI")
    assert urikit.batch.is_valid(pl.Series("u", texts), rule="URI").to_list() == want
    series = pd.Series(texts, dtype="string[pyarrow]")
    found = urikit.batch.is_valid(series, rule="URI").astype(object)
    assert found.where(found.notna(), None).tolist() == want
