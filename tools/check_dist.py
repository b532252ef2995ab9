"""Build the sdist and the wheel, then check the wheel as a user would get it.

``make dist-check`` runs this. It builds with ``python -m build`` into ``dist/`` (the
wheel from the sdist, with the native kernel), checks what each archive carries and that
``auditwheel show`` finds the wheel within a manylinux policy, installs the wheel into a
fresh virtual environment (no source tree on ``sys.path``) and there runs a smoke test,
every script in ``examples/`` and ``pyright --verifytypes urikit``. From the same sdist
it builds the two pure wheels setup.py can give: with ``URIKIT_NO_EXTENSIONS=1``, and
with a C compiler that fails (one warning line, then the pure package). Exits non-zero
on the first failure.

``--min-completeness`` is the lowest type-completeness score (0-1) that verifytypes may
report; the Makefile holds the project's current floor.
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from email.parser import Parser
from pathlib import Path

from commands import run

ROOT = Path(__file__).resolve().parents[1]
DIST = ROOT / "dist"
VENV = ROOT / "build" / "wheel-venv"
EXTRAS = (
    "pydantic,jsonschema,hypothesis,idna,arrow,polars,pandas,progress,yaml,"
    "django,rest-framework,wtforms,marshmallow,click,attrs,msgspec"
)
# What examples import beyond urikit and its extras; the stubs for verifytypes, which
# reads urikit.batch's signatures (pyarrow, pandas) as a type checker would.
EXAMPLE_NEEDS = (
    "dask[bag,dataframe]",
    "httpx",
    "urllib3",
    "requests>=2.32",
    "pyarrow-stubs",
    "pandas-stubs",
    "django-stubs",  # the framework doors' signatures (urikit.integrations)
    "djangorestframework-stubs",
    "types-WTForms",
    "pydantic-settings",  # examples/settings_dsn.py
)
EXAMPLES_TAKING_A_FILE = frozenset({"dask_validate"})
# Examples not run here, and why (a test runs each of them).
EXAMPLES_NOT_RUN = {"spark_validate": "needs a JVM and pyspark: tests/integrations"}
CLASSIFIERS = (
    "Typing :: Typed",
    *(f"Programming Language :: Python :: 3.{v}" for v in (11, 12, 13)),
)
#: The line setup.py writes when the kernel does not compile.
FALLBACK_WARNING = "WARNING: urikit's native kernel was not built"

# Run in the fresh environment with -I (no script directory, no cwd on sys.path).
SMOKE = """
import importlib.util, sys
from pathlib import Path
import urikit
where = Path(urikit.__file__).resolve()
assert Path(sys.prefix).resolve() in where.parents, where
assert (where.parent / "py.typed").is_file()
assert importlib.util.find_spec("tests") is None, "a tests package was installed"
uri = urikit.parse("foo://example.com:8042/over/there?name=ferret#nose")
assert (uri.scheme, uri.host, uri.port) == ("foo", "example.com", "8042")
assert not urikit.is_valid("http://exa mple.com/")
assert str(urikit.resolve("http://a/b/c/d;p?q", "../g")) == "http://a/b/g"
built = urikit.Builder().scheme("https").host("example.com").path("/a b").build()
assert str(built) == "https://example.com/a%20b"
assert urikit.__version__ == sys.argv[1], (urikit.__version__, sys.argv[1])
assert urikit.IMPLEMENTATION == "native kernel", urikit.IMPLEMENTATION
print("smoke test passed:", where.parent)
"""


def source_version() -> str:
    """``__version__`` as written in src/urikit/__init__.py (its one home)."""
    tree = ast.parse((ROOT / "src" / "urikit" / "__init__.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "__version__" for t in node.targets
        ):
            return str(ast.literal_eval(node.value))
    sys.exit("no __version__ in src/urikit/__init__.py")


def check_wheel(wheel: Path, version: str) -> None:
    # The default build carries the kernel: a platform wheel, its extension, no C source.
    assert not wheel.name.endswith("-py3-none-any.whl"), f"{wheel.name} has no kernel"
    names = zipfile.ZipFile(wheel).namelist()
    kernel = [n for n in names if n.startswith("urikit/_syntax/_kernel.") and n.endswith(".so")]
    assert kernel, f"{wheel.name} lacks urikit/_syntax/_kernel"
    assert not [n for n in names if n.endswith((".c", ".h"))], "C sources in the wheel"
    info = f"urikit-{version}.dist-info"
    assert "urikit/py.typed" in names, "the wheel lacks py.typed"
    assert not [n for n in names if n.startswith("tests/") or "/tests/" in n], "tests in wheel"
    assert f"{info}/licenses/LICENSE" in names, "the wheel lacks the license file"
    meta = Parser().parsestr(zipfile.ZipFile(wheel).read(f"{info}/METADATA").decode())
    assert meta["Version"] == version, meta["Version"]
    assert meta["License-Expression"] == "MIT", meta["License-Expression"]
    assert meta["Requires-Python"] == ">=3.11", meta["Requires-Python"]
    classifiers = meta.get_all("Classifier") or []
    missing = [c for c in CLASSIFIERS if c not in classifiers]
    assert not missing, f"classifiers missing: {missing}"
    extras = meta.get_all("Provides-Extra") or []
    assert set(EXTRAS.split(",")) <= set(extras), extras
    print(f"wheel ok: {wheel.name}, {len(names)} files, the kernel, py.typed, license, no tests")


def check_manylinux(wheel: Path) -> None:
    """``auditwheel show``: the kernel wheel links nothing beyond a manylinux policy."""
    shown = " ".join(run(Path(sys.executable).parent / "auditwheel", "show", wheel).split())
    policy = re.search(r'consistent with the following platform tag: "(manylinux_\w+)"', shown)
    assert policy, shown
    print(f"auditwheel: {wheel.name} satisfies {policy[1]}")


def check_pure_wheels(sdist: Path, scratch: Path) -> None:
    """The wheels of the sdist without the kernel: ``URIKIT_NO_EXTENSIONS=1`` gives a pure
    ``py3-none-any`` wheel; a compiler that fails gives one warning line and a wheel
    without the extension (setup.py)."""
    with tarfile.open(sdist) as archive:
        archive.extractall(scratch, filter="data")
    (source,) = (p for p in scratch.iterdir() if p.is_dir())
    build = (sys.executable, "-m", "build", "--wheel", "--no-isolation")
    for name, switch in (
        ("no-extensions", {"URIKIT_NO_EXTENSIONS": "1"}),
        ("no-cc", {"CC": "false"}),
    ):
        out = scratch / name
        shutil.rmtree(source / "build", ignore_errors=True)
        shown = run(*build, "--outdir", out, source, env={**os.environ, **switch})
        (wheel,) = out.glob("*.whl")
        names = zipfile.ZipFile(wheel).namelist()
        assert not [n for n in names if n.endswith((".so", ".pyd"))], f"{wheel.name}: an extension"
        warnings = [line for line in shown.splitlines() if FALLBACK_WARNING in line]
        if name == "no-extensions":
            assert wheel.name.endswith("-py3-none-any.whl"), wheel.name
            assert not warnings, warnings
        else:
            assert len(warnings) == 1, warnings
        print(f"pure wheel ok ({name}): {wheel.name}", *warnings)


def check_sdist(sdist: Path, version: str) -> None:
    top = f"urikit-{version}/"
    with tarfile.open(sdist) as archive:
        names = {n.removeprefix(top) for n in archive.getnames()}
    needed = {"LICENSE", "CHANGELOG.md", "pyproject.toml", "setup.py", "src/urikit/py.typed"}
    needed.update({"corpus/urls.txt", "corpus/iris.txt"})
    needed.add("native/kernel.c")  # the kernel, built from the sdist
    assert needed <= names, needed - names
    tests = [n for n in names if n.startswith("tests/") and n.endswith(".py")]
    assert len(tests) >= 10, f"the sdist carries {len(tests)} test files"
    assert not [n for n in names if "__pycache__" in n], "bytecode in the sdist"
    print(f"sdist ok: {len(names)} entries, {len(tests)} test files")


def completeness(env: dict[str, str], cwd: Path) -> float:
    """pyright's type-completeness score for the installed urikit (0-1).

    ``--ignoreexternal``: the gaps in hypothesis's or pydantic's own annotations are
    not urikit's to close. urikit's incomplete symbols are listed.
    """
    command = ["pyright", "--verifytypes", "urikit", "--ignoreexternal", "--outputjson"]
    print("$", " ".join(command), flush=True)
    pyright = str(Path(sys.executable).parent / "pyright")
    done = subprocess.run(
        [pyright, *command[1:]], cwd=cwd, env=env, capture_output=True, text=True, check=False
    )
    report = json.loads(done.stdout)["typeCompleteness"]
    incomplete = [
        s["name"]
        for s in report["symbols"]
        if s["isExported"] and s["name"].startswith("urikit") and s["diagnostics"]
    ]
    if incomplete:
        print(f"{len(incomplete)} exported symbols not fully typed, e.g.:", *incomplete[:10])
    return float(report["completenessScore"])


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--min-completeness", type=float, default=1.0)
    args = parser.parse_args()
    version = source_version()

    shutil.rmtree(DIST, ignore_errors=True)
    run(sys.executable, "-m", "build", "--outdir", DIST, ROOT)
    (wheel,) = DIST.glob("*.whl")
    (sdist,) = DIST.glob("*.tar.gz")
    check_wheel(wheel, version)
    check_manylinux(wheel)
    check_sdist(sdist, version)
    with tempfile.TemporaryDirectory(prefix="urikit-pure-") as scratch:
        check_pure_wheels(sdist, Path(scratch))

    run(sys.executable, "-m", "venv", "--clear", VENV)
    python = VENV / "bin" / "python"
    pip = (python, "-m", "pip", "install", "-q", "--disable-pip-version-check")
    with tempfile.TemporaryDirectory(prefix="urikit-wheel-") as scratch:
        cwd = Path(scratch)  # outside the source tree: nothing of it is importable
        run(*pip, wheel, cwd=cwd)  # the bare wheel: typing-extensions only
        run(python, "-I", "-c", SMOKE, version, cwd=cwd)
        shown = run(VENV / "bin" / "urikit", "--version", cwd=cwd).strip()
        here = ".".join(map(str, sys.version_info[:3]))
        assert shown == f"urikit {version} (Python {here}, native kernel)", shown

        run(*pip, f"{wheel}[{EXTRAS}]", *EXAMPLE_NEEDS, cwd=cwd)
        lines = cwd / "urls.txt"  # for the examples that read a file of URIs
        lines.write_text("http://example.com/ok\nhttp://exa mple.com/\n", encoding="utf-8")
        for example in sorted((ROOT / "examples").glob("[!_]*.py")):  # _*.py: their helpers
            if example.stem in EXAMPLES_NOT_RUN:
                print(f"not run here: {example.name} ({EXAMPLES_NOT_RUN[example.stem]})")
                continue
            needs_file = example.stem in EXAMPLES_TAKING_A_FILE
            run(python, example, *([lines] if needs_file else []), cwd=cwd)  # no src/ on path

        env = {
            **os.environ,
            "VIRTUAL_ENV": str(VENV),
            "PATH": f"{VENV / 'bin'}:{os.environ['PATH']}",
        }
        score = completeness(env, cwd)
    print(f"pyright --verifytypes urikit: type completeness {score:.1%}")
    if score < args.min_completeness:
        sys.exit(f"type completeness {score:.1%} is below the floor {args.min_completeness:.1%}")
    print("dist check passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
