# siteseer — every target bootstraps what it needs (a .venv, the package, a browser).
PY      ?= python3
VENV    := .venv
BIN     := $(VENV)/bin
STAMP   := $(VENV)/.installed
BROWSER := $(VENV)/.browser

.PHONY: demo test lint bench bootstrap browser clean

bootstrap: $(STAMP) $(BROWSER)

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	@touch $@

# Find (or install) a Chromium: headless shell first. Writes the chosen path to $(BROWSER).
$(BROWSER): $(STAMP)
	$(BIN)/python -m render.install --write $@

browser: $(STAMP)
	$(BIN)/python -m render.install --write $(BROWSER)

demo: bootstrap
	$(BIN)/siteseer demo

test: bootstrap
	$(BIN)/python -m pytest -q

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

bench: bootstrap
	$(BIN)/python -m bench.throughput
	$(BIN)/siteseer lab bench --size medium --out bench/results
	$(BIN)/siteseer lab bench --sites real --size small --out bench/results-real

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache *.egg-info .lab-real
