"""What the Builder's typestate must reject: each line below is a mypy error.

tests/test_typing.py runs mypy with warn_unused_ignores, so a line that stops being an
error (an ignore that is no longer needed) fails the test.
"""

from __future__ import annotations

from urikit import URI, Builder, HasHost, HasScheme, RelativeReference, compose

# build() needs a scheme (RFC 3: a URI has one).
Builder().build()  # type: ignore[misc]
Builder().host("h").path("/p").build()  # type: ignore[misc]

# build_reference() refuses a scheme (RFC 4.2: a relative reference has none).
Builder().scheme("http").build_reference()  # type: ignore[misc]
Builder().scheme("http").host("h").build_reference()  # type: ignore[misc]

# port() and userinfo() need a host (RFC 3.2: they are parts of the authority).
Builder().port(80)  # type: ignore[misc]
Builder().scheme("http").port(80)  # type: ignore[misc]
Builder().userinfo("user")  # type: ignore[misc]
Builder().scheme("http").encoded_userinfo("user")  # type: ignore[misc]
Builder.from_reference(URI.parse("http://h/")).port(8080)  # type: ignore[misc]

# A builder without a scheme or host is not one with them.
no_scheme: Builder[HasScheme, HasHost] = Builder()  # type: ignore[assignment]
wrong_result: RelativeReference = Builder().scheme("http").build()  # type: ignore[assignment]

# Raw components are text, not bytes or numbers.
Builder().path(b"/p")  # type: ignore[arg-type]
Builder().host(80)  # type: ignore[arg-type]
Builder().scheme("http").host("h").port("80")  # type: ignore[arg-type]

# The edits take raw text, and "/" takes one segment of text.
URI.parse("http://h/") / 1  # type: ignore[operator]
URI.parse("http://h/").with_query_param("page", 2)  # type: ignore[arg-type]
URI.parse("http://h/").with_query_params("a=1")  # type: ignore[arg-type]

# compose(): the same raw text, a result typed by the scheme, no unknown keyword.
compose(scheme="http", port="80")  # type: ignore[call-overload]
compose(scheme="http", hots="h")  # type: ignore[call-overload]
compose(path=b"/p")  # type: ignore[call-overload]
not_a_uri: URI = compose(host="h")  # type: ignore[assignment]
not_relative: RelativeReference = compose(scheme="http")  # type: ignore[assignment]

# A policy that does not require a host gives no such promise (RFC 3.2.2).
from urikit import Policy  # noqa: E402

Policy().check("https://h/").host.lower()  # type: ignore[union-attr]
Policy(require_host=False).check("https://h/").host.lower()  # type: ignore[union-attr]
Policy(host_syntax="DNS")  # type: ignore[call-overload]
