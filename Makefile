# siteseer — every target bootstraps what it needs (a .venv, the package, a browser).
PY      ?= python3
VENV    := .venv
BIN     := $(VENV)/bin
STAMP   := $(VENV)/.installed
BROWSER := $(VENV)/.browser
GRAPHVIZ := $(VENV)/.graphviz

.PHONY: demo test test-slow test-all faults lint bench bootstrap browser clean

bootstrap: $(STAMP) $(BROWSER) $(GRAPHVIZ)

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	@touch $@

# Find (or install) a Chromium: headless shell first. Writes the chosen path to $(BROWSER).
$(BROWSER): $(STAMP)
	$(BIN)/python -m siteseer.render.install --write $@

# Graphviz's `dot` draws the query DAG (explore's dag.svg): installed with apt where that works
# (root, Debian); elsewhere the DAG is drawn with matplotlib's layered fallback.
$(GRAPHVIZ): $(STAMP)
	@command -v dot >/dev/null 2>&1 || { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 \
		&& apt-get install -y --no-install-recommends graphviz >/dev/null 2>&1; } \
		|| echo "graphviz: dot not installed; query DAGs are drawn with matplotlib"
	@touch $@

# The benchmarks' own extra: crawlee, the crawler the throughput bench compares with.
$(VENV)/.bench: pyproject.toml $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[dev,bench]'
	@touch $@

browser: $(STAMP)
	$(BIN)/python -m siteseer.render.install --write $(BROWSER)

demo: bootstrap
	$(BIN)/siteseer demo

# `make test` is the fast default: every module keeps at least one test in it. Tests marked
# `@pytest.mark.slow` (the big lab sizes, long browser explorations) run in `make test-slow`;
# `make test-all` runs both, one after the other (CI). The slow tests of real applications run
# for the three applications tests/conftest.py names (DEFAULT_REAL_APPS);
# SITESEER_REAL_APPS=real-a,real-b (or `real`: all of them) chooses others; `make test` installs
# and serves none. pytest's exit code 5 (no test selected) fails `make test` and means "nothing
# slow to run" for `make test-slow`.
# The fast tests run on TEST_WORKERS processes (pytest-xdist; each test file stays on one of
# them): much of a browser test is waiting, so on two cores two processes keep them half busy
# (3:08, 185 s of CPU) and three fill them (2:23, the same CPU). TEST_WORKERS=0 runs them in
# this one process.
TEST_WORKERS ?= 3
# The tests write bytecode even where PYTHONDONTWRITEBYTECODE is set: each worker imports the
# suite's modules and each command a test starts imports the package again, and without the
# .pyc files (pytest's rewritten test modules among them) every one of them compiles its sources
# anew: collecting the fast suite takes 12 s of CPU per worker instead of 5.5, and a command's
# imports 1.3 s instead of 0.95. __pycache__/ is ignored by git.
PYTEST := PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest

test: bootstrap
	$(PYTEST) -q -m "not slow" -n $(TEST_WORKERS) --dist loadfile

test-slow: bootstrap
	@$(PYTEST) -q -m slow; status=$$?; \
	if [ $$status -eq 5 ]; then echo "no slow tests"; exit 0; fi; exit $$status

test-all: test
	@$(MAKE) --no-print-directory test-slow

# The whole fault suite (fast and slow cases), ending with "N cases, N held" and the table.
faults: bootstrap
	SITESEER_FAULT_TABLE=1 $(PYTEST) -q -p no:cacheprovider tests/faults

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

# The real tier's runs get an hour each: exploring TiddlyWiki's ~500 states takes 4–10 minutes
# here, more on a busy machine (the lab's default per-run timeout is 900 s).
bench: bootstrap $(VENV)/.bench
	$(BIN)/python -m bench.throughput --by-process
	$(BIN)/python -m bench.startup
	$(BIN)/python -m bench.sitemaps
	$(BIN)/python -m bench.dust
	$(BIN)/python -m bench.analysis
	$(BIN)/python -m bench.batch
	$(BIN)/siteseer lab bench --size medium --out bench/results
	$(BIN)/siteseer lab bench --sites real --size small --timeout 3600 --out bench/results-real \
		--compare bench/results

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache *.egg-info .lab-real
