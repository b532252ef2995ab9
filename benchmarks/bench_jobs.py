"""``urikit validate --jobs 2`` against ``--jobs 1`` on the same 1M-line file.

urls.txt repeated to about 1M lines (its invalid 3% included), written to a file that
is the command's stdin (``< FILE``), output to /dev/null. The two commands run
interleaved, best of N wall-clock runs each, interpreter start-up and imports included,
with the urikit this interpreter imports: the pure build, or the kernel build (where
``--jobs`` stays in one process, which a pool cannot beat: the target there is to be
no slower).
Modules are imported from their byte-code, as from an installed package (pip writes it):
the runs write and read it in a temporary ``PYTHONPYCACHEPREFIX``, even where
``PYTHONDONTWRITEBYTECODE`` is set, which would make every run compile every module.

What two cores can give depends on what else runs on the machine, so three more figures
come with the speed-up:

- CPU time (user + sys of the command and its workers, from ``getrusage``) of each
  run, and the efficiency, one process's CPU over two processes' (1.0: the workers do
  nothing that one process does not);
- the start-up (``urikit validate < /dev/null``), which one process and two pay alike:
  with it, the most that two free cores can give is ``serial / (start-up + (serial -
  start-up) / 2)`` in CPU seconds (Amdahl), however little the work of splitting
  costs; and what they would give with the CPU the two processes did use,
  ``serial / (start-up + (parallel - start-up) / 2)``, a figure that other load on
  the machine does not skew as it skews the wall clock;
- a CPU-bound control loop, run in two processes against one (2.0: both cores free).
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _harness import current_build, load_urls, target
from bench_batch import TARGET_LINES, _control_speedup  # pyright: ignore[reportPrivateUsage]

REPEAT = 7
#: The least speed-up of ``--jobs 2`` over one process: in the pure build, and in the
#: kernel build (where a line costs less than sending it to a worker).
TARGETS = {"pure": 1.6, "kernel": 1.0}


def _run(argv: list[str], stdin: Path, env: dict[str, str]) -> tuple[float, float]:
    """Wall-clock seconds and CPU seconds (the command's and its children's) of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    with stdin.open("rb") as source:
        start = time.perf_counter()
        done = subprocess.run(
            argv,
            stdin=source,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            check=False,
            env=env,
        )
        wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1):
        raise RuntimeError(f"{argv} exited with {done.returncode}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main() -> str:
    corpus = load_urls()
    copies = max(1, round(TARGET_LINES / len(corpus)))
    n = len(corpus) * copies
    command = [sys.executable, "-m", "urikit", "validate"]
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    jobs = {"`--jobs 1`": "1", "`--jobs 2`": "2"}
    wall = dict.fromkeys(jobs, float("inf"))
    cpu = dict.fromkeys(jobs, float("inf"))
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "urls-1M.txt"
        path.write_text("\n".join(corpus * copies) + "\n", encoding="utf-8")
        empty = Path(tmp) / "empty.txt"
        empty.write_bytes(b"")
        env["PYTHONPYCACHEPREFIX"] = str(Path(tmp) / "pycache")
        for flag in jobs.values():  # writes the byte-code of what each imports
            _run([*command, "--jobs", flag], empty, env)
        start_up = min(_run(command, empty, env)[1] for _ in range(REPEAT))
        for r in range(REPEAT):
            for name in list(jobs)[r % 2 :] + list(jobs)[: r % 2]:
                seconds, used = _run([*command, "--jobs", jobs[name]], path, env)
                wall[name], cpu[name] = min(wall[name], seconds), min(cpu[name], used)
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    control = _control_speedup()
    speedup = wall["`--jobs 1`"] / wall["`--jobs 2`"]
    serial, parallel = cpu["`--jobs 1`"], cpu["`--jobs 2`"]
    ceiling = serial / (start_up + (serial - start_up) / 2)
    free = serial / (start_up + (parallel - start_up) / 2)
    build = current_build()
    least = TARGETS[build]
    met = "met" if speedup >= least else "not met"
    target(
        "validate --jobs 2",
        items=f"{n} lines, {build} build",
        unit="s",
        ours=wall["`--jobs 2`"],
        reference="`--jobs 1`",
        theirs=wall["`--jobs 1`"],
        bound=1 / least,
    )
    rows = [
        "| command | wall (best) | lines/s | CPU s (best) |",
        "|---|---:|---:|---:|",
        *(
            f"| `urikit validate {flag} < FILE` | {wall[name]:.3f} s | {n / wall[name]:,.0f} "
            f"| {cpu[name]:.3f} s |"
            for name, flag in (("`--jobs 1`", "--jobs 1"), ("`--jobs 2`", "--jobs 2"))
        ),
        f"| `urikit validate < /dev/null` (start-up) | | | {start_up:.3f} s |",
    ]
    return "\n\n".join(
        [
            f"## `validate --jobs`: two processes against one ({build} build)",
            f"urls.txt repeated {copies} times: {n} lines in a file as stdin, output to "
            f"/dev/null. Best of {REPEAT} interleaved runs of each; wall clock with start-up "
            "and imports (from byte-code, as installed); CPU time of the command and its "
            "workers.",
            "\n".join(rows),
            f"Speed-up of `--jobs 2`: **{speedup:.2f}×** (target ≥ {least}×: "
            f"{met}). Efficiency, CPU of one process over CPU of two: {serial / parallel:.2f}. "
            f"The most two free cores could give with this start-up (Amdahl, CPU seconds): "
            f"{ceiling:.2f}×; at most what they would give with the CPU time measured: "
            f"{free:.2f}×. A CPU-bound control loop in two processes against one, just "
            f"after: {control:.2f}× (2.0: both cores free). "
            f"Load average (1, 5, 15 min) at the end: {load}.",
        ]
    )


if __name__ == "__main__":
    print(main())
