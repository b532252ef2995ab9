"""Values are typed as themselves (RFC 3, 4.1): never as a tuple.

mypy --strict (tests/test_typing.py) checks these; a class pattern narrows by name.
"""

from __future__ import annotations

from typing import assert_type

import urikit
from urikit import URI, RelativeReference

ref = urikit.parse("https://example.com/a")
assert_type(ref, URI | RelativeReference)
assert_type(URI("http://h"), URI)
assert_type(RelativeReference("//h"), RelativeReference)
assert_type(URI("http://h").with_scheme(None), RelativeReference)

match ref:
    case URI(scheme="https", host=host, path=path):
        assert_type(host, str | None)
        assert_type(path, str)
    case _:
        pass
