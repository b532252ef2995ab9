"""A reference from raw components in one call (:func:`compose`): the
:class:`~urikit.build.builder.Builder` in one step, with the same encoders (RFC 2.4, 5.3)."""

# pyright: reportPrivateUsage=false
# (compose uses the encoders and state of urikit.build.parts, as the Builder does)

from __future__ import annotations

import ipaddress
from collections.abc import Iterable
from typing import TypedDict, Unpack, overload

from urikit._core.query_params import QueryParams
from urikit._core.reachable import DNS_SCHEMES, client_host
from urikit.build.parts import (
    PathForm,
    assemble,
    checked_scheme,
    encode,
    encode_host,
    encode_port,
    encode_query_params,
    encode_segments,
    encode_userinfo,
    ready_client_host,
)
from urikit.errors import URIBuildError
from urikit.values.uri import URI, RelativeReference, URIReference

__all__ = ["ComposeParts", "compose"]


class ComposeParts(TypedDict, total=False):
    """The keyword arguments of :func:`compose` besides ``scheme``, as raw data (RFC 3):
    the overloads take them through ``Unpack`` and pick the result's class by
    ``scheme`` alone; the function spells them out (tested to match)."""

    host: str | ipaddress.IPv4Address | ipaddress.IPv6Address | None
    port: int | None
    user: str | None
    password: str | None
    path: str
    segments: Iterable[str] | None
    query: str | None
    query_params: QueryParams | None
    fragment: str | None
    idna: bool | None


@overload
def compose(*, scheme: str, **parts: Unpack[ComposeParts]) -> URI: ...
@overload
def compose(*, scheme: None = ..., **parts: Unpack[ComposeParts]) -> RelativeReference: ...
def compose(
    *,
    scheme: str | None = None,
    host: str | ipaddress.IPv4Address | ipaddress.IPv6Address | None = None,
    port: int | None = None,
    user: str | None = None,
    password: str | None = None,
    path: str = "",
    segments: Iterable[str] | None = None,
    query: str | None = None,
    query_params: QueryParams | None = None,
    fragment: str | None = None,
    idna: bool | None = None,
) -> URIReference:
    """A reference from raw components in one call: the :class:`Builder` in one step.

    Each component is encoded exactly as the builder method of the same name encodes it
    (RFC 2.4), and the path is made unambiguous as :meth:`Builder.build` does: with a
    ``host``, a ``path`` must be empty or start with ``"/"`` (RFC 3.3; a
    :class:`~urikit.URIBuildError`, code ``path-not-absolute``, as from
    :meth:`URI.with_path`), while ``segments`` follow it as ``/a/b``. With a
    scheme the result is a :class:`~urikit.URI`, without one a
    :class:`~urikit.RelativeReference`. ``path`` (raw text, ``"/"`` separating
    segments) and ``segments`` (raw segments, a ``"/"`` in one encoded) exclude each
    other, and so do ``query`` and ``query_params``; ``user``, ``password`` and
    ``port`` need a ``host`` (RFC 3.2), which is checked at run time here, not by the
    type checker. ``idna=True`` writes a Unicode host as A-labels, as
    :meth:`Builder.host` does; ``None`` (the default) does so for a scheme whose
    hosts DNS looks up (http, https, ws, wss, ftp, and a scheme registered with
    ``dns_host=True``, :func:`urikit.schemes.register`), where the host must then be
    one a client can use, as :meth:`Builder.build` checks; ``False`` never converts
    (such a scheme then refuses a host beyond ASCII: code ``host-not-dns``).

    >>> str(compose(scheme="https", host="example.com", path="/a b", query_params={"q": "1&2"}))
    'https://example.com/a%20b?q=1%262'
    """
    if query is not None and query_params is not None:
        raise URIBuildError.of("query-conflict")
    if path and segments is not None:
        raise URIBuildError.of("path-conflict")
    # Each component in RFC order (so is the first error), by the Builder's steps.
    if scheme is not None:
        scheme = checked_scheme(scheme)
    userinfo = None if user is None and password is None else encode_userinfo(user, password)
    dns = scheme in DNS_SCHEMES
    if host is not None:
        ready = ready_client_host(host) if dns and type(host) is str else None
        if ready is not None:
            host, dns = ready, False  # as a client writes it: checked (and cached)
        else:
            host = encode_host(host, idna=idna is True)
    port_text = None if port is None else encode_port(port)  # no host: assemble() refuses it
    form: PathForm = "text"
    if segments is not None:
        path, form = encode_segments(segments), "segments"
    else:
        path = encode.path(path)
    if query_params is not None:
        no_pairs = isinstance(query_params, list) and not query_params
        query = None if no_pairs else encode_query_params(query_params)
    elif query is not None:
        query = encode.query(query)
    if fragment is not None:
        fragment = encode.fragment(fragment)
    if host is not None and dns:
        # positional: a cache keyed by a keyword costs more a call (bench_build)
        host = client_host(host) if idna is not False else client_host(host, idna=False)
    cls: type[URIReference] = RelativeReference if scheme is None else URI
    return assemble(
        cls,
        scheme,
        userinfo,
        host,
        port_text,
        path,
        query,
        fragment,
        form,
    )
