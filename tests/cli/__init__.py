"""Tests of the ``urikit`` command; :func:`urikit_run` runs it as a user does."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import BinaryIO

from hypothesis import HealthCheck, settings

ROOT = Path(__file__).resolve().parents[2]


def urikit_run(
    *argv: str, data: bytes = b"", stdin: BinaryIO | None = None
) -> subprocess.CompletedProcess[bytes]:
    """``python -m urikit ARGV`` with this tree's source first on the path: stdin a
    pipe holding ``data``, or the file ``stdin``; stdout and stderr captured."""
    return subprocess.run(
        [sys.executable, "-m", "urikit", *argv],
        input=None if stdin else data,
        stdin=stdin,
        capture_output=True,
        check=False,
        timeout=300,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
    )


def runs_of_the_command(examples: int) -> settings:
    """Hypothesis settings for a test that runs the command on each example: no
    deadline, and pytest's fixtures (capsys, monkeypatch) shared by the examples."""
    return settings(
        max_examples=examples,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
    )
