"""A builder that knows its host (RFC 3986 3.2: userinfo and port
belong to an authority). The types are checked in tests/typing/builder_ok.py."""

from __future__ import annotations

import pytest

from urikit import URI, Builder, RelativeReference, URIBuildError


@pytest.mark.parametrize(
    "text", ["https://h/p?q#f", "https://u@[::1]:8/", "file:///etc/hosts", "HTTP://H"]
)
def test_require_host_keeps_the_reference_and_allows_port_and_userinfo(text: str) -> None:
    uri = URI.parse(text)
    builder = Builder.from_reference(uri, require_host=True)
    # scheme lowercased as the builder writes it (RFC 3.1); everything else as written
    assert builder.build() == uri.with_scheme(uri.scheme.lower())
    assert builder.port(8443).build() == uri.with_scheme(uri.scheme.lower()).with_port(8443)
    assert builder.userinfo("a b").build().userinfo == "a%20b"


def test_require_host_on_a_network_path_reference() -> None:
    ref = RelativeReference.parse("//h/p")
    assert str(Builder.from_reference(ref, require_host=True).port(80).build_reference()) == (
        "//h:80/p"
    )


@pytest.mark.parametrize("text", ["mailto:a@b", "urn:x:y", "s:/p"])
def test_require_host_refuses_a_reference_without_authority(text: str) -> None:
    with pytest.raises(URIBuildError) as info:
        Builder.from_reference(URI.parse(text), require_host=True)
    assert info.value.code == "needs-host"
    assert text not in info.value.message  # the reference may hold secrets: not echoed
