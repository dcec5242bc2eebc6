# cardroom: `make run` sets everything up and starts play; `make test` sets everything up and runs all checks.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test setup setup-room lint typecheck unit bench clean

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "cardroom needs Python 3.11 or newer")'
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

setup: $(STAMP)

run: $(STAMP)
	$(VENV)/bin/cardroom play bridge

lint: $(STAMP)
	$(VENV)/bin/ruff check src tests bench

typecheck: $(STAMP)
	$(VENV)/bin/mypy

# The card room's store tests start a real PostgreSQL server on loopback (Debian's package).
setup-room:
	@command -v initdb >/dev/null 2>&1 || ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || \
		(apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null)

unit: $(STAMP) setup-room
	$(PY) -m pytest -n 2

test: lint typecheck unit

bench: $(STAMP)
	$(PY) bench/engine.py

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis
