"""``amqp://`` and ``amqps://`` URIs (the RabbitMQ URI Specification), as pika
(``URLParameters``) and kombu read them.

>>> v = parse("amqps://guest:gu%40st@rabbit.internal:5671/%2F?heartbeat=30")
>>> v.hosts, v.user, v.database, v.params
((('rabbit.internal', 5671),), 'guest', '/', (('heartbeat', '30'),))
>>> build(hosts=[("rabbit.internal", None)], user="app", password="s/cret", database="orders")
'amqp://app:s%2Fcret@rabbit.internal/orders'

The vhost is the path's one segment, percent-decoded: the default vhost ``/`` is
written ``%2F``; no path or an empty one is the client's default (pika: ``/``; the
RabbitMQ specification reads ``amqp://host/`` as the empty vhost, pika and kombu as the
default: urikit follows the clients, ``database`` None). The host is lowercased, as
``urllib.parse`` gives it to both clients, and percent-decoded as the specification and
kombu say (pika keeps the escapes: a host needing them is rare). The query is
form-decoded (``+`` a space; a parameter with an empty value dropped). Parameter names
are left to the client (pika refuses those it does not know, kombu none).
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

__all__ = ["AmqpURI", "build", "parse"]

_RULE: Final = "amqp-URI"
_CLIENT = "AMQP"


@dataclass(frozen=True, slots=True, repr=False)
class AmqpURI(ConnectionURI):
    """An AMQP URI, decoded (see :class:`ConnectionURI`); ``database`` is the vhost;
    an empty user or password is ``""`` (``amqp://:@h``: the empty user, not the
    client's default ``guest``)."""

    @staticmethod
    def _builder() -> Builder:
        return build


def _plain(text: str, start: int, end: int) -> str:
    return decode(text, start, end, _RULE, None)


def parse(text: str) -> AmqpURI:
    """The host, user, password, vhost and parameters of an AMQP URI.

    Raises :class:`~urikit.InvalidURIError` (position, rule, reason; no password) for
    text that is no ``amqp-URI``, a port above 65535 or escapes that are not UTF-8.
    """
    text, parts = checked_parts(text, _RULE, hosts="")
    user, password = userinfo_of(text, parts, _plain, empty=True)
    hosts = hosts_of(text, parts, urllib_host(_RULE), _CLIENT)
    vhost = None if parts.path is None else _plain(text, *parts.path) or None
    return AmqpURI(parts.scheme, hosts, user, password, vhost, form_params(text, parts, _RULE))


def build(
    *,
    hosts: Iterable[Host],
    user: str | None = None,
    password: str | None = None,
    database: str | None = None,
    params: Iterable[tuple[str, str]] = (),
    scheme: str | None = None,
) -> str:
    """An AMQP URI the clients read back into exactly these fields (``database`` the
    vhost); ``scheme`` is ``"amqp"`` (the default) or ``"amqps"``. Each part is
    percent-encoded but its unreserved characters (RFC 3986 2.3); the host is written
    in lowercase (the clients lowercase it; RFC 3986 3.2.2).

    Raises ``ValueError`` for more than one host, a port outside 0-65535, or a parameter
    with an empty name or value.
    """
    scheme = "amqp" if scheme is None else scheme
    if scheme.lower() not in ("amqp", "amqps"):
        schemes = "amqp or amqps"
        raise no_scheme_of(_CLIENT, scheme, schemes)
    authority = urllib_authority(_CLIENT, list(hosts))
    path = "/" + encode(database) if database else ""
    query = join_params(require_params(_CLIENT, params), encode, encode)
    return f"{scheme}://{write_userinfo(user, password, empty=True)}{authority}{path}{query}"
