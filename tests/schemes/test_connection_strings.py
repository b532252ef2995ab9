"""Connection strings (urikit.schemes.postgresql, mysql, redis, amqp, mongodb): their
rules wherever a rule is used, what each client refuses, and build's refusals. The
clients' own readings are in tests/differential/test_connection_clients.py."""

from __future__ import annotations

import pytest

import urikit
from urikit import InvalidURIError, Policy, batch
from urikit.cli import main
from urikit.schemes import amqp, mongodb, mysql, postgresql, redis, registered

MULTI = "postgresql://app@db1:5432,db2:5433/shop"


def test_the_rules_are_rules_of_the_grammar() -> None:
    """host-list is beyond RFC 3986 3.2.2: the URI rule refuses it, postgresql-URI reads
    it; the batch API and the CLI's --rule take the rule by name."""
    assert not urikit.is_valid(MULTI, "URI") and urikit.is_valid(MULTI, "postgresql-URI")
    assert list(batch.is_valid([MULTI, "postgresql://h:x/"], rule="postgresql-URI")) == [
        True,
        False,
    ]
    assert main(["validate", "--rule", "postgresql-URI", MULTI]) == 0


def test_the_schemes_are_registered_with_their_spellings() -> None:
    names = {
        "postgresql": "postgresql-URI",
        "postgres": "postgresql-URI",
        "postgresql+psycopg": "postgresql-URI",  # SQLAlchemy's dialect+driver
        "mysql+pymysql": "mysql-URI",
        "mariadb": "mysql-URI",
        "rediss": "redis-URI",
        "unix": "redis-socket-URI",
        "amqps": "amqp-URI",
        "mongodb+srv": "mongodb-srv-URI",
    }
    for name, rule in names.items():
        found = registered(name)
        assert found is not None and found.rule == rule, name
    assert registered("sqlite+pysqlite") is None  # a dialect urikit has no rule for


def test_policy_scheme_rules_apply_the_connection_rules() -> None:
    policy = Policy(scheme_rules=True)
    assert policy.accepts("postgresql+psycopg://app@db/shop?sslmode=require")
    assert not policy.accepts("redis://cache/db0")  # the path is the database number
    assert not policy.accepts("amqp://rabbit/a/b")  # the vhost is one segment
    problems = policy.problems(MULTI)  # several hosts: no RFC 3986 URI
    assert "beyond RFC 3986" in problems[0].message


@pytest.mark.parametrize(
    ("read", "text", "rule", "position"),
    [
        (postgresql.parse, "postgresql://h/db#x", "postgresql-URI", 17),
        # "h1,h2" could still be a userinfo until the "/": the first impossible character
        (postgresql.parse, "postgresql+psycopg://h1,h2/db", "postgresql-URI", 26),
        (postgresql.parse, "postgresql://h/d%00b", "postgresql-URI", 16),
        (postgresql.parse, "postgresql://h:65536/db", "port", 15),
        (mysql.parse, "mysql://u@h1,h2/db", "mysql-URI", 12),
        (redis.parse, "redis://h/zero", "redis-URI", 10),
        (amqp.parse, "amqp://h/a/b", "path-abempty", 10),
        (mongodb.parse, "mongodb://h:0/", "port", 12),
        (mongodb.parse, "mongodb://h%41/", "mongodb-URI", 11),
        (mongodb.parse, "mongodb://h/a%20b", "mongodb-URI", 12),
        (mongodb.parse, "mongodb+srv://c.example.net:27017/", "mongodb-srv-URI", 33),
    ],
)
def test_what_the_client_refuses_is_located(
    read: object, text: str, rule: str, position: int
) -> None:
    assert callable(read)
    with pytest.raises(InvalidURIError) as info:
        read(text)
    assert (info.value.rule, info.value.position) == (rule, position)


@pytest.mark.parametrize(
    ("build", "fields"),
    [
        (postgresql.build, {"hosts": [("a,b", None)]}),  # libpq splits at ","
        (postgresql.build, {"hosts": [("h", 70000)]}),
        (postgresql.build, {"hosts": [], "database": "a\0b"}),
        (postgresql.build, {"hosts": [("h", None), ("i", None)], "scheme": "postgresql+psycopg"}),
        (mysql.build, {"hosts": [("my host", None)]}),  # SQLAlchemy decodes no host
        (mysql.build, {"hosts": [("h", None)], "params": [("charset", "")]}),
        (redis.build, {"hosts": [("h", None)], "database": "zero"}),
        (redis.build, {"hosts": [("relative.sock", None)], "scheme": "unix"}),
        (amqp.build, {"hosts": [("h", None)], "scheme": "http"}),
        (mongodb.build, {"hosts": []}),
        (mongodb.build, {"hosts": [("h", None)], "password": "p"}),
        (mongodb.build, {"hosts": [("h", None)], "database": "a.b"}),
        (mongodb.build, {"hosts": [("a", None), ("b", None)], "scheme": "mongodb+srv"}),
    ],
)
def test_build_refuses_what_the_client_cannot_read_back(
    build: object, fields: dict[str, object]
) -> None:
    assert callable(build)
    with pytest.raises(ValueError):
        build(**fields)


def test_an_empty_amqp_user_is_the_empty_user() -> None:
    """amqp://:@h logs in as the empty user (pika, kombu), not the default guest."""
    value = amqp.parse("amqp://:@h")
    assert (value.user, value.password) == ("", "")
    assert amqp.build(hosts=value.hosts, user="", password="") == "amqp://:@h"
