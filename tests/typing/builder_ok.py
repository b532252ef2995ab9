"""What the Builder's typestate must accept (checked by tests/test_typing.py with mypy)."""

from __future__ import annotations

import ipaddress
from typing import assert_type

from urikit import URI, Builder, HasHost, HasScheme, NoHost, NoScheme, RelativeReference

assert_type(Builder(), Builder[NoScheme, NoHost])
assert_type(Builder().scheme("https"), Builder[HasScheme, NoHost])
assert_type(Builder().host("example.com"), Builder[NoScheme, HasHost])
assert_type(Builder().scheme("https").host("h"), Builder[HasScheme, HasHost])
assert_type(Builder().host("h").scheme("https"), Builder[HasScheme, HasHost])
assert_type(Builder().encoded_host("h%C3%A9"), Builder[NoScheme, HasHost])
assert_type(Builder().host(ipaddress.IPv6Address("::1")), Builder[NoScheme, HasHost])
assert_type(Builder().host(ipaddress.IPv4Address("10.0.0.1")), Builder[NoScheme, HasHost])

# Steps that do not change the state keep it.
assert_type(Builder().path("/a").query("q").fragment("f"), Builder[NoScheme, NoHost])
assert_type(Builder().segments(["a", "b"]).query_params({"k": "v"}), Builder[NoScheme, NoHost])
assert_type(
    Builder().encoded_path("/a").encoded_query("q").encoded_fragment("f"),
    Builder[NoScheme, NoHost],
)

# userinfo and port once a host is set, whatever the scheme state.
with_host = Builder().scheme("http").host("h")
assert_type(with_host.userinfo("u", "p").port(8080), Builder[HasScheme, HasHost])
assert_type(with_host.encoded_userinfo("u%40x"), Builder[HasScheme, HasHost])
assert_type(Builder().host("h").port(None), Builder[NoScheme, HasHost])

# build() with a scheme gives a URI; build_reference() without one a RelativeReference.
assert_type(with_host.path("/p").build(), URI)
assert_type(Builder().scheme("mailto").path("a@b").build(), URI)
assert_type(Builder().path("a").build_reference(), RelativeReference)
assert_type(Builder().host("h").build_reference(), RelativeReference)

# From an existing reference: the scheme state follows the class; the host is unknown.
assert_type(Builder.from_reference(URI.parse("http://h/")), Builder[HasScheme, NoHost])
assert_type(Builder.from_reference(RelativeReference.parse("a/b")), Builder[NoScheme, NoHost])
assert_type(Builder.from_reference(URI.parse("http://h/")).encoded_host("h").port(1).build(), URI)

# require_host=True: a reference with an authority gives a builder that knows its host.
http = URI.parse("http://h/")
assert_type(Builder.from_reference(http, require_host=True), Builder[HasScheme, HasHost])
assert_type(Builder.from_reference(http, require_host=True).port(8443).build(), URI)
network_path = RelativeReference.parse("//h/p")
assert_type(Builder.from_reference(network_path, require_host=True), Builder[NoScheme, HasHost])
assert_type(Builder.from_reference(http, require_host=False), Builder[HasScheme, NoHost])

# Query values: text, an int, None (the key alone), or a list of them (the key repeated).
https = Builder().scheme("https").host("example.com")
assert_type(https.query_params({"tag": ["a", "b"]}).build(), URI)
assert_type(https.query_params({"n": 3, "flag": None, "tag": ("a", "b")}).build(), URI)
assert_type(https.query_params([("n", 3), ("tag", ["a", "b"])]).build(), URI)
