"""What compose() must accept: its overloads pick the class by ``scheme`` alone (checked
by tests/test_typing.py with mypy)."""

from __future__ import annotations

import ipaddress
from typing import assert_type

from urikit import URI, RelativeReference, compose
from urikit.build.compose import ComposeParts

# A scheme makes a URI (RFC 3); without one the result is a relative reference (RFC 4.2).
assert_type(compose(scheme="https", host="h", path="/a", query_params={"q": "1"}), URI)
assert_type(compose(scheme="https", host=ipaddress.IPv6Address("::1"), port=8080), URI)
assert_type(compose(host="h", segments=["a", "b"], fragment="f"), RelativeReference)
assert_type(compose(scheme=None, path="a", query="q"), RelativeReference)
assert_type(compose(), RelativeReference)

# The other components as one typed dict, with or without a scheme.
parts: ComposeParts = {"host": "h", "port": 8080, "user": "u", "idna": True}
assert_type(compose(scheme="https", **parts), URI)
assert_type(compose(**parts), RelativeReference)
