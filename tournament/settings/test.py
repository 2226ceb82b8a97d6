"""Settings for the test suite: PostgreSQL and Redis on this machine, fast hashing.

`TEST_DATABASE_URL` may name SQLite instead, as make run's laptop uses it: the tests marked
`both_databases` run there too (tests/production/test_sqlite.py)."""

from tournament.settings.base import *  # noqa: F403
from tournament.settings.base import (
    INSTALLED_APPS,
    add_server_settings,
    env,
    prepared_statements_on,
    sqlite_writes_wait,
)

# The benchmarks' bare endpoints are tested too (tests/bench/test_floor.py): their table is
# made with the suite's; their routes only in bench/floor/urls.py.
INSTALLED_APPS = [*INSTALLED_APPS, "bench.floor"]

DATABASES = {
    "default": sqlite_writes_wait(
        prepared_statements_on(
            env.db("TEST_DATABASE_URL", default="postgres://postgres@127.0.0.1:5432/monopoly_night")
        )
    ),
}
if DATABASES["default"]["ENGINE"].endswith("postgresql"):
    # The suite empties its database between browser tests with TRUNCATE, which the ledger's
    # trigger refuses on every other connection (banking/migrations/0005_protect_ledger.py).
    add_server_settings(DATABASES["default"]["OPTIONS"], "monopoly_night.allow_ledger_truncate=on")
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
DEBUG = False
CELERY_TASK_ALWAYS_EAGER = True
CELERY_BROKER_URL = env("TEST_CELERY_BROKER_URL", default="redis://127.0.0.1:6379/15")
WHITENOISE_AUTOREFRESH = True
WHITENOISE_USE_FINDERS = True
# Logins by code (the test client's login(), a bare authenticate()) carry no request for
# the lockout to count; every login through a page or the API is counted as in production.
AUTHENTICATION_BACKENDS = [
    "tests.login_backend.RequestOptionalAxesBackend",
    "django.contrib.auth.backends.ModelBackend",
]
