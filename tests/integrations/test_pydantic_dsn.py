"""pydantic field types for connection strings (PostgresDsn, MySQLDsn, RedisDsn,
AmqpDsn, MongoDsn): the text kept as given, what the client reads exposed, no password
in a repr, an error or (when asked) a JSON dump (RFC 3986 3.2.1, 7.5)."""

from __future__ import annotations

from typing import Annotated

import pytest
from pydantic import BaseModel, ValidationError

from urikit.integrations.pydantic import (
    AmqpDsn,
    Dsn,
    DsnValidator,
    MongoDsn,
    MySQLDsn,
    PostgresDsn,
    RedisDsn,
)
from urikit.schemes.postgresql import PostgresqlURI

SECRET = "Sup3rS3cret"


class Connections(BaseModel):
    database: PostgresDsn
    cache: RedisDsn | None = None
    broker: AmqpDsn | None = None
    documents: MongoDsn | None = None
    mysql: MySQLDsn | None = None


class Hidden(BaseModel):
    database: Annotated[Dsn[PostgresqlURI], DsnValidator("postgresql", hide_password=True)]


@pytest.mark.parametrize(
    "text",
    [
        "postgresql://h",  # no "/" added (pydantic's own types add one)
        "postgresql://u:p%40ss@h1:5432,h2:5433/app?target_session_attrs=any",
        "postgresql://%2Fvar%2Frun%2Fpostgresql/app",
        "postgresql:///app?host=/var/run/postgresql",
        "postgres://H/%41pp",  # escapes and case kept
        "postgresql+psycopg://u@h/app",
    ],
)
def test_the_text_is_kept_byte_for_byte(text: str) -> None:
    model = Connections(database=text)  # type: ignore[arg-type]
    assert str(model.database) == text
    assert model.model_dump(mode="json")["database"] == text
    assert Connections.model_validate_json(model.model_dump_json()).database == model.database


def test_the_value_is_what_the_client_reads() -> None:
    model = Connections(
        database="postgresql://u@h1:5432,%2Ftmp/app",  # type: ignore[arg-type]
        cache="unix:///run/redis.sock?db=2",  # type: ignore[arg-type]
        broker="amqp://h/%2F",  # type: ignore[arg-type]
        documents="mongodb://m1,m2:27018/docs",  # type: ignore[arg-type]
        mysql="mysql+pymysql://u@h/shop",  # type: ignore[arg-type]
    )
    assert model.database.value.hosts == (("h1", 5432), ("/tmp", None))
    assert model.cache is not None and model.cache.value.hosts == (("/run/redis.sock", None),)
    assert model.broker is not None and model.broker.value.database == "/"
    assert model.documents is not None
    assert model.documents.value.hosts == (("m1", None), ("m2", 27018))
    assert model.mysql is not None and model.mysql.value.database == "shop"


def test_no_password_in_the_repr_nor_a_hidden_dump() -> None:
    text = f"postgresql://app:{SECRET}@h/db?password={SECRET}"
    model = Hidden(database=text)  # type: ignore[arg-type]
    assert SECRET not in repr(model)
    assert SECRET not in str(model.model_dump(mode="json"))
    assert SECRET not in model.model_dump_json()
    assert str(model.database) == text  # the text for the client
    assert model.database.value.password == SECRET


@pytest.mark.parametrize(
    ("field", "text"),
    [
        ("database", f"postgresql://app:{SECRET}@h1:5x,h2/db"),
        ("database", f"mysql://app:{SECRET}@h/db"),
        ("cache", f"redis://:{SECRET}@h/zero"),
        ("broker", f"amqp://app:{SECRET}@h/a/b"),
        ("documents", f"mongodb://app:{SECRET}@h:0/"),
    ],
)
def test_errors_locate_the_problem_and_hide_the_password(field: str, text: str) -> None:
    data = {"database": "postgresql://h", field: text}
    with pytest.raises(ValidationError) as info:
        Connections.model_validate(data)
    error = info.value.errors()[0]
    assert error["type"] == "uri_syntax"
    context = error.get("ctx", {})
    assert context["position"] >= 0 and context["rule"]
    assert SECRET not in str(info.value) and SECRET not in info.value.json()


def test_a_dsn_is_accepted_as_input_and_equal_by_text() -> None:
    first = Connections(database="postgresql://h/db")  # type: ignore[arg-type]
    second = Connections(database=first.database)
    assert second.database == first.database and hash(second.database) == hash(first.database)


def test_the_json_schema_is_a_uri_string() -> None:
    schema = Connections.model_json_schema()["properties"]["database"]
    assert schema == {"format": "uri", "title": "Database", "type": "string"}
