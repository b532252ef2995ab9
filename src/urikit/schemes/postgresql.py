"""``postgresql://`` connection strings as libpq reads them (PostgreSQL documentation
34.1.1.2, "Connection URIs"), SQLAlchemy's ``postgresql+driver://`` as SQLAlchemy does.

>>> v = parse("postgresql://app:s%40cret@db1:5432,db2:5433/shop?sslmode=require")
>>> v.hosts, v.user, v.database, v.params
((('db1', 5432), ('db2', 5433)), 'app', 'shop', (('sslmode', 'require'),))
>>> str(v)
'postgresql://app:***@db1:5432,db2:5433/shop?sslmode=require'
>>> to_conninfo(v)
"host='db1,db2' port='5432,5433' user='app' password='s@cret' dbname='shop' sslmode='require'"
>>> build(hosts=[("/var/run/postgresql", None)], database="my db")
'postgresql://%2Fvar%2Frun%2Fpostgresql/my%20db'

Several hosts in one authority (``h1:5432,h2:5433``) are beyond RFC 3986, whose
authority has one host (3.2.2): rule ``postgresql-URI`` takes libpq's ``host-list``.
libpq percent-decodes every part, a host too: a Unix socket directory is its encoded
path (``%2Fvar%2Frun%2Fpostgresql``) or the ``host`` parameter. A ``+`` stays a ``+``.
libpq refuses ``%00``; so does :func:`parse`. Parameter names are left to libpq (its
list grows with its version).

``postgresql+psycopg://`` and the other ``dialect+driver`` names are SQLAlchemy's
(``make_url``): one host, written as it is (SQLAlchemy does not decode it), the user,
password and database percent-decoded, the query form-decoded (``+`` a space,
parameters with an empty value dropped). The plain ``postgresql://`` given to
SQLAlchemy is read by it the same way; :func:`build` writes text both read alike where
they can (docs: "Configuration URLs").
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from urikit.errors import expected_str
from urikit.schemes._connection import (
    Builder,
    ConnectionURI,
    Host,
    checked_parts,
    decode,
    encode,
    hosts_of,
    join_params,
    no_scheme_of,
    refused,
    split_params,
    sqlalchemy_fields,
    sqlalchemy_text,
    userinfo_of,
    write_host,
    write_port,
    write_userinfo,
)

__all__ = ["PostgresqlURI", "build", "parse", "to_conninfo"]

_RULE: Final = "postgresql-URI"
_LIBPQ = "libpq"


@dataclass(frozen=True, slots=True, repr=False)
class PostgresqlURI(ConnectionURI):
    """A ``postgresql://`` connection string, decoded (see :class:`ConnectionURI`);
    ``hosts`` is empty when the authority names none (libpq's default socket)."""

    @staticmethod
    def _builder() -> Builder:
        return build


def parse(text: str) -> PostgresqlURI:
    """The hosts, user, password, database and parameters of a PostgreSQL connection
    string, as libpq reads them (or SQLAlchemy, for ``postgresql+driver://``).

    Raises :class:`~urikit.InvalidURIError` (position, rule, reason; no password) for
    text that is no ``postgresql-URI``, a port above 65535, ``%00`` or escapes that
    are not UTF-8.
    """
    text, parts = checked_parts(text, _RULE)
    if "+" in parts.scheme:
        user, password, hosts, database, params = sqlalchemy_fields(text, parts, _RULE)
        return PostgresqlURI(parts.scheme, hosts, user, password, database, params)
    user, password = userinfo_of(text, parts, _libpq)
    hosts = hosts_of(text, parts, _libpq, _LIBPQ)
    database = None if parts.path is None else _libpq(text, *parts.path) or None
    params = split_params(text, parts.query, _libpq, _libpq)
    return PostgresqlURI(parts.scheme, hosts, user, password, database, params)


def _libpq(text: str, start: int, end: int) -> str:
    """A part as libpq decodes it: percent-decoded, ``%00`` refused."""
    value = decode(text, start, end, _RULE, None)
    if "\0" in value:
        refused(text, text.find("%00", start, end), "conn-nul-escape", _RULE, None)
    return value


def build(
    *,
    hosts: Iterable[Host],
    user: str | None = None,
    password: str | None = None,
    database: str | None = None,
    params: Iterable[tuple[str, str]] = (),
    scheme: str | None = None,
) -> str:
    """A connection string that libpq (or SQLAlchemy, for a ``dialect+driver``
    ``scheme``) reads back into exactly these fields; ``scheme`` defaults to
    ``"postgresql"``. Each part is percent-encoded but its unreserved characters (RFC
    3986 2.3), a host only where it needs it. An empty user, password or database is
    written as none (libpq reads an empty one as absent).

    Raises ``ValueError`` for what the client cannot read back: a host with a ``","``
    (libpq splits the decoded list), a NUL, a parameter without a name, a port outside
    0-65535; for SQLAlchemy, more than one host, a host that needs encoding, or a
    parameter with an empty value.
    """
    scheme = "postgresql" if scheme is None else scheme
    if scheme.partition("+")[0].lower() not in ("postgresql", "postgres"):
        schemes = "postgresql, postgres or postgresql+driver"
        raise no_scheme_of(_LIBPQ, scheme, schemes)
    host_list, pairs = list(hosts), list(params)
    if "+" in scheme:
        return sqlalchemy_text(
            scheme=scheme,
            hosts=host_list,
            user=user,
            password=password,
            database=database,
            params=pairs,
        )
    for field, value in (("user", user), ("password", password), ("database", database)):
        _no_nul(field, value or "")
    written: list[str] = []
    for host, port in host_list:
        _no_nul("host", host)
        if "," in host:
            raise ValueError(
                f"libpq splits the decoded host list at ',': the host {host!r} cannot be written"
            )
        text = write_host(host, decoded=True, client=_LIBPQ) if host else ""
        written.append(text + write_port(_LIBPQ, port))
    for key, value in pairs:
        _no_nul("parameter", key + value)
        if not key:
            raise ValueError("libpq needs a parameter name")
    path = "/" + encode(database) if database else ""
    query = join_params(pairs, encode, encode)
    return f"{scheme}://{write_userinfo(user, password)}{','.join(written)}{path}{query}"


def _no_nul(field: str, value: str) -> None:
    if not isinstance(value, str):
        raise expected_str(value, field)
    if "\0" in value:
        raise ValueError(f"libpq refuses a NUL character (%00) in the {field}")


def to_conninfo(value: PostgresqlURI) -> str:
    """libpq's keyword/value form of ``value`` (PostgreSQL documentation 34.1.1.1):
    ``host`` and ``port`` as comma-separated lists, then ``user``, ``password``,
    ``dbname`` and the parameters in order, each value in single quotes with ``\\`` and
    ``'`` escaped. It holds the password: for the client, never for a log."""
    pairs: list[tuple[str, str]] = []
    if value.hosts:
        pairs.append(("host", ",".join(h for h, _ in value.hosts)))
        if any(p is not None for _, p in value.hosts):
            pairs.append(("port", ",".join("" if p is None else str(p) for _, p in value.hosts)))
    for key, field in (("user", value.user), ("password", value.password)):
        if field is not None:
            pairs.append((key, field))
    if value.database is not None:
        pairs.append(("dbname", value.database))
    pairs.extend(value.params)
    return " ".join(f"{key}={_quoted(text)}" for key, text in pairs)


def _quoted(text: str) -> str:
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"
