# Two entry points; both install what they need into .venv first (demo: only what it uses).
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin

# The lowest type completeness `pyright --verifytypes urikit --ignoreexternal` may report
# for the installed wheel (0-1): every exported symbol fully typed (issue 10 reached it).
VERIFYTYPES_MIN ?= 1.0

.PHONY: demo check install bench dist-check check-kernel check-pythons docs site-check fuzz fuzz-ci

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

# Editable, with the native kernel built in place (setup.py); URIKIT_NO_EXTENSIONS=1 (at
# install or when urikit is imported) gives the pure package.
install: $(BIN)/python
	$(BIN)/pip install -q -e '.[dev]'

# The demo needs urikit and pydantic only. The stamp makes a second run install
# nothing; it is redone when pyproject.toml changes (the install is editable).
$(VENV)/.demo-installed: pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e '.[pydantic]'
	touch $@

demo: $(VENV)/.demo-installed
	$(BIN)/python examples/demo.py

# The whole suite twice on this Python: against the kernel (it must be the one in use)
# and against the pure package (URIKIT_NO_EXTENSIONS=1: an in-place kernel is not
# imported); then the wheel, the whole suite on 3.12 and 3.13 (both builds on 3.13),
# the site and fuzzing.
check: install
	$(BIN)/ruff check src tests examples benchmarks fuzz tools docs setup.py
	$(BIN)/ruff format --check src tests examples benchmarks fuzz tools docs setup.py
	$(BIN)/mypy
	$(BIN)/pyright
	$(BIN)/python tools/ensure_java.py  # for the Spark example's test (pyspark needs a JVM)
	URIKIT_EXPECT_KERNEL=1 $(BIN)/python -m pytest -q -n 2
	URIKIT_NO_EXTENSIONS=1 $(BIN)/python -m pytest -q -n 2
	$(MAKE) --no-print-directory dist-check check-pythons site-check
	$(MAKE) --no-print-directory fuzz-ci

# Build the sdist and the kernel wheel from it (auditwheel: a manylinux policy), install
# the wheel into a fresh venv, run a smoke test, the examples and pyright --verifytypes
# there; build the pure wheels (URIKIT_NO_EXTENSIONS=1, a failing compiler) (tools/check_dist.py).
dist-check: install
	$(BIN)/python tools/check_dist.py --min-completeness $(VERIFYTYPES_MIN)

# The kernel wheel built from the sdist, installed into build/kernel-venv (the kernel
# build of benchmarks/run.py), the kernel's tests run there (tools/check_kernel.py).
check-kernel: install
	$(BIN)/python tools/check_kernel.py

# CPython 3.12 and 3.13 (pyenv's, else on PATH): the sdist of dist-check installed into
# build/venv-3.X, the whole suite there; on 3.13 also pure (tools/check_pythons.py;
# CHECK_PYTHONS= for the kernel's tests alone).
CHECK_PYTHONS ?= --whole
check-pythons: install
	$(BIN)/python tools/check_pythons.py $(CHECK_PYTHONS)

# The kernel's fuzz harness (fuzz/fuzz_kernel.py) with the kernel built under ASan and
# UBSan (fuzz/sanitized.py), from the committed seeds (fuzz/seeds/kernel) on; new inputs
# and any crash go to build/fuzz. fuzz-ci is CI's bounded run; make fuzz FUZZ_SECONDS=N.
FUZZ_SECONDS ?= 600
FUZZ_CI_SECONDS ?= 60
FUZZ_FLAGS = -keep_seed=1 -len_control=0 -max_len=1024 -timeout=30 -rss_limit_mb=4096 \
	-print_final_stats=1 \
	-artifact_prefix=build/fuzz/ build/fuzz/corpus fuzz/seeds/kernel
fuzz fuzz-ci: install
	mkdir -p build/fuzz/corpus
	$(BIN)/python fuzz/sanitized.py run -- $(BIN)/python fuzz/fuzz_kernel.py \
		-max_total_time=$(if $(filter fuzz-ci,$@),$(FUZZ_CI_SECONDS),$(FUZZ_SECONDS)) $(FUZZ_FLAGS)

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

# benchmarks/RESULTS.md and its chart: each benchmark in the pure build (.venv with
# URIKIT_NO_EXTENSIONS=1: its kernel built in place stays unused) and, where it sets
# KERNEL, in the kernel build too (build/kernel-venv, made by check-kernel when missing).
bench: install
	test -x build/kernel-venv/bin/python || $(MAKE) --no-print-directory check-kernel
	URIKIT_NO_EXTENSIONS=1 $(BIN)/python benchmarks/run.py
