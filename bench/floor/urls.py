"""The site's URLs with the benchmarks' floor and baseline beside its API."""

from django.urls import include, path

from bench.floor.views import BaselineApi, FloorApi

urlpatterns = [
    path("api/bench/baseline/", BaselineApi.as_view(), name="api-bench-baseline"),
    path("api/bench/floor/<int:table_id>/", FloorApi.as_view(), name="api-bench-floor"),
    path("", include("tournament.urls")),
]
