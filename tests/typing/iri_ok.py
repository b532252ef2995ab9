"""What IRIReference's changers and query views must give (RFC 3987 2.2): an
IRIReference from every changer, whatever the argument's form."""

from __future__ import annotations

import ipaddress
from typing import assert_type

from urikit import IRIReference

iri = IRIReference("http://b\u00fccher.example/\u00e9?q=caf\u00e9")
assert_type(iri.with_scheme("https"), IRIReference)
assert_type(iri.with_scheme(None), IRIReference)
assert_type(iri.with_userinfo("j\u00fcrgen"), IRIReference)
assert_type(iri.with_userinfo(None), IRIReference)
assert_type(iri.with_host("\u4f8b.jp"), IRIReference)
assert_type(iri.with_host(ipaddress.IPv4Address("192.0.2.1")), IRIReference)
assert_type(iri.with_host(ipaddress.IPv6Address("::1")), IRIReference)
assert_type(iri.with_host(None), IRIReference)
assert_type(iri.with_port(8080), IRIReference)
assert_type(iri.with_port("8080"), IRIReference)
assert_type(iri.with_port(None), IRIReference)
assert_type(iri.with_path("/\u00e9"), IRIReference)
assert_type(iri.with_query("\ue000").with_fragment(None), IRIReference)
assert_type(iri.query_pairs(), list[tuple[str, str]])
assert_type(iri.decoded_query_pairs(plus_as_space=True), list[tuple[str, str]])
