"""The one way the check scripts in tools/ run a command: echoed, its output kept, and
everything stopped, with that output shown, when it fails."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def run(*args: str | Path, env: dict[str, str] | None = None, cwd: Path | None = None) -> str:
    """Run a command, echo it (a script given inline as ``<script>``), and return its
    stdout and stderr; exit if it fails, showing the end of both."""
    shown = ("<script>" if "\n" in str(a) else str(a) for a in args)
    print("$", " ".join(shown), flush=True)
    done = subprocess.run(
        list(map(str, args)), cwd=cwd, env=env, capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        sys.stdout.write(done.stdout[-20_000:])
        sys.stderr.write(done.stderr[-20_000:])
        sys.exit(f"failed with exit status {done.returncode}: {args[0]}")
    return done.stdout + done.stderr
