# The two commands a newcomer needs: `make run` and `make test`.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV   := .venv
BIN    := $(VENV)/bin
# .venv is made again whenever the project's metadata or the test lock changes.
STAMP  := $(VENV)/.installed-$(shell cat pyproject.toml requirements-test.lock | md5sum | cut -c1-12)
# manage.py, gunicorn and Celery default to the production settings, which refuse to start
# without a real SECRET_KEY: the commands here for a laptop name the development settings.
DEVELOPMENT := env DJANGO_SETTINGS_MODULE=tournament.settings.base

.PHONY: run test messages rehearsal mutation lint lock venv demo worker bench-engine bench-print bench-api bench-load bench-history bench-players bench-console clean

# Every package at the version requirements-test.lock pins, checked against its hashes;
# then the project itself, editable, with nothing more.
$(STAMP): pyproject.toml requirements-test.lock
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet --require-hashes -r requirements-test.lock
	$(BIN)/python -m pip install --quiet --no-deps -e .
	@rm -f $(VENV)/.installed-* && touch $(STAMP)

venv: $(STAMP)

## make lock: pin pyproject.toml's dependencies anew in requirements.lock and requirements-test.lock (docs/operations.md)
lock:
	PYTHON=$(PYTHON) scripts/lock.sh $(ARGS)

# The front-end packages the pages load (package.json), copied into static/vendor/.
VENDORED := static/vendor/jsqr/jsQR.js static/vendor/htmx.org/htmx.min.js
node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund --silent
$(VENDORED): node_modules/.package-lock.json
	scripts/vendor-static.sh

# The translations: each catalogue (locale/<language>/LC_MESSAGES/*.po, committed) compiled
# into the .mo file Django reads (a build product, not committed), by Debian's gettext,
# installed first where it is missing. `make run`, `make test` and `make rehearsal` share
# this step; the Docker image compiles them in its build stage.
CATALOGUES := $(patsubst %.po,%.mo,$(wildcard locale/*/LC_MESSAGES/*.po))
SUDO := $(if $(filter 0,$(shell id -u)),,sudo)
%.mo: %.po
	@command -v msgfmt >/dev/null || { $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq gettext; }
	msgfmt --check --output-file=$@ $<

## make messages: the catalogues brought up to date with the strings the code marks (README.md, Adding a language)
messages: $(STAMP)
	PYTHON=$(BIN)/python scripts/makemessages.sh

## make run: install, migrate, load the demo event and serve it on 127.0.0.1:8000
run: $(STAMP) $(VENDORED) $(CATALOGUES)
	$(DEVELOPMENT) $(BIN)/python manage.py migrate --noinput
	$(DEVELOPMENT) $(BIN)/python manage.py load_demo
	@echo ""
	@echo "  Monopoly Night is running at http://127.0.0.1:8000/"
	@echo "  Organiser login: organiser / monopoly-night (admin at /admin/)"
	@echo ""
	$(DEVELOPMENT) $(BIN)/python manage.py runserver 127.0.0.1:8000

## make test: system packages, PostgreSQL and Redis, then ruff and the whole suite
test: $(STAMP) $(CATALOGUES)
	scripts/test-prerequisites.sh
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/python manage.py makemigrations --check --dry-run --settings=tournament.settings.test
	$(BIN)/pytest --numprocesses=auto --dist=loadgroup --durations=30

## make rehearsal: only the whole night in Chromium, on the site deployed as the image deploys it
rehearsal: $(STAMP) $(VENDORED) $(CATALOGUES)
	scripts/test-prerequisites.sh
	$(BIN)/pytest -m night

# The rules engine's modules (__init__ makes no mutants): mutmut mutates each in a run of its
# own, against the engine's tests (pyproject.toml's [tool.mutmut]); results in mutants/.
ENGINE_MODULES := $(filter-out __init__,$(basename $(notdir $(wildcard games/engine/*.py))))

## make mutation: mutation testing of the rules engine, module by module (docs/mutation.md)
mutation: $(STAMP)
	rm -rf mutants
	for module in $(ENGINE_MODULES); do \
		nice -n 19 $(BIN)/mutmut run --max-children 2 "games.engine.$$module.*" || exit 1; \
	done
	$(BIN)/python scripts/mutation_report.py

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

worker: $(STAMP)
	$(DEVELOPMENT) $(BIN)/celery -A tournament worker --loglevel=info

bench-engine: $(STAMP)
	$(DEVELOPMENT) $(BIN)/python bench/engine.py

## make bench-print: the scoresheets print job against plain pages of the same text (docs/benchmarks.md)
bench-print: $(STAMP)
	$(DEVELOPMENT) $(BIN)/python bench/print.py

## make bench-api: the entries API against a bare baseline endpoint, under gunicorn (docs/benchmarks.md)
bench-api: $(STAMP)
	$(DEVELOPMENT) $(BIN)/python bench/api.py

## make bench-load: an event for 2 minutes (100 tables, 20 referees, the big screen), then 4 against the floor, under gunicorn, PostgreSQL and Redis
bench-load: $(STAMP)
	$(DEVELOPMENT) $(BIN)/python bench/load.py

## make bench-history: the same load on a fresh event and on one 30 rounds into its night, in turn
bench-history: $(STAMP)
	$(DEVELOPMENT) $(BIN)/python bench/load.py --history 30

## make bench-console: the banker's waits in Chromium on slow Wi-Fi (docs/benchmarks.md)
bench-console: $(STAMP)
	$(DEVELOPMENT) $(BIN)/python bench/console_wait.py

## make bench-players: 400 players polling their own pages every 10 s: server CPU
bench-players: $(STAMP)
	$(DEVELOPMENT) $(BIN)/python bench/players.py

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles static/vendor tests/artifacts $(CATALOGUES)
