"""The table API: a table's state, its ledger, entries and voids, and the console's dry runs.

Every answer is compressed for a client that takes gzip (venue Wi-Fi is slow). BREACH, which
reads a secret out of compressed answers' sizes, finds none to read: no answer here carries
a key, token or CSRF value, and the table key travels in a header a browser never adds by
itself. Django pads each compressed answer with random bytes besides.
"""

from django.urls import path
from django.views.decorators.gzip import gzip_page

from banking.api import views

TABLE = "tables/<int:table_id>/"
ENTRY = f"{TABLE}entries/<uuid:entry_id>/"
ROUTES = [
    (f"{TABLE}state/", views.TableStateApi, "api-table-state"),
    (f"{TABLE}entries/", views.EntryListApi, "api-entries"),
    (f"{ENTRY}void/", views.EntryVoidApi, "api-entry-void"),
    (f"{ENTRY}void/preview/", views.EntryVoidPreviewApi, "api-entry-void-preview"),
    (f"{TABLE}preview/", views.TablePreviewApi, "api-table-preview"),
    (f"{TABLE}options/", views.TableOptionsApi, "api-table-options"),
]

urlpatterns = [path(route, gzip_page(view.as_view()), name=name) for route, view, name in ROUTES]
