"""``mysql://`` and ``mariadb://`` URLs as SQLAlchemy's ``make_url`` reads them, with
its ``dialect+driver`` names (``mysql+pymysql://``, ``mariadb+mariadbconnector://``).

>>> v = parse("mysql+pymysql://app:p%40ss@db.internal:3306/shop?charset=utf8mb4")
>>> v.hosts, v.user, v.database, v.params
((('db.internal', 3306),), 'app', 'shop', (('charset', 'utf8mb4'),))
>>> build(hosts=[("localhost", None)], database="shop",
...       params=[("unix_socket", "/run/mysqld/mysqld.sock")], scheme="mysql+pymysql")
'mysql+pymysql://localhost/shop?unix_socket=%2Frun%2Fmysqld%2Fmysqld.sock'

MySQL's own drivers take no URL; SQLAlchemy is the reader of these. It decodes the
user, password and database, not the host (written as it is), and form-decodes the
query (``+`` a space; a parameter with an empty value dropped). One host: a ``","``
in the authority is refused (rule ``mysql-URI``). A Unix socket is the ``unix_socket``
parameter of the MySQL drivers.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from urikit.schemes._connection import (
    Builder,
    ConnectionURI,
    Host,
    checked_parts,
    no_scheme_of,
    sqlalchemy_fields,
    sqlalchemy_text,
)

__all__ = ["MysqlURI", "build", "parse"]

_RULE: Final = "mysql-URI"


@dataclass(frozen=True, slots=True, repr=False)
class MysqlURI(ConnectionURI):
    """A ``mysql://`` URL, decoded as SQLAlchemy reads it (see :class:`ConnectionURI`)."""

    @staticmethod
    def _builder() -> Builder:
        return build


def parse(text: str) -> MysqlURI:
    """The host, user, password, database and parameters of a MySQL URL, as SQLAlchemy
    reads them.

    Raises :class:`~urikit.InvalidURIError` (position, rule, reason; no password) for
    text that is no ``mysql-URI``, a port above 65535 or escapes that are not UTF-8.
    """
    text, parts = checked_parts(text, _RULE)
    user, password, hosts, database, params = sqlalchemy_fields(text, parts, _RULE)
    return MysqlURI(parts.scheme, hosts, user, password, database, params)


def build(
    *,
    hosts: Iterable[Host],
    user: str | None = None,
    password: str | None = None,
    database: str | None = None,
    params: Iterable[tuple[str, str]] = (),
    scheme: str | None = None,
) -> str:
    """A URL that SQLAlchemy reads back into exactly these fields; ``scheme`` defaults
    to ``"mysql"``. The user, password, database and parameters are percent-encoded but
    their unreserved characters (RFC 3986 2.3); an empty one is written as none.

    Raises ``ValueError`` for more than one host, a host that needs encoding (SQLAlchemy
    decodes none), a port outside 0-65535, or a parameter with an empty name or value.
    """
    scheme = "mysql" if scheme is None else scheme
    if scheme.partition("+")[0].lower() not in ("mysql", "mariadb"):
        schemes = "mysql, mariadb or mysql+driver"
        raise no_scheme_of("SQLAlchemy", scheme, schemes)
    return sqlalchemy_text(
        scheme=scheme,
        hosts=list(hosts),
        user=user,
        password=password,
        database=database,
        params=list(params),
    )
