# Two entry points; both install what they need into .venv first (demo: only what it uses).
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin

# The lowest type completeness `pyright --verifytypes urikit --ignoreexternal` may report
# for the installed wheel (0-1): every exported symbol fully typed (issue 10 reached it).
VERIFYTYPES_MIN ?= 1.0

.PHONY: demo check install bench dist-check check-kernel docs site-check

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

install: $(BIN)/python
	$(BIN)/pip install -q -e '.[dev]'

# The demo needs urikit and pydantic only. The stamp makes a second run install
# nothing; it is redone when pyproject.toml changes (the install is editable).
$(VENV)/.demo-installed: pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e '.[pydantic]'
	touch $@

demo: $(VENV)/.demo-installed
	$(BIN)/python examples/demo.py

check: install
	$(BIN)/ruff check src tests examples benchmarks fuzz tools docs setup.py
	$(BIN)/ruff format --check src tests examples benchmarks fuzz tools docs setup.py
	$(BIN)/mypy
	$(BIN)/pyright
	$(BIN)/python tools/ensure_java.py  # for the Spark example's test (pyspark needs a JVM)
	$(BIN)/python -m pytest -q
	$(MAKE) --no-print-directory dist-check check-kernel site-check

# Build sdist and wheel, install the wheel into a fresh venv, run a smoke test, the
# examples and pyright --verifytypes there (tools/check_dist.py).
dist-check: install
	$(BIN)/python tools/check_dist.py --min-completeness $(VERIFYTYPES_MIN)

# The optional native kernel (setup.py, URIKIT_KERNEL=1): build that wheel, install it
# into build/kernel-venv, run the differential tests and a subset there (tools/check_kernel.py).
check-kernel: install
	$(BIN)/python tools/check_kernel.py

# The documentation site (Sphinx; docs/conf.py says why), warnings as errors, in build/docs.
docs: install
	$(BIN)/sphinx-build -W --keep-going -q -b html docs build/docs

# Open every built page in headless Chromium (Debian's, installed with apt-get when
# missing: that needs root and the network): fails on a console error or a broken
# internal link; screenshots in build/screenshots. SKIP_SITE_CHECK=1 (here or in the
# environment) builds the site but leaves the browser out.
export SKIP_SITE_CHECK
site-check: docs
	$(BIN)/python tools/check_site.py

bench: install
	$(BIN)/python benchmarks/run.py
