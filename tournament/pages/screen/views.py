"""The big screen on the projector: the round clock, a live leaderboard per table and the
bracket, behind a secret link the organiser can revoke (no login: the screen only views).

The page embeds a first snapshot; static/js/screen.js then fetches the JSON snapshot every
few seconds and redraws what changed. A wrong or revoked token is a plain 404.
"""

from __future__ import annotations

import json
from functools import partial
from typing import Any

from django.core.cache import cache
from django.core.serializers.json import DjangoJSONEncoder
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET

from banking.selectors import WatchedVersions, watched_versions
from banking.worth import worth_chart, worth_series
from tournament.cache import kept_here
from tournament.models import Event, Round
from tournament.pages.screen import selectors

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
        "snapshot": json.loads(_snapshot(versions)),
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


SNAPSHOT_KEPT_SECONDS = 600
_json = partial(json.dumps, cls=DjangoJSONEncoder)


def _snapshot(versions: WatchedVersions, *, bracket_held: str = "") -> str:
    """The snapshot as JSON, its parts kept as JSON until what they show changes
    (`watched_versions`): the bracket and clock until a round, table, seat or result
    changes, each table's leaderboard until that table changes. Only what changed is
    computed and encoded; the time of now is each answer's own (the screen sets its clock
    by it).

    The bracket grows with the night (every table of every round) and changes far less
    often than the leaderboards: it comes with its version, and a screen that says it holds
    that version (`bracket_held`) gets the answer without it."""
    event = versions.event
    # Each process keeps its own copy of what it took from the shared cache (kept_here):
    # the head holds the whole bracket, which grows with the night (at 30 rounds of 100
    # tables, reading it from Redis cost more than the rest of a snapshot). The tables are
    # kept in the process only: a screen's next fetch comes to another worker, after most
    # tables changed, and a table's leaderboard costs about as much to work out again as
    # to write to Redis, so sharing cost more than it saved (each worker works out a
    # version of a table at most once, however many screens there are).
    scope = ("screen", event.pk)
    # Named anew whenever the kept head's shape changes: a web server still running the
    # release before reads only heads of its own shape.
    head_key = f"screen-head-v3:{event.pk}:{versions.bracket}"
    head = kept_here.get_many(scope, [head_key]).get(head_key)
    if head is None:
        made = selectors.screen_head(event=event)
        shown, clock, bracket = made.pop("shown_rounds"), made["clock"], made.pop("bracket")
        final = clock["round_id"] if clock and clock["kind"] == Round.Kind.FINAL else None
        made["bracket_version"] = versions.bracket
        head = {
            "shown_rounds": shown,
            "final_round": final,
            # Who sits at the tables shown, with the screen's short names: they change with
            # the head (the event's version moves with seats and players), not with an entry.
            "seats": selectors.screen_seats(versions.tables_of(shown)),
            "json": _json(made),
            "bracket": _json(bracket),
        }
        cache.set(head_key, head, SNAPSHOT_KEPT_SECONDS)
    ids = versions.tables_of(head["shown_rounds"])
    keys = {tid: f"screen-table-json:{tid}:{versions.tables[tid][1]}" for tid in ids}
    kept = kept_here.here_many(scope, list(keys.values()))
    missing = [tid for tid in ids if keys[tid] not in kept]
    if missing:
        fresh = selectors.screen_tables(event=event, table_ids=missing, seats=head["seats"])
        kept.update({keys[t["id"]]: _json(t) for t in fresh})
    kept_here.keep(scope, {head_key: head, **kept})
    final = next((tid for tid in ids if versions.tables[tid][0] == head["final_round"]), None)
    chart = _final(event, json.loads(kept[keys[final]])) if final is not None else None
    tables = ", ".join(kept[keys[tid]] for tid in ids)
    bracket = "" if bracket_held == versions.bracket else f', "bracket": {head["bracket"]}'
    # The head's object with more members: the bracket unless the screen holds it, now, the
    # tables (JSON already), the chart.
    return (
        f'{head["json"][:-1]}{bracket}, "now": {_json(timezone.now())}, "tables": [{tables}], '
        f'"final_chart": {_json(chart)}}}'
    )


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
    return _private(HttpResponse(snapshot, content_type="application/json"))
