"""The rules of connection strings, as their clients read them, written with the grammar
combinators: ``postgresql-URI`` (libpq 34.1.1, and SQLAlchemy's ``dialect+driver``
form), ``mysql-URI`` (SQLAlchemy), ``redis-URI`` and ``redis-socket-URI`` (redis-py),
``amqp-URI`` (the RabbitMQ URI specification, pika), ``mongodb-URI`` and
``mongodb-srv-URI`` (the MongoDB connection string specification, pymongo).

Each reuses the rules of RFC 3986 by name (``userinfo``, ``host``, ``port``, ``pchar``,
``IP-literal``, ...). Beyond RFC 3986: ``host-list``, several ``host [ ":" port ]``
separated by ``","`` in one authority (libpq, MongoDB). RFC 3986 3.2.2 reads a ``","``
as a character of a reg-name, so ``h1:5432,h2`` is no RFC 3986 authority (its port
would hold a ``","``); these rules are the clients' grammar, not the RFC's, and their
errors say so. A host of a list is therefore a reg-name without ``","``.

The query of every rule is ``conn-params``: ``key=value`` pairs joined by ``"&"``, as
each client splits them; a ``"="`` or ``";"`` in a key or value is written ``%3D`` /
``%3B`` (libpq refuses a second ``"="``, pymongo splits on ``";"``). No rule has a
fragment: libpq reads a ``"#"`` as part of the text before it, the others drop what
follows it.
"""

from __future__ import annotations

from urikit._syntax.abnf import Chars, Node, char_range, chars, lit, opt, rep
from urikit._syntax.names import Rule, ref

__all__ = ["CONNECTION_RULES", "LIST_HOST_LITERAL", "PARAM_LITERAL"]

#: The characters a host of a host list holds as they are: unreserved and the
#: sub-delims but ``","``, which separates the hosts.
LIST_HOST_LITERAL: Chars = (
    char_range("A", "Z") | char_range("a", "z") | char_range("0", "9") | chars("-._~!$&'()*+;=")
)
#: The characters a key or value of ``conn-params`` holds as they are: those of an RFC
#: 3986 query (3.4) but ``"&"``, ``"="`` and ``";"``.
PARAM_LITERAL: Chars = (
    char_range("A", "Z") | char_range("a", "z") | char_range("0", "9") | chars("-._~!$'()*+,:@/?")
)

_DRIVER = rep(ref("ALPHA") | ref("DIGIT") | lit("_"), 1, possessive=True)
_PARAMS = opt(lit("?") + opt(ref("conn-params")), possessive=True)
_USERINFO_AT = opt(ref("userinfo") + lit("@"))
_PORT = opt(lit(":") + ref("port"), possessive=True)
# libpq: a database name is the text up to "?", percent-decoded.
_DBNAME = opt(lit("/") + rep(ref("pchar") | lit("/"), possessive=True), possessive=True)
_ONE_HOST = opt(ref("list-host"), possessive=True) + _PORT


def _sqlalchemy(*dialects: str) -> Node:
    """``dialect [ "+" driver ]`` for each of ``dialects``: SQLAlchemy's names."""
    names = lit(dialects[0])
    for other in dialects[1:]:
        names = names | lit(other)
    return names + opt(lit("+") + _DRIVER, possessive=True)


# The MongoDB connection string specification: a user is not empty and a ":" in the
# user or password is written %3A (pymongo refuses a second one).
_MONGO_CHAR = ref("unreserved") | ref("pct-encoded") | ref("sub-delims")
_MONGO_USERINFO = (
    rep(_MONGO_CHAR, 1, possessive=True)
    + opt(lit(":") + rep(_MONGO_CHAR, possessive=True), possessive=True)
    + lit("@")
)
_MONGO_HOST = ref("list-host") + opt(lit(":") + rep(ref("DIGIT"), 1, possessive=True))
# pymongo: the text between the hosts and "?" after a "/" is the database; no "/" in it.
_MONGO_TAIL = opt(lit("/") + rep(ref("pchar"), possessive=True), possessive=True) + _PARAMS

