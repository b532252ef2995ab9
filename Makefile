# Two entry points; both install what they need into .venv first.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: demo check install bench

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

install: $(BIN)/python
	$(BIN)/pip install -q -e '.[dev]'

demo: install
	$(BIN)/python examples/demo.py

check: install
	$(BIN)/ruff check src tests examples benchmarks fuzz
	$(BIN)/ruff format --check src tests examples benchmarks fuzz
	$(BIN)/mypy
	$(BIN)/python -m pytest -q

bench: install
	$(BIN)/python benchmarks/run.py
