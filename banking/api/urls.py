"""The table API: a table's state, its ledger, entries and voids, and the console's dry runs.

Every answer is compressed for a client that takes gzip (venue Wi-Fi is slow). BREACH, which
reads a secret out of compressed answers' sizes, finds none to read: no answer here carries
a key, token or CSRF value, and the table key travels in a header a browser never adds by
itself. Django pads each compressed answer with random bytes besides.
"""

from typing import Any

from django.urls import path
from django.views.decorators.gzip import gzip_page

from banking.api import views


def zipped(api: Any) -> Any:
    return gzip_page(api.as_view())


urlpatterns = [
    path("tables/<int:table_id>/state/", zipped(views.TableStateApi), name="api-table-state"),
    path("tables/<int:table_id>/entries/", zipped(views.EntryListApi), name="api-entries"),
    path(
        "tables/<int:table_id>/entries/<uuid:entry_id>/void/",
        zipped(views.EntryVoidApi),
        name="api-entry-void",
    ),
    path(
        "tables/<int:table_id>/entries/<uuid:entry_id>/void/preview/",
        zipped(views.EntryVoidPreviewApi),
        name="api-entry-void-preview",
    ),
    path("tables/<int:table_id>/preview/", zipped(views.TablePreviewApi), name="api-table-preview"),
    path("tables/<int:table_id>/options/", zipped(views.TableOptionsApi), name="api-table-options"),
]
