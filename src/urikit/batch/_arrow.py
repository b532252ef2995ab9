"""Arrow columns: the verdicts from the native kernel reading the column's offsets and
data buffers where it is built (:mod:`urikit._syntax.native`), else from Arrow's own RE2
(``match_substring_regex``) running the grammar's RE2 rendering: no Python code per row
either way. Problems are located for the rows that fail only."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import cast

import pyarrow as pa
import pyarrow.compute as pc

from urikit._syntax.names import RuleName
from urikit._syntax.native import kernel
from urikit.batch._kernel import COMPONENTS, parts, records, verdicts, with_nulls
from urikit.batch._re2 import engine_pattern
from urikit.batch._records import FIELDS, ProblemRecord

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import TypeAlias

    from urikit.policy import Policy

    Column: TypeAlias = pa.Array[pa.Scalar[pa.DataType]]
    Chunked: TypeAlias = pa.ChunkedArray[pa.Scalar[pa.DataType]]
    Strings: TypeAlias = pa.StringArray | pa.LargeStringArray

__all__ = ["PARTS", "STRUCT", "is_valid", "parse", "problems", "strings"]

#: The Arrow type of a problem record.
STRUCT = pa.struct(
    [pa.field(name, pa.int64() if kind is int else pa.string()) for name, kind in FIELDS.items()]
)

#: The Arrow type of a reference's components.
PARTS = pa.struct([pa.field(name, pa.string()) for name in COMPONENTS])


def is_valid(
    values: Column | Chunked, rule: RuleName
) -> pa.BooleanArray | pa.ChunkedArray[pa.BooleanScalar]:
    if isinstance(values, pa.ChunkedArray):
        chunks = [_verdicts(chunk, rule) for chunk in values.chunks]
        return cast("pa.ChunkedArray[pa.BooleanScalar]", _chunked(chunks, pa.bool_()))
    return _verdicts(values, rule)


def problems(
    values: Column | Chunked, rule: RuleName, policy: Policy | None
) -> pa.StructArray | pa.ChunkedArray[pa.StructScalar]:
    if isinstance(values, pa.ChunkedArray):
        chunks = [_problems(chunk, rule, policy) for chunk in values.chunks]
        return cast("pa.ChunkedArray[pa.StructScalar]", _chunked(chunks, STRUCT))
    return _problems(values, rule, policy)


def parse(values: Column | Chunked) -> pa.StructArray | pa.ChunkedArray[pa.StructScalar]:
    """The components of each URI-reference as a struct (null for other texts, nulls)."""
    if isinstance(values, pa.ChunkedArray):
        chunks = [_parse(chunk) for chunk in values.chunks]
        return cast("pa.ChunkedArray[pa.StructScalar]", _chunked(chunks, PARTS))
    return _parse(values)


def _chunked(chunks: Sequence[Column], kind: pa.DataType) -> object:
    return pa.chunked_array(chunks, kind)  # type: ignore[call-overload]  # pyright: ignore[reportCallIssue, reportArgumentType, reportUnknownVariableType]


def _verdicts(values: Column, rule: RuleName) -> pa.BooleanArray:
    texts_column = strings(values)
    if _column is not None and rule in _KERNEL_RULES:
        return _kernel_verdicts(texts_column, rule, _column)
    pattern = _pattern(rule)
    if pattern is not None:
        return pc.match_substring_regex(texts_column, pattern)
    found = with_nulls(texts_column.to_pylist(), lambda texts: verdicts(texts, rule))
    return pa.array(found, pa.bool_())


#: The kernel's ``column``: ``(rule, offsets, data, first, count, large, shift)`` to a
#: bitmap.
_Column = Callable[[str, pa.Buffer, "pa.Buffer | bytes", int, int, bool, int], bytes]
_column: _Column | None = None if kernel is None else kernel.column
_KERNEL_RULES: frozenset[str] = frozenset(() if kernel is None else kernel.RULES)


def _kernel_verdicts(values: Strings, rule: str, column: _Column) -> pa.BooleanArray:
    """The kernel's verdicts, read from ``values``' buffers; nulls stay null (the
    input's validity bitmap is the output's). The kernel reads the offsets of the
    array's own rows only and writes the first row's verdict at the bit where the
    validity bitmap has it (``values.offset % 8``), so the two align."""
    validity, offsets, data = values.buffers()[:3]
    assert offsets is not None  # a string array always has its offsets
    shift = values.offset % 8
    large = values.type == pa.large_string()
    text = b"" if data is None else data
    bits = column(rule, offsets, text, values.offset, len(values), large, shift)
    mask = None if validity is None or not values.null_count else validity.slice(values.offset // 8)
    found = pa.Array.from_buffers(
        pa.bool_(),
        len(values),
        [mask, pa.py_buffer(bits)],
        null_count=values.null_count,
        offset=shift,
    )
    return cast("pa.BooleanArray", found)


def _problems(values: Column, rule: RuleName, policy: Policy | None) -> pa.StructArray:
    """Records for the rows that fail the rule, or that the policy refuses."""
    texts_column = strings(values)
    texts = texts_column.to_pylist()
    valid = _verdicts(texts_column, rule).to_pylist()
    if policy is None:  # only the rows that fail are read, in Python
        failing = [verdict is False for verdict in valid]
    else:  # a row the rule and the policy accept has no problem to locate
        accepts = policy.accepts
        failing = [
            verdict is False or (verdict is True and not accepts(cast(str, text)))
            for verdict, text in zip(valid, texts, strict=True)
        ]
    rows = [row for row, fails in enumerate(failing) if fails]
    found = records([cast(str, texts[row]) for row in rows], rule, policy)
    out: list[ProblemRecord | None] = [None] * len(texts)
    for row, record in zip(rows, found, strict=True):
        out[row] = record
    return _structs(out, STRUCT)


def _parse(values: Column) -> pa.StructArray:
    return _structs(parts(strings(values).to_pylist()), PARTS)


def _structs(rows: Sequence[object], kind: pa.StructType) -> pa.StructArray:
    return cast("pa.StructArray", pa.array(rows, kind))


def strings(values: Column) -> Strings:
    """``values`` as Arrow strings (``string`` or ``large_string``; a dictionary of
    strings, a string view or nulls are cast); TypeError for anything else."""
    kind = values.type
    if pa.types.is_string(kind) or pa.types.is_large_string(kind):
        return cast("Strings", values)
    if (
        pa.types.is_string_view(kind)
        or pa.types.is_null(kind)
        or (pa.types.is_dictionary(kind) and pa.types.is_string(kind.value_type))  # pyright: ignore[reportAttributeAccessIssue, reportUnknownMemberType, reportUnknownArgumentType]
    ):
        return cast("Strings", values.cast(pa.string()))
    raise TypeError(f"an Arrow column of strings is needed, not one of {kind}")


@cache
def _pattern(rule: RuleName) -> str | None:
    """:func:`engine_pattern` for Arrow's RE2."""
    return engine_pattern(
        rule,
        lambda pattern: pc.match_substring_regex(pa.array([""], pa.string()), pattern),
        (pa.ArrowNotImplementedError, pa.ArrowInvalid),
    )
