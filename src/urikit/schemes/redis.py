"""``redis://``, ``rediss://`` (TLS) and ``unix://`` URLs as redis-py reads them
(``Redis.from_url``, ``redis.connection.parse_url``; the IANA ``redis`` scheme).

>>> v = parse("rediss://:s%3Acret@cache.internal:6380/2?socket_timeout=5")
>>> v.hosts, v.user, v.database, v.params
((('cache.internal', 6380),), None, '2', (('socket_timeout', '5'),))
>>> to_redis_kwargs(v)["ssl"], to_redis_kwargs(v)["db"], to_redis_kwargs(v)["socket_timeout"]
(True, 2, 5.0)
>>> parse("unix:///run/redis.sock?db=1").hosts
(('/run/redis.sock', None),)

redis-py reads the URL with ``urllib.parse``: the host lowercased, then decoded, the
user and password decoded, the path as the database number, the query form-decoded
(``+`` a space; a parameter with an empty value dropped; of a repeated one, the first
counts). :func:`parse` reads so; it refuses a path that is no number (redis-py would
silently use database 0). A ``unix://`` URL's path is the socket's; its database is
the ``db`` parameter.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TypedDict, cast

from urikit._syntax.names import RuleName
from urikit.schemes._connection import (
    UNRESERVED,
    Builder,
    ConnectionURI,
    Host,
    checked_parts,
    decode,
    encode,
    form_params,
    hosts_of,
    join_params,
    no_scheme_of,
    require_params,
    urllib_authority,
    urllib_host,
    userinfo_of,
    write_userinfo,
)

__all__ = ["RedisKwargs", "RedisURI", "build", "parse", "to_redis_kwargs"]

_CLIENT = "redis-py"


@dataclass(frozen=True, slots=True, repr=False)
class RedisURI(ConnectionURI):
    """A redis URL, decoded as redis-py reads it (see :class:`ConnectionURI`):
    ``database`` is the path's number as text; a ``unix://`` URL's one host is its
    socket path (port None)."""

    @staticmethod
    def _builder() -> Builder:
        return build


def parse(text: str) -> RedisURI:
    """The host (or socket), user, password, database number and parameters of a
    redis URL, as redis-py reads them.

    Raises :class:`~urikit.InvalidURIError` (position, rule, reason; no password) for
    text that is no ``redis-URI`` (``redis-socket-URI`` for ``unix://``), a port above
    65535 or escapes that are not UTF-8.
    """
    unix = text[:7].lower() == "unix://" if isinstance(text, str) else False
    rule: RuleName = "redis-socket-URI" if unix else "redis-URI"

    def plain(text: str, start: int, end: int) -> str:
        return decode(text, start, end, rule, None)

    text, parts = checked_parts(text, rule, hosts="")
    user, password = userinfo_of(text, parts, plain)
    params = form_params(text, parts, rule)
    if unix:
        assert parts.path is not None  # path-absolute
        socket = decode(text, parts.path[0] - 1, parts.path[1], rule, "path")
        return RedisURI(parts.scheme, ((socket, None),), user, password, None, params)
    hosts = hosts_of(text, parts, urllib_host(rule), _CLIENT)
    database = None if parts.path is None else text[parts.path[0] : parts.path[1]] or None
    return RedisURI(parts.scheme, hosts, user, password, database, params)


def build(
    *,
    hosts: Iterable[Host],
    user: str | None = None,
    password: str | None = None,
    database: str | None = None,
    params: Iterable[tuple[str, str]] = (),
    scheme: str | None = None,
) -> str:
    """A URL that redis-py reads back into exactly these fields; ``scheme`` is
    ``"redis"`` (the default), ``"rediss"`` or ``"unix"`` (one host: the socket path,
    port None). Each part is percent-encoded but its unreserved characters (RFC 3986
    2.3); a host name is written in lowercase (redis-py lowercases it; RFC 3986 3.2.2).

    Raises ``ValueError`` for more than one host, a database that is no number, a
    ``unix`` socket that is no absolute path or has a port or database (give ``db`` as
    a parameter), a port outside 0-65535, or a parameter with an empty name or value.
    """
    scheme = "redis" if scheme is None else scheme
    if scheme.lower() not in ("redis", "rediss", "unix"):
        schemes = "redis, rediss or unix"
        raise no_scheme_of(_CLIENT, scheme, schemes)
    host_list = list(hosts)
    query = join_params(require_params(_CLIENT, params), encode, encode)
    userinfo = write_userinfo(user, password)
    if scheme.lower() == "unix":
        socket, port = host_list[0] if len(host_list) == 1 else ("", None)
        if not socket.startswith("/") or port is not None or database:
            raise ValueError(
                "a unix:// URL is one absolute socket path, without a port or database (give db"
                f" as a parameter), not {host_list!r}"
            )
        # path-absolute: its first segment is not empty (RFC 3986 3.3), so a second
        # "/" at the start is written %2F (redis-py decodes the path).
        path = "/" + encode(socket[1:2]) + encode(socket[2:], UNRESERVED | {"/"})
        return f"{scheme}://{userinfo}{path}{query}"
    authority = urllib_authority(_CLIENT, host_list)
    if database and not (database.isascii() and database.isdigit()):
        raise ValueError(f"redis-py reads the database as a number, not {database!r}")
    path = "/" + database if database else ""
    return f"{scheme}://{userinfo}{authority}{path}{query}"


class RedisKwargs(TypedDict, total=False):
    """The keyword arguments of ``redis.Redis(**kwargs)`` a URL gives."""

    host: str
    port: int
    db: int
    username: str
    password: str
    ssl: bool
    unix_socket_path: str
    socket_timeout: float
    socket_connect_timeout: float
    socket_keepalive: bool
    retry_on_timeout: bool
    health_check_interval: int
    client_name: str
    protocol: int
    ssl_check_hostname: bool
    ssl_ca_certs: str
    ssl_certfile: str
    ssl_keyfile: str
    ssl_cert_reqs: str


_BOOLEANS = frozenset({"socket_keepalive", "retry_on_timeout", "ssl_check_hostname"})
_FLOATS = frozenset({"socket_timeout", "socket_connect_timeout"})
_INTS = frozenset({"db", "health_check_interval", "protocol"})
_TEXTS = frozenset(
    {
        "username",
        "password",
        "client_name",
        "ssl_ca_certs",
        "ssl_certfile",
        "ssl_keyfile",
        "ssl_cert_reqs",
    }
)


def to_redis_kwargs(value: RedisURI) -> RedisKwargs:
    """The keyword arguments of ``redis.Redis`` for ``value``, converted as redis-py's
    ``from_url`` converts them (numbers, booleans: ``0``/``false``/``no`` are false),
    the first of a repeated parameter counting, a ``db`` parameter before the path's.
    Holds the password: for the client, never for a log.

    Raises ``ValueError`` for a parameter ``Redis()`` takes no keyword for, or a value
    its conversion refuses.
    """
    out: dict[str, object] = {}
    for key, text in value.params:
        if key not in out:
            out[key] = _converted(key, text)
    if value.user is not None:
        out["username"] = value.user
    if value.password is not None:
        out["password"] = value.password
    if value.scheme.lower() == "unix":
        out["unix_socket_path"] = value.hosts[0][0]
    elif value.hosts:
        host, port = value.hosts[0]
        if host:
            out["host"] = host
        if port:
            out["port"] = port
        if "db" not in out and value.database is not None:
            out["db"] = int(value.database)
    if value.scheme.lower() == "rediss":
        out["ssl"] = True
    return cast(RedisKwargs, out)


def _converted(key: str, text: str) -> object:
    try:
        if key in _BOOLEANS:
            return text.upper() not in ("", "0", "F", "FALSE", "N", "NO")
        if key in _FLOATS:
            return float(text)
        if key in _INTS:
            return int(text)
    except ValueError:
        raise ValueError(f"{text!r} is no value of redis-py's {key!r}") from None
    if key in _TEXTS:
        return text
    raise ValueError(f"redis.Redis() takes no keyword {key!r}")
