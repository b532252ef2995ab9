"""Validate a column of URIs at once: a list, an Arrow array, a Polars or pandas Series.

:func:`is_valid` gives a boolean column of the same kind (a null stays null) and
:func:`problems` a struct column of :class:`ProblemRecord` (null for a valid row), each
the verdict of :func:`urikit.is_valid` or the first error of :func:`urikit.validate`
row by row (RFC 3986 Appendix A)::

    >>> from urikit import batch
    >>> batch.is_valid(["http://a/b", "http://exa mple.com/", None])
    [True, False, None]
    >>> batch.problems(["http://a/b", "http://h:8o/"])[1]["rule"]
    'port'

Arrow arrays and Polars Series are checked by their own regex engine (RE2, Rust's
``regex``) running :func:`re2_pattern`, the grammar rendered for it: no Python code per
row. pandas Series go through Arrow; lists (and what else fails to convert) through the
``re`` pattern of :func:`urikit.is_valid`. The libraries are optional extras
(``urikit[arrow]``, ``urikit[polars]``, ``urikit[pandas]``); this module imports none
of them until it is given one of their columns.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import overload

from urikit._syntax.compiled import source
from urikit._syntax.names import RuleName
from urikit.batch._kernel import records, verdicts, with_nulls
from urikit.batch._re2 import re2_pattern
from urikit.batch._records import FIELDS, ProblemRecord

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import TypeAlias

    import pandas as pd
    import polars as pl
    import pyarrow as pa

    from urikit.policy import Policy

    # What is_valid and problems take: each kind of column their overloads name.
    _Column: TypeAlias = (
        pa.ChunkedArray[pa.Scalar[pa.DataType]]
        | pa.Array[pa.Scalar[pa.DataType]]
        | pl.Series
        | pd.Series[str]
        | Sequence[str | None]
    )

__all__ = ["FIELDS", "ProblemRecord", "is_valid", "problems", "re2_pattern"]


@overload
def is_valid(
    values: pa.ChunkedArray[pa.Scalar[pa.DataType]], rule: RuleName = ...
) -> pa.ChunkedArray[pa.BooleanScalar]: ...
@overload
def is_valid(values: pa.Array[pa.Scalar[pa.DataType]], rule: RuleName = ...) -> pa.BooleanArray: ...
@overload
def is_valid(values: pl.Series, rule: RuleName = ...) -> pl.Series: ...
@overload
def is_valid(values: pd.Series[str], rule: RuleName = ...) -> pd.Series[bool]: ...
@overload
def is_valid(values: Sequence[str | None], rule: RuleName = ...) -> list[bool | None]: ...
def is_valid(
    values: _Column,
    rule: RuleName = "URI-reference",
) -> (
    pa.ChunkedArray[pa.BooleanScalar]
    | pa.BooleanArray
    | pl.Series
    | pd.Series[bool]
    | list[bool | None]
):
    """Whether each text matches ``rule`` exactly (RFC 3986 Appendix A), as a boolean
    column of the input's kind: an Arrow array or chunked array, a Polars Series (same
    name), a pandas Series (``boolean`` dtype, same index and name), or a list.

    A null (None, NaN in pandas) gives null. A value that is neither text nor null
    raises ``TypeError`` naming its position; an unknown rule name ``ValueError``.
    """
    source(rule)  # an unknown rule name fails here, whatever the column
    kind = _library(values)
    if kind == "pyarrow":
        from urikit.batch import _arrow

        return _arrow.is_valid(values, rule)  # type: ignore[arg-type]
    if kind == "polars":
        from urikit.batch import _polars

        return _polars.is_valid(values, rule)  # type: ignore[arg-type]
    if kind == "pandas":
        from urikit.batch import _pandas

        return _pandas.is_valid(values, rule)  # type: ignore[arg-type]
    return with_nulls(_sequence(values), lambda texts: verdicts(texts, rule))


@overload
def problems(
    values: pa.ChunkedArray[pa.Scalar[pa.DataType]],
    rule: RuleName = ...,
    *,
    policy: Policy | None = ...,
) -> pa.ChunkedArray[pa.StructScalar]: ...
@overload
def problems(
    values: pa.Array[pa.Scalar[pa.DataType]], rule: RuleName = ..., *, policy: Policy | None = ...
) -> pa.StructArray: ...
@overload
def problems(
    values: pl.Series, rule: RuleName = ..., *, policy: Policy | None = ...
) -> pl.Series: ...
@overload
def problems(
    values: pd.Series[str], rule: RuleName = ..., *, policy: Policy | None = ...
) -> pd.Series[pd.ArrowDtype]: ...
@overload
def problems(
    values: Sequence[str | None], rule: RuleName = ..., *, policy: Policy | None = ...
) -> list[ProblemRecord | None]: ...
def problems(
    values: _Column,
    rule: RuleName = "URI-reference",
    *,
    policy: Policy | None = None,
) -> (
    pa.ChunkedArray[pa.StructScalar]
    | pa.StructArray
    | pl.Series
    | pd.Series[pd.ArrowDtype]
    | list[ProblemRecord | None]
):
    """The first problem of each text, as a column of :class:`ProblemRecord` structs of
    the input's kind (fields :data:`FIELDS`): null for a text that matches ``rule`` and,
    with a ``policy``, that the policy accepts; for a null, null.

    A text that fails ``rule`` gets its syntax error (``code`` ``"syntax"``, the
    position, the rule that failed there, the reason: RFC 3986 Appendix A); one that
    matches it gets the first of :meth:`Policy.problems <urikit.Policy.problems>`.
    ``Policy.problems`` gives them all, for one text. An Arrow column gives a struct
    array, Polars a ``pl.Struct`` Series, pandas a Series of ``pd.ArrowDtype`` struct
    (read its fields with ``.struct.field("reason")``), a list a list of dicts.
    """
    source(rule)
    kind = _library(values)
    if kind == "pyarrow":
        from urikit.batch import _arrow

        return _arrow.problems(values, rule, policy)  # type: ignore[arg-type]
    if kind == "polars":
        from urikit.batch import _polars

        return _polars.problems(values, rule, policy)  # type: ignore[arg-type]
    if kind == "pandas":
        from urikit.batch import _pandas

        return _pandas.problems(values, rule, policy)  # type: ignore[arg-type]
    return with_nulls(_sequence(values), lambda texts: records(texts, rule, policy))


def _library(values: object) -> str:
    """Which optional library's column ``values`` is ("" for none of them), told from
    the modules already imported: a column of a library that is not imported cannot
    exist."""
    module = type(values).__module__.partition(".")[0]
    if module not in sys.modules:
        return ""
    if module == "pyarrow":
        import pyarrow as pa

        return module if isinstance(values, pa.Array | pa.ChunkedArray) else ""
    if module == "polars":
        import polars as pl

        return module if isinstance(values, pl.Series) else ""
    if module == "pandas":
        import pandas as pd

        return module if isinstance(values, pd.Series) else ""
    return ""


def _sequence(values: object) -> Sequence[str | None]:
    if isinstance(values, str) or not isinstance(values, Sequence):
        advice = "; for one text use urikit.is_valid" if isinstance(values, str) else ""
        raise TypeError(
            "values must be a list (or sequence) of str, a pyarrow Array or ChunkedArray,"
            f" a polars Series or a pandas Series, not {type(values).__name__}{advice}"
        )
    return values  # pyright: ignore[reportUnknownVariableType]
