"""The documentation site's hand-written pages: every Python example runs, as a doctest.

(The site itself is built with warnings as errors and opened in a browser by
``make docs site-check``.)
"""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import urikit
from tests.markdown_doctest import assert_block_runs, python_blocks

DOCS = Path(__file__).resolve().parents[1] / "docs"
PAGES = (
    "index.md",
    "tutorial.md",
    "testing.md",
    "security.md",
    "schemes.md",
    "configuration.md",
    "pipelines.md",
    "forms.md",
)
BLOCKS = [
    (page, number, block)
    for page in PAGES
    for number, block in enumerate(python_blocks(DOCS / page), start=1)
]


def test_every_tutorial_job_has_an_example() -> None:
    assert len([b for b in BLOCKS if b[0] == "tutorial.md"]) >= 4
    assert all(">>> " in block for _, _, block in BLOCKS)


@pytest.mark.parametrize(("page", "number", "block"), BLOCKS, ids=lambda v: str(v)[:20])
def test_example_runs(page: str, number: int, block: str) -> None:
    assert_block_runs(block, f"docs/{page} python block {number}", DOCS / page)


def test_generated_pages_cover_every_public_name_and_rule() -> None:
    """The API reference is written from urikit.__all__ and the rule table from the
    grammar at build time (docs/_ext/urikit_pages.py): nothing is left out."""
    spec = importlib.util.spec_from_file_location("urikit_pages", DOCS / "_ext" / "urikit_pages.py")
    assert spec is not None and spec.loader is not None
    urikit_pages = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(urikit_pages)

    api = urikit_pages.api_page()
    assert all(re.search(rf"^\.\. auto\w+:: urikit\.{n}$", api, re.M) for n in urikit.__all__)
    rules = urikit_pages.rules_page()
    assert all(f'<tr id="rule-{name}">' in rules for name in urikit.rules)


def test_site_check_can_be_skipped_without_root() -> None:
    """The browser check installs Chromium with apt-get (root, network): README says so,
    and SKIP_SITE_CHECK=1 leaves it out with a message, not a failure."""
    root = DOCS.parent
    readme = (root / "README.md").read_text(encoding="utf-8")
    assert "apt-get" in readme and "make check SKIP_SITE_CHECK=1" in readme
    assert "export SKIP_SITE_CHECK" in (root / "Makefile").read_text(encoding="utf-8")
    done = subprocess.run(
        [sys.executable, str(root / "tools" / "check_site.py")],
        env={**os.environ, "SKIP_SITE_CHECK": "1"},
        capture_output=True,
        text=True,
        check=False,
    )
    assert (done.returncode, done.stdout) == (
        0,
        "site check skipped (SKIP_SITE_CHECK is set): the pages were not opened\n",
    )
