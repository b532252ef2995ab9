"""URI schemes: typed values, builders and a registry (RFC 9110 4.2, 6455 3, 6068, 8141,
2397, 8089).

- :mod:`urikit.schemes.web` -- http, https, ws, wss: ``parse``, ``effective_port``,
  ``origin`` (RFC 6454);
- :mod:`urikit.schemes.mailto` -- ``parse`` and ``build`` (RFC 6068);
- :mod:`urikit.schemes.urn` -- ``parse`` and ``equivalent`` (RFC 8141), with the NSS
  syntax of uuid, isbn, issn, oid and ietf;
- :mod:`urikit.schemes.data` -- ``parse`` and ``build`` (RFC 2397);
- :mod:`urikit.schemes.file` -- ``parse``, ``to_path``, ``from_path`` (RFC 8089);
- :mod:`urikit.schemes.postgresql`, :mod:`~urikit.schemes.mysql`,
  :mod:`~urikit.schemes.redis`, :mod:`~urikit.schemes.amqp`,
  :mod:`~urikit.schemes.mongodb` -- connection strings as their clients read them
  (libpq, SQLAlchemy, redis-py, pika, pymongo): ``parse`` and ``build``, with several
  hosts and Unix sockets (rules ``postgresql-URI``, ``mysql-URI``, ``redis-URI``,
  ``redis-socket-URI``, ``amqp-URI``, ``mongodb-URI``, ``mongodb-srv-URI``);
- :func:`register` -- a scheme of your own, from the grammar combinators (``lit``,
  ``chars``, ``char_range``, ``rep``, ``opt``, ``ref``; ``+`` concatenates, ``|``
  alternates), applied by ``Policy(scheme_rules=True)`` and
  ``normalize(..., scheme_rules=True)``; with ``dns_host=True`` its hosts are DNS names,
  which :class:`~urikit.Builder` and :func:`~urikit.compose` write as they do for http.

Each scheme's rule is a rule of the grammar (``http-URI``, ``mailtoURI``, ``namestring``,
``dataurl``, ``file-URI``, ...), usable wherever a rule name is.
"""

from __future__ import annotations

from urikit._syntax.abnf import Node, char_range, chars, lit, opt, rep
from urikit._syntax.rfc3986 import ref
from urikit.schemes import amqp, data, file, mailto, mongodb, mysql, postgresql, redis, urn, web
from urikit.values.scheme_table import Scheme, check, register, registered, schemes

__all__ = [
    "Node",
    "Scheme",
    "amqp",
    "char_range",
    "chars",
    "check",
    "data",
    "file",
    "lit",
    "mailto",
    "mongodb",
    "mysql",
    "opt",
    "postgresql",
    "redis",
    "ref",
    "register",
    "registered",
    "rep",
    "schemes",
    "urn",
    "web",
]
