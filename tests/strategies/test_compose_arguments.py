"""compose_arguments(): raw data that the builder must encode into a valid URI."""

from __future__ import annotations

import ipaddress

from hypothesis import given, settings

import urikit
from urikit.strategies import ComposeArguments, compose_arguments


@settings(max_examples=150, deadline=None)
@given(compose_arguments())
def test_compose_encodes_any_raw_data_into_a_valid_uri(args: ComposeArguments) -> None:
    """RFC 2.1/2.5: each raw component is encoded once; the result is a URI (RFC 3) whose
    decoded components give the raw data back."""
    uri = urikit.compose(**args)
    assert urikit.is_valid(str(uri), "URI")
    assert uri.scheme == args["scheme"].lower()  # RFC 3.1: lowercase is canonical
    if "fragment" in args:
        assert uri.fragment is not None
        assert urikit.unquote(uri.fragment) == args["fragment"]
    host = args.get("host")
    if isinstance(host, ipaddress.IPv4Address | ipaddress.IPv6Address):
        assert uri.ip == host
    if "port" in args:
        assert uri.port == str(args["port"])


@settings(max_examples=100, deadline=None)
@given(compose_arguments(max_size=0))
def test_size_control_keeps_texts_empty(args: ComposeArguments) -> None:
    """max_size bounds each raw text; 0 leaves only empty ones (and the scheme)."""
    texts = [args.get(k) for k in ("user", "password", "path", "fragment")]
    assert all(t in (None, "") for t in texts)
    assert all(k == v == "" for k, v in args.get("query_params", []))
