# Tabletop Arcade — the two commands in the README, and the steps they are made of.
#   make lab    JupyterLab on notebooks/00_start_here.ipynb (creates .venv on first use)
#   make classroom  the lessons as an app (Voilà: no code cells) on notebooks/, start at 00_start_here
#   make test   lint (Python and JavaScript), type check, notebook hygiene, unit + property + widget + browser tests,
#               every notebook
#   make site   a static JupyterLite site in build/site: every lesson runs in the browser (Pyodide), no server
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
PORT   ?= 8888
# JupyterLab refuses to run as root unless told; Binder and laptops do not run as root.
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)

.PHONY: lab classroom test venv test-env chromium lint lint-js typecheck check-notebooks unit notebooks browser bench fuzz report clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Re-install only when pyproject.toml changed.
$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	@touch $@

$(VENV)/.installed-classroom: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[classroom]"
	@touch $@ $(VENV)/.installed

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[test]"
	@touch $@ $(VENV)/.installed

venv: $(VENV)/.installed

test-env: $(VENV)/.installed-test

lab: venv
	$(BIN)/jupyter lab notebooks/00_start_here.ipynb --port=$(PORT) $(ROOT_FLAG)

# Voilà's own server does not refuse root and rejects --allow-root; as root it gets the server setting instead
VOILA_ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--ServerApp.allow_root=True,)
CLASSROOM_PORT ?= 8866

classroom: $(VENV)/.installed-classroom
	@echo "Classroom app: open http://localhost:$(CLASSROOM_PORT)/voila/render/00_start_here.ipynb"
	JUPYTER_PATH=$(CURDIR)/share/jupyter$${JUPYTER_PATH:+:$$JUPYTER_PATH} $(BIN)/voila notebooks --template=tabletop \
	  --port=$(CLASSROOM_PORT) $(VOILA_ROOT_FLAG)

chromium: test-env
	@PYTHON=$(BIN)/python bash .ci/ensure-chromium

lint: test-env
	$(BIN)/ruff check widgets tests benchmarks
	$(BIN)/python .ci/check_complexity.py $(BIN)/ruff

# The JavaScript check: eslint's recommended rules over widgets/**/static/*.js (config .ci/eslint.config.mjs), then
# tsc --checkJs over each game's bundle of them (.ci/ts/<game>.json; every static file must be in one). Its
# tools, pinned in .ci/js-tools.txt, are installed into .ci/js on first use (again when that list changes); only
# `make test` / `make lint-js` need Node and npm: installing and running the project does not.
JS_DIR := .ci/js

$(JS_DIR)/.installed: .ci/js-tools.txt
	@command -v npm >/dev/null 2>&1 || { [ "$$(id -u)" = 0 ] && apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq npm >/dev/null; } || \
	  { echo "make lint-js needs Node's npm (apt-get install npm)" >&2; exit 1; }
	mkdir -p $(JS_DIR)
	npm install --prefix $(JS_DIR) --no-save --no-package-lock --no-audit --no-fund --loglevel=error \
	  $$(grep -v '^#' .ci/js-tools.txt)
	@touch $@

lint-js: $(JS_DIR)/.installed
	$(JS_DIR)/node_modules/.bin/eslint --config .ci/eslint.config.mjs --max-warnings 0 widgets
	@for f in $$(find widgets -path '*/static/*.js' | sort); do grep -qF "../../$$f\"" .ci/ts/*.json || \
	  { echo "lint-js: $$f is in no .ci/ts/*.json (tsc would not check it)" >&2; exit 1; }; done
	for p in .ci/ts/xevious.json .ci/ts/xevoz.json .ci/ts/zaxxon.json; do $(JS_DIR)/node_modules/.bin/tsc -p $$p || exit 1; done

typecheck: test-env
	$(BIN)/mypy

check-notebooks: test-env
	$(BIN)/python .ci/check_notebooks.py notebooks

unit: test-env
	$(BIN)/python -m pytest tests -m "not browser" -q

browser: chromium
	$(BIN)/python -m pytest tests -m browser -q

notebooks: test-env
	$(BIN)/python -m pytest --nbmake --nbmake-timeout=600 notebooks -q

# the browser tests and the rest (unit tests + every notebook) side by side, one per core: .ci/test.py says why
test: chromium lint lint-js typecheck check-notebooks
	$(BIN)/python .ci/test.py

bench: venv
	$(BIN)/python benchmarks/bench.py

# 100,000 random steps per game with 30% malformed input injected; prints errors/corrupted/mismatches per game
fuzz: venv
	$(BIN)/python benchmarks/fuzz.py

report: venv
	$(BIN)/python -m tabletop.games .

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis $(JS_DIR)

# -- the static site (issue 14): JupyterLite + Pyodide, every lesson in the browser ---------------------------
# Its own venv (.venv-site: jupyterlite-core, jupyterlite-pyodide-kernel and the extensions it ships); Pyodide's
# distribution comes from npm (`npm pack pyodide@<the kernel's version>`), every wheel from PyPI.
SITE_VENV ?= .venv-site
SITE_OUT  ?= build/site
SITE_PORT ?= 8000
.PHONY: site serve-site

$(SITE_VENV)/.installed: site/requirements-build.txt
	$(PYTHON) -m venv $(SITE_VENV)
	$(SITE_VENV)/bin/python -m pip install --quiet --upgrade pip
	$(SITE_VENV)/bin/python -m pip install --quiet -r site/requirements-build.txt
	@touch $@

site: $(SITE_VENV)/.installed
	@command -v npm >/dev/null 2>&1 || { [ "$$(id -u)" = 0 ] && apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq npm >/dev/null; } || \
	  { echo "make site needs npm (apt-get install npm)" >&2; exit 1; }
	$(SITE_VENV)/bin/python site/build.py --out $(SITE_OUT)

# the built site on http://127.0.0.1:$(SITE_PORT)/ (any static file server does; site/serve.py sends gzip and cache
# headers as a static host does, and logs the bytes of each request)
serve-site: site
	$(PYTHON) site/serve.py --dir $(SITE_OUT) --port $(SITE_PORT)
