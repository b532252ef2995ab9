"""``python -m urikit``: the ``urikit`` command (see :mod:`urikit.cli`)."""

from urikit.cli import run

raise SystemExit(run())
