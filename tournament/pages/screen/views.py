"""The big screen on the projector: the round clock, a live leaderboard per table and the
bracket, behind a secret link the organiser can revoke (no login: the screen only views).

The page embeds a first snapshot; static/js/screen.js then fetches the JSON snapshot every
few seconds and redraws what changed. A wrong or revoked token is a plain 404.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET

from banking.worth import worth_chart, worth_series
from tournament.models import Event, Round
from tournament.pages.screen import selectors
from tournament.watched import kept
from tournament.watched.selectors import WatchedVersions, watched_versions

REFRESH_SECONDS = 4
ROTATE_SECONDS = 20
#: How long each page of tables shows when they do not all fit (?page_seconds=, 2 to 60).
PAGE_SECONDS = 8


def _private(response: HttpResponse) -> HttpResponse:
    response["Cache-Control"] = "no-store"
    response["X-Robots-Tag"] = "noindex, nofollow"
    return response


NOT_VALID = "This screen link is not valid: ask the organiser for the current one."


def _event(event_id: int, token: str) -> Event:
    event = selectors.screen_event(event_id=event_id, token=token)
    if event is None:
        raise Http404(NOT_VALID)
    return event


def _watched(event_id: int, token: str) -> WatchedVersions:
    """The versions of what the screen shows, read with the event whose token they check
    (one round trip for a snapshot that changed nowhere)."""
    versions = watched_versions(event_id=event_id, with_event=True)
    if not selectors.token_opens(versions.event, token):
        raise Http404(NOT_VALID)
    return versions


@require_GET
def screen(request: HttpRequest, event_id: int, token: str) -> HttpResponse:
    versions = _watched(event_id, token)
    context = {
        "event": versions.event,
        "snapshot": _snapshot(versions),
        "refresh_seconds": REFRESH_SECONDS,
        "rotate_seconds": ROTATE_SECONDS,
        "page_seconds": _page_seconds(request.GET.get("page_seconds", "")),
    }
    return _private(render(request, "screen/screen.html", context))


def _page_seconds(asked: str) -> int:
    """The seconds a page of tables shows: the organiser's choice, kept within 2 to 60."""
    try:
        return min(60, max(2, int(asked)))
    except ValueError:
        return PAGE_SECONDS


def _snapshot(versions: WatchedVersions, *, bracket_held: str = "") -> dict[str, Any]:
    """The snapshot, its parts kept until what they show changes (tournament/watched/
    kept.py): the bracket and clock until a round, table, seat or result changes, each
    table's leaderboard until that table changes. The time of now is each answer's own
    (the screen sets its clock by it).

    The bracket grows with the night (every table of every round) and changes far less
    often than the leaderboards: it comes with its version, and a screen that says it holds
    that version (`bracket_held`) gets the answer without it."""
    event = versions.event

    def head() -> tuple[dict[str, Any], list[int]]:
        shown = selectors.screen_head(event=event)
        return shown, shown.pop("shown_rounds")

    def tables(table_ids: list[int], seats: selectors.ScreenSeats) -> list[dict[str, Any]]:
        return selectors.screen_tables(event=event, table_ids=table_ids, seats=seats)

    screen = kept.screen(versions, head=head, seats=selectors.screen_seats, tables=tables)
    shown = screen.head.shown
    clock = shown["clock"]
    final = None
    if clock and clock["kind"] == Round.Kind.FINAL:
        final = next((t for t in screen.tables if t["round"] == clock["round"]), None)
    held = bracket_held == screen.bracket_version
    return {
        **{name: value for name, value in shown.items() if not (held and name == "bracket")},
        "bracket_version": screen.bracket_version,
        "now": timezone.now(),
        "tables": screen.tables,
        "final_chart": _final(event, final) if final is not None else None,
    }


def _final(event: Event, table: dict[str, Any]) -> dict[str, Any]:
    """While a final is seated and shown, its table's chart: where to fetch it, its address
    changing with each entry so that the screen fetches each new drawing once."""
    url = reverse("event-screen-chart", args=[event.pk, event.screen_token, table["id"]])
    return {"table": table["number"], "url": f"{url}?v={table['last_seq']}"}


@require_GET
def screen_chart(request: HttpRequest, event_id: int, token: str, table_id: int) -> HttpResponse:
    """A table's chart of each player's net worth after each entry, for the screen: only a
    table whose seating the screen shows."""
    event = _event(event_id, token)
    table = selectors.shown_table(event=event, table_id=table_id)
    if table is None:
        raise Http404("This screen shows no such table.")
    chart = worth_chart(worth_series(table), width=1200, height=420, text=22)
    response = _private(HttpResponse(chart, content_type="image/svg+xml"))
    response["Cache-Control"] = "private, max-age=3600"  # its address names its version
    return response


@require_GET
def screen_snapshot(request: HttpRequest, event_id: int, token: str) -> HttpResponse:
    """The screen's JSON snapshot; `?bracket_version=` the version of the bracket the screen
    holds, to leave the bracket out while it has not changed."""
    versions = _watched(event_id, token)
    snapshot = _snapshot(versions, bracket_held=request.GET.get("bracket_version", ""))
    return _private(JsonResponse(snapshot))
