"""Polars columns: the verdicts from the native kernel over the column's Arrow buffers
where the kernel is built and pyarrow installed (:mod:`urikit.batch._arrow`), else from
Polars' own regex engine (Rust's ``regex``) running the grammar's RE2 rendering;
problems located for the rows that fail only."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import cast

import polars as pl

from urikit._syntax.names import RuleName
from urikit._syntax.native import kernel
from urikit.batch._kernel import COMPONENTS, parts, records, verdicts, with_nulls
from urikit.batch._re2 import engine_pattern
from urikit.batch._records import FIELDS, ProblemRecord

TYPE_CHECKING = False
if TYPE_CHECKING:
    import pyarrow as pa

    from urikit.policy import Policy

__all__ = ["PARTS", "STRUCT", "is_valid", "parse", "pattern", "problems"]

#: The Polars type of a problem record.
STRUCT = pl.Struct({name: pl.Int64 if kind is int else pl.String for name, kind in FIELDS.items()})

#: The Polars type of a reference's components.
PARTS = pl.Struct(dict.fromkeys(COMPONENTS, pl.String))


def is_valid(values: pl.Series, rule: RuleName) -> pl.Series:
    strings = _strings(values)
    if _by_kernel is not None and rule in _KERNEL_RULES:
        return _by_kernel(strings, rule)
    anchored = pattern(rule)
    if anchored is not None:
        return strings.str.contains(anchored)
    texts: list[str | None] = strings.to_list()
    found = with_nulls(texts, lambda present: verdicts(present, rule))
    return pl.Series(values.name, found, dtype=pl.Boolean)


def _kernel() -> Callable[[pl.Series, RuleName], pl.Series] | None:
    """The kernel's verdicts over a String Series' Arrow buffers, or None where the
    kernel is not built or pyarrow not installed."""
    if kernel is None:
        return None
    try:
        from urikit.batch import _arrow
    except ImportError:
        return None

    def by_kernel(strings: pl.Series, rule: RuleName) -> pl.Series:
        arrow = cast("pa.Array[pa.Scalar[pa.DataType]]", strings.to_arrow())
        return pl.Series(strings.name, _arrow.is_valid(arrow, rule))

    return by_kernel


_by_kernel = _kernel()
_KERNEL_RULES: frozenset[str] = frozenset(() if kernel is None else kernel.RULES)


def problems(values: pl.Series, rule: RuleName, policy: Policy | None) -> pl.Series:
    strings = _strings(values)
    if policy is None:
        failing = is_valid(strings, rule).not_().fill_null(False)
    else:  # a row the rule and the policy accept has no problem to locate
        accepts = policy.accepts
        valid: list[bool | None] = is_valid(strings, rule).to_list()
        texts_all: list[str | None] = strings.to_list()
        failing = pl.Series(
            [
                verdict is False or (verdict is True and not accepts(cast(str, text)))
                for verdict, text in zip(valid, texts_all, strict=True)
            ],
            dtype=pl.Boolean,
        )
    rows: list[int] = failing.arg_true().to_list()
    texts: list[str] = strings.filter(failing).to_list()
    out: list[ProblemRecord | None] = [None] * len(strings)
    for row, record in zip(rows, records(texts, rule, policy), strict=True):
        out[row] = record
    return pl.Series(values.name, out, dtype=STRUCT)


def parse(values: pl.Series) -> pl.Series:
    """The components of each URI-reference as a struct (null for other texts, nulls)."""
    texts: list[str | None] = _strings(values).to_list()
    return pl.Series(values.name, parts(texts), dtype=PARTS)


def _strings(values: pl.Series) -> pl.Series:
    """``values`` as a String Series (from Categorical or Null too); TypeError else."""
    kind = values.dtype
    if kind == pl.String:
        return values
    if kind == pl.Categorical or kind == pl.Enum or kind == pl.Null:
        return values.cast(pl.String)
    raise TypeError(f"a Polars Series of strings is needed, not one of {kind}")


@cache
def pattern(rule: RuleName) -> str | None:
    """:func:`engine_pattern` for Polars (Rust's ``regex``)."""
    return engine_pattern(
        rule,
        lambda anchored: pl.Series([""], dtype=pl.String).str.contains(anchored),
        (pl.exceptions.ComputeError,),
    )
