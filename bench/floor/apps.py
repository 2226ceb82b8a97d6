from django.apps import AppConfig


class FloorConfig(AppConfig):
    """The benchmarks' bare endpoints and the rows they insert: installed by the benchmark
    settings (bench/settings.py, bench/production_settings.py) and the suite's, never by
    the site's."""

    name = "bench.floor"
    label = "bench_floor"
    default_auto_field = "django.db.models.BigAutoField"
