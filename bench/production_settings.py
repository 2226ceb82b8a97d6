"""The production settings, for a benchmark that serves them on this machine.

Everything as tournament/settings/production.py has it (DEBUG off, HTTPS behind a proxy,
secure cookies, PostgreSQL and Redis from the environment), with the benchmarks' bare
endpoints (bench/floor/), except the static files: the
pages under load are served without `collectstatic`, since a phone or a tablet caches the
scripts and stylesheets and asks the server for pages and JSON only; and the Celery queue,
named by the run (CELERY_TASK_DEFAULT_QUEUE), so that what it queues is counted and taken
out again without touching anyone else's tasks on the same broker; and the cache's key
prefix, named by the run's database (BENCH_CACHE_PREFIX), so that two servers of one run
over two databases (bench/load.py --history) share one Redis as two sites would, each
under its own keys.
"""

from tournament.settings.production import *  # noqa: F403
from tournament.settings.production import CACHES, INSTALLED_APPS, STORAGES, env

INSTALLED_APPS = [*INSTALLED_APPS, "bench.floor"]  # the bare endpoints (bench/floor/)
ROOT_URLCONF = "bench.floor.urls"

STORAGES = {
    **STORAGES,
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

CELERY_TASK_DEFAULT_QUEUE = env("CELERY_TASK_DEFAULT_QUEUE", default="celery")

CACHES["default"]["KEY_PREFIX"] = env(
    "BENCH_CACHE_PREFIX", default=CACHES["default"].get("KEY_PREFIX", "")
)
