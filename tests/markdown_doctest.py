"""The Python examples of a Markdown page (README, docs/), run as doctests."""

from __future__ import annotations

import doctest
import re
from pathlib import Path


def python_blocks(path: Path) -> list[str]:
    """The bodies of the ```python fences of the Markdown file ``path``."""
    text = path.read_text(encoding="utf-8")
    return re.findall(r"^```python\n(.*?)^```$", text, flags=re.S | re.M)


def assert_block_runs(block: str, name: str, path: Path) -> None:
    """Run one block on its own (a fresh namespace, so it can be copied as it is)."""
    test = doctest.DocTestParser().get_doctest(block, {}, name, str(path), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.attempted > 0
    assert result.failed == 0, f"{name} failed (see output above)"
