"""Connection strings against the clients that read them: libpq (psycopg's
``conninfo_to_dict``), SQLAlchemy's ``make_url``, redis-py's ``parse_url``, pika's
``URLParameters`` and pymongo's ``parse_uri`` (no DNS: ``mongodb+srv`` is checked with
its validation step alone).

Three kinds of case for each: the examples of the client's documentation
(``tests/syntax/scheme_tables.py``), cases of the client's own test suite (facts, their
origin beside them), and generated field sets: ``build`` writes them, the client reads
them back, and must read exactly these fields, as ``parse`` must (RFC 3986 2.1, 2.5:
every character outside the unreserved set is percent-encoded, so every client decodes
it alike). Each generated test draws batches of field sets, ``BATCH`` a draw, so that a
run reads at least 10,000 field sets per client.
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Callable
from random import Random
from typing import cast

import pika  # type: ignore[import-untyped]
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from kombu.utils import url as kombu_url
from psycopg.conninfo import conninfo_to_dict
from pymongo.uri_parser import parse_uri
from pymongo.uri_parser_shared import _validate_uri  # pyright: ignore[reportPrivateUsage]
from redis import connection as redis_connection
from sqlalchemy.engine import make_url

from tests.syntax.scheme_tables import (
    AMQP_URIS,
    LIBPQ_URIS,
    MONGODB_URIS,
    REDIS_URLS,
    SQLALCHEMY_MYSQL,
    SQLALCHEMY_PG,
)
from urikit import InvalidURIError
from urikit.schemes import amqp, mongodb, mysql, postgresql, redis
from urikit.schemes._connection import ConnectionURI

BATCH = 500
EXAMPLES = 20  # BATCH * EXAMPLES = 10,000 field sets per client and run
SETTINGS = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

Fields = dict[str, object]

# --- what each client reads, as urikit's fields ------------------------------------------


def libpq_fields(text: str) -> Fields:
    """libpq's reading (``PQconninfoParse``) as urikit's fields; parameters sorted."""
    found = conninfo_to_dict(text)
    hosts, ports = _text(found.pop("host", None)), _text(found.pop("port", None))
    host_list: list[tuple[str, int | None]] = []
    if hosts is not None or ports is not None:
        names = (hosts or "").split(",")
        numbers = (ports or "").split(",") if ports is not None else [""] * len(names)
        host_list = [(h, int(p) if p else None) for h, p in zip(names, numbers, strict=True)]
    user, password = _text(found.pop("user", None)), _text(found.pop("password", None))
    dbname = _text(found.pop("dbname", None))
    return {
        "hosts": tuple(host_list),
        "user": user,
        "password": password,
        "database": dbname,
        "params": tuple(sorted((k, str(v)) for k, v in found.items())),
    }


def _build(build: Callable[..., str], fields: Fields) -> str:
    """``build`` called with the drawn fields (keyword arguments of every module)."""
    return build(**fields)


def _text(value: object) -> str | None:
    return None if value is None else str(value)


def ours(value: ConnectionURI, *, sort: bool = False) -> Fields:
    params = value.params
    return {
        "hosts": value.hosts,
        "user": value.user,
        "password": value.password,
        "database": value.database,
        "params": tuple(sorted(params)) if sort else params,
    }


def sqlalchemy_fields(text: str) -> Fields:
    url = make_url(text)
    hosts: tuple[tuple[str, int | None], ...] = ()
    if url.host is not None or url.port is not None:
        hosts = ((url.host or "", url.port),)
    params = tuple((k, v) for k, values in url.query.items() for v in _values(values))
    return {
        "hosts": hosts,
        "user": url.username or None,
        "password": url.password or None,
        "database": url.database or None,
        "params": params,
    }


def _values(value: str | tuple[str, ...]) -> tuple[str, ...]:
    return (value,) if isinstance(value, str) else value


def redis_kwargs(text: str) -> dict[str, object]:
    read = cast("Callable[[str], dict[str, object]]", redis_connection.parse_url)  # pyright: ignore[reportUnknownMemberType]
    found = dict(read(text))
    found.pop("connection_class", None)
    return found


def pika_fields(text: str) -> Fields:
    p = pika.URLParameters(text)
    credentials = cast("pika.PlainCredentials", p.credentials)
    return {
        "host": p.host,
        "port": p.port,
        "user": credentials.username,
        "password": credentials.password,
        "vhost": p.virtual_host,
        "locale": p.locale,
    }


def pymongo_fields(text: str) -> Fields:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        found = _validate_uri(text, validate=False) if "+srv" in text else parse_uri(text)
    database = found["database"]
    if found["collection"] is not None:
        database = f"{database}.{found['collection']}"
    return {
        "hosts": tuple(found["nodelist"]) if "+srv" not in text else ((found["fqdn"], None),),
        "user": found["username"],
        "password": found["password"],
        "database": database,
        "params": tuple(sorted((k.lower(), str(v)) for k, v in found["options"].items())),
    }


def mongo_ours(value: mongodb.MongodbURI) -> Fields:
    default = None if value.scheme == "mongodb+srv" else 27017
    hosts = tuple(
        (h, default if p is None and not h.endswith(".sock") else p) for h, p in value.hosts
    )
    database = value.database
    if value.collection is not None:
        database = f"{database}.{value.collection}"
    # pymongo gives a user without ":" the password "" (urikit: None, RFC 3986 3.2.1).
    password = "" if value.password is None and value.user is not None else value.password
    return {
        "hosts": hosts,
        "user": value.user,
        "password": password,
        "database": database,
        "params": tuple(sorted((k.lower(), v) for k, v in value.params)),
    }


# --- the clients' documentation ------------------------------------------------------------


@pytest.mark.parametrize("text", LIBPQ_URIS)
def test_libpq_documentation(text: str) -> None:
    """What libpq reads from the URI, it reads from urikit's keyword/value form of it
    (where a parameter repeats a field, libpq's later one wins in both)."""
    assert conninfo_to_dict(postgresql.to_conninfo(postgresql.parse(text))) == conninfo_to_dict(
        text
    )


@pytest.mark.parametrize("text", SQLALCHEMY_PG + SQLALCHEMY_MYSQL)
def test_sqlalchemy_documentation(text: str) -> None:
    module = postgresql if text.startswith("postgres") else mysql
    assert ours(module.parse(text)) == sqlalchemy_fields(text)


@pytest.mark.parametrize("text", REDIS_URLS)
def test_redis_documentation(text: str) -> None:
    assert _redis_kwargs(redis.parse(text)) == redis_kwargs(text)


def value_fields(value: ConnectionURI) -> tuple[str | None, str | None, str | None]:
    return value.user, value.password, value.database


def _pika_reads(text: str) -> bool:
    """pika fails (TypeError) on a user without a password: ``amqp://user@``."""
    return "@" not in text or ":" in text.split("@")[0][len("amqp://") :]


@pytest.mark.parametrize("text", [t for t in AMQP_URIS if _pika_reads(t) and "%61st" not in t])
def test_amqp_documentation(text: str) -> None:
    assert _pika_expected(amqp.parse(text)) == pika_fields(text)


def test_amqp_host_escapes_follow_the_specification_and_kombu_not_pika() -> None:
    """The RabbitMQ URI Specification decodes the host (its example ``ho%61st`` is
    ``hoast``), as kombu does; pika keeps the escape. urikit follows the first two."""
    text = "amqp://user%61:%61pass@ho%61st:10000/v%2fhost"
    value = amqp.parse(text)
    read = cast("Callable[[str], dict[str, object]]", kombu_url.parse_url)  # pyright: ignore[reportUnknownMemberType]
    kombu = read(text)
    assert value.hosts == ((kombu["hostname"], kombu["port"]),) == (("hoast", 10000),)
    assert (value.user, value.password, value.database) == ("usera", "apass", "v/host")
    assert (kombu["userid"], kombu["password"], kombu["virtual_host"]) == value_fields(value)
    assert pika_fields(text)["host"] == "ho%61st"


@pytest.mark.parametrize("text", MONGODB_URIS)
def test_mongodb_documentation(text: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the documentation's "safe" option is deprecated
        expected = pymongo_fields_lenient(text)
    got = mongo_ours(mongodb.parse(text))
    assert got["hosts"] == expected["hosts"]
    assert (got["user"], got["password"], got["database"]) == (
        expected["user"],
        expected["password"],
        expected["database"],
    )


def pymongo_fields_lenient(text: str) -> Fields:
    found = parse_uri(text, validate=False)
    return {
        "hosts": tuple(found["nodelist"]),
        "user": found["username"],
        "password": found["password"],
        "database": found["database"],
    }


def _redis_kwargs(value: redis.RedisURI) -> dict[str, object]:
    """What redis-py's ``parse_url`` gives, from urikit's fields (its keyword names)."""
    kwargs = dict(redis.to_redis_kwargs(value))
    kwargs.pop("ssl", None)
    if "unix_socket_path" in kwargs:
        kwargs["path"] = kwargs.pop("unix_socket_path")
    return kwargs


def _pika_expected(value: amqp.AmqpURI) -> Fields:
    tls = value.scheme.lower() == "amqps"
    host, port = value.hosts[0] if value.hosts else ("localhost", None)
    default = value.user is None
    return {
        "host": host or "localhost",
        "port": port if port is not None else (5671 if tls else 5672),
        "user": "guest" if default else value.user,
        "password": "guest" if default else value.password,
        "vhost": value.database or "/",
        "locale": value.param("locale") or "en_US",
    }


# --- the clients' own test suites (facts; origin beside each) ------------------------------

# psycopg tests/test_conninfo.py, test_conninfo_to_dict and test_make_conninfo.
PSYCOPG_CASES = (
    "postgresql://tester:secret@/test?port=5433",
    "postgresql://host1/test",
)
# psycopg tests/test_conninfo.py, test_make_conninfo_bad: libpq refuses "5433=x".
PSYCOPG_REFUSED = ("postgresql://tester:secret@/test?port=5433=x",)

# SQLAlchemy test/engine/test_parseconnect.py, URLTest.test_rfc1738 and
# test_rfc1738_password (its "dbtype" written as a dialect of each module).
SQLALCHEMY_CASES = (
    "postgresql://username:password@hostspec/database",
    "postgresql+apitype://username:password@hostspec/database",
    "postgresql://username:password@hostspec",
    "postgresql://username:password@/database",
    "postgresql://username@hostspec",
    "postgresql://username:password@127.0.0.1:1521",
    "postgresql://hostspec/database",
    "postgresql://hostspec",
    "postgresql://hostspec/?arg1=val1&arg2=val2",
    "postgresql+apitype:///database",
    "postgresql://",
    "postgresql://username:apples%2Foranges@hostspec/database",
    "postgresql://username:apples%40oranges%40%40@hostspec/database",
    "postgresql://username%40:@hostspec/database",
    "postgresql://username:pass%2Fword@hostspec/database",
    "postgresql://username:password@[2001:da8:2004:1000:202:116:160:90]:80/database?foo=bar",
    "mysql://user:pass@host/db?arg1=param1&arg2=param2",
    "mysql://user:pass@host/db?arg1=param1&arg2=param2&arg2=param3",
    "mysql://user:pass@host/db?arg1%3D=param1&arg2=param+2",
    "mysql://scott:tiger@localhost/test",
)
# SQLAlchemy test_rfc1738_password: a space in a password, which RFC 3986 2 refuses
# unencoded (urikit refuses it; SQLAlchemy reads it).
SQLALCHEMY_BEYOND_RFC = ("mysql://user:pass word + other%3Awords@host/dbname",)

# redis-py tests/test_connection_pool.py, TestConnectionPoolURLParsing,
# TestConnectionPoolUnixSocketURLParsing and TestSSLConnectionURLParsing.
REDIS_CASES = (
    "redis://my.host",
    "redis://localhost:6380",
    "redis://myuser:@localhost",
    "redis://:mypassword@localhost",
    "redis://myuser:mypass@localhost",
    "redis://localhost/2",
    "redis://localhost/2?db=3",
    "redis://location?client_name=test-client",
    "unix:///socket",
    "unix://myuser:@/socket",
    "unix://:mypassword@/socket",
    "unix://:mypassword@/my%2Fpath%2Fto%2F..%2F+_%2B%3D%24ocket",
    "unix:///socket?db=2",
    "rediss://my.host",
    "rediss://?ssl_cert_reqs=none",
    "rediss://?ssl_check_hostname=False",
)
# The same tests' quoted names and hosts hold unencoded spaces: beyond RFC 3986 2.
REDIS_BEYOND_RFC = (
    "redis://my %2F host %2B%3D+",
    "redis://%2Fmyuser%2F%2B name%3D%24+:@localhost",
    "redis://:%2Fmypass%2F%2B word%3D%24+@localhost",
)

# pika tests/unit/connection_parameters_tests.py, URLParametersTests (the URLs it reads).
PIKA_CASES = (
    "amqp://",
    "amqps://",
    "amqp://myhost",
    "amqp://myhost:5673",
    "amqp://user:pass@myhost/myvhost",
    "amqp://user:pass@myhost/%2F",
    "amqp://myhost/?heartbeat=60&locale=en_UK",
)

# pymongo test/test_uri_parser.py, TestURI.test_parse_uri and test_split_hosts.
PYMONGO_CASES = (
    "mongodb://localhost",
    "mongodb://localhost:27018",
    "mongodb://localhost/test",
    "mongodb://user:password@localhost/?authMechanism=SCRAM-SHA-256",
    "mongodb://user:password@localhost/foo?authSource=bar&authMechanism=SCRAM-SHA-256",
    "mongodb://localhost/test.yield_historical.in",
    "mongodb://example1.com:27017,example2.com:27017",
    "mongodb://[::1]:27017,[2001:0db8:85a3:0000:0000:8a2e:0370:7334],[::1]",
    "mongodb://%2Ftmp%2Fmongodb-27017.sock",
    "mongodb://localhost/?readPreference=secondary",
)
# pymongo test_parse_uri: refused by pymongo and by urikit.
PYMONGO_REFUSED = (
    "mongodb://localhost:0",  # port 0
    "mongodb://localhost:70000",  # port above 65535
    "mongodb://user@pass@localhost",  # an unencoded "@"
    "mongodb://a%2Cb:27017",  # an escape in a host name
)


@pytest.mark.parametrize("text", PSYCOPG_CASES)
def test_psycopg_suite(text: str) -> None:
    assert conninfo_to_dict(postgresql.to_conninfo(postgresql.parse(text))) == conninfo_to_dict(
        text
    )


@pytest.mark.parametrize("text", PSYCOPG_REFUSED)
def test_psycopg_suite_refused(text: str) -> None:
    with pytest.raises(Exception):  # noqa: B017 - psycopg.ProgrammingError
        conninfo_to_dict(text)
    with pytest.raises(InvalidURIError):
        postgresql.parse(text)


@pytest.mark.parametrize("text", SQLALCHEMY_CASES)
def test_sqlalchemy_suite(text: str) -> None:
    module = postgresql if text.startswith("postgres") else mysql
    value = module.parse(text)
    if "+" not in value.scheme:  # libpq's reading: hosts decoded, "+" kept
        value = module.parse(text.replace("://", "+driver://", 1))
    assert ours(value) == sqlalchemy_fields(text)


@pytest.mark.parametrize("text", SQLALCHEMY_BEYOND_RFC + REDIS_BEYOND_RFC)
def test_texts_the_rfc_refuses_are_refused(text: str) -> None:
    """RFC 3986 2: a space is no URI character; the clients read one, urikit asks for
    %20 (which they read the same)."""
    module = mysql if text.startswith("mysql") else redis
    with pytest.raises(InvalidURIError):
        module.parse(text)
    fixed = text.replace(" ", "%20")
    if module is redis:
        assert _redis_kwargs(redis.parse(fixed)) == redis_kwargs(fixed)
    else:
        assert ours(mysql.parse(fixed)) == sqlalchemy_fields(fixed)


@pytest.mark.parametrize("text", REDIS_CASES)
def test_redis_suite(text: str) -> None:
    assert _redis_kwargs(redis.parse(text)) == redis_kwargs(text)


@pytest.mark.parametrize("text", PIKA_CASES)
def test_pika_suite(text: str) -> None:
    assert _pika_expected(amqp.parse(text)) == pika_fields(text)


@pytest.mark.parametrize("text", PYMONGO_CASES)
def test_pymongo_suite(text: str) -> None:
    assert mongo_ours(mongodb.parse(text)) == pymongo_fields(text)


@pytest.mark.parametrize("text", PYMONGO_REFUSED)
def test_pymongo_suite_refused(text: str) -> None:
    with pytest.raises(Exception):  # noqa: B017 - pymongo's InvalidURI, ValueError
        pymongo_fields(text)
    with pytest.raises(InvalidURIError):
        mongodb.parse(text)


# --- generated field sets: build, then the client reads them back -------------------------

# Hypothesis draws a seeded random source per example; each example then writes
# ``BATCH`` field sets with it (drawing each from Hypothesis is ten times slower).
_TRICKY = [*":/?#[]@!$&'()*+,;=% \"\\\t~-._", "é", "€", "日", "😀", "%41"]
_NAME = "abcdefghij0123456789-."
_IPV6 = ["::1", "2001:db8::1", "fe80::a:b:c", "::ffff:192.0.2.1"]


def text(rng: Random, *, least: int = 0, most: int = 10) -> str:
    """Text with what breaks URLs: reserved characters, "%", "+", spaces, non-ASCII."""
    out: list[str] = []
    for _ in range(rng.randint(least, most)):
        if rng.random() < 0.5:
            out.append(rng.choice(_TRICKY))
        else:
            code = rng.choice((rng.randint(0x20, 0x7E), rng.randint(1, 0x10FFFF)))
            out.append("?" if 0xD800 <= code <= 0xDFFF else chr(code))
    return "".join(out)


def some(rng: Random) -> str:
    return text(rng, least=1)


def maybe(rng: Random, draw: Callable[[Random], str]) -> str | None:
    return None if rng.random() < 0.3 else draw(rng)


def name(rng: Random) -> str:
    return "".join(rng.choice(_NAME) for _ in range(rng.randint(1, 12)))


def port(rng: Random) -> int | None:
    return None if rng.random() < 0.4 else rng.randint(1, 65535)


def ipv6(rng: Random) -> str:
    return rng.choice(_IPV6)


RANDOMS = st.randoms(use_true_random=True)


def _libpq_host(rng: Random) -> str:
    kind = rng.randrange(3)
    if kind == 0:
        return text(rng).replace(",", "").replace(":", "").lstrip("/")
    if kind == 1:
        return "/" + text(rng).replace(",", "")
    return ipv6(rng)


# libpq keywords whose values it keeps as text (PostgreSQL documentation 34.1.2).
LIBPQ_KEYS = ("application_name", "options", "sslmode", "target_session_attrs", "service")


def libpq_field_set(rng: Random) -> Fields:
    hosts = [(_libpq_host(rng), port(rng)) for _ in range(rng.randint(0, 3))]
    if hosts == [("", None)]:
        hosts = []  # "postgresql://" names no host
    keys = rng.sample(LIBPQ_KEYS, rng.randint(0, 3))
    return {
        "hosts": tuple(hosts),
        "user": maybe(rng, some),
        "password": maybe(rng, some),
        "database": maybe(rng, some),
        "params": tuple(sorted((k, text(rng)) for k in keys)),
    }


@SETTINGS
@given(RANDOMS)
def test_libpq_reads_back_what_build_writes(rng: Random) -> None:
    for fields in (libpq_field_set(rng) for _ in range(BATCH)):
        text = _build(postgresql.build, fields)
        assert libpq_fields(text) == fields, text
        assert ours(postgresql.parse(text), sort=True) == fields
        assert libpq_fields(postgresql.to_conninfo(postgresql.parse(text))) == fields


def _unique_keys(rng: Random, prefix: str = "") -> list[str]:
    return list(dict.fromkeys(prefix + some(rng) for _ in range(rng.randint(0, 3))))


def sqlalchemy_field_set(rng: Random) -> Fields:
    host = rng.choice((name(rng), ipv6(rng), ""))
    number = port(rng)
    return {
        "hosts": () if not host and number is None else ((host, number),),
        "user": maybe(rng, some),
        "password": maybe(rng, some),
        "database": maybe(rng, some),
        "params": tuple((k, some(rng)) for k in _unique_keys(rng)),
        "scheme": rng.choice(["postgresql+psycopg", "mysql+pymysql", "mariadb"]),
    }


@SETTINGS
@given(RANDOMS)
def test_sqlalchemy_reads_back_what_build_writes(rng: Random) -> None:
    for fields in (sqlalchemy_field_set(rng) for _ in range(BATCH)):
        module = postgresql if str(fields["scheme"]).startswith("postgres") else mysql
        text = _build(module.build, fields)
        expected = {k: v for k, v in fields.items() if k != "scheme"}
        assert sqlalchemy_fields(text) == expected, text
        assert ours(module.parse(text)) == expected


def redis_field_set(rng: Random) -> Fields:
    scheme = rng.choice(["redis", "rediss", "unix"])
    hosts: tuple[tuple[str, int | None], ...]
    if scheme == "unix":
        hosts = (("/" + text(rng), None),)
        database = None
    else:
        host = rng.choice((text(rng).replace(",", "").replace(":", ""), ipv6(rng)))
        number = port(rng)
        hosts = () if not host and number is None else ((host.lower(), number),)
        database = None if rng.random() < 0.3 else str(rng.randint(0, 99))
    return {
        "hosts": hosts,
        "user": maybe(rng, some),
        "password": maybe(rng, some),
        "database": database,
        "params": tuple((k, some(rng)) for k in _unique_keys(rng, "x")),
        "scheme": scheme,
    }


@SETTINGS
@given(RANDOMS)
def test_redis_reads_back_what_build_writes(rng: Random) -> None:
    for fields in (redis_field_set(rng) for _ in range(BATCH)):
        text = _build(redis.build, fields)
        value = redis.parse(text)
        if value.hosts != fields["hosts"]:  # str.lower() of the decoded host
            assert [(h.lower(), p) for h, p in value.hosts] == list(fields["hosts"]), text  # type: ignore[call-overload]
        assert {**ours(value), "hosts": fields["hosts"]} == {
            k: v for k, v in fields.items() if k != "scheme"
        }, text
        expected: dict[str, object] = dict(value.params)
        if value.user:
            expected["username"] = value.user
        if value.password:
            expected["password"] = value.password
        if fields["scheme"] == "unix":
            expected["path"] = value.hosts[0][0]
        elif value.hosts:
            host, number = value.hosts[0]
            expected.update({"host": host} if host else {})
            expected.update({"port": number} if number else {})
        if value.database is not None and fields["scheme"] != "unix":
            expected["db"] = int(value.database)
        assert redis_kwargs(text) == expected, text


def amqp_field_set(rng: Random) -> Fields:
    return {
        "hosts": ((name(rng), port(rng)),),
        "user": some(rng),
        "password": text(rng),
        "database": maybe(rng, some),
        "params": (("locale", some(rng)),) if rng.random() < 0.5 else (),
        # amqps: pika loads the system's CA certificates for each read (0.2 s); the
        # text differs from amqp's in the scheme alone.
        "scheme": "amqp",
    }


@SETTINGS
@given(RANDOMS)
def test_pika_reads_back_what_build_writes(rng: Random) -> None:
    for fields in (amqp_field_set(rng) for _ in range(BATCH)):
        text = _build(amqp.build, fields)
        value = amqp.parse(text)
        assert ours(value) == {k: v for k, v in fields.items() if k != "scheme"}, text
        assert pika_fields(text) == _pika_expected(value), text


_BAD_DB = re.compile(r'[/ "$.]')


def mongodb_field_set(rng: Random) -> Fields:
    srv = rng.random() < 0.3
    hosts: list[tuple[str, int | None]]
    if srv:
        hosts = [(name(rng) + ".example.net", None)]
    else:
        hosts = [
            (f"/tmp/{text(rng)}.sock", None)
            if rng.random() < 0.3
            else (rng.choice((name(rng), ipv6(rng))), port(rng))
            for _ in range(rng.randint(1, 3))
        ]
    user = maybe(rng, some)
    keys = rng.sample(["appName", "replicaSet"], rng.randint(0, 2))
    return {
        "hosts": tuple(hosts),
        "user": user,
        "password": maybe(rng, some) if user else None,
        "database": maybe(rng, lambda r: _BAD_DB.sub("", some(r))) or None,
        "params": tuple((k, some(rng)) for k in keys),
        "scheme": "mongodb+srv" if srv else "mongodb",
    }


@SETTINGS
@given(RANDOMS)
def test_pymongo_reads_back_what_build_writes(rng: Random) -> None:
    for fields in (mongodb_field_set(rng) for _ in range(BATCH)):
        text = _build(mongodb.build, fields)
        value = mongodb.parse(text)
        assert ours(value) == {k: v for k, v in fields.items() if k != "scheme"}, text
        assert pymongo_fields(text) == mongo_ours(value), text
