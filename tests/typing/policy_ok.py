"""What Policy.check returns follows what the policy checked:
``require`` decides URI or RelativeReference (RFC 3, 4.2), ``require_host=True`` makes
the host a ``str`` (RFC 3.2.2), so the caller writes no ``if uri.host is None``."""

from __future__ import annotations

from typing import assert_type

from urikit import URI, Policy, RelativeReference
from urikit.integrations.argparse import uri_type
from urikit.policy import RelativeReferenceWithHost, URIWithHost

hosted = Policy(schemes={"https"}, require_host=True).check("https://example.com/")
assert_type(hosted, URIWithHost)
assert_type(hosted.host, str)
assert_type(hosted.scheme, str)
assert_type(hosted.host.lower(), str)  # no None check needed
plain: URI = hosted  # still a URI for every function that takes one

absolute = Policy(require="absolute").check("mailto:a@example.com")
assert_type(absolute, URI)
assert_type(absolute.scheme, str)
assert_type(absolute.host, str | None)

not_required = Policy(require_host=False).check("https://h/")
assert_type(not_required, URI)

relative = Policy(require="relative", require_host=True).check("//example.com/a")
assert_type(relative, RelativeReferenceWithHost)
assert_type(relative.host, str)
assert_type(relative.scheme, None)
rel: RelativeReference = relative

either = Policy(require="any", require_host=True).check("//h/")
assert_type(either, URIWithHost | RelativeReferenceWithHost)
assert_type(either.host, str)


def host_maybe(flag: bool) -> None:
    """A require_host that is not known to be True promises no host."""
    unknown = Policy(require_host=flag).check("https://h/")
    assert_type(unknown, URI)


dns = Policy(host_syntax="dns", require_host=True, ports={443})
assert_type(dns.check("https://h/").host, str)

# The argparse converter gives what the policy checked.
convert = uri_type(policy=Policy(require_host=True))
assert_type(convert("https://h/"), URIWithHost)
assert_type(uri_type(policy=Policy(require="relative"))("/x"), RelativeReference)
