"""Sphinx configuration for the urikit documentation (``make docs``).

Sphinx, not MkDocs: urikit's docstrings are reStructuredText with Sphinx roles
(:class:`...`, :func:`...`, ``literal``), which autodoc renders and cross-links as
written; mkdocstrings would need them rewritten. The hand-written pages are Markdown
(MyST), so docs/design.md and docs/errors.md are pages of the site as they are.
Generated pages (API reference, rule table, benchmarks) are written at build time by
docs/_ext/urikit_pages.py.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "_ext"))

import urikit  # noqa: E402  (after the path is set)

project = "urikit"
author = "urikit maintainers"
copyright = "2026, urikit maintainers"
version = release = urikit.__version__

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.viewcode",
    "myst_parser",
    "urikit_pages",
]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
exclude_patterns = ["_build", "_ext"]
myst_heading_anchors = 3
myst_enable_extensions = ["colon_fence"]

autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_preserve_defaults = True
autodoc_default_options = {"members": True, "show-inheritance": True}

html_theme = "furo"
html_title = f"urikit {release}"
html_static_path = ["_static"]
html_favicon = "_static/favicon.svg"
html_extra_path = ["_extra"]  # favicon.ico at the root, where browsers look first
html_css_files = ["rules.css"]
