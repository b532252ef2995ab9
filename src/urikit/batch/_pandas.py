"""pandas columns, through Arrow: a Series becomes an Arrow array (no copy when it is
Arrow-backed already), is checked as one, and comes back with its index and name."""

from __future__ import annotations

from typing import cast

import pandas as pd
import pyarrow as pa

from urikit.batch import _arrow
from urikit.batch._kernel import components, verdicts
from urikit.grammar import RuleName

TYPE_CHECKING = False
if TYPE_CHECKING:
    from urikit.policy import Policy

__all__ = ["host", "is_valid", "parse", "problems"]


def is_valid(values: pd.Series[str], rule: RuleName) -> pd.Series[bool]:
    found = pd.arrays.ArrowExtensionArray(_arrow.is_valid(_array(values), rule))
    return pd.Series(found, index=values.index, name=values.name).astype("boolean")


def problems(
    values: pd.Series[str], rule: RuleName, policy: Policy | None
) -> pd.Series[pd.ArrowDtype]:
    found = _arrow.problems(_array(values), rule, policy)
    column = pd.arrays.ArrowExtensionArray(found)
    return pd.Series(column, index=values.index, name=values.name)


def parse(values: pd.Series[str]) -> pd.Series[pd.ArrowDtype]:
    found = _arrow.parse(_array(values))
    return pd.Series(pd.arrays.ArrowExtensionArray(found), index=values.index, name=values.name)


def host(values: pd.Series[str]) -> pd.Series[str]:
    """The host of each URI-reference as written (RFC 3.2.2), else missing."""
    texts = _strings(values)
    present = [text for text in texts if text is not None]
    found = iter(components(present))
    hosts: list[str | None] = []
    for text in texts:
        fields = None if text is None else next(found)
        hosts.append(None if fields is None else fields[2])
    return pd.Series(hosts, index=values.index, name=values.name, dtype="string")


def _strings(values: pd.Series[str]) -> list[str | None]:
    strings = cast("pa.StringArray", _arrow.strings(_array(values)))
    return strings.to_pylist()


def _array(values: pd.Series[str]) -> pa.Array[pa.Scalar[pa.DataType]]:
    """``values`` as an Arrow array of strings, missing values (None, NaN, NA) null;
    an item that is neither text nor missing raises the TypeError that names it."""
    try:
        return pa.array(values, from_pandas=True)
    except (pa.ArrowInvalid, pa.ArrowTypeError):
        items: list[str] = values.tolist()
        verdicts(items, "URI-reference")  # raises the TypeError naming the item
        raise
