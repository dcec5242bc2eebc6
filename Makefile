# cardroom: `make run` sets everything up and starts play; `make test` sets everything up and runs all checks.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run play test setup setup-room setup-browser lint typecheck unit bench clean

$(STAMP): pyproject.toml setup.py src/cardroom/solve/_core.c src/cardroom/solve/_twohand.c
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "cardroom needs Python 3.11 or newer")'
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

setup: $(STAMP)

# The main job: the card room in the browser at http://127.0.0.1:8000 (every game, people and bots).
run: $(STAMP)
	@echo "cardroom: the card room is at http://127.0.0.1:8000 (Ctrl-C stops it)"
	$(VENV)/bin/cardroom serve

# A rubber of bridge in the terminal.
play: $(STAMP)
	$(VENV)/bin/cardroom play bridge

lint: $(STAMP)
	$(VENV)/bin/ruff check src tests bench

typecheck: $(STAMP)
	$(VENV)/bin/mypy

# $(call debian,TEST,PACKAGE): install Debian's PACKAGE when the shell TEST fails.
debian = @$(1) || (SUDO=$$( [ "$$(id -u)" -eq 0 ] || echo sudo ); $$SUDO apt-get update -qq && \
	DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $(2) >/dev/null)

# The card room's store tests start a real PostgreSQL server on loopback (Debian's package), and its
# multi-node tests a real Redis server too (Debian's redis-server).
setup-room:
	$(call debian,command -v initdb >/dev/null 2>&1 || ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1,postgresql)
	$(call debian,command -v redis-server >/dev/null 2>&1,redis-server)

# The browser tests drive Debian's chromium with Playwright.
setup-browser:
	@sh scripts/setup-browser.sh

unit: $(STAMP) setup-room setup-browser
	$(PY) -m pytest -n 2

test: lint typecheck unit

bench: $(STAMP)
	$(PY) bench/engine.py

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis
