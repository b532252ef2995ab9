"""``python -m urikit``: the ``urikit`` command (see :mod:`urikit.cli`)."""

from urikit.cli import main

raise SystemExit(main())
