"""``mongodb://`` and ``mongodb+srv://`` connection strings (the MongoDB Connection
String Specification), as pymongo reads them.

>>> v = parse("mongodb://app:p%40ss@db1.internal,db2.internal:27018/shop?replicaSet=rs0")
>>> v.hosts, v.user, v.database, v.params
((('db1.internal', None), ('db2.internal', 27018)), 'app', 'shop', (('replicaSet', 'rs0'),))
>>> build(hosts=[("/tmp/mongodb-27017.sock", None)], user="app", password="a+b")
'mongodb://app:a%2Bb@%2Ftmp%2Fmongodb-27017.sock/'

Several hosts in one authority are beyond RFC 3986 (3.2.2): rule ``mongodb-URI``
takes them. pymongo decodes the user, password, database and parameter values with
``unquote_plus`` (``+`` a space), not the parameter names; a host name is lowercased
and may hold no escape, but a Unix socket path ending in ``.sock`` is decoded and an
IPv6 zone is written ``%25``. A port is 1-65535 (pymongo's default, 27017, is left to
it: ``None`` here). A ``"."`` in the database separates a collection (kept as
:attr:`MongodbURI.collection`). ``mongodb+srv://`` names one host and no port; the
hosts come from DNS, which is never asked here.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from urikit._syntax.connection import PARAM_LITERAL
from urikit._syntax.names import RuleName
from urikit.schemes._connection import (
    ConnectionURI,
    Host,
    Parts,
    checked_parts,
    decode,
    encode,
    join_params,
    no_scheme_of,
    port_of,
    refused,
    split_params,
    userinfo_of,
    write_host,
    write_port,
    write_userinfo,
)

__all__ = ["MongodbURI", "build", "parse"]

_CLIENT = "pymongo"
# pymongo: "Prohibited characters in database name"; a "." separates a collection.
_BAD_DATABASE = re.compile(r'[/ "$.]')
_RAW_VALUE = "authmechanismproperties"  # its value is not decoded by pymongo


@dataclass(frozen=True, slots=True, repr=False)
class MongodbURI(ConnectionURI):
    """A MongoDB connection string, decoded as pymongo reads it (see
    :class:`ConnectionURI`); ``database`` is the default authentication database."""

    collection: str | None = None

    def _write(self, password: str | None, params: tuple[tuple[str, str], ...]) -> str:
        database = self.database
        if database is not None and self.collection is not None:
            database += "." + self.collection
        return _text(
            hosts=self.hosts,
            user=self.user,
            password=password,
            database=database,
            params=params,
            scheme=self.scheme,
        )


def parse(text: str) -> MongodbURI:
    """The hosts, user, password, database and options of a MongoDB connection string,
    as pymongo reads them (no DNS lookup for ``mongodb+srv://``).

    Raises :class:`~urikit.InvalidURIError` (position, rule, reason; no password) for
    text that is no ``mongodb-URI`` (``mongodb-srv-URI``), a port outside 1-65535, an
    escape in a host name, a database name pymongo refuses, or escapes that are not
    UTF-8.
    """
    srv = isinstance(text, str) and text[:14].lower() == "mongodb+srv://"
    rule: RuleName = "mongodb-srv-URI" if srv else "mongodb-URI"

    def plus(text: str, start: int, end: int) -> str:
        return decode(text, start, end, rule, None, plus=True)

    def key(text: str, start: int, end: int) -> str:
        return text[start:end]

    text, parts = checked_parts(text, rule)
    user, password = userinfo_of(text, parts, plus)
    hosts = _hosts(text, parts, rule)
    database = collection = None
    if parts.path is not None and parts.path[0] < parts.path[1]:
        database = plus(text, *parts.path)
        database, dot, rest = database.partition(".")
        collection = rest if dot else None
        if _BAD_DATABASE.search(database):
            refused(text, parts.path[0], "conn-database-name", rule, "path", database=database)
    params: list[tuple[str, str]] = []
    for name, value in split_params(text, parts.query, key, key):
        params.append((name, value if _raw(name) else plus(value, 0, len(value))))
    return MongodbURI(
        parts.scheme, hosts, user, password, database or None, tuple(params), collection
    )


def _hosts(text: str, parts: Parts, rule: str) -> tuple[Host, ...]:
    out: list[Host] = []
    for start, end, port_start, port_end in parts.hosts:
        entity = text[start:port_end]
        if entity.endswith(".sock"):
            out.append((decode(text, start, end, rule, "host", plus=True), None))
            continue
        host = text[start:end]
        if host.startswith("["):
            host = host[1:-1].replace("%25", "%")
        elif "%" in host:
            refused(text, text.index("%", start), "conn-host-escape", rule, "host")
        out.append((host.lower(), port_of(text, port_start, port_end, _CLIENT, lowest=1)))
    return tuple(out)


def build(
    *,
    hosts: Iterable[Host],
    user: str | None = None,
    password: str | None = None,
    database: str | None = None,
    params: Iterable[tuple[str, str]] = (),
    scheme: str | None = None,
) -> str:
    """A connection string pymongo reads back into exactly these fields; ``scheme`` is
    ``"mongodb"`` (the default) or ``"mongodb+srv"`` (one host, no port). The user,
    password, database and option values are percent-encoded but their unreserved
    characters (RFC 3986 2.3); a Unix socket path (ending in ``.sock``) too; a host name
    is written in lowercase (pymongo lowercases it).

    Raises ``ValueError`` for no host, a password without a user, a host name that
    needs an escape, a socket with a port, a port outside 1-65535, a database name with
    ``/``, space, ``"``, ``$`` or ``.``, or an option name beyond unreserved characters
    (pymongo does not decode names).
    """
    if database and _BAD_DATABASE.search(database):
        raise ValueError(
            f"pymongo refuses '/', ' ', '\"', '$' and '.' in a database name: {database!r}"
        )
    return _text(
        hosts=list(hosts),
        user=user,
        password=password,
        database=database,
        params=list(params),
        scheme="mongodb" if scheme is None else scheme,
    )


def _text(
    *,
    hosts: Iterable[Host],
    user: str | None,
    password: str | None,
    database: str | None,
    params: Iterable[tuple[str, str]],
    scheme: str,
) -> str:
    srv = scheme.lower() == "mongodb+srv"
    if scheme.lower() not in ("mongodb", "mongodb+srv"):
        schemes = "mongodb or mongodb+srv"
        raise no_scheme_of(_CLIENT, scheme, schemes)
    host_list = list(hosts)
    if not host_list or (srv and (len(host_list) != 1 or host_list[0][1] is not None)):
        raise ValueError(
            f"pymongo reads one host or more (mongodb+srv: one, without a port), not {host_list!r}"
        )
    if password and not user:
        raise ValueError("pymongo needs a user before a password")
    written: list[str] = []
    for host, port in host_list:
        if host.endswith(".sock"):
            if port is not None:
                raise ValueError(f"a Unix socket has no port: {host!r}")
            written.append(encode(host))
            continue
        if not host or (":" not in host and encode(host) != host):
            raise ValueError(
                "pymongo reads no escape in a host name (only in a socket path ending in"
                f" '.sock'): {host!r}"
            )
        if port == 0:
            raise ValueError(f"{_CLIENT} reads a port from 1 to 65535, not {port!r}")
        written.append(write_host(host.lower(), decoded=True, client=_CLIENT))
        written[-1] += write_port(_CLIENT, port)
    pairs = list(params)
    for name, value in pairs:
        if not name or encode(name) != name:
            raise ValueError(f"pymongo does not decode option names: {name!r} would need it")
        if _raw(name) and encode(value, PARAM_LITERAL.members) != value:
            raise ValueError(
                f"pymongo reads the value of {name!r} as written: it cannot hold characters"
                " that need encoding"
            )
    path = "/" + (encode(database) if database else "")
    query = join_params(pairs, str, encode) if not any(_raw(n) for n, _ in pairs) else ""
    if not query and pairs:
        query = "?" + "&".join(n + "=" + (v if _raw(n) else encode(v)) for n, v in pairs)
    return f"{scheme}://{write_userinfo(user, password)}{','.join(written)}{path}{query}"


def _raw(name: str) -> bool:
    """Whether pymongo reads the value of option ``name`` as written."""
    return name.lower() == _RAW_VALUE
