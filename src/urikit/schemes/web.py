"""``http``, ``https`` (RFC 9110 4.2), ``ws`` and ``wss`` (RFC 6455 3) URIs as typed values,
with the scheme's default port (:attr:`WebURI.effective_port`) and origin (RFC 6454 4).

>>> u = parse("HTTPS://Example.COM/a?b")
>>> u.scheme, u.host, u.port, u.effective_port, u.origin.serialize()
('https', 'Example.COM', None, 443, 'https://example.com')
>>> parse("ws://h/chat?x").resource_name
'/chat?x'

The text must match the scheme's rule (``http-URI``, ``https-URI``, ``ws-URI``,
``wss-URI``): a non-empty host for http(s), no fragment, no userinfo for ws(s). Each
failure is an :class:`~urikit.InvalidURIError` naming the RFC section.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Literal, NamedTuple, TypeAlias, get_args

from urikit._core.normalization import DEFAULT_PORTS as PORTS
from urikit._core.reachable import MAX_PORT
from urikit._syntax.rfc3986 import RuleName
from urikit.errors import plain_str
from urikit.errors.reasons import reason
from urikit.errors.redact import redact_userinfo
from urikit.schemes._common import checked, invalid
from urikit.values.uri import parse as parse_reference

__all__ = ["DEFAULT_PORTS", "Origin", "WebScheme", "WebURI", "parse"]

WebScheme: TypeAlias = Literal["http", "https", "ws", "wss"]

#: The default port of each web scheme: :data:`urikit.DEFAULT_PORTS` without ftp.
DEFAULT_PORTS: Mapping[WebScheme, int] = MappingProxyType(
    {scheme: PORTS[scheme] for scheme in get_args(WebScheme)}
)
_RULES: Mapping[WebScheme, RuleName] = MappingProxyType(
    {"http": "http-URI", "https": "https-URI", "ws": "ws-URI", "wss": "wss-URI"}
)


class Origin(NamedTuple):
    """A tuple origin (RFC 6454 4): scheme and host lowercase, and the effective port."""

    scheme: WebScheme
    host: str
    port: int

    def serialize(self) -> str:
        """The ASCII serialization (RFC 6454 6.2): the port only when not the default."""
        tail = "" if DEFAULT_PORTS[self.scheme] == self.port else f":{self.port}"
        return f"{self.scheme}://{self.host}{tail}"


@dataclass(frozen=True, slots=True, repr=False)
class WebURI:
    """An http(s) or ws(s) URI: ``scheme`` lowercase, the other components as written
    (``port`` None when absent or empty: RFC 9110 4.2.1 gives the default then)."""

    scheme: WebScheme
    userinfo: str | None
    host: str
    port: int | None
    path: str
    query: str | None

    @property
    def effective_port(self) -> int:
        """The port, or the scheme's default (80 for http and ws, 443 for https and wss)."""
        return DEFAULT_PORTS[self.scheme] if self.port is None else self.port

    @property
    def secure(self) -> bool:
        """Whether the scheme is https or wss (RFC 9110 4.2.2, RFC 6455 3)."""
        return self.scheme in ("https", "wss")

    @property
    def origin(self) -> Origin:
        """The origin (RFC 6454 4): (scheme, host lowercase, effective port)."""
        return Origin(self.scheme, self.host.lower(), self.effective_port)

    @property
    def resource_name(self) -> str:
        """The path (``/`` if empty) and ``?query`` if it is not empty (RFC 6455 3)."""
        return (self.path or "/") + (f"?{self.query}" if self.query else "")

    def __repr__(self) -> str:
        """The fields, a password written ``***`` (RFC 3986 7.5), as a URI's repr."""
        userinfo = None if self.userinfo is None else redact_userinfo(self.userinfo)
        return (
            f"WebURI(scheme={self.scheme!r}, userinfo={userinfo!r}, host={self.host!r}, "
            f"port={self.port!r}, path={self.path!r}, query={self.query!r})"
        )

    def __str__(self) -> str:
        text = f"{self.scheme}://"
        if self.userinfo is not None:
            text += self.userinfo + "@"
        text += self.host + ("" if self.port is None else f":{self.port}") + self.path
        return text + ("" if self.query is None else f"?{self.query}")


def parse(text: str, *, scheme: WebScheme | None = None) -> WebURI:
    """An http, https, ws or wss URI (``scheme`` restricts it to one), checked against
    the scheme's rule. Raises :class:`~urikit.InvalidURIError` (position, rule, reason)."""
    if scheme is not None and scheme not in _RULES:
        raise ValueError(f"scheme must be one of {tuple(_RULES)}, not {scheme!r}")
    text = plain_str(text)
    head = text.partition(":")[0].lower()
    name = scheme or _BY_NAME.get(head)
    if name is None:
        raise invalid(text, 0, "scheme", reason("web-scheme", scheme=head), "scheme")
    text = checked(text, _RULES[name])
    ref = parse_reference(text)
    port = ref.port
    number = int(port) if port else None
    if port and number is not None and number > MAX_PORT:
        at = text.index(port, len(name) + 3)
        why = reason("web-port", port=number, max_port=MAX_PORT)
        raise invalid(text, at, "port", why, "port")
    return WebURI(name, ref.userinfo, ref.host or "", number, ref.path, ref.query)


_BY_NAME: Mapping[str, WebScheme] = MappingProxyType({name: name for name in _RULES})
