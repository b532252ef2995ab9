"""Import time of ``import urikit`` vs ``import urllib.parse``, each in fresh interpreters.

Two measures, both best of N over interleaved runs (round-robin over the commands):

- wall clock of ``python -c "import X"`` minus that of ``python -c "pass"`` (the empty
  interpreter's start-up, site and .pth files included);
- the cumulative microseconds ``python -X importtime`` reports for the top-level module.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

from _harness import ROOT, target

RUNS = 15
TARGETS = {"urllib.parse": "import urllib.parse", "urikit": "import urikit"}
EMPTY = "pass"


def _wall(code: str) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], check=True)
    return time.perf_counter() - start


def _importtime(module: str) -> float:
    """Seconds ``-X importtime`` reports as cumulative for ``module`` itself."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", f"import {module}"],
        check=True,
        capture_output=True,
        text=True,
    )
    for line in done.stderr.splitlines():
        # "import time:       self [us] |  cumulative | imported package"
        fields = line.removeprefix("import time:").split("|")
        if len(fields) == 3 and fields[2].strip() == module:
            return int(fields[1]) / 1e6
    raise RuntimeError(f"-X importtime printed no line for {module}")


def _shown(executable: str) -> str:
    path = Path(executable)
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else executable


def main() -> str:
    codes = {"(empty interpreter)": EMPTY, **TARGETS}
    names = list(codes)
    wall = dict.fromkeys(names, float("inf"))
    cumulative = dict.fromkeys(TARGETS, float("inf"))
    for r in range(RUNS):
        for k in range(len(names)):
            name = names[(r + k) % len(names)]
            wall[name] = min(wall[name], _wall(codes[name]))
            if name in cumulative:
                cumulative[name] = min(cumulative[name], _importtime(name))
    empty = wall["(empty interpreter)"]
    net = {name: wall[name] - empty for name in TARGETS}
    ref = "urllib.parse"
    target(
        "import",
        items=f"best of {RUNS} fresh processes",
        unit="ms",
        ours=cumulative["urikit"] * 1e3,
        reference="`import urllib.parse` (-X importtime)",
        theirs=cumulative[ref] * 1e3,
        bound=1.0,
    )
    lines = [
        f"| command | wall ms | minus empty start | -X importtime cumulative ms "
        f"| ratio to {ref} (net wall) | ratio to {ref} (importtime) |",
        "|---|---:|---:|---:|---:|---:|",
        f"| `python -c pass` | {empty * 1e3:.1f} | | | | |",
    ]
    for name, code in TARGETS.items():
        lines.append(
            f"| `python -c '{code}'` | {wall[name] * 1e3:.1f} | {net[name] * 1e3:.1f} "
            f"| {cumulative[name] * 1e3:.1f} | {net[name] / net[ref]:.1f}× "
            f"| {cumulative[name] / cumulative[ref]:.1f}× |"
        )
    return "\n\n".join(
        [
            "## Import time: `import urikit` vs `import urllib.parse`",
            f"Fresh `{_shown(sys.executable)} -c ...` processes, best of {RUNS} interleaved "
            "runs each.",
            "\n".join(lines),
        ]
    )


if __name__ == "__main__":
    print(main())
