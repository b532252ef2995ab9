"""The real-world corpus for tests: the shared one when present, else the sample in corpus/.

``$URIKIT_CORPUS`` names a directory holding ``urls.txt``; without it the shared corpus
is looked for beside the repository (``../shared/corpus``), and without that the 3000
line sample that ships in ``corpus/`` (its README says where it comes from) is used, so
the tests that need real input never skip.
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["corpus_dir", "urls"]

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "corpus"


def corpus_dir() -> Path:
    """The directory of the corpus the tests read (see the module docstring)."""
    override = os.environ.get("URIKIT_CORPUS")
    if override:
        return Path(override)
    shared = ROOT.parent / "shared" / "corpus"
    return shared if (shared / "urls.txt").is_file() else SAMPLE


def urls() -> list[str]:
    """The lines of ``urls.txt``, without their line ends."""
    text = (corpus_dir() / "urls.txt").read_text(encoding="utf-8")
    return text.split("\n")[:-1] if text.endswith("\n") else text.split("\n")
