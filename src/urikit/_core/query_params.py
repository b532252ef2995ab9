"""Query parameters from raw data (RFC 3986 3.4): the pairs a caller gives and each
``key=value`` written with the query tables. RFC 3986 gives the query no inner
structure; the ``&``-separated ``name=value`` reading is that of HTML forms."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import TypeAlias, cast

from urikit._core.encoding import quote_query_param

__all__ = ["QueryParams", "QueryValue", "expanded", "pairs_of", "query_items", "query_param"]

QueryValue: TypeAlias = str | int | None
"""One query value: text, an ``int`` (written in decimal; not a ``bool``, whose text
no reader agrees on), or ``None`` for the key alone (``?flag``)."""

QueryParams: TypeAlias = (
    Mapping[str, QueryValue | Sequence[QueryValue]]
    | Iterable[tuple[str, QueryValue | Sequence[QueryValue]]]
)
"""Query parameters as raw text: a mapping, or ``(key, value)`` pairs in order; a value
``None`` writes the key alone (``?flag``), a list or tuple of values the key once for
each (``{"tag": ["a", "b"]}`` writes ``tag=a&tag=b``), as HTML forms repeat a name."""


def pairs_of(params: QueryParams) -> Iterator[tuple[str, str | None]]:
    """The pairs of ``params`` (a mapping's items), a list or tuple of values one pair
    each, an int written in decimal; a str is refused (it is no pairs)."""
    if isinstance(params, str):
        raise TypeError("query parameters are pairs or a mapping, not a str; use query()")
    items: Iterable[object] = (
        cast("Mapping[str, object]", params).items() if isinstance(params, Mapping) else params
    )
    for item in items:
        yield from expanded(item)


def expanded(item: object) -> Iterator[tuple[str, str | None]]:
    """The pairs one item of query parameters stands for: itself when its value is
    text or None, one pair per value of a list or tuple, an int's decimal text."""
    pair = cast("Sequence[object]", item) if isinstance(item, tuple | list) else None
    if pair is None or len(pair) != 2:  # "ab" is no pair
        shown = (
            repr(cast(object, item))
            if isinstance(item, str | tuple | list)
            else type(item).__name__
        )
        raise TypeError(f"query parameters are (key, value) pairs, not {shown}")
    key, value = cast("str", pair[0]), pair[1]
    if isinstance(value, list | tuple):
        for one in cast("Sequence[object]", value):
            yield key, _text(key, one)
    else:
        yield key, _text(key, value)


def _text(key: str, value: object) -> str | None:
    """A query value as text: a str or None as it is, an int (not a bool) in decimal."""
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    raise TypeError(
        f"the value of query parameter {key!r} is a {type(value).__name__}: pass a str, an"
        " int, None (the key alone) or a list of them (the key repeated); for a bool, the"
        " text its reader expects ('true', '1', ...)"
    )


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
        shown = (
            repr(cast(object, item))
            if isinstance(item, str | tuple | list)
            else type(item).__name__
        )
        raise TypeError(f"query parameters are (key, value) pairs, not {shown}")
    key, value = item
    return quote_query_param(key, value, plus_as_space=plus_as_space)
