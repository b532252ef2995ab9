"""Query parameters from raw data (RFC 3986 3.4): the pairs a caller gives and each
``key=value`` written with the query tables. RFC 3986 gives the query no inner
structure; the ``&``-separated ``name=value`` reading is that of HTML forms."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TypeAlias, cast

from urikit._core.encoding import quote_query_param

__all__ = ["QueryParams", "pairs_of", "query_items", "query_param"]

QueryParams: TypeAlias = Mapping[str, str | None] | Iterable[tuple[str, str | None]]
"""Query parameters as raw text: a mapping, or ``(key, value)`` pairs in order; a value
``None`` writes the key alone (``?flag``)."""


def pairs_of(params: QueryParams) -> Iterable[tuple[str, str | None]]:
    """The pairs of ``params``, a mapping's items; a str is refused (it is no pairs)."""
    if isinstance(params, str):
        raise TypeError("query parameters are pairs or a mapping, not a str; use query()")
    if isinstance(params, Mapping):
        return cast("Mapping[str, str | None]", params).items()
    return params


def query_items(params: QueryParams, *, plus_as_space: bool = False) -> list[tuple[str, str]]:
    """``(raw name, parameter as written)`` for each pair of ``params``, in order."""
    items: list[tuple[str, str]] = []
    for pair in pairs_of(params):  # query_param checks the pair before its name is read
        item = query_param(pair, plus_as_space=plus_as_space)
        items.append((pair[0], item))
    return items


def query_param(item: tuple[str, str | None], *, plus_as_space: bool = False) -> str:
    """One ``key=value`` (or ``key``) of a query from a raw pair, each part encoded
    (RFC 3.4; see :func:`~urikit._core.encoding.quote_query_param`)."""
    if not isinstance(item, tuple | list) or len(item) != 2:  # "ab" is no pair
        shown = repr(item) if isinstance(item, str | tuple | list) else type(item).__name__
        raise TypeError(f"query parameters are (key, value) pairs, not {shown}")
    key, value = item
    return quote_query_param(key, value, plus_as_space=plus_as_space)
