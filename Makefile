# Entry points for developers and CI. Every target bootstraps .venv first, so
# they work from a fresh clone; bootstrap is a no-op when nothing changed.
PY := .venv/bin/python
PYTEST_ARGS ?=
RUN_ADDR ?= 127.0.0.1:8000
# Directories compilemessages must not descend into (it walks the whole tree).
I18N_IGNORE := -i .venv -i node_modules -i staticfiles -i media -i test-artifacts

.PHONY: run serve test probe check format bootstrap bench load messages schema

bootstrap:
	@bash scripts/bootstrap.sh

# Development server with demo data: SQLite, no broker (tasks run inline).
run: export DEBUG = true
run: bootstrap
	$(PY) manage.py migrate --no-input
	@if command -v msgfmt >/dev/null 2>&1 && \
	    [ -n "$$(find . -path ./.venv -prune -o -name '*.po' -print -quit)" ]; then \
	    echo "$(PY) manage.py compilemessages"; \
	    $(PY) manage.py compilemessages $(I18N_IGNORE); \
	else echo "skipping compilemessages (no msgfmt or no .po files); using committed .mo files"; fi
	$(PY) manage.py demo
	$(PY) manage.py demo --tandem
	$(PY) manage.py demo --four-player
	$(PY) manage.py demo --swiss
	$(PY) manage.py reap_background --all  # tasks ran in threads of the last server: none survived it
	$(PY) manage.py runserver $(RUN_ADDR)

# Production: gunicorn (deploy/gunicorn.conf.py: gthread, CPU count + 1 processes) on
# DATABASE_URL, CACHE_URL and CELERY_BROKER_URL from the environment (see deploy/arbiter.env),
# plus a Celery worker when a broker is set. With DESK_BIND a second pool serves the desk and the
# API there (nginx routes them, deploy/nginx.conf) and the public pool runs at lower CPU priority,
# so result entry never waits behind spectators. README "Production" has the details.
serve: bootstrap
	$(PY) manage.py migrate --no-input
	$(PY) manage.py collectstatic --no-input --verbosity 0
	$(PY) manage.py check --deploy
	@set -e; pids=""; public=""; \
	trap 'kill $$pids 2>/dev/null' EXIT INT TERM; \
	if [ -n "$$CELERY_BROKER_URL" ]; then $(PY) manage.py reap_background; \
	    .venv/bin/celery -A arbiter worker --beat --schedule "$${TMPDIR:-/tmp}/arbiter-beat-schedule" --loglevel INFO & pids="$$pids $$!"; \
	else echo "CELERY_BROKER_URL unset: tasks run inside the web processes"; $(PY) manage.py reap_background --all; fi; \
	if [ -n "$$DESK_BIND" ]; then \
	    WEB_BIND="$$DESK_BIND" WEB_WORKERS="$${DESK_WORKERS:-1}" .venv/bin/gunicorn -c deploy/gunicorn.conf.py arbiter.wsgi & pids="$$pids $$!"; \
	    public="nice -n 10"; \
	fi; \
	$$public .venv/bin/gunicorn -c deploy/gunicorn.conf.py arbiter.wsgi

# On two workers (pytest-xdist; a module stays on one worker, so its fixtures are built once), each with a
# test database and Redis databases of its own (tests/worker_redis.py). TEST_WORKERS=0 runs in one process.
TEST_WORKERS ?= 2
test: bootstrap
	$(PY) -m pytest -p tests.worker_redis -n $(TEST_WORKERS) --dist loadscope $(PYTEST_ARGS)

# The probe tests at full strength (tests/probes.py): the scenarios repeated as often as the
# issues that found their bugs did. Slower than CI's bounded run; PostgreSQL gives the real locks.
probe: bootstrap
	ARBITER_PROBE=full $(PY) -m pytest -m probe $(PYTEST_ARGS)

check: bootstrap
	.venv/bin/ruff check .
	.venv/bin/ruff format --check .
	$(PY) manage.py makemigrations --check --dry-run
	$(PY) manage.py check

# Fix what ruff can (imports, formatting); `make check` fails on what is left.
format: bootstrap
	.venv/bin/ruff check --fix .
	.venv/bin/ruff format .

# Benchmarks (docs/performance.md): ours against gacrux in one run and every tie-break's growth (no
# database), then Olympiad scale in its own throw-away database, never db.sqlite3.
BENCH_ARGS ?=
bench: bootstrap
	$(PY) -m bench.reference
	$(PY) -m bench.growth
	$(PY) -m bench $(BENCH_ARGS)

# The spectator peak against `make serve` with wrk (docs/performance.md "Load test"); needs
# DATABASE_URL=postgres://… and CACHE_URL=redis://… and `apt-get install wrk`; about three minutes.
load: bootstrap
	$(PY) -m bench.load

# Extract translatable strings into locale/{de,en} (Python, templates, our JS; not vendor/),
# then compile. Untranslated German entries: msgattrib --untranslated locale/de/LC_MESSAGES/django.po
MESSAGES_IGNORE := $(I18N_IGNORE) -i bench -i tests -i docs -i 'tournaments/static/vendor/*'
messages: bootstrap
	mkdir -p locale
	$(PY) manage.py makemessages -l de -l en --add-location=file $(MESSAGES_IGNORE)
	$(PY) manage.py makemessages -d djangojs -l de -l en --add-location=file $(MESSAGES_IGNORE)
	$(PY) manage.py compilemessages $(I18N_IGNORE)

# The archive's JSON Schema: the tournament's settings are generated from the rule set.
schema: bootstrap
	$(PY) -m tournaments.archive.schema_build
