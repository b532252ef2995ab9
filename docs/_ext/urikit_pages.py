"""Sphinx extension: write the generated pages of the urikit site before reading sources.

- ``generated/api.rst``: one autodoc entry for every name in ``urikit.__all__``, grouped
  by the module that defines it, then the public submodules. A name added to
  ``__all__`` appears here without an edit to the docs.
- ``generated/rules.md``: the rule table (name, ABNF, section, regex, ECMAScript
  pattern), from ``urikit.rules``, i.e. from the grammar nodes.
- ``generated/benchmarks.md``: benchmarks/RESULTS.md, the last measured run.

A page is rewritten only when its text changes, so Sphinx rebuilds only what changed.
"""

from __future__ import annotations

import html
import importlib
import inspect
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

from sphinx.application import Sphinx

import urikit

# Submodules with an API of their own, documented whole (urikit.__all__ names their
# classes and functions only where they are re-exported).
SUBMODULES = (
    "urikit.hosts",
    "urikit.security",
    "urikit.strategies",
    "urikit.integrations.pydantic",
    "urikit.integrations.jsonschema",
    "urikit.integrations.argparse",
)
SHORT = 100  # patterns longer than this fold into a <details> element


def setup(app: Sphinx) -> dict[str, object]:
    app.connect("builder-inited", _write_pages)
    return {"parallel_read_safe": True, "parallel_write_safe": True}


def _write_pages(app: Sphinx) -> None:
    out = Path(app.srcdir) / "generated"
    out.mkdir(exist_ok=True)
    root = Path(app.srcdir).parent
    pages = {
        "api.rst": api_page(),
        "rules.md": rules_page(),
        "benchmarks.md": benchmarks_page(root / "benchmarks" / "RESULTS.md"),
    }
    for name, text in pages.items():
        path = out / name
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
    # RESULTS.md shows the chart beside it; the generated page needs it beside itself.
    chart = root / "benchmarks" / "summary.png"
    if chart.exists():
        shutil.copyfile(chart, out / chart.name)


def _home(name: str) -> str:
    """The module that defines public name ``name`` (where urikit loads it from)."""
    obj = getattr(urikit, name)
    module = getattr(obj, "__module__", None)
    if isinstance(module, str) and module.startswith("urikit.") and not inspect.ismodule(obj):
        return module
    # Data and type aliases carry no __module__: the module whose __all__ lists the name.
    homes = [
        m.__name__
        for m in list(sys.modules.values())
        if m.__name__.startswith("urikit.") and name in getattr(m, "__all__", ())
    ]
    return min(homes, key=len)


def _directive(name: str) -> str:
    obj = getattr(urikit, name)
    if inspect.isclass(obj):
        return f".. autoclass:: urikit.{name}\n   :members:\n   :show-inheritance:\n"
    if inspect.isfunction(obj):
        return f".. autofunction:: urikit.{name}\n"
    return f".. autodata:: urikit.{name}\n"


def _summary(module: ModuleType) -> str:
    doc = inspect.getdoc(module) or ""
    return doc.split("\n\n", 1)[0].replace("\n", " ")


def _title(text: str, underline: str) -> str:
    return f"{text}\n{underline * len(text)}\n"


def api_page() -> str:
    groups: dict[str, list[str]] = {}
    for name in urikit.__all__:
        groups.setdefault(_home(name), []).append(name)
    parts = [
        _title("API reference", "="),
        "Every public name of ``urikit`` (its ``__all__``), grouped by the module that "
        "defines it; import them from ``urikit`` itself. Generated from the docstrings at "
        "build time.\n",
    ]
    for module_name in sorted(groups):
        module = importlib.import_module(module_name)
        parts.append(_title(f"From {module_name}", "-"))
        parts.append(_summary(module) + "\n")
        parts.extend(_directive(name) for name in groups[module_name])
    parts.append(_title("Submodules", "-"))
    parts.append("Modules used by their own name, such as ``urikit.strategies``.\n")
    for module_name in SUBMODULES:
        parts.append(_title(module_name, "~"))
        # a name urikit re-exports is documented once, above
        again = set(getattr(importlib.import_module(module_name), "__all__", ()))
        again &= set(urikit.__all__)
        exclude = f"   :exclude-members: {', '.join(sorted(again))}\n" if again else ""
        parts.append(f".. automodule:: {module_name}\n   :members:\n{exclude}")
    return "\n".join(parts)


def _cell(pattern: str) -> str:
    code = f"<code>{html.escape(pattern)}</code>"
    if len(pattern) <= SHORT:
        return code
    return f"<details><summary>{len(pattern):,} characters</summary>{code}</details>"


def _rows() -> Iterator[str]:
    for name, info in urikit.rules.items():
        yield (
            f'<tr id="rule-{html.escape(name)}">'
            f"<td><strong>{html.escape(name)}</strong></td>"
            f'<td><code class="abnf">{html.escape(info.abnf)}</code></td>'
            f"<td>{html.escape(info.section)}</td>"
            f"<td>{_cell(info.regex)}</td>"
            f"<td>{_cell(info.ecmascript)}</td></tr>"
        )


def rules_page() -> str:
    count = len(urikit.rules)
    return "\n".join(
        [
            "# Rule table",
            "",
            f"The {count} rules urikit validates, generated from the grammar when this site "
            "was built: the ABNF as the RFC writes it, the section that defines it, the "
            "Python regular expression `urikit.is_valid` runs (use it with `fullmatch`) "
            "and the ECMAScript pattern `urikit.ecmascript_pattern` gives (for an HTML "
            "`pattern` attribute; JSON Schema needs `anchored=True`). Sections are RFC "
            "3986's unless another RFC is named. Long patterns are folded: click to open.",
            "",
            '<table class="rule-table">',
            "<thead><tr><th>name</th><th>ABNF</th><th>section</th><th>regex (Python)</th>"
            "<th>ECMAScript pattern</th></tr></thead>",
            "<tbody>",
            *_rows(),
            "</tbody></table>",
            "",
        ]
    )


def benchmarks_page(results: Path) -> str:
    text = results.read_text(encoding="utf-8")
    return (
        text + "\n\n---\n\nThis page is `benchmarks/RESULTS.md` as of the build; `make bench` "
        "measures again.\n"
    )
