"""The big screen on the projector: the round clock, a live leaderboard per table, the
bracket and, at an event with teams, the team standings, behind a secret link the organiser
can revoke (no login: the screen only views).

The server renders the page, and its poll (htmx, every few seconds, with the ETag of what
the screen shows) gets the live parts again, each swapped into its place; the bracket (and
the standings of a points or aggregate event, which change with it) and the team standings
only when they changed since those the screen holds, and a 304 when nothing changed.
static/js/screen.js ticks the clock, lays the tables out and rotates the views. A wrong or
revoked token is a plain 404.
"""

from __future__ import annotations

import hashlib
from collections.abc import Collection
from datetime import datetime
from typing import Any

from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseBadRequest,
    HttpResponseNotModified,
)
from django.shortcuts import render
from django.template.loader import get_template
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.cache import patch_vary_headers
from django.utils.http import parse_etags
from django.views.decorators.http import require_GET

from banking.worth import worth_chart, worth_series
from tournament.http.rows import read_all
from tournament.models import Event, Round, Wave
from tournament.pages.screen import selectors
from tournament.watched import kept
from tournament.watched.selectors import WatchedVersions, watched_versions_read
from tournament.when import countdown

REFRESH_SECONDS = 4
ROTATE_SECONDS = 20
#: How long each page of tables shows when they do not all fit (?page_seconds=, 2 to 60).
PAGE_SECONDS = 8
#: The most tables a poll may ask for by id (a page of the largest event's tables).
MOST_TABLES_ASKED = 500


def _private(response: HttpResponse, cache_control: str = "no-store") -> HttpResponse:
    response["Cache-Control"] = cache_control
    response["X-Robots-Tag"] = "noindex, nofollow"
    return response


NOT_VALID = "This screen link is not valid: ask the organiser for the current one."


def _watched(event_id: int, token: str) -> WatchedVersions:
    """The versions of what the screen shows, read with the event whose token they check
    (one round trip for a poll that changed nowhere)."""
    versions: WatchedVersions = read_all(watched_versions_read(event_id, with_event=True))[0]
    if not selectors.token_opens(versions.event, token):
        raise Http404(NOT_VALID)
    return versions


def _etag(versions: WatchedVersions, showing: Collection[int] | None) -> str:
    """The ETag of what the screen shows: its bracket's version, its head's (the clock,
    which tables there are, who sits at them), then one of the boards it shows (all, or
    those it is `showing`). The clock's time left is not in it: the screen ticks it."""
    watched = "|".join(
        f"{tid}:{watched}"
        for tid, (_, watched, _) in versions.tables.items()
        if showing is None or tid in showing
    )
    boards = hashlib.md5(watched.encode(), usedforsecurity=False).hexdigest()
    return f'"{versions.bracket}.{versions.head}.{boards}"'


def _showing(asked: str) -> frozenset[int] | None:
    """The tables a screen showing them page by page asks for (`?tables=`, their ids
    separated by commas): None for all of them."""
    if not asked:
        return None
    ids = asked.split(",")
    if len(ids) > MOST_TABLES_ASKED or not all(i.isdecimal() and len(i) < 12 for i in ids):
        raise ValueError("tables: the ids of the tables shown, separated by commas.")
    return frozenset(int(i) for i in ids)


@require_GET
def screen(request: HttpRequest, event_id: int, token: str) -> HttpResponse:
    """The screen's page; asked by its own poll (htmx: HX-Request), its live parts alone
    (templates/screen/_poll.html), or a 304 when nothing it shows has changed.

    A screen that shows its tables page by page asks for the page it shows (`?tables=`):
    its poll renders those boards alone, each swapped into its place, so that a poll at a
    hundred tables costs a page of boards, not a hundred. A screen that does not hold the
    tables as they are (a table added, a seat changed: the head moved) gets all of them."""
    versions = _watched(event_id, token)
    # The screen speaks to the whole room: in the event's language, whatever the browser
    # that shows it says.
    with translation.override(versions.event.language):
        response = _screen(request, versions)
    response["Content-Language"] = versions.event.language
    return response


def _screen(request: HttpRequest, versions: WatchedVersions) -> HttpResponse:
    try:
        showing = _showing(request.GET.get("tables", "")) if request.htmx else None
    except ValueError as wrong:
        return _private(HttpResponseBadRequest(str(wrong), content_type="text/plain"))
    etag = _etag(versions, showing)
    held = parse_etags(request.headers.get("If-None-Match", "")) if request.htmx else []
    if etag in held:
        response: HttpResponse = HttpResponseNotModified()
    elif request.htmx:
        # What the screen holds, by the parts of its ETag: the bracket, the head (the tables).
        parts = [tag.strip('"').split(".") for tag in held]
        tables_held = any(part[1:2] == [versions.head] for part in parts)
        live = _live(versions, showing if tables_held else None)
        if any(part[0] == versions.bracket for part in parts):
            live["bracket"] = live["teams"] = ""
        response = render(
            request, "screen/_poll.html", {**live, "oob": True, "one_by_one": tables_held}
        )
    else:
        context = {
            **_live(versions, None),
            "event": versions.event,
            "etag": etag,
            "refresh_seconds": REFRESH_SECONDS,
            "rotate_seconds": ROTATE_SECONDS,
            "page_seconds": _page_seconds(request.GET.get("page_seconds", "")),
        }
        response = render(request, "screen/screen.html", context)
    response["ETag"] = etag
    patch_vary_headers(response, ["HX-Request"])  # the page, or its live parts alone
    return _private(response)


