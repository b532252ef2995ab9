"""The parts of a build: the builder's state record, each component's encoder (raw data
in, percent-encoded once with the component's own set: RFC 2.1, 2.4, 2.5), and the
assembly of the seven components with a raw path made unambiguous (RFC 3.3, 4.2, 5.3).

Shared by :class:`urikit.builder.Builder`, :func:`urikit.composing.compose` and
:mod:`urikit.editing`.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import NamedTuple, TypeAlias, cast

from urikit._compiled import compiled
from urikit._idna import host_to_ascii
from urikit._parsing import Fields
from urikit.encoding import Component, quote, quote_data_segment, quote_query_param
from urikit.errors import URIBuildError, expected_str
from urikit.validation import checked

__all__ = [
    "QueryParams",
    "checked_scheme",
    "encode_host",
    "encode_port",
    "encode_query_params",
    "encode_segments",
    "encode_userinfo",
    "query_items",
    "query_param",
    "quoted",
    "state_fields",
    "unambiguous_path",
]


class _State(NamedTuple):
    """The builder's state: the seven components, encoded (None = undefined), and
    whether the path is raw (made unambiguous at build; not from ``encoded_path()``)."""

    scheme: str | None = None
    userinfo: str | None = None
    host: str | None = None
    port: str | None = None
    path: str = ""
    query: str | None = None
    fragment: str | None = None
    raw_path: bool = True


QueryParams: TypeAlias = Mapping[str, str | None] | Iterable[tuple[str, str | None]]
"""Query parameters as raw text: a mapping, or ``(key, value)`` pairs in order; a value
``None`` writes the key alone (``?flag``)."""


def checked_scheme(scheme: str) -> str:
    """``scheme`` checked against the rule and lowercased (RFC 3.1)."""
    try:
        return _lowered_scheme(scheme)
    except TypeError:  # also an unhashable value, refused by the cache before checked()
        raise expected_str(scheme, "scheme") from None


@lru_cache(maxsize=256)
def _lowered_scheme(scheme: str) -> str:
    """:func:`checked_scheme`, cached: programs use few schemes."""
    return checked(scheme, "scheme").lower()


def quoted(text: str | None, component: Component) -> str | None:
    """``text`` encoded as ``component`` (query RFC 3.4, fragment 3.5); None stays None."""
    return None if text is None else quote(text, component)


def encode_host(
    host: str | ipaddress.IPv4Address | ipaddress.IPv6Address, *, idna: bool = False
) -> str:
    """The host text for :meth:`Builder.host` (RFC 3.2.2)."""
    if isinstance(host, str):
        if host.startswith("[") and compiled("IP-literal").pattern.fullmatch(host):
            text = host
        elif ":" in host and compiled("IPv6address").pattern.fullmatch(host):
            text = f"[{host}]"
        elif idna and not host.isascii():
            text = host_to_ascii(host)
        else:
            text = quote(host, "host")
    elif isinstance(host, ipaddress.IPv6Address):
        if host.scope_id is not None:
            raise URIBuildError(
                f"a zone identifier cannot go in a URI (RFC 9844 obsoleted RFC 6874):"
                f" {str(host)!r}",
                code="zone-id",
            )
        text = f"[{host.compressed}]"
    elif isinstance(host, ipaddress.IPv4Address):
        text = str(host)
    else:
        raise TypeError(
            f"host must be a str, IPv4Address or IPv6Address, not {type(host).__name__}"
        )
    return text


def encode_userinfo(user: str | None, password: str | None) -> str | None:
    """The userinfo text for :meth:`Builder.userinfo` (RFC 3.2.1)."""
    if user is None:
        if password is not None:
            raise URIBuildError(
                "a password needs a user name (RFC 3.2.1)", code="password-without-user"
            )
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
    elif 0 <= port <= 65535:
        text = str(port)
    else:
        shown = port if abs(port) < 10**9 else "a number that large"  # str(10**5000) fails
        raise URIBuildError(
            f"a port is a number from 0 to 65535, not {shown}", code="port-out-of-range"
        )
    return text


def encode_segments(segments: Iterable[str]) -> str:
    """The path text for :meth:`Builder.segments` (RFC 3.3): each segment encoded as
    data; ``"."`` and ``".."`` are refused (see :func:`~urikit.encoding.quote_data_segment`)."""
    if isinstance(segments, str):
        raise TypeError("segments take an iterable of str, not one str; use path")
    return "/".join([quote_data_segment(segment) for segment in segments])


def encode_query_params(params: QueryParams) -> str | None:
    """The query text for :meth:`Builder.query_params` (RFC 3.4)."""
    written = [item for _, item in query_items(params)]
    return "&".join(written) if written else None


def query_items(params: QueryParams, *, plus_as_space: bool = False) -> list[tuple[str, str]]:
    """``(raw name, parameter as written)`` for each pair of ``params``, in order."""
    if isinstance(params, str):
        raise TypeError("query parameters are pairs or a mapping, not a str; use query()")
    if isinstance(params, Mapping):
        params = cast("Mapping[str, str | None]", params).items()
    items: list[tuple[str, str]] = []
    for pair in params:  # query_param checks the pair before its name is read
        item = query_param(pair, plus_as_space=plus_as_space)
        items.append((pair[0], item))
    return items


def query_param(item: tuple[str, str | None], *, plus_as_space: bool = False) -> str:
    """One ``key=value`` (or ``key``) of a query from a raw pair, each part encoded
    (RFC 3.4; see :func:`~urikit.encoding.quote_query_param`)."""
    if not isinstance(item, tuple | list) or len(item) != 2:  # "ab" is no pair
        shown = repr(item) if isinstance(item, str | tuple | list) else type(item).__name__
        raise TypeError(f"query parameters are (key, value) pairs, not {shown}")
    key, value = item
    return quote_query_param(key, value, plus_as_space=plus_as_space)


# Stores a new builder's state; __setattr__ refuses, the slot's own descriptor does not.


def state_fields(state: _State) -> Fields:
    """The seven components, a raw path made unambiguous (RFC 3.3, 4.2, 5.3)."""
    scheme, userinfo, host, port, path, query, fragment, raw_path = state
    if raw_path and path:
        path = unambiguous_path(path, has_scheme=scheme is not None, has_host=host is not None)
    return (scheme, userinfo, host, port, path, query, fragment)


def unambiguous_path(path: str, *, has_scheme: bool, has_host: bool) -> str:
    """``path`` (encoded) written so that it reads back as the same segments (RFC 3.3):

    - with an authority, a non-empty path gets a leading ``"/"``;
    - without one, a path starting ``"//"`` gets ``"/."`` in front (``/.//x``);
    - in a relative reference, a first segment containing ``":"`` gets ``"./"`` in
      front (RFC 4.2), so it is not read as a scheme.
    """
    if not path:
        return path
    if has_host:
        return path if path[0] == "/" else "/" + path
    if path.startswith("//"):
        return "/." + path
    if not has_scheme and ":" in path.partition("/")[0]:
        return "./" + path
    return path
