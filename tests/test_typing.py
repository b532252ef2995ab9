"""Typing tests (typeshed's convention): mypy --strict over tests/typing must be clean.

``tests/typing/*_ok.py`` use ``assert_type`` for what the types must accept;
``*_errors.py`` mark each line that must fail with ``# type: ignore[code]``. With
``warn_unused_ignores`` a line that stops failing leaves an unused ignore, an error.
"""

from __future__ import annotations

from pathlib import Path

from mypy import api

ROOT = Path(__file__).resolve().parent.parent
TYPING = ROOT / "tests" / "typing"


def test_typestate_files_type_check_exactly_as_marked() -> None:
    stdout, stderr, status = api.run(
        [
            "--config-file",
            str(ROOT / "pyproject.toml"),
            "--strict",
            "--warn-unused-ignores",
            "--no-error-summary",
            str(TYPING),
        ]
    )
    assert status == 0, stdout + stderr


def test_typestate_errors_file_really_has_errors(tmp_path: Path) -> None:
    """Without its ignores the errors file fails: each marked line is a real error."""
    source = (TYPING / "builder_errors.py").read_text(encoding="utf-8")
    marked = [n for n, line in enumerate(source.splitlines(), 1) if "# type: ignore[" in line]
    stripped = tmp_path / "builder_errors_stripped.py"
    stripped.write_text(_strip(source), encoding="utf-8")
    stdout, _, status = api.run(
        ["--config-file", str(ROOT / "pyproject.toml"), "--strict", str(stripped)]
    )
    assert status == 1
    failing = {int(line.split(":")[1]) for line in stdout.splitlines() if ": error:" in line}
    assert failing == set(marked)
    # A URI needs a scheme (RFC 3): the error for a missing .scheme() names what is missing.
    assert (
        'Invalid self argument "Builder[NoScheme, HasHost]" to attribute function "build"'
        ' with type "Callable[[SchemeRequired], URI]"' in stdout
    )


def _strip(source: str) -> str:
    return "\n".join(line.split("  # type: ignore[")[0] for line in source.splitlines())
