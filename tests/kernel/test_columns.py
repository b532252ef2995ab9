"""The native kernel reading Arrow columns, the offsets and data buffers directly: its
verdicts must be the pure path's (RFC 3986 Appendix A, Python's ``re``) for every row,
whatever the column's offset into its buffers, its offsets' width (``string``,
``large_string``), its nulls and its chunks; buffers that lie are refused, not read past.

Skips where the kernel is not built, except under ``URIKIT_EXPECT_KERNEL=1``
(tools/check_kernel.py), as tests/kernel/test_differential.py does.
"""

from __future__ import annotations

import enum
import struct
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
            KERNEL.column("URI", offsets.buffers()[1], data, 0, count, False, 0)
    one = pa.array([0, 1], pa.int32()).buffers()[1]
    with pytest.raises(ValueError, match="negative"):
        KERNEL.column("URI", one, data, -1, 1, False, 0)
    for shift in (-1, 8):
        with pytest.raises(ValueError, match="shift"):
            KERNEL.column("URI", one, data, 0, 1, False, shift)
    with pytest.raises(LookupError):
        KERNEL.column("no-such-rule", pa.array([0], pa.int32()).buffers()[1], data, 0, 0, False, 0)


def _string_array(offsets: list[int], data: bytes, *, offset: int) -> pa.StringArray:
    """A string array of ``len(offsets) - 1 - offset`` rows over these buffers."""
    length = len(offsets) - 1 - offset
    buffers = [None, pa.py_buffer(struct.pack(f"<{len(offsets)}i", *offsets)), pa.py_buffer(data)]
    array = pa.Array.from_buffers(pa.string(), length, buffers, offset=offset)
    array.validate(full=True)  # Arrow's own check: every row it reads lies in the data
    return cast(pa.StringArray, array)


@pytest.mark.parametrize("offset", [1, 2, 7, 9])
def test_the_offsets_before_a_slice_are_not_read(offset: int) -> None:
    """Arrow reads a slice's offsets from its own first row on (the columnar format:
    row i spans offsets[offset + i] .. offsets[offset + i + 1]); the offsets before it
    may be anything, and the verdicts are still the rows'."""
    garbage = [10_000, -5, 1 << 30, -(1 << 31), 7, 3, 99, 0, 12][:offset]
    array = _string_array([*garbage, 0, 9, 9, 12], b"http://a/%zzb:c", offset=offset)
    found = urikit.batch.is_valid(array, rule="URI-reference")
    assert found.to_pylist() == _pure(array.to_pylist(), "URI-reference")


def test_an_empty_array_may_have_no_offsets() -> None:
    """The columnar format lets an array of no rows have an empty offsets buffer."""
    array = pa.Array.from_buffers(pa.string(), 0, [None, pa.py_buffer(b""), pa.py_buffer(b"")])
    array.validate(full=True)
    assert urikit.batch.is_valid(array, rule="URI").to_pylist() == []
    assert KERNEL.column("URI", pa.py_buffer(b""), b"", 0, 0, False, 3) == b"\0"


class _Falsy:
    """An argument whose truth raises (Python code the conversion runs)."""

    def __bool__(self) -> bool:
        raise ZeroDivisionError("large")


def test_the_first_bad_argument_is_the_error() -> None:
    """Each argument is converted and checked before the next conversion runs Python
    code: the error is the first conversion's, never a SystemError."""
    offsets = pa.array([0, 1], pa.int32()).buffers()[1]
    with pytest.raises(TypeError, match="integer"):
        KERNEL.column("URI", offsets, b"a", "0", 1, _Falsy(), 0)
    with pytest.raises(TypeError, match="integer"):
        KERNEL.column("URI", offsets, b"a", 0, None, _Falsy(), 0)
    with pytest.raises(ZeroDivisionError, match="large"):
        KERNEL.column("URI", offsets, b"a", 0, 1, _Falsy(), "0")


class _Rule(enum.StrEnum):
    URI = "URI"
    HOST = "host"


@pytest.mark.parametrize("rule", list(_Rule))
def test_a_rule_named_by_a_str_subclass(rule: _Rule) -> None:
    """A StrEnum member names its rule in every column kind, as a plain str does."""
    name = cast(RuleName, rule)  # the type says a literal; a str subclass answers all the same
    texts: list[str | None] = ["http://a/b", "a b", None, "h", "%zz", "é"]
    want = _pure(texts, rule.value)
    arrow = pa.array(texts, pa.string())
    assert urikit.batch.is_valid(arrow, rule=name).to_pylist() == want
    assert urikit.batch.is_valid(pl.Series(texts), rule=name).to_list() == want
    found = urikit.batch.is_valid(pd.Series(texts, dtype="string[pyarrow]"), rule=name)
    assert found.astype(object).where(found.notna(), None).tolist() == want
    assert KERNEL.is_valid("http://a/b", rule) is (rule is _Rule.URI)
    plain = urikit.batch.problems(texts, rule=rule.value)
    want_records = cast(pa.StructArray, pa.array(plain, _arrow.STRUCT))
    assert urikit.batch.problems(arrow, rule=name).equals(want_records)
    assert urikit.batch.problems(pl.Series(texts), rule=name).to_list() == plain


def test_polars_and_pandas_get_the_same_verdicts() -> None:
    texts: list[str | None] = [*_encodable(hostile(2_000, seed=SEED + 6)), None]
    want = _pure(texts, "URI")
    assert urikit.batch.is_valid(pl.Series("u", texts), rule="URI").to_list() == want
    series = pd.Series(texts, dtype="string[pyarrow]")
    found = urikit.batch.is_valid(series, rule="URI").astype(object)
    assert found.where(found.notna(), None).tolist() == want
