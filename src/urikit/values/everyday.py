"""Everyday edits of a reference: query parameters (RFC 3.4) and path segments (3.3).

Each edit takes raw data, encodes it once with the tables the :class:`~urikit.Builder`
uses (:func:`~urikit._core.encoding.quote_query_param`,
:func:`~urikit._core.encoding.quote_data_segment`), and returns a new value of the same
class through its validating ``with_query`` / ``with_path``. What an edit does not
touch stays exactly as written: the other components, the other query parameters
(order and spelling), the earlier path segments.

RFC 3986 gives the query no inner structure; these edits read it as ``&``-separated
``name=value`` parameters, as HTML forms and most servers do. A parameter is matched by
its decoded name; ``+`` is data (RFC 3.4) unless ``plus_as_space=True`` asks for form
semantics, where ``+`` reads, and a space is written, as a space.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol, Self, TypeVar

from urikit._core.encoding import quote_data_segment, quote_query_param
from urikit._core.paths import unambiguous_path
from urikit._core.query_params import QueryParams, query_items
from urikit._syntax.percent import decode_to_bytes

__all__ = [
    "add_query_param",
    "joinpath",
    "parent",
    "with_query_param",
    "with_query_params",
    "with_segments",
    "without_query_param",
]


class _Editable(Protocol):
    """What the edits read and call: a URI or a RelativeReference (RFC 3, 4.2)."""

    @property
    def kind(self) -> str: ...
    @property
    def host(self) -> str | None: ...
    @property
    def path(self) -> str: ...
    @property
    def query(self) -> str | None: ...
    def with_path(self, path: str) -> Self: ...
    def with_query(self, query: str | None) -> Self: ...


R = TypeVar("R", bound=_Editable)


# -- query parameters (RFC 3.4) ---------------------------------------------------------


def with_query_param(ref: R, name: str, value: str | None, *, plus_as_space: bool = False) -> R:
    """``ref`` with the parameter ``name`` set to ``value``: it takes the place of the
    first parameter of that name, and the others of that name go; without one it is
    appended. ``None`` writes ``name`` alone (``?flag``)."""
    item = quote_query_param(name, value, plus_as_space=plus_as_space)
    return _updated(ref, {_written_name(item): (name.encode(), [item])}, plus_as_space)


def add_query_param(ref: R, name: str, value: str | None, *, plus_as_space: bool = False) -> R:
    """``ref`` with the parameter ``name=value`` appended after all the others."""
    item = quote_query_param(name, value, plus_as_space=plus_as_space)
    query = ref.query
    return ref.with_query(item if not query else query + "&" + item)


def without_query_param(ref: R, name: str, *, plus_as_space: bool = False) -> R:
    """``ref`` without any parameter named ``name``; no parameters left: no query."""
    item = quote_query_param(name, "", plus_as_space=plus_as_space)
    return _updated(ref, {_written_name(item): (name.encode(), [])}, plus_as_space)


def with_query_params(ref: R, params: QueryParams, *, plus_as_space: bool = False) -> R:
    """``ref`` with each name in ``params`` set as :func:`with_query_param` sets one.

    Pairs that repeat a name set all those values, in their order, where the first
    parameter of that name was (``[("a", "1"), ("a", "2")]``). To replace the whole
    query, start from ``ref.with_query(None)``.
    """
    updates: dict[str, tuple[bytes, list[str]]] = {}
    for name, item in query_items(params, plus_as_space=plus_as_space):
        updates.setdefault(_written_name(item), (name.encode(), []))[1].append(item)
    return _updated(ref, updates, plus_as_space)


def _written_name(item: str) -> str:
    """The name of a parameter as written (``"="`` is always encoded inside it)."""
    return item.partition("=")[0]


def _updated(ref: R, updates: dict[str, tuple[bytes, list[str]]], plus_as_space: bool) -> R:
    """``ref`` with its parameters of each name in ``updates`` replaced by the items
    given for it (in place of the first of them; appended if there was none).

    ``updates`` maps a name as these edits write it to the octets it stands for (the
    UTF-8 form of the raw name, which the quoting has accepted) and the new items. A
    parameter has that name when its own name decodes to those octets (RFC 2.1, 2.5):
    ``%7E``, ``%7e`` and ``~`` are one name.
    """
    known = {written: key for written, (key, _) in updates.items()}
    items_of = {key: items for key, items in updates.values()}
    lengths = {len(key) for key in items_of}
    query = ref.query
    kept: list[str] = []
    changed = False
    for item in query.split("&") if query else ():
        name = item.partition("=")[0]
        key = known.get(name)  # spelled as these edits spell it: no decoding needed
        if key is None:
            # A valid query is ASCII, so each "%XX" is one octet: decode only what can
            # match; "+" is a space in a form.
            if len(name) - 2 * name.count("%") not in lengths:
                kept.append(item)
                continue
            key = decode_to_bytes(name.replace("+", " ") if plus_as_space else name)
        if key in items_of:
            changed = True
            kept += items_of[key]
            items_of[key] = []  # placed: the later ones of that name go
        else:
            kept.append(item)
    for new in items_of.values():
        changed = changed or bool(new)
        kept += new
    if not changed:
        return ref
    return ref.with_query("&".join(kept) if any(kept) else None)  # no parameter: no query


# -- path segments (RFC 3.3) -----------------------------------------------------------


def joinpath(ref: R, *segments: str) -> R:
    """``ref`` with ``segments`` (raw data, one segment each) appended to its path.

    A ``"/"`` inside a segment is encoded (``%2F``): it is data, not a separator. A
    trailing empty segment (``/a/``) is where the first new segment goes, so
    ``/a/`` and ``/a`` both give ``/a/b``. A segment ``"."`` or ``".."`` raises
    :class:`~urikit.URIBuildError` (code ``dot-segment``).
    """
    if not segments:
        return ref
    added = [quote_data_segment(segment) for segment in segments]
    path = ref.path
    if path:
        old = path.split("/")
        if not old[-1]:
            old.pop()
    else:  # after an authority the empty path is the root (RFC 3.3)
        old = [] if ref.host is None else [""]
    return _with_path(ref, old + added)


def parent(ref: R) -> R:
    """``ref`` without the last segment of its path: ``/a/b`` -> ``/a``, ``/a/`` ->
    ``/a``, ``/a`` -> ``/``, ``a`` -> the empty path; the root and the empty path stay."""
    path = ref.path
    if not path:
        return ref
    old = path.split("/")
    old.pop()
    return ref.with_path("/" if old == [""] else "/".join(old))


def with_segments(ref: R, segments: Iterable[str]) -> R:
    """``ref`` with its path made of ``segments`` (raw data, one segment each).

    After an authority the path is absolute whether or not the first segment is ``""``
    (RFC 3.3); a first segment ``""`` makes a path without one absolute. Segments
    ``"."`` and ``".."`` raise :class:`~urikit.URIBuildError` (code ``dot-segment``).
    """
    if isinstance(segments, str):
        raise TypeError("with_segments() takes an iterable of str, not one str; use joinpath()")
    return _with_path(ref, [quote_data_segment(segment) for segment in segments])


def _with_path(ref: R, segments: list[str]) -> R:
    """``ref`` with the path of these encoded segments, written so that it reads back
    as them (RFC 3.3, 4.2)."""
    path = "/".join(segments)
    has_host = ref.host is not None
    if segments and not path and not has_host:
        path = "./"  # one empty segment: "" would be no segment at all
    return ref.with_path(unambiguous_path(path, has_scheme=ref.kind == "uri", has_host=has_host))
