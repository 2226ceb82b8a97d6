"""The players' own pages, under /p/<token>/: no login, read only.

A player's QR code (on their badge, their message, or this very page) opens it. It shows
their table once the seating is released, the round clock, their balance and deeds from
the table's stored state, their results and what comes next.

The page's live part is one template (templates/players/_live.html). The page asks for it
again every ten seconds with htmx (HX-Request) and the ETag of what it shows: the same view
answers with the live part alone, or with a 304 when nothing it shows has changed (which
middleware.py gives early, for next to nothing). Nothing here accepts a write: every other
method is a 405, and a wrong token a plain 404.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotModified
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.cache import patch_vary_headers
from django.utils.translation import get_language
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_safe

from banking.worth import worth_chart, worth_series
from tournament.models import Table
from tournament.pages.players import selectors as selectors
from tournament.pages.players.middleware import etags, poll_headers, private
from tournament.pages.players.queries import PlayerPage
from tournament.player_links import player_page_url, qr_svg
from tournament.when import time_left

REFRESH_SECONDS = 10
NOT_FOUND = "This link is not a player's: ask at the desk for yours."


@csrf_exempt  # nothing to protect (GET only); lets a POST get its 405, not a CSRF 403
@require_safe
def player_page(request: HttpRequest, token: str) -> HttpResponse:
    if request.htmx:
        return _live(request, token)
    page = selectors.player_page(token)
    if page is None:
        raise Http404(NOT_FOUND)
    url = player_page_url(token, request)
    context = {
        **_live_context(page, token),
        "page_url": url,
        "qr": qr_svg(url),
        "refresh_seconds": REFRESH_SECONDS,
    }
    response = render(request, "players/player.html", context)
    patch_vary_headers(response, ["HX-Request"])  # the page, or its live part alone
    return private(response, "no-store")


def _live(request: HttpRequest, token: str) -> HttpResponse:
    """The page's live part, with an ETag: a 304 when nothing it shows has changed."""
    known = etags(request.headers.get("If-None-Match", ""))
    page = None
    if known:  # the page's poll (middleware.py answered it if nothing changed)
        early = getattr(request, "player_shown", None)
        shown = early[1] if early and early[0] == token else selectors.player_shown(token)
        version = shown.version if shown is not None else None
        if shown is not None and f'"{shown.version}"' not in known:
            page = selectors.player_page(token, shown=shown)  # something changed: its state
    else:  # a first ask: everything, its version included, in one round trip
        page = selectors.player_page(token)
        version = page.version if page is not None else None
    if version is None:
        raise Http404(NOT_FOUND)
    if page is None:
        response: HttpResponse = HttpResponseNotModified()  # nothing new: nothing built
    else:
        response = render(request, "players/_live.html", _live_context(page, token))
    return poll_headers(response, version)


def _live_context(page: PlayerPage, token: str) -> dict[str, Any]:
    status = selectors.player_status(page)
    table = status["table"]
    if table and table["last_seq"]:
        # The chart's address changes with each entry, with the reader's language and the
        # event's currency (the phone keeps each drawing, and asks again only for a new one).
        url = reverse("player-chart", args=[token])
        written = f"{get_language()}-{page.player.event.currency}"
        table["chart_url"] = f"{url}?v={table['id']}-{table['last_seq']}-{written}"
    now, round_ = timezone.now(), status["round"] or {}
    running = round_.get("status") == "running"
    clock_text = time_left(round_.get("ends_at"), now, running=running)  # player.js ticks it
    return {"status": status, "now": now, "clock_text": clock_text}


@csrf_exempt
@require_safe
def player_chart(request: HttpRequest, token: str) -> HttpResponse:
    """Each player's net worth at the player's table after each entry, drawn as SVG."""
    page = selectors.player_page(token)
    table = selectors.player_status(page).get("table") if page is not None else None
    if not table:
        raise Http404("There is no table to chart for this link.")
    found = Table.objects.select_related("round__event").get(pk=table["id"])
    response = HttpResponse(worth_chart(worth_series(found)), content_type="image/svg+xml")
    return private(response, "private, max-age=3600")  # its address names its version
