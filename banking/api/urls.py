from django.conf import settings
from django.urls import path

from . import exports, views

urlpatterns = [
    path(
        "events/<int:event_id>/export/", exports.EventExportApi.as_view(), name="api-event-export"
    ),
    path("rounds/<int:round_id>/end/", views.RoundEndApi.as_view(), name="api-round-end"),
    path("tables/<int:table_id>/state/", views.TableStateApi.as_view(), name="api-table-state"),
    path("tables/<int:table_id>/entries/", views.EntryListApi.as_view(), name="api-entries"),
    path(
        "tables/<int:table_id>/entries/<uuid:entry_id>/void/",
        views.EntryVoidApi.as_view(),
        name="api-entry-void",
    ),
    path("tables/<int:table_id>/close/", views.TableCloseApi.as_view(), name="api-table-close"),
    path(
        "tables/<int:table_id>/confirm/", views.TableConfirmApi.as_view(), name="api-table-confirm"
    ),
    path(
        "tables/<int:table_id>/dispute/", views.TableDisputeApi.as_view(), name="api-table-dispute"
    ),
    path("tables/<int:table_id>/reopen/", views.TableReopenApi.as_view(), name="api-table-reopen"),
    path(
        "tables/<int:table_id>/preview/", views.TablePreviewApi.as_view(), name="api-table-preview"
    ),
    path(
        "tables/<int:table_id>/options/", views.TableOptionsApi.as_view(), name="api-table-options"
    ),
]

if settings.BENCHMARK_ENDPOINTS:  # the benchmarks' baseline (bench/api.py), off by default
    from ..baseline import BaselineApi

    urlpatterns.append(path("bench/baseline/", BaselineApi.as_view(), name="api-bench-baseline"))
