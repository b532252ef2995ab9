"""pandas columns, through Arrow: a Series becomes an Arrow array (no copy when it is
Arrow-backed already), is checked as one, and comes back with its index and name. A
Series holding text that Arrow cannot (a lone surrogate has no UTF-8 form) is checked
by Python's ``re``, with the same verdicts."""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

import pandas as pd
import pyarrow as pa

from urikit.batch import _arrow
from urikit.batch._kernel import parts, records, verdicts, with_nulls
from urikit.errors.exceptions import expected_str

TYPE_CHECKING = False
if TYPE_CHECKING:
    from urikit._syntax.names import RuleName
    from urikit.policy import Policy

__all__ = ["host", "is_valid", "parse", "problems"]


def is_valid(values: pd.Series[str], rule: RuleName) -> pd.Series[bool]:
    array = _array(values)
    if array is None:
        found = with_nulls(_texts(values), lambda texts: verdicts(texts, rule))
        return pd.Series(found, index=values.index, name=values.name, dtype="boolean")
    column = pd.arrays.ArrowExtensionArray(_arrow.is_valid(array, rule))
    return pd.Series(column, index=values.index, name=values.name).astype("boolean")


def problems(
    values: pd.Series[str], rule: RuleName, policy: Policy | None
) -> pd.Series[pd.ArrowDtype]:
    array = _array(values)
    if array is None:
        found = with_nulls(_texts(values), lambda texts: records(texts, rule, policy))
        return _struct_series(values, pa.array(found, _arrow.STRUCT))
    return _struct_series(values, _arrow.problems(array, rule, policy))


def parse(values: pd.Series[str]) -> pd.Series[pd.ArrowDtype]:
    array = _array(values)
    if array is None:
        return _struct_series(values, pa.array(parts(_texts(values)), _arrow.PARTS))
    return _struct_series(values, _arrow.parse(array))


def host(values: pd.Series[str]) -> pd.Series[str]:
    """The host of each URI-reference as written (RFC 3.2.2), else missing."""
    array = _array(values)
    texts = _texts(values) if array is None else _arrow.strings(array).to_pylist()
    hosts = [None if found is None else found["host"] for found in parts(texts)]
    return pd.Series(hosts, index=values.index, name=values.name, dtype="string")


def _struct_series(values: pd.Series[str], found: object) -> pd.Series[pd.ArrowDtype]:
    column = pd.arrays.ArrowExtensionArray(cast("pa.StructArray", found))
    return pd.Series(column, index=values.index, name=values.name)


def _array(values: pd.Series[str]) -> pa.Array[pa.Scalar[pa.DataType]] | None:
    """``values`` as an Arrow array of strings, missing values (None, NaN, NA) null;
    None for text that Arrow cannot hold. An item that is neither text nor missing
    raises the TypeError that names it."""
    try:
        array = pa.array(values, from_pandas=True)
    except UnicodeEncodeError:
        return None
    except (pa.ArrowInvalid, pa.ArrowTypeError):
        _texts(values)
        raise
    if pa.types.is_binary(array.type) or pa.types.is_large_binary(array.type):
        _texts(values)  # bytes in an object column: the TypeError naming the first
    return array


def _texts(values: pd.Series[str]) -> list[str | None]:
    """The items of ``values``, missing ones None; TypeError naming any other item."""
    items: Sequence[object] = values.tolist()
    texts: list[str | None] = []
    for item in items:
        if isinstance(item, str):
            texts.append(item)
        elif item is None or item is pd.NA or item != item:  # NaN is not equal to itself
            texts.append(None)
        else:
            raise expected_str(item, f"item {len(texts)}")
    return texts
