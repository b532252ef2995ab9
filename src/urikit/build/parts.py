"""The parts of a build: the builder's state record, each component's encoder (raw data
in, percent-encoded once with the component's own set: RFC 2.1, 2.4, 2.5), and the
assembly of the seven components with a raw path made unambiguous (RFC 3.3, 4.2, 5.3).

Shared by :class:`urikit.build.builder.Builder`, :func:`urikit.build.compose.compose` and
:mod:`urikit.values.everyday`.
"""

# pyright: reportPrivateUsage=false
# (assemble() fills the slots of urikit._core.views.ReferenceViews, as views.made does)

from __future__ import annotations

import ipaddress
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Final, Literal, NamedTuple, TypeAlias, TypeVar, cast

from urikit._core.components import Fields, shared_scheme
from urikit._core.encoding import (
    Component,
    component_encoder,
    first_unsafe,
    quote,
    quote_data_segment,
)
from urikit._core.hosts import address_host
from urikit._core.idna import host_to_ascii
from urikit._core.query_params import QueryParams, expanded, pairs_of, query_param
from urikit._core.reachable import MAX_PORT, client_host
from urikit._core.views import ReferenceViews, combine
from urikit._syntax.compiled import compiled
from urikit._syntax.validation import checked
from urikit.errors import URIBuildError, expected_str
from urikit.errors.codes import shown_port

__all__ = [
    "EMPTY",
    "PathForm",
    "State",
    "assemble",
    "checked_scheme",
    "checked_state",
    "encode",
    "encode_host",
    "encode_port",
    "encode_query_params",
    "encode_segments",
    "encode_userinfo",
    "lowered_scheme",
    "ready_client_host",
]

_R = TypeVar("_R", bound=ReferenceViews)
_blank = object.__new__

PathForm: TypeAlias = Literal["text", "segments", "encoded"]
"""Where a build's path came from, and so what :func:`assemble` may do to it: raw path
text is made unambiguous (RFC 3.3, 4.2) but, like encoded text, never made absolute;
raw segments after an authority are (each segment follows a ``"/"``, RFC 3.3)."""


class State(NamedTuple):
    """A build's components, encoded (None = undefined, RFC 5.2.1), and the
    :data:`PathForm` of the path: the one record of them where they are compared,
    pickled and shown (:class:`~urikit.build.builder.Builder` keeps the same fields in
    its slots, ``_scheme`` to ``_path_form``)."""

    scheme: str | None
    userinfo: str | None
    host: str | None
    port: str | None
    path: str
    query: str | None
    fragment: str | None
    path_form: PathForm


EMPTY: Final = State(None, None, None, None, "", None, None, "text")


class _Encoders:
    """The encoders of each step of a build (raw text in, encoded text out; text whose
    characters all stand for themselves is its own encoding), made on first use (so
    ``import urikit`` compiles nothing) and then read as a plain attribute:
    ``encode.path(text)`` is ``quote(text, "path")`` without the look-up
    (:func:`~urikit._core.encoding.component_encoder`). ``host_unsafe`` finds the first
    character a host must encode (:func:`~urikit._core.encoding.first_unsafe`)."""

    __slots__ = ("fragment", "host", "host_unsafe", "path", "query", "query_key", "query_value")

    fragment: Callable[[str], str]
    host: Callable[[str], str]
    path: Callable[[str], str]
    query: Callable[[str], str]
    query_key: Callable[[str], str]
    query_value: Callable[[str], str]
    host_unsafe: Callable[[str], object]

    def __getattr__(self, name: str) -> Callable[[str], object]:
        made: Callable[[str], object]
        if name not in self.__slots__:
            raise AttributeError(name)
        if name == "host_unsafe":
            made = first_unsafe("host")
        else:
            made = component_encoder(cast("Component", name.replace("_", "-")))
        setattr(self, name, made)
        return made


encode: Final = _Encoders()


def checked_scheme(scheme: str) -> str:
    """``scheme`` checked against the rule and lowercased (RFC 3.1)."""
    try:
        return lowered_scheme(scheme)
    except TypeError:  # also an unhashable value, refused by the cache before checked()
        raise expected_str(scheme, "scheme") from None


@lru_cache(maxsize=256)
def lowered_scheme(scheme: str) -> str:
    """:func:`checked_scheme`, cached (programs use few schemes; one string each); a
    non-str raises a ``TypeError`` (of the cache, if unhashable) that is not the API's."""
    return shared_scheme(checked(scheme, "scheme").lower())


def checked_state(
    scheme: object,
    userinfo: object,
    host: object,
    port: object,
    path: object,
    query: object,
    fragment: object,
    path_form: object,
    /,
) -> State:
    """The fields of a pickled builder, each component checked against its rule (RFC 3)."""
    form: PathForm = path_form if path_form in ("text", "segments") else "encoded"
    return State(
        None if scheme is None else checked_scheme(cast("str", scheme)),
        None if userinfo is None else checked(cast("str", userinfo), "userinfo"),
        None if host is None else checked(cast("str", host), "host"),
        None if port is None else checked(cast("str", port), "port"),
        checked(cast("str", path), "path"),
        None if query is None else checked(cast("str", query), "query"),
        None if fragment is None else checked(cast("str", fragment), "fragment"),
        form,
    )


