"""Build the optional mypyc-compiled wheel and run the whole test suite against it.

``make check-compiled`` runs this. It builds the sdist (the default, pure build), then
from the unpacked sdist the wheel with ``URIKIT_MYPYC=1`` (setup.py compiles the modules
in its ``COMPILED``), without build isolation: this environment provides setuptools,
mypy and the types mypy reads (the ``dev`` extra). The wheel must be platform-specific
and carry an extension for each compiled module. It is installed with the ``dev`` extra
into a fresh environment, ``build/compiled-venv`` (which benchmarks/bench_compiled.py
then uses), where each compiled module must import from its extension, and pytest runs
there from the project root with ``URIKIT_EXPECT_COMPILED=1``: the tests import the
installed package (the source tree has no ``urikit`` on ``sys.path``) and
tests/test_build.py fails unless the compiled modules are the ones imported.
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "build" / "compiled-dist"
VENV = ROOT / "build" / "compiled-venv"


def run(*args: str | Path, env: dict[str, str] | None = None, cwd: Path | None = None) -> None:
    """Run a command, echo it, stop everything if it fails (its output is shown)."""
    print("$", " ".join(map(str, args)), flush=True)
    done = subprocess.run(
        list(map(str, args)), cwd=cwd, env=env, capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        sys.stdout.write(done.stdout[-20_000:])
        sys.stderr.write(done.stderr[-20_000:])
        sys.exit(f"failed with exit status {done.returncode}: {args[0]}")


def compiled_modules() -> list[str]:
    """Dotted names of the modules in setup.py's ``COMPILED`` (read, not imported)."""
    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "COMPILED" for t in node.targets
        ):
            paths: tuple[str, ...] = ast.literal_eval(node.value)
            return ["urikit." + p.removesuffix(".py").replace("/", ".") for p in paths]
    sys.exit("no COMPILED in setup.py")


def build_wheel(scratch: Path, *, switch: str = "URIKIT_MYPYC", out: Path = OUT) -> Path:
    """The wheel that the build ``switch`` (setup.py's environment variable) asks for,
    built from the sdist as a user of the sdist would build it, into ``out``."""
    run(sys.executable, "-m", "build", "--sdist", "--outdir", scratch, ROOT)
    (sdist,) = scratch.glob("*.tar.gz")
    with tarfile.open(sdist) as archive:
        archive.extractall(scratch, filter="data")
    (source,) = (p for p in scratch.iterdir() if p.is_dir())
    for old in out.glob("*.whl"):
        old.unlink()
    env = {**os.environ, switch: "1"}
    run(
        sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", out, source, env=env
    )
    (wheel,) = out.glob("*.whl")
    return wheel


def check_wheel(wheel: Path, modules: list[str]) -> None:
    assert not wheel.name.endswith("-py3-none-any.whl"), f"{wheel.name} is not platform-specific"
    names = zipfile.ZipFile(wheel).namelist()
    for module in modules:
        stem = module.replace(".", "/")
        assert f"{stem}.py" in names, f"the wheel lacks {stem}.py"
        built = [n for n in names if n.startswith(f"{stem}.") and n.endswith(".so")]
        assert built, f"the wheel has no extension for {module}"
    print(f"wheel ok: {wheel.name}, {len(modules)} compiled modules, their sources beside them")


def install(wheel: Path, venv: Path) -> Path:
    """A fresh environment ``venv`` holding ``wheel`` with the ``dev`` extra; its Python."""
    run(sys.executable, "-m", "venv", "--clear", venv)
    python = venv / "bin" / "python"
    pip = (python, "-m", "pip", "install", "-q", "--disable-pip-version-check")
    run(*pip, f"{wheel}[dev]", cwd=wheel.parent)
    return python


def run_tests(python: Path, *tests: str, expect: str, build: str) -> None:
    """pytest (``tests``, default all) in ``python``'s environment from the project root,
    as make check runs it, with ``expect`` set to 1 so that the tests of ``build`` cannot
    skip; stop everything if they fail."""
    print("$ pytest -q", *tests, f"({build})", flush=True)
    done = subprocess.run(
        [python, "-m", "pytest", "-q", "-p", "no:cacheprovider", *tests],
        cwd=ROOT,
        env={**os.environ, expect: "1"},
        check=False,
    )
    if done.returncode != 0:
        sys.exit(f"the tests failed against the {build} ({done.returncode})")
    print(f"{build} check passed")


CHECK_IMPORTS = """
import importlib, importlib.machinery, sys
from pathlib import Path
suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
for name in sys.argv[1:]:
    where = importlib.import_module(name).__file__ or ""
    assert Path(sys.prefix).resolve() in Path(where).resolve().parents, where
    assert where.endswith(suffixes), f"{name} is not compiled: {where}"
print("compiled modules imported from their extensions:", len(sys.argv) - 1)
"""


def main() -> int:
    modules = compiled_modules()
    with tempfile.TemporaryDirectory(prefix="urikit-compiled-") as scratch:
        wheel = build_wheel(Path(scratch))
    check_wheel(wheel, modules)
    python = install(wheel, VENV)
    run(python, "-I", "-c", CHECK_IMPORTS, *modules, cwd=OUT)
    run_tests(python, expect="URIKIT_EXPECT_COMPILED", build="compiled build")
    return 0


if __name__ == "__main__":
    sys.exit(main())
