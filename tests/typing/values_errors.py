"""What a value refuses at type-check time: changing it, and reading it as a sequence."""

from __future__ import annotations

from urikit import URI, IRIReference

uri = URI("http://h/p")
URI(["http", None, "h", None, "/p", None, None])  # type: ignore[arg-type]
_ = uri[0]  # type: ignore[index]
len(uri)  # type: ignore[arg-type]
_ = uri < uri  # type: ignore[operator]
_ = uri + uri  # type: ignore[operator]

iri = IRIReference("http://h/\u00e9")
iri.with_path(None)  # type: ignore[arg-type]
iri.with_port(8.0)  # type: ignore[arg-type]
iri.decoded_query_pairs(True)  # type: ignore[call-arg]
