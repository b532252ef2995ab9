"""A service's TOML configuration, read with tomllib and validated with pydantic.

The URI fields hold parsed :class:`urikit.URI` values, checked against RFC 3986 and an
application :class:`urikit.Policy`; a bad value is reported with its position, as a
pydantic error. ``python examples/config_pydantic.py [CONFIG.toml]``.
"""

from __future__ import annotations

import sys
import tomllib
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated

from pydantic import BaseModel, ValidationError

import urikit
from urikit.integrations.pydantic import AbsoluteURIField, PolicyURI, URIReferenceField

# Webhooks leave the building: https only, a real host, no credentials in the URI.
WEBHOOK = urikit.Policy(schemes={"https"}, require_host=True, allow_userinfo=False)


class Database(BaseModel):
    url: Annotated[urikit.URIReference, PolicyURI(urikit.Policy(schemes={"postgresql"}))]


class Config(BaseModel):
    base_url: AbsoluteURIField  # RFC 4.3: what relative links resolve against
    docs: URIReferenceField  # may be relative to base_url
    webhooks: list[Annotated[urikit.URIReference, PolicyURI(WEBHOOK)]] = []
    database: Database


GOOD = """\
base_url = "https://api.example.com/v2/"
docs = "../docs/index.html"
webhooks = ["https://hooks.example.net/notify?team=ops", "HTTPS://Chat.Example.ORG/in"]

[database]
url = "postgresql://db.internal:5432/app"
"""

BAD = """\
base_url = "https://api.example.com/v2/#top"
docs = "guide/getting started.html"
webhooks = ["http://hooks.example.net/", "https://bot:token@chat.example.org/in"]

[database]
url = "mysql://db.internal/app"
"""


def load(text: str) -> Config:
    """The validated configuration; pydantic ``ValidationError`` otherwise."""
    return Config.model_validate(tomllib.loads(text))


def report(name: str, text: str) -> None:
    try:
        config = load(text)
    except ValidationError as error:
        print(f"{name}: {error.error_count()} problems")
        for item in error.errors():
            where = ".".join(str(part) for part in item["loc"])
            print(f"  {where}: {item['msg']}")
        return
    print(f"{name}: valid")
    docs = urikit.resolve(config.base_url, config.docs)
    print(f"  docs resolve to {docs}")
    for hook in config.webhooks:
        print(f"  webhook host {hook.host!r} -> normalized {urikit.normalize(hook)}")
    print(f"  database host {config.database.url.host}, port {config.database.url.port_number}")
    print(f"  as JSON: {config.model_dump_json()}")


def main(argv: Sequence[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else list(argv)
    if args:
        report(args[0], Path(args[0]).read_text(encoding="utf-8"))
        return 0
    report("good.toml", GOOD)
    report("bad.toml", BAD)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
