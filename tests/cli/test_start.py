"""``urikit validate`` starts without what it does not use (the start-up that
``--jobs 1`` and ``--jobs N`` both pay bounds what N processes can gain).

Each case runs the command in a new interpreter, as a user does, and lists the modules
loaded when it has finished: the other commands, a policy's checker, the value classes,
the optional libraries and the process pool must not be among them unless the options
ask for them.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli import COMMAND_ENV, ROOT

# Imported by no plain syntax check: what other commands, other options or other
# layers need.
_NOT_FOR_A_SYNTAX_CHECK = (
    "urikit.cli.build",
    "urikit.cli.normalize",
    "urikit.cli.parse",
    "urikit.cli.pattern",
    "urikit.cli.relativize",
    "urikit.cli.resolve",
    "urikit.cli.template",
    "urikit.cli._parquet",
    "urikit.policy.checker",
    "urikit.values",
    "urikit.build",
    "urikit.template",
    "urikit.integrations",
    "urikit._core.idna",
    "urikit._core.iri_mapping",
    "pyarrow",
    "polars",
    "pandas",
    "pydantic",
    "tqdm",
    "rich",
    "hypothesis",
)
# What only more than one process needs.
_POOL = ("multiprocessing", "concurrent.futures")

# Runs urikit's main() on the arguments, stdin as given; then writes the names of the
# loaded modules as JSON to the file named first.
_LIST_MODULES = """
import json, sys
from urikit.cli import main
status = main(sys.argv[2:])
with open(sys.argv[1], "w", encoding="utf-8") as listing:
    json.dump(sorted(sys.modules), listing)
raise SystemExit(status)
"""


def _loaded(tmp_path: Path, *argv: str, pipe: bool = False, copies: int = 1) -> set[str]:
    """The modules loaded by ``urikit ARGV`` with two lines (one invalid) as stdin, a
    file or a ``pipe``, in a new interpreter with the urikit under test first on the path;
    ``copies`` valid lines more before them."""
    lines = b"http://a/b\n" * copies + b"http://exa mple.com/\n"
    stdin = tmp_path / "urls.txt"
    stdin.write_bytes(lines)
    listing = tmp_path / "modules.json"
    with stdin.open("rb") as source:
        done = subprocess.run(
            [sys.executable, "-c", _LIST_MODULES, str(listing), *argv],
            stdin=None if pipe else source,
            input=lines if pipe else None,
            capture_output=True,
            check=False,
            timeout=120,
            env=COMMAND_ENV,
        )
    assert done.returncode == 1, done.stderr  # one line is invalid
    assert f"{copies + 1} checked, {copies} valid, 1 invalid".encode() in done.stderr
    names: list[str] = json.loads(listing.read_text(encoding="utf-8"))
    return set(names)


def _among(loaded: set[str], names: tuple[str, ...]) -> list[str]:
    """The modules of ``loaded`` that are one of ``names`` or inside one of them."""
    return sorted(m for m in loaded if any(m == n or m.startswith(n + ".") for n in names))


@pytest.mark.parametrize(
    "argv",
    [["validate"], ["validate", "--json"], ["validate", "--rule", "URI", "--crlf"]],
)
def test_a_syntax_check_imports_only_what_it_uses(tmp_path: Path, argv: list[str]) -> None:
    loaded = _loaded(tmp_path, *argv)
    assert "urikit.cli.validate" in loaded  # the command ran
    assert _among(loaded, _NOT_FOR_A_SYNTAX_CHECK + _POOL) == []


def test_jobs_import_the_pool_and_nothing_else_more(tmp_path: Path) -> None:
    """Lines from a pipe go to the process pool, unless the native kernel checks them."""
    from urikit._syntax.native import kernel

    loaded = _loaded(tmp_path, "validate", "--jobs", "2", pipe=True)
    assert (_among(loaded, _POOL) != []) == (kernel is None)
    assert _among(loaded, _NOT_FOR_A_SYNTAX_CHECK) == []


def test_a_file_of_one_span_starts_no_worker(tmp_path: Path) -> None:
    """A file smaller than a span is checked by the process that reads it."""
    loaded = _loaded(tmp_path, "validate", "--jobs", "2")
    assert _among(loaded, _NOT_FOR_A_SYNTAX_CHECK + _POOL) == []


def test_a_file_of_many_chunks_starts_the_pool(tmp_path: Path) -> None:
    """A file longer than a chunk is checked by the standard library's process pool,
    unless the native kernel checks its lines (faster than sending them anywhere)."""
    from urikit._syntax.native import kernel

    loaded = _loaded(tmp_path, "validate", "--jobs", "2", copies=200_000)
    assert _among(loaded, _NOT_FOR_A_SYNTAX_CHECK) == []
    assert (_among(loaded, _POOL) != []) == (kernel is None)


def test_a_policy_imports_the_checker(tmp_path: Path) -> None:
    """A policy brings its checker: the names listed above are the modules' own."""
    loaded = _loaded(tmp_path, "validate", "--schemes", "http")
    assert "urikit.policy.checker" in loaded


def test_what_a_spawned_worker_imports(tmp_path: Path) -> None:
    """A worker that is not forked (spawn: macOS, Windows) imports the module of the
    function it runs; that is all it needs to check a chunk."""
    listing = tmp_path / "modules.json"
    code = (
        "import json, sys; import urikit.cli._validate_stdin; "
        f"json.dump(sorted(sys.modules), open({str(listing)!r}, 'w'))"
    )
    subprocess.run(
        [sys.executable, "-c", code],
        check=True,
        timeout=120,
        env=COMMAND_ENV,
    )
    loaded = set(json.loads(listing.read_text(encoding="utf-8")))
    assert _among(loaded, _NOT_FOR_A_SYNTAX_CHECK + _POOL) == []


def test_the_program_leaves_its_objects_frozen_for_the_exit(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The program (its console script, ``python -m urikit``) is main() and then
    gc.freeze(): the interpreter's exit frees what is left without tracing it for
    cycles first, a cost one process and N pay alike."""
    import gc
    import tomllib

    from urikit.cli import run

    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert scripts["scripts"]["urikit"] == "urikit.cli:run"
    assert "SystemExit(run())" in (ROOT / "src" / "urikit" / "__main__.py").read_text()
    monkeypatch.setattr(sys, "argv", ["urikit", "validate", "http://a/b", "http://exa mple/"])
    gc.unfreeze()
    try:
        assert run() == 1
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
    assert "2 checked, 1 valid, 1 invalid" in capsys.readouterr().err
