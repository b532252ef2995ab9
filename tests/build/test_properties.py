"""Properties of the edits, over references with hostile queries and paths.

- every edit gives a valid value of the same class (RFC 3, 4.1);
- what an edit does not touch stays byte-identical: other components, other parameters;
- decoding the edited parameter or segment gives the data back (RFC 2.1, 2.5);
- edit-then-read round trips;
- joinpath of data never changes what the earlier segments resolve to (RFC 5.2).
"""

from __future__ import annotations

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import urikit
from tests.core.strategies import references as sampled_references
from tests.core.strategies import uris
from urikit import URI, URIReference, parse, strategies, unquote, unquote_to_bytes

FAST = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Data: every character but lone surrogates (no UTF-8 form), weighted to the delimiters.
_data = st.lists(
    st.sampled_from([*"a+ =&#%/?:.~", "é", "\U0001f600", "%2B", "%20"])
    | st.characters(exclude_categories=["Cs"]),
    max_size=8,
).map("".join)
_segment = _data.filter(lambda s: s not in (".", ".."))  # refused, see test_path.py
_value = st.none() | _data
# Query items as they occur in the wild: every spelling of a name, no "=", empty items,
# octets that are not UTF-8.
_item = st.sampled_from(
    [
        "a=1",
        "a",
        "a=",
        "",
        "a+b=2",
        "a%20b=3",
        "a%2Bb=4",
        "%61=5",
        "b=x=y",
        "%FF=6",
        "%C3%A9",
        "~=7",
    ]
)
_query = st.none() | st.lists(_item, max_size=6).map("&".join)


def references() -> st.SearchStrategy[URIReference]:
    """References from the shared component samples (dot segments, colons, empty
    segments) and from the grammar itself (any URI-reference of RFC 4.1)."""
    return sampled_references() | strategies.uri_references(max_repeat=4).map(parse)


@st.composite
def _targets(draw: st.DrawFn) -> URIReference:
    """A reference, often with one of the queries above instead of its own."""
    ref = draw(references())
    return ref.with_query(draw(_query)) if draw(st.booleans()) else ref


def _components(ref: URIReference) -> tuple[str | None, ...]:
    return (ref.scheme, ref.userinfo, ref.host, ref.port, ref.path, ref.query, ref.fragment)


def _valid_and_same_class(edited: URIReference, original: URIReference) -> None:
    assert type(edited) is type(original)
    assert urikit.is_valid(str(edited), "URI" if isinstance(original, URI) else "relative-ref")
    assert parse(str(edited)) == edited


def _key(item: str, plus_as_space: bool) -> bytes:
    name = item.partition("=")[0]
    return unquote_to_bytes(name.replace("+", " ") if plus_as_space else name)


def _items(ref: URIReference) -> list[str]:
    """The parameters of ``ref`` as written."""
    return ref.query.split("&") if ref.query else []


def _others(ref: URIReference, name: str, plus_as_space: bool) -> list[str]:
    """The parameters of ``ref`` as written whose name is not ``name`` (an empty item
    between "&"s is no parameter: it may go with the last parameter)."""
    return [i for i in _items(ref) if i and _key(i, plus_as_space) != name.encode()]


def _values(ref: URIReference, name: str, plus_as_space: bool) -> list[str]:
    """The decoded values of the parameters named ``name`` (bytes that are not UTF-8,
    such as ``%A0``, kept as surrogates: the edit must not change them either)."""
    values: list[bytes] = []
    for item in _items(ref):
        if _key(item, plus_as_space) == name.encode():
            value = item.partition("=")[2]
            values.append(unquote_to_bytes(value.replace("+", " ") if plus_as_space else value))
    return [value.decode("utf-8", "surrogateescape") for value in values]


# -- query -------------------------------------------------------------------------------


@FAST
@given(_targets(), _data, _value, st.booleans())
def test_with_query_param(ref: URIReference, name: str, value: str | None, plus: bool) -> None:
    assume(name or value is not None)  # ("", None) is refused, see test_query.py
    edited = ref.with_query_param(name, value, plus_as_space=plus)
    _valid_and_same_class(edited, ref)
    assert _components(edited)[:5] + _components(edited)[6:] == (
        _components(ref)[:5] + _components(ref)[6:]
    )
    assert _others(edited, name, plus) == _others(ref, name, plus)
    assert _values(edited, name, plus) == ["" if value is None else value]
    # setting it again changes nothing: the edit reads back what it wrote
    assert edited.with_query_param(name, value, plus_as_space=plus) == edited


@FAST
@given(_targets(), _data, _value, st.booleans())
def test_add_query_param(ref: URIReference, name: str, value: str | None, plus: bool) -> None:
    assume(name or value is not None)
    edited = ref.add_query_param(name, value, plus_as_space=plus)
    _valid_and_same_class(edited, ref)
    before = _items(ref)
    assert _items(edited)[: len(before)] == before
    assert len(_items(edited)) == len(before) + 1
    assert _values(edited, name, plus)[-1] == ("" if value is None else value)
    assert (edited.path, edited.fragment) == (ref.path, ref.fragment)