def _page_seconds(asked: str) -> int:
    """The seconds a page of tables shows: the organiser's choice, kept within 2 to 60."""
    try:
        return min(60, max(2, int(asked)))
    except ValueError:
        return PAGE_SECONDS


def _live(versions: WatchedVersions, showing: Collection[int] | None) -> dict[str, Any]:
    """What the screen shows, its parts kept until what they show changes (tournament/
    watched/kept.py): the bracket and clock until a round, table, seat or result changes,
    each table's board until that table changes. The time of now is each answer's own (the
    screen sets its clock by it)."""
    event = versions.event

    def head() -> tuple[dict[str, Any], list[int]]:
        shown = selectors.screen_head(event=event)
        rounds = shown.pop("shown_rounds")
        shown["winners"] = shown["bracket"]["winners"]
        shown["bracket"] = get_template("screen/_bracket.html").render(shown)
        teams = shown["teams"]
        shown["teams"] = (
            get_template("screen/_teams.html").render({"teams": teams, "currency": event.currency})
            if teams
            else ""
        )
        standings = {"standings": shown["standings"], "currency": event.currency}
        shown["standings"] = (
            get_template("screen/_standings.html").render(standings)
            if event.plays_every_preliminary
            else ""
        )
        return shown, rounds

    def tables(table_ids: list[int], seats: selectors.ScreenSeats, many: bool) -> list[Any]:
        board = get_template("screen/_board.html")
        return [
            {
                **{key: t[key] for key in ("id", "number", "round", "last_seq")},
                "board": board.render({**t, "round": t["round"] if many else None}),
            }
            for t in selectors.screen_tables(event=event, table_ids=table_ids, seats=seats)
        ]

    screen = kept.screen(
        versions, head=head, seats=selectors.screen_seats, tables=tables, showing=showing
    )
    shown, now = screen.head.shown, timezone.now()
    return {
        "clock": shown["clock"],
        "now": now,
        "clock_text": _clock_text(shown["clock"], now),
        "wave_clocks": _wave_clocks(shown["clock"], now),
        "seating_soon": shown["seating_soon"],
        "winners": shown["winners"],
        "currency": event.currency,
        "boards": screen.tables,
        "final": _final(event, shown["clock"], screen.tables),
        "bracket": shown["bracket"],
        "teams": shown["teams"],
        "standings": shown["standings"],
    }


def _clock_text(clock: dict[str, Any] | None, now: datetime) -> str:
    """The time the clock shows as it is drawn: what is left of a running round, or the
    time limit of one about to start."""
    if clock is None:
        return ""
    if clock["status"] == Round.Status.RUNNING and clock["ends_at"] is not None:
        return countdown((clock["ends_at"] - now).total_seconds())
    return countdown(clock["time_limit_minutes"] * 60)


def _wave_clocks(clock: dict[str, Any] | None, now: datetime) -> list[dict[str, Any]]:
    """Each wave's clock as it is drawn, in a round played in waves: what is left of a
    running wave, or the time limit of one still to start."""
    if clock is None:
        return []
    limit = clock["time_limit_minutes"] * 60
    return [
        {
            **wave,
            "clock_text": countdown((wave["ends_at"] - now).total_seconds())
            if wave["status"] == Wave.Status.RUNNING
            else countdown(limit),
        }
        for wave in clock["waves"]
    ]


def _final(
    event: Event, clock: dict[str, Any] | None, tables: list[dict[str, Any]]
) -> dict[str, Any] | None:
    """While a final is seated and shown, its table's id and the address of its chart,
    changing with each entry so that the screen fetches each new drawing once. A screen
    showing its tables page by page asks for the final's table with every page."""
    if clock is None or clock["kind"] != Round.Kind.FINAL:
        return None
    table = next((t for t in tables if t["round"] == clock["round"]), None)
    if table is None:
        return None
    url = reverse("event-screen-chart", args=[event.pk, event.screen_token, table["id"]])
    version = f"{table['last_seq']}-{event.language}-{event.currency}"  # how its words are written
    return {"table_id": table["id"], "url": f"{url}?v={version}"}


@require_GET
def screen_chart(request: HttpRequest, event_id: int, token: str, table_id: int) -> HttpResponse:
    """A table's chart of each player's net worth after each entry, for the screen: only a
    table whose seating the screen shows."""
    event = selectors.screen_event(event_id=event_id, token=token)
    if event is None:
        raise Http404(NOT_VALID)
    table = selectors.shown_table(event=event, table_id=table_id)
    if table is None:
        raise Http404("This screen shows no such table.")
    with translation.override(event.language):
        chart = worth_chart(worth_series(table), width=1200, height=420, text=22)
    response = HttpResponse(chart, content_type="image/svg+xml")
    return _private(response, "private, max-age=3600")  # its address names its version