def encode_host(
    host: str | ipaddress.IPv4Address | ipaddress.IPv6Address, *, idna: bool = False
) -> str:
    """The host text for :meth:`Builder.host` (RFC 3.2.2)."""
    if type(host) is str and encode.host_unsafe(host) is None:
        # A reg-name with nothing to encode: an IP-literal needs "[" and an IPv6address
        # ":", neither in the set, and an IPv4address is written as it is either way.
        return host
    if isinstance(host, str):
        if host.startswith("[") and compiled("IP-literal").pattern.fullmatch(host):
            text = host
        elif ":" in host and compiled("IPv6address").pattern.fullmatch(host):
            text = f"[{host}]"
        elif idna and not host.isascii():
            text = host_to_ascii(host)
        else:
            text = encode.host(host)
    elif isinstance(host, ipaddress.IPv4Address | ipaddress.IPv6Address):
        text = address_host(host)
    else:
        raise TypeError(
            f"host must be a str, IPv4Address or IPv6Address, not {type(host).__name__}"
        )
    return text


@lru_cache(maxsize=1024)
def ready_client_host(host: str) -> str | None:
    """A raw ``host`` as a build for a DNS scheme writes it, where it needs no
    percent-encoding and a client can use it as it is (:func:`client_host`, RFC 3.2.2);
    else None, and the build takes the general path, whose errors come in RFC order.
    Cached: one call for a host seen before, where the general path makes two."""
    if encode.host_unsafe(host) is not None:
        return None
    try:
        return client_host(host)
    except URIBuildError:
        return None


def encode_userinfo(user: str | None, password: str | None) -> str | None:
    """The userinfo text for :meth:`Builder.userinfo` (RFC 3.2.1)."""
    if user is None:
        if password is not None:
            raise URIBuildError.of("password-without-user")
        text = None
    else:
        text = quote(user, "user")
        if password is not None:
            text = f"{text}:{quote(password, 'password')}"
    return text


def encode_port(port: int | None) -> str | None:
    """The port text for :meth:`Builder.port` (RFC 3.2.3)."""
    if port is None:
        text = None
    elif isinstance(port, bool) or not isinstance(port, int):
        raise TypeError(f"port must be an int or None, not {type(port).__name__}")
    elif 0 <= port <= MAX_PORT:
        text = str(port)
    else:
        raise URIBuildError.of("port-out-of-range", port=shown_port(port), max_port=MAX_PORT)
    return text


def encode_segments(segments: Iterable[str]) -> str:
    """The path text for :meth:`Builder.segments` (RFC 3.3): each segment encoded as
    data; ``"."`` and ``".."`` are refused
    (see :func:`~urikit._core.encoding.quote_data_segment`)."""
    if isinstance(segments, str):
        raise TypeError("segments() takes an iterable of str, not one str; use path")
    return "/".join([quote_data_segment(segment) for segment in segments])


def encode_query_params(params: QueryParams) -> str | None:
    """The query text for :meth:`Builder.query_params` (RFC 3.4): each pair written by
    :func:`query_param`; no pairs, no query."""
    pairs: Iterable[object]
    if isinstance(params, list):  # neither a str nor a mapping: the common case
        if not params:
            return None
        pairs = params
    else:
        pairs = pairs_of(params)
    key_of = encode.query_key
    value_of = encode.query_value
    written: list[str] = []
    for item in pairs:
        if type(item) is tuple and len(item) == 2 and type(item[1]) is str:
            written.append(key_of(item[0]) + "=" + value_of(item[1]))
        else:  # a key alone, an int, repeated values, or no pair at all (its TypeError)
            written.extend(query_param(pair) for pair in expanded(item))
    return "&".join(written) if written else None


def assemble(
    cls: type[_R],
    scheme: str | None,
    userinfo: str | None,
    host: str | None,
    port: str | None,
    path: str,
    query: str | None,
    fragment: str | None,
    path_form: PathForm,
    /,
) -> _R:
    """The reference of class ``cls`` (URI or RelativeReference) with the fields of a
    :class:`State`, a raw path first made unambiguous (:func:`unambiguous_path`; path
    text after an authority is not made absolute), if they fit together (RFC 3, 3.3,
    4.2): what :func:`~urikit._core.views.combine` makes of them. (Positional: the last
    step of every build, where keywords cost time: bench_build.)"""
    if host is not None:
        if path and path[0] != "/":
            if path_form != "segments":  # refused (RFC 3.3), as URI.with_path refuses it
                return combine(cls, Fields(scheme, userinfo, host, port, path, query, fragment))
            path = "/" + path
    elif userinfo is not None or port is not None or path_form == "encoded":
        return combine(cls, Fields(scheme, userinfo, host, port, path, query, fragment))
    elif path[:2] == "//":
        path = "/." + path
    elif scheme is None and ":" in path.partition("/")[0]:
        path = "./" + path
    v = _blank(cls)
    v._scheme = scheme
    v._userinfo = userinfo
    v._host = host
    v._port = port
    v._path = path
    v._query = query
    v._fragment = fragment
    return v
