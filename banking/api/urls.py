"""The table API: a table's state, its ledger, entries and voids, and the console's dry runs."""

from django.urls import path

from banking.api import views

urlpatterns = [
    path("tables/<int:table_id>/state/", views.TableStateApi.as_view(), name="api-table-state"),
    path("tables/<int:table_id>/entries/", views.EntryListApi.as_view(), name="api-entries"),
    path(
        "tables/<int:table_id>/entries/<uuid:entry_id>/void/",
        views.EntryVoidApi.as_view(),
        name="api-entry-void",
    ),
    path(
        "tables/<int:table_id>/entries/<uuid:entry_id>/void/preview/",
        views.EntryVoidPreviewApi.as_view(),
        name="api-entry-void-preview",
    ),
    path(
        "tables/<int:table_id>/preview/", views.TablePreviewApi.as_view(), name="api-table-preview"
    ),
    path(
        "tables/<int:table_id>/options/", views.TableOptionsApi.as_view(), name="api-table-options"
    ),
]
