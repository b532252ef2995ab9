"""Tests of the ``urikit`` command; :func:`urikit_run` runs it as a user does."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import BinaryIO

from hypothesis import HealthCheck, settings

import urikit

ROOT = Path(__file__).resolve().parents[2]
#: The environment of a command run as a user runs it: the urikit these tests import
#: first on the path (the source tree, or the installed package the suite runs against).
COMMAND_ENV = {**os.environ, "PYTHONPATH": str(Path(urikit.__file__ or "").resolve().parents[1])}


def urikit_run(
    *argv: str, data: bytes = b"", stdin: BinaryIO | None = None
) -> subprocess.CompletedProcess[bytes]:
    """``python -m urikit ARGV`` with :data:`COMMAND_ENV`: stdin a
    pipe holding ``data``, or the file ``stdin``; stdout and stderr captured."""
    return subprocess.run(
        [sys.executable, "-m", "urikit", *argv],
        input=None if stdin else data,
        stdin=stdin,
        capture_output=True,
        check=False,
        timeout=300,
        env=COMMAND_ENV,
    )


def runs_of_the_command(examples: int) -> settings:
    """Hypothesis settings for a test that runs the command on each example: no
    deadline, and pytest's fixtures (capsys, monkeypatch) shared by the examples."""
    return settings(
        max_examples=examples,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
    )
