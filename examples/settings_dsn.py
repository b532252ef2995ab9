"""A service's connection strings, read by pydantic-settings from the environment and
a ``.env`` file, checked as their clients read them.

``PostgresDsn``, ``RedisDsn``, ``AmqpDsn``, ``MongoDsn`` and ``MySQLDsn`` (from
``urikit.integrations.pydantic``) keep the configured text byte for byte, take several
hosts and Unix sockets as the clients do, and never show the password in a ``repr()``
or an error. ``str(field)`` is the text for the client; ``field.value`` what it reads.
``python examples/settings_dsn.py [DIR]`` (DIR holds the ``.env``; a temporary one by
default).
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated

from pydantic import ValidationError
from pydantic_settings import BaseSettings, SettingsConfigDict

from urikit.integrations.pydantic import AmqpDsn, Dsn, DsnValidator, MongoDsn, RedisDsn
from urikit.schemes import postgresql, redis
from urikit.schemes.postgresql import PostgresqlURI

ENV_FILE = """\
APP_DATABASE_URL=postgresql://app:s%40cret@db1.internal:5432,db2.internal:5433/shop?target_session_attrs=read-write
APP_CACHE_URL=rediss://:c4che@cache.internal:6380/2
"""


class Settings(BaseSettings):
    """The service's connections: the database and cache from ``.env``, the broker and
    the document store from the environment (which wins over the file)."""

    model_config = SettingsConfigDict(env_prefix="APP_", env_file=".env")

    # dumped with its password hidden (model_dump(mode="json"), for a status page)
    database_url: Annotated[Dsn[PostgresqlURI], DsnValidator("postgresql", hide_password=True)]
    cache_url: RedisDsn
    broker_url: AmqpDsn | None = None
    documents_url: MongoDsn | None = None


def show(settings: Settings) -> None:
    db = settings.database_url
    print("database hosts:", db.value.hosts, "dbname:", db.value.database)
    print("as libpq keywords, hosts:", postgresql.to_conninfo(db.value).split(" password=")[0])
    cache = redis.to_redis_kwargs(settings.cache_url.value)
    print("redis.Redis(**kwargs) keys:", sorted(cache))
    print("broker vhost:", settings.broker_url.value.database if settings.broker_url else None)
    print("repr:", repr(settings))
    print("dump:", settings.model_dump(mode="json")["database_url"])


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(args[0] if args else scratch)
        env_file = folder / ".env"
        env_file.write_text(ENV_FILE, encoding="utf-8")
        os.environ["APP_BROKER_URL"] = "amqps://app:br0ker@rabbit.internal/orders"
        os.environ["APP_DOCUMENTS_URL"] = "mongodb://app:d0cs@m1.internal,m2.internal:27018/docs"
        show(Settings(_env_file=env_file))  # type: ignore[call-arg]
        os.environ["APP_CACHE_URL"] = "redis://:c4che@cache.internal:6380/two"
        try:
            Settings(_env_file=env_file)  # type: ignore[call-arg]
        except ValidationError as error:
            print("refused:", error.errors()[0]["msg"])
            print("input shown:", error.errors()[0]["input"])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