@FAST
@given(_targets(), _data, st.booleans())
def test_without_query_param(ref: URIReference, name: str, plus: bool) -> None:
    edited = ref.without_query_param(name, plus_as_space=plus)
    _valid_and_same_class(edited, ref)
    assert _values(edited, name, plus) == []
    assert _others(edited, name, plus) == _others(ref, name, plus)
    if _values(ref, name, plus) == []:
        assert edited == ref
    assert (edited.authority, edited.path, edited.fragment) == (
        ref.authority,
        ref.path,
        ref.fragment,
    )


@FAST
@given(
    _targets(),
    st.lists(st.tuples(_data, _value).filter(lambda p: p != ("", None)), max_size=4),
    st.booleans(),
)
def test_with_query_params(
    ref: URIReference, pairs: list[tuple[str, str | None]], plus: bool
) -> None:
    edited = ref.with_query_params(pairs, plus_as_space=plus)
    _valid_and_same_class(edited, ref)
    names = {name for name, _ in pairs}
    for name in names:
        assert _values(edited, name, plus) == [
            "" if v is None else v for n, v in pairs if n == name
        ]
    keys = {n.encode() for n in names}
    assert [i for i in _items(edited) if i and _key(i, plus) not in keys] == [
        i for i in _items(ref) if i and _key(i, plus) not in keys
    ]


# -- path --------------------------------------------------------------------------------


def _data_view(ref: URIReference) -> list[str]:
    """The segments as written, without the "." that RFC 3.3 / 4.2 disambiguation
    writes in front ("./a:b", "/.//x"): data never holds a "." segment."""
    segments = ref.path.split("/") if ref.path else []
    if segments[:1] == ["."]:
        segments.pop(0)
    elif segments[:2] == ["", "."]:
        segments.pop(1)
    return segments


def _decoded(segments: list[str]) -> list[str]:
    return [unquote(segment) for segment in segments]


@FAST
@given(references(), st.lists(_segment, min_size=1, max_size=4))
def test_joinpath(ref: URIReference, data: list[str]) -> None:
    edited = ref.joinpath(*data)
    _valid_and_same_class(edited, ref)
    assert _components(edited)[:4] + _components(edited)[5:] == (
        _components(ref)[:4] + _components(ref)[5:]
    )
    assert _decoded(_data_view(edited)[-len(data) :]) == data
    if ref.path and not ref.path.endswith("/"):
        assert ref.joinpath(data[0]).parent == ref
        assert edited.path.startswith(ref.path + "/")


@FAST
@given(uris(), references(), st.lists(_segment, min_size=1, max_size=3))
def test_joinpath_keeps_what_earlier_segments_resolve_to(
    base: URI, ref: URIReference, data: list[str]
) -> None:
    # RFC 5.2: the target of the joined reference is the target of the reference
    # (its trailing empty segment filled) followed by the data, whatever dot segments,
    # colons or empty segments the reference holds.
    if not ref.path:
        return  # an empty path refers to the base's own path (RFC 5.2.2), not a directory
    base = base.with_fragment(None)
    target = urikit.resolve(base, ref)
    before = target.path.split("/")
    if before[-1] == "":
        before.pop()
    after = urikit.resolve(base, ref.joinpath(*data))
    assert after.path.split("/")[: len(before)] == before
    if after.path.startswith("/"):  # a rootless target loses "./" itself (RFC 5.2.4)
        view = _data_view(target)
        if view[-1:] == [""]:
            view.pop()
        assert _data_view(after)[: len(view)] == view
        assert _decoded(_data_view(after)[len(view) :]) == data


@FAST
@given(references(), st.lists(_segment, max_size=4))
def test_with_segments(ref: URIReference, data: list[str]) -> None:
    edited = ref.with_segments(data)
    _valid_and_same_class(edited, ref)
    assert _components(edited)[:4] + _components(edited)[5:] == (
        _components(ref)[:4] + _components(ref)[5:]
    )
    expected = data
    if ref.host is not None and data and data[0] != "":
        expected = ["", *data]  # after an authority the path is absolute (RFC 3.3)
    if ref.host is not None and expected == [""]:
        expected = []  # the root alone is the empty path there
    assert _decoded(_data_view(edited)) == expected


@FAST
@given(references())
def test_parent(ref: URIReference) -> None:
    edited = ref.parent
    _valid_and_same_class(edited, ref)
    assert _components(edited)[:4] + _components(edited)[5:] == (
        _components(ref)[:4] + _components(ref)[5:]
    )
    old = ref.path.split("/")
    if ref.path in ("", "/"):
        assert edited == ref  # nothing above the root or the empty path
    elif old[:-1] == [""]:
        assert edited.path == "/"  # /a -> / : the root stays
    else:
        assert (edited.path.split("/") if edited.path else []) == old[:-1]
