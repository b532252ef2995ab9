"""Install urikit from its sdist on the other supported CPythons and run the tests there.

``make check-pythons`` runs this, after ``make dist-check`` has built ``dist/``. The
suite on :data:`MAIN` runs in ``.venv`` (``make check``); for each of :data:`OTHERS` this
finds the interpreter (pyenv, then ``pythonX.Y`` on ``PATH``), makes
``build/venv-X.Y``, installs the sdist there with the ``dev`` extra as a user would
(``pip install``: build isolation, the kernel compiled from the sdist), checks that
``urikit --version`` names that Python and the native kernel, and runs the tests of
what the kernel serves (tools/check_kernel.py's ``TESTS``; the whole suite with
``--whole``) from the project root against the installed package, on two workers, with
``URIKIT_EXPECT_KERNEL=1``; on the last of them, again with ``URIKIT_NO_EXTENSIONS=1``
(the pure package). ``make check`` passes ``--whole`` (about three minutes a run on two
cores). The Pythons are those pyproject.toml's classifiers
name, the one list of the versions CI tests (tests/test_distribution.py holds
cibuildwheel's to it).
"""

from __future__ import annotations

import argparse
import glob
import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

from check_kernel import TESTS
from commands import run

ROOT = Path(__file__).resolve().parents[1]
DIST = ROOT / "dist"
#: The CPython versions the classifiers name: the first is .venv's (make install).
VERSIONS = tuple(
    c.removeprefix("Programming Language :: Python :: ")
    for c in tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
        "classifiers"
    ]
    if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)
)
OTHERS = VERSIONS[1:]


def find_python(version: str) -> Path:
    """The CPython ``version`` (``3.12``): pyenv's newest of it (``pyenv root``, else
    ``$PYENV_ROOT``, else ``~/.pyenv``), else ``python3.12`` on ``PATH``."""
    roots = [os.environ.get("PYENV_ROOT", ""), str(Path.home() / ".pyenv")]
    pyenv = shutil.which("pyenv")
    if pyenv:
        asked = subprocess.run([pyenv, "root"], capture_output=True, text=True, check=False)
        roots.insert(0, asked.stdout.strip())
    for root in filter(None, roots):
        found = [Path(p) for p in glob.glob(f"{root}/versions/{version}.*/bin/python{version}")]
        if found:  # the newest: 3.12.10 after 3.12.9
            return max(found, key=lambda p: [int(n) for n in p.parts[-3].split(".") if n.isdigit()])
    on_path = shutil.which(f"python{version}")
    if on_path:
        return Path(on_path)
    sys.exit(f"no CPython {version}: install it (pyenv install {version}) or put it on PATH")


def install(version: str, sdist: Path) -> Path:
    """``build/venv-X.Y`` (kept between runs) holding the sdist with the dev extra."""
    venv = ROOT / "build" / f"venv-{version}"
    python = venv / "bin" / "python"
    if not python.exists():
        run(find_python(version), "-m", "venv", venv)
    pip = (python, "-m", "pip", "install", "-q", "--disable-pip-version-check")
    run(*pip, "--upgrade", "pip")
    run(*pip, f"{sdist}[dev]")
    run(*pip, "--force-reinstall", "--no-deps", sdist)  # this sdist, even at the same version
    shown = run(venv / "bin" / "urikit", "--version").strip()
    assert f"(Python {version}." in shown and shown.endswith(", native kernel)"), shown
    print(shown, flush=True)
    return python


def run_tests(python: Path, build: str, env: dict[str, str], tests: tuple[str, ...]) -> None:
    """pytest over ``tests`` (all when empty) in ``python``'s environment from the project
    root (the installed urikit, not the source tree); stop everything if it fails."""
    print(f"$ pytest -q -n 2 {' '.join(tests)} ({python}, {build})", flush=True)
    done = subprocess.run(
        [python, "-m", "pytest", "-q", "-n", "2", "-p", "no:cacheprovider", *tests],
        cwd=ROOT,
        env={**os.environ, **env},
        check=False,
    )
    if done.returncode != 0:
        sys.exit(f"the tests failed on {python} ({build}, {done.returncode})")


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("versions", nargs="*", default=OTHERS, help="default: %(default)s")
    parser.add_argument("--whole", action="store_true", help="the whole suite")
    args = parser.parse_args()
    tests = () if args.whole else TESTS
    (sdist,) = DIST.glob("urikit-*.tar.gz")
    for version in args.versions:
        python = install(version, sdist)
        run_tests(python, "native kernel", {"URIKIT_EXPECT_KERNEL": "1"}, tests)
        if version == args.versions[-1]:
            run_tests(python, "pure", {"URIKIT_NO_EXTENSIONS": "1"}, tests)
    return 0


if __name__ == "__main__":
    sys.exit(main())
