"""The optional compiled build: ``URIKIT_MYPYC=1`` compiles some modules with mypyc.

Without the variable this adds nothing to pyproject.toml's build: the wheel stays pure
Python (``py3-none-any``) and the build needs setuptools alone. With it, the build
environment must provide mypy (which brings mypyc) and a C compiler, and the modules in
:data:`COMPILED` become extensions; their ``.py`` files ship beside them. ``make
check-compiled`` builds that wheel (tools/check_compiled.py) and runs every test against
it. The pure package is the reference: docs/design.md, "The optional compiled build",
says why these modules and not others.
"""

from __future__ import annotations

import os

from setuptools import setup

#: The modules mypyc compiles, under src/urikit: chosen by measurement
#: (benchmarks/bench_compiled.py) among the private ones (a leading "_": no public
#: signature passes through them; tests/test_build.py holds the list to that).
COMPILED = (
    "_syntax/automaton.py",
    "_syntax/locate.py",
    "_syntax/percent.py",
    "template/_encode.py",
    "template/_expand.py",
    "template/_grammar.py",
    "template/_match.py",
)

if os.environ.get("URIKIT_MYPYC") == "1":
    from mypyc.build import mypycify

    setup(ext_modules=mypycify([f"src/urikit/{name}" for name in COMPILED], opt_level="3"))
else:
    setup()
