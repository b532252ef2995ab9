"""The real-world corpus for tests: the shared one when present, else the sample in corpus/.

``$URIKIT_CORPUS`` names a directory holding the corpus files (``urls.txt``,
``iris.txt``, ``relative.txt``); without it the shared corpus is looked for beside the
repository (``../shared/corpus``). A file found in neither is taken from the sample that
ships in ``corpus/`` (its README says where each comes from), so the tests that need
real input never skip on a fresh clone.

The RFC texts the tests read as oracles are found the same way: ``$URIKIT_SPEC``, else
``../shared/spec``.
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["corpus_dir", "corpus_file", "spec_file", "urls"]

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "corpus"


def corpus_dir() -> Path:
    """The directory of the corpus the tests read (see the module docstring)."""
    return corpus_file("urls.txt").parent


def corpus_file(name: str) -> Path:
    """Corpus file ``name``: from ``$URIKIT_CORPUS``, else from the shared corpus, else
    the shipped sample (which may not hold it: ``relative.txt`` is not shipped)."""
    override = os.environ.get("URIKIT_CORPUS")
    places = [Path(override)] if override else []
    places.append(ROOT.parent / "shared" / "corpus")
    return next((place / name for place in places if (place / name).is_file()), SAMPLE / name)


def urls() -> list[str]:
    """The lines of ``urls.txt``, without their line ends."""
    text = corpus_file("urls.txt").read_text(encoding="utf-8")
    return text.split("\n")[:-1] if text.endswith("\n") else text.split("\n")


def spec_file(name: str) -> Path:
    """The RFC text ``name`` (``rfc3986.txt``): in ``$URIKIT_SPEC`` if set, else in the
    shared ``../shared/spec``; it may not exist (nothing of it ships)."""
    override = os.environ.get("URIKIT_SPEC")
    return (Path(override) if override else ROOT.parent / "shared" / "spec") / name