CONNECTION_RULES: tuple[Rule, ...] = (
    Rule(
        "postgresql-URI",
        'postgresql-URI = ( "postgresql" / "postgres" ) "://" [ userinfo "@" ] host-list'
        ' [ "/" dbname ] [ "?" [ conn-params ] ] / ( "postgresql" / "postgres" ) "+" driver'
        ' "://" [ userinfo "@" ] [ list-host ] [ ":" port ] [ "/" dbname ]'
        ' [ "?" [ conn-params ] ] ; dbname = *( pchar / "/" ), driver = 1*( ALPHA / DIGIT'
        ' / "_" ); beyond RFC 3986: several hosts (libpq 34.1.1.2); the "+" driver form is'
        " SQLAlchemy's, with one host",
        "libpq 34.1.1.2; SQLAlchemy Engine Configuration",
        (
            (lit("postgresql") | lit("postgres"))
            + lit("://")
            + _USERINFO_AT
            + ref("host-list")
            + _DBNAME
            + _PARAMS
        )
        | (
            _sqlalchemy("postgresql", "postgres")
            + lit("://")
            + _USERINFO_AT
            + _ONE_HOST
            + _DBNAME
            + _PARAMS
        ),
    ),
    Rule(
        "mysql-URI",
        'mysql-URI = ( "mysql" / "mariadb" ) [ "+" driver ] "://" [ userinfo "@" ]'
        ' [ list-host ] [ ":" port ] [ "/" dbname ] [ "?" [ conn-params ] ]'
        ' ; dbname = *( pchar / "/" ), driver = 1*( ALPHA / DIGIT / "_" )',
        "SQLAlchemy Engine Configuration",
        _sqlalchemy("mysql", "mariadb") + lit("://") + _USERINFO_AT + _ONE_HOST + _DBNAME + _PARAMS,
    ),
    Rule(
        "redis-URI",
        'redis-URI = ( "redis" / "rediss" ) "://" [ userinfo "@" ] [ list-host ] [ ":" port ]'
        ' [ "/" [ 1*DIGIT ] ] [ "?" [ conn-params ] ] ; the path is the database number',
        "IANA redis, rediss; redis-py from_url",
        (lit("rediss") | lit("redis"))
        + lit("://")
        + _USERINFO_AT
        + _ONE_HOST
        + opt(lit("/") + rep(ref("DIGIT"), possessive=True), possessive=True)
        + _PARAMS,
    ),
    Rule(
        "redis-socket-URI",
        'redis-socket-URI = "unix://" [ userinfo "@" ] path-absolute [ "?" [ conn-params ] ]'
        " ; the path is the socket's (redis-py from_url)",
        "redis-py from_url",
        lit("unix://") + _USERINFO_AT + ref("path-absolute") + _PARAMS,
    ),
    Rule(
        "amqp-URI",
        'amqp-URI = ( "amqp" / "amqps" ) "://" [ userinfo "@" ] [ list-host ] [ ":" port ]'
        ' [ "/" vhost ] [ "?" [ conn-params ] ] ; vhost = segment',
        "RabbitMQ URI Specification",
        (lit("amqps") | lit("amqp"))
        + lit("://")
        + _USERINFO_AT
        + _ONE_HOST
        + opt(lit("/") + ref("segment"), possessive=True)
        + _PARAMS,
    ),
    Rule(
        "mongodb-URI",
        'mongodb-URI = "mongodb://" [ user [ ":" password ] "@" ] list-host [ ":" 1*DIGIT ]'
        ' *( "," list-host [ ":" 1*DIGIT ] ) [ "/" *pchar ] [ "?" [ conn-params ] ]'
        " ; user = 1*( unreserved / pct-encoded / sub-delims ), password = *( unreserved"
        " / pct-encoded / sub-delims ); beyond RFC 3986: several hosts",
        "MongoDB Connection String Specification",
        lit("mongodb://")
        + opt(_MONGO_USERINFO)
        + _MONGO_HOST
        + rep(lit(",") + _MONGO_HOST, possessive=True)
        + _MONGO_TAIL,
    ),
    Rule(
        "mongodb-srv-URI",
        'mongodb-srv-URI = "mongodb+srv://" [ user [ ":" password ] "@" ] reg-name'
        ' [ "/" *pchar ] [ "?" [ conn-params ] ] ; one host name, no port (a DNS SRV'
        " name; no lookup here)",
        "MongoDB Connection String Specification (SRV)",
        lit("mongodb+srv://")
        + opt(_MONGO_USERINFO)
        + rep(ref("unreserved") | chars("!$&'()*+;="), 1, possessive=True)
        + _MONGO_TAIL,
    ),
    Rule(
        "host-list",
        'host-list = [ list-host ] [ ":" port ] *( "," [ list-host ] [ ":" port ] )'
        " ; beyond RFC 3986 3.2.2 (libpq 34.1.1.2): several hosts in one authority",
        "libpq 34.1.1.2",
        _ONE_HOST + rep(lit(",") + _ONE_HOST, possessive=True),
    ),
    Rule(
        "list-host",
        'list-host = IP-literal / 1*( unreserved / pct-encoded / "!" / "$" / "&" / "\'"'
        ' / "(" / ")" / "*" / "+" / ";" / "=" ) ; a reg-name without ","',
        "RFC 3986 3.2.2; libpq 34.1.1.2",
        ref("IP-literal") | rep(LIST_HOST_LITERAL | ref("pct-encoded"), 1, possessive=True),
    ),
    Rule(
        "conn-params",
        'conn-params = conn-param *( "&" conn-param )',
        "libpq 34.1.1.2",
        ref("conn-param") + rep(lit("&") + ref("conn-param"), possessive=True),
    ),
    Rule(
        "conn-param",
        'conn-param = 1*pchar-kv "=" *pchar-kv ; pchar-kv = unreserved / pct-encoded / "!"'
        ' / "$" / "\'" / "(" / ")" / "*" / "+" / "," / ":" / "@" / "/" / "?"',
        "libpq 34.1.1.2",
        rep(PARAM_LITERAL | ref("pct-encoded"), 1, possessive=True)
        + lit("=")
        + rep(PARAM_LITERAL | ref("pct-encoded"), possessive=True),
    ),
)
