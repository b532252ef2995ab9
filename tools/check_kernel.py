"""Build the wheel with the native kernel and run its tests against it.

``make check-kernel`` runs this. It builds the sdist, then from the unpacked sdist the
wheel (setup.py generates the tables from the grammar and compiles native/kernel.c),
without build isolation: this environment provides setuptools (the ``dev`` extra).
The wheel must be platform-specific and carry ``urikit/_syntax/_kernel``; it is
installed with the ``dev`` extra into ``build/kernel-venv`` (which
benchmarks/run.py uses for the kernel build), and pytest runs there from the project root with
``URIKIT_EXPECT_KERNEL=1``, so the differential tests cannot skip: tests/kernel, the
build check, and the tests of what the kernel serves (parsing, the rule tables, hostile
input). ``--installed`` runs those tests against the urikit this Python has installed
instead (cibuildwheel's test of each wheel, pyproject.toml); further arguments go to
pytest.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path

from commands import run

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "build" / "kernel-dist"
VENV = ROOT / "build" / "kernel-venv"
TESTS = (
    "tests/kernel",
    # the Arrow, Polars and pandas columns the kernel reads
    "tests/batch",
    # the kernel from 8 threads at once
    "tests/test_concurrency.py",
    "tests/test_build.py",
    "tests/values",
    "tests/syntax/test_rule_tables.py",
    "tests/hostile",
    # every percent-encoder runs the kernel's where it is built
    "tests/core",
    "tests/build",
    "tests/template",
)


def build_wheel(scratch: Path) -> Path:
    """The kernel wheel, built from the sdist as a user of the sdist would build it."""
    run(sys.executable, "-m", "build", "--sdist", "--outdir", scratch, ROOT)
    (sdist,) = scratch.glob("*.tar.gz")
    with tarfile.open(sdist) as archive:
        archive.extractall(scratch, filter="data")
    (source,) = (p for p in scratch.iterdir() if p.is_dir())
    for old in OUT.glob("*.whl"):
        old.unlink()
    env = {k: v for k, v in os.environ.items() if k != "URIKIT_NO_EXTENSIONS"}
    run(
        sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", OUT, source, env=env
    )
    (wheel,) = OUT.glob("*.whl")
    return wheel


def check_wheel(wheel: Path) -> None:
    assert not wheel.name.endswith("-py3-none-any.whl"), f"{wheel.name} is not platform-specific"
    names = zipfile.ZipFile(wheel).namelist()
    built = [
        n for n in names if n.startswith("urikit/_syntax/_kernel.") and n.endswith((".so", ".pyd"))
    ]
    assert built, "the wheel has no urikit/_syntax/_kernel extension"
    assert not [n for n in names if n.endswith((".c", ".h"))], "C sources in the wheel"
    print(f"wheel ok: {wheel.name}, with {built[0]}")


def install(wheel: Path) -> Path:
    """A fresh environment holding ``wheel`` with the ``dev`` extra; its Python."""
    run(sys.executable, "-m", "venv", "--clear", VENV)
    python = VENV / "bin" / "python"
    pip = (python, "-m", "pip", "install", "-q", "--disable-pip-version-check")
    run(*pip, f"{wheel}[dev]", cwd=wheel.parent)
    return python


def run_tests(python: Path, *options: str) -> None:
    """pytest over :data:`TESTS` in ``python``'s environment from the project root, with
    ``URIKIT_EXPECT_KERNEL=1`` so that the kernel's tests cannot skip."""
    print("$ pytest -q", *TESTS, *options, flush=True)
    done = subprocess.run(
        [python, "-m", "pytest", "-q", "-p", "no:cacheprovider", *TESTS, *options],
        cwd=ROOT,
        env={**os.environ, "URIKIT_EXPECT_KERNEL": "1"},
        check=False,
    )
    if done.returncode != 0:
        sys.exit(f"the tests failed against the kernel build ({done.returncode})")
    print("kernel build check passed")


def main() -> int:
    if sys.argv[1:2] == ["--installed"]:
        run_tests(Path(sys.executable), *sys.argv[2:])
        return 0
    with tempfile.TemporaryDirectory(prefix="urikit-kernel-") as scratch:
        wheel = build_wheel(Path(scratch))
    check_wheel(wheel)
    run_tests(install(wheel))
    return 0


if __name__ == "__main__":
    sys.exit(main())
