"""The banker console: the page a table's tablet opens from its QR code, with no account.

The page is a shell: the table's state, the legal moves and the edition's board and cards
are handed to the script as JSON; every move then goes through the table's API with the
key from the link (`Authorization: Table <key>`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.utils import translation
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from banking import previews, selectors
from banking.entry_words import DECK_NAMES, GROUP_NAMES, kind_labels
from banking.ledgers import rules_of
from games.api import edition_data
from tournament.http.authentication import table_by_key
from tournament.models import Round, Table

# The console's scripts and styles, cached by the service worker so the page opens offline.
ASSETS = (
    "css/site.css",
    "css/console.css",
    "js/elements.js",
    "js/format.js",
    "js/console/main.js",
    "js/console/api.js",
    "js/console/outbox.js",
    "js/console/format.js",
    "js/console/ui.js",
    "js/console/sheets.js",
)
SERVICE_WORKER = Path(settings.BASE_DIR) / "static" / "js" / "console" / "sw.js"


def _config(table: Table) -> dict[str, Any]:
    """What the console's script starts from: the table, its API, its rules and its state,
    its words in the reader's language (the scripts' own sentences come from the catalogue
    `catalogue`, which the service worker keeps for opening offline)."""
    rules = rules_of(table.round.event)
    entries = reverse("api-entries", kwargs={"table_id": table.pk})
    catalogue = reverse("javascript-catalog", kwargs={"language": translation.get_language()})
    return {
        "table": table.pk,
        "number": table.number,
        "round_number": table.round.number,
        "key": table.key,
        "page": reverse("console", kwargs={"key": table.key}),
        "api": {
            "state": reverse("api-table-state", kwargs={"table_id": table.pk}),
            "entries": entries,
            "preview": reverse("api-table-preview", kwargs={"table_id": table.pk}),
            "options": reverse("api-table-options", kwargs={"table_id": table.pk}),
            "void": f"{entries}{{id}}/void/",
            "void_preview": f"{entries}{{id}}/void/preview/",
            "close": reverse("api-table-close", kwargs={"table_id": table.pk}),
        },
        "service_worker": reverse("console-sw"),
        # Both names: the pages import each other's modules by their plain names, while
        # production serves the hashed ones too.
        "assets": sorted(
            {static(a) for a in ASSETS} | {settings.STATIC_URL + a for a in ASSETS} | {catalogue}
        ),
        "catalogue": catalogue,
        "rules": {
            **rules.variants,
            "houses_per_hotel": rules.houses_per_hotel,
            "income_tax_choice": rules.income_tax_choice,
            "taxes": {str(p): rules.tax_due(p) for p in (4, 38)},
        },
        "edition": edition_data(rules.edition),
        "currency": table.round.event.currency,  # the event's, not the edition's symbol
        "kinds": kind_labels(),
        "groups": {code: str(name) for code, name in GROUP_NAMES.items()},
        "decks": {code: str(name) for code, name in DECK_NAMES.items()},
        "state": selectors.table_state(table),
        "options": previews.table_options(table=table),
    }


@never_cache
@require_GET
def console(request: HttpRequest, key: str) -> HttpResponse:
    table = table_by_key(key, with_ledger=True)
    if table is None:
        return render(request, "console/missing.html", status=404)
    if table.round.status == Round.Status.ENDED:
        return render(request, "console/over.html", {"table": table}, status=410)
    return render(request, "console/console.html", {"table": table, "config": _config(table)})


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    """The console's service worker, served under /console/ so that it may control the pages
    there (a worker's scope is the folder it is served from)."""
    response = HttpResponse(SERVICE_WORKER.read_bytes(), content_type="text/javascript")
    response["Cache-Control"] = "no-cache"
    return response
