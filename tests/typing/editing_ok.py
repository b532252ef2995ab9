"""What the edit helpers' types must give: each edit keeps the class (RFC 4.1)."""

from __future__ import annotations

from typing import assert_type

from urikit import URI, RelativeReference, URIReference, parse

uri = URI.parse("https://h/a?x=1")
assert_type(uri.with_query_param("page", "2"), URI)
assert_type(uri.add_query_param("flag", None), URI)
assert_type(uri.without_query_param("x", plus_as_space=True), URI)
assert_type(uri.with_query_params({"a": "1", "b": None}), URI)
assert_type(uri.with_query_params([("a", "1"), ("a", None)]), URI)
assert_type(uri.joinpath("b", "c"), URI)
assert_type(uri / "b" / "c", URI)
assert_type(uri.parent, URI)
assert_type(uri.with_segments(["", "b"]), URI)

ref = RelativeReference.parse("a/b?x")
assert_type(ref.with_query_param("x", "1"), RelativeReference)
assert_type(ref / "c", RelativeReference)
assert_type(ref.parent.joinpath("d"), RelativeReference)

either = parse("a")
assert_type(either.joinpath("b"), URIReference)
assert_type(either.with_query_param("a", None), URIReference)
