"""The development settings with the benchmarks' bare endpoints (bench/floor/)."""

from tournament.settings.base import *  # noqa: F403
from tournament.settings.base import INSTALLED_APPS

INSTALLED_APPS = [*INSTALLED_APPS, "bench.floor"]
ROOT_URLCONF = "bench.floor.urls"
