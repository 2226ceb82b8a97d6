"""Desk pages for running rounds: seating (preview, then confirm), the clock, the tables'
live status, results with overrides."""

from __future__ import annotations

import hashlib
import json
from datetime import datetime
from itertools import groupby
from typing import Any

from django.core.serializers.json import DjangoJSONEncoder
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET, require_POST

from tournament import access, selectors
from tournament.errors import Refusal
from tournament.http.rows import read_all
from tournament.models import Event, Round, Table
from tournament.pages.desk.forms import OverrideForm, SeatForm
from tournament.pages.desk.guards import (
    desk_view,
    done,
    event_page,
    organised_round,
    organised_table,
    refused,
)
from tournament.pages.desk.next_step import next_step
from tournament.results import closing, overrides
from tournament.results import selectors as result_selectors
from tournament.room import selectors as room_selectors
from tournament.services import rounds as services
from tournament.services.tables import table_key_rotate
from tournament.when import ago


def _ago(when: datetime | None, now: datetime) -> str:
    """How long ago a table's last entry was (tournament.when), for its card."""
    return "no entries yet" if when is None else ago(when, now)


def _live_tables(round_: Round, now: datetime) -> list[dict[str, Any]]:
    tables = room_selectors.round_table_status(round_id=round_.pk)
    for table in tables:
        table["ago"] = _ago(table["last_entry_at"], now)
        table["last_kind_label"] = _kind_label(table["last_kind"])
    return tables


def _round_clock(round_: Round, now: datetime) -> dict[str, Any]:
    remaining = None
    if round_.ends_at is not None and round_.status_now == Round.Status.RUNNING:
        remaining = max(0, int((round_.ends_at - now).total_seconds()))
    return {
        "id": round_.pk,
        "status": round_.status_now,
        "status_label": round_.status_now_label,
        "started_at": round_.started_at,
        "ends_at": round_.ends_at,
        "remaining": remaining,
        "text": _clock_text(remaining) if remaining is not None else "",
    }


def _clock_text(seconds: int) -> str:
    """'1:29:59', '4:05' (desk.js ticks the same format down)."""
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"


def _round_url(round_: Round) -> str:
    return reverse("desk:round", args=[round_.pk])


@desk_view
def round_detail(request: HttpRequest, round_id: int) -> HttpResponse:
    round_ = organised_round(request, round_id)
    now = timezone.now()
    tables = _live_tables(round_, now)
    context = event_page(
        round_.event,
        "rounds",
        round=round_,
        clock=_round_clock(round_, now),
        tables=tables,
        room=room_selectors.control_room(round_id=round_.pk, now=now),
        next_step=next_step(round_, tables),
        disputed=[t for t in tables if t["review"] == Table.Review.DISPUTED],
        unconfirmed=[t for t in tables if t["review"] != Table.Review.CONFIRMED],
        now=now,
    )
    return render(request, "desk/round.html", context)


@require_GET
@desk_view
def seat_preview(request: HttpRequest, round_id: int) -> HttpResponse:
    round_ = organised_round(request, round_id)
    form = SeatForm(request.GET)
    if not form.is_valid() or form.cleaned_data["seed"] is None:
        query = f"?seed={SeatForm.new_seed()}"
        if form.is_valid() and form.cleaned_data["tables"]:
            query += f"&tables={form.cleaned_data['tables']}"
        if form.is_valid() and form.cleaned_data["include_all"]:
            query += "&include_all=on"
        return redirect(reverse("desk:seat", args=[round_.pk]) + query)
    preview, refusal = None, None
    try:
        preview = selectors.seating_preview(
            round_id=round_.pk,
            seed=form.cleaned_data["seed"],
            tables=form.cleaned_data["tables"],
            include_all=form.cleaned_data["include_all"],
            moves=_moves(request.GET),
        )
    except Refusal as exc:
        refusal = exc.detail
    context = event_page(
        round_.event,
        "rounds",
        round=round_,
        preview=preview,
        refusal=refusal,
        form=form,
        new_seed=SeatForm.new_seed(),
        unmoved=_unmoved_query(request.GET),
        moved=any(key.startswith("t_") for key in request.GET),
        first_round=round_.number == 1,
        counts=selectors.player_counts(round_.event_id),
    )
    return render(request, "desk/seat_preview.html", context)


def _moves(query: Any) -> dict[int, int]:
    """The organiser's moves on the seating preview: `t_<player id>` = table number."""
    moves = {}
    for key, value in query.items():
        if not key.startswith("t_"):
            continue
        try:
            moves[int(key[2:])] = int(value)
        except ValueError:
            raise Refusal("cannot_seat", "A table is named by its number.") from None
    return moves


def _unmoved_query(query: Any) -> str:
    """The preview's address without the moves: the seating as the seed drew it."""
    kept = query.copy()
    for key in [k for k in kept if k.startswith("t_")]:
        del kept[key]
    return kept.urlencode()


@require_POST
@desk_view
def seat_confirm(request: HttpRequest, round_id: int) -> HttpResponse:
    round_ = organised_round(request, round_id)
    form = SeatForm(request.POST)
    if not form.is_valid() or form.cleaned_data["seed"] is None:
        return redirect("desk:seat", round_id=round_.pk)
    try:
        services.round_seat(
            round_id=round_.pk,
            seed=form.cleaned_data["seed"],
            tables=form.cleaned_data["tables"],
            include_all=form.cleaned_data["include_all"],
            moves=_moves(request.POST),
            actor=request.user,
        )
    except Refusal as refusal:
        refused(request, refusal)
        return redirect("desk:seat", round_id=round_.pk)
    done(
        request,
        f"Round {round_.number} is seated: only the desk sees it. Release the seating to show "
        "it on the big screen and the players' pages, then start the round.",
    )
    return redirect(_round_url(round_))


@require_POST
@desk_view
def round_release(request: HttpRequest, round_id: int) -> HttpResponse:
    round_ = organised_round(request, round_id)
    try:
        services.round_release(round_id=round_.pk, actor=request.user)
    except Refusal as refusal:
        refused(request, refusal)
    else:
        done(
            request,
            f"Round {round_.number}'s seating is released: the big screen and the players' "
            "pages show the tables.",
        )
    return redirect(_round_url(round_))


@require_POST
@desk_view
def round_start(request: HttpRequest, round_id: int) -> HttpResponse:
    round_ = organised_round(request, round_id)
    try:
        services.round_start(round_id=round_.pk, actor=request.user)
    except Refusal as refusal:
        refused(request, refusal)
    else:
        done(request, f"Round {round_.number} has started: the clock is running.")
    return redirect(_round_url(round_))


@require_POST
@desk_view
def round_call_time(request: HttpRequest, round_id: int) -> HttpResponse:
    round_ = organised_round(request, round_id)
    try:
        services.round_call_time(round_id=round_.pk, now_=True, actor=request.user)
    except Refusal as refusal:
        refused(request, refusal)
    else:
        done(request, "Time is called: each table plays its last turn, then closes.")
    return redirect(_round_url(round_))


@require_GET
def round_status(request: HttpRequest, round_id: int) -> HttpResponse:
    """The round's clock and its tables' live status, for desk.js to refresh the page.

    Session-authenticated and for the event's organisers only; answers in JSON, never
    with a login redirect.
    """
    if not request.user.is_authenticated:
        return JsonResponse({"error": "not_authenticated", "detail": "Log in again."}, status=401)
    # One round trip: the round, the organiser's roles and the round's tables.
    (round_, roles), rows = read_all(
        access.round_with_roles_read(request.user, round_id),
        room_selectors.desk_rows_read(round_id),
    )
    if round_ is None:
        return JsonResponse({"error": "not_found", "detail": "There is no such round."}, status=404)
    if access.Role.ORGANISER not in roles:
        return JsonResponse(
            {"error": "forbidden", "detail": "Only this event's organisers can do that."},
            status=403,
        )
    now = timezone.now()
    room = room_selectors.desk_room(round_=round_, rows=rows, now=now)
    clock = _round_clock(round_, now)
    # Encoded once, for the ETag and the body. The clock, which ticks, is left out: desk.js
    # counts it down. How long ago each last entry was is in, as the server words it: it
    # changes each second in an entry's first minute, then each minute; a poll in a quiet
    # minute is answered 304, with no body.
    steady = json.dumps(
        {
            "round": {k: clock[k] for k in ("id", "status", "status_label", "ends_at")},
            "tables": [_card(row, now) for row in rows],
            "room": room,
        },
        cls=DjangoJSONEncoder,
    )
    etag = f'"{hashlib.sha256(steady.encode()).hexdigest()[:32]}"'
    if etag in request.headers.get("If-None-Match", ""):
        response = HttpResponse(status=304)
    else:
        body = '{"now": ' + json.dumps(now, cls=DjangoJSONEncoder) + ", " + steady[1:]
        response = HttpResponse(body, content_type="application/json")
    response["ETag"] = etag
    response["Cache-Control"] = "private, no-cache"
    return response


def _card(row: Any, now: datetime) -> dict[str, Any]:
    """A table's card on the round page, as desk.js refreshes it."""
    return {
        "id": row.pk,
        "number": row.number,
        "closed": row.status == Table.Status.CLOSED,
        "review": row.review,
        "banker": row.banker_name,
        "console_url": selectors.console_path(row.key),
        "last_seq": row.last_seq or 0,
        "last_kind": row.last_kind,
        "last_kind_label": _kind_label(row.last_kind),
        "last_entry_at": row.last_entry_at,
        "ago": _ago(row.last_entry_at, now),
    }


def _kind_label(kind: str | None) -> str:
    return (kind or "").replace("_", " ")


@require_POST
@desk_view
def round_end(request: HttpRequest, round_id: int) -> HttpResponse:
    round_ = organised_round(request, round_id)
    force = request.POST.get("force") in ("1", "true", "on")
    try:
        closing.round_end(
            round_id=round_.pk,
            actor=request.user,
            force=force,
            reason=request.POST.get("reason", "") if force else "",
        )
    except Refusal as refusal:
        refused(request, refusal)
        return redirect(_round_url(round_) + ("#end-round" if force else ""))
    done(request, f"Round {round_.number} has ended: here are its results.")
    return redirect("desk:results", round_id=round_.pk)


@require_POST
@desk_view
def table_rotate_key(request: HttpRequest, table_id: int) -> HttpResponse:
    table = organised_table(request, table_id)
    table_key_rotate(table_id=table.pk, actor=request.user)
    done(
        request,
        f"Table {table.number} has a new console key: the old link has stopped working. "
        "Open the new link on the table's tablet.",
    )
    return redirect(_round_url(table.round) + f"#table-{table.number}")


# --------------------------------------------------------------------------- results


def _results_context(
    round_: Round, bound: OverrideForm | None = None, bound_table: int | None = None
) -> dict[str, Any]:
    results = result_selectors.round_rows(round_.pk)
    notes = dict(round_.tables.values_list("number", "review_note"))
    tables = []
    for number, rows in groupby(results, key=lambda r: r["table"]):
        rows = list(rows)
        players = [(r["player_id"], r["name"]) for r in rows]
        if bound is not None and bound_table == number:
            form = bound
        else:
            form = OverrideForm(players=players, prefix=f"t{number}")
        tables.append(
            {
                "number": number,
                "results": rows,
                "form": form,
                "forced": any(r["forced"] for r in rows),
                "review": Table.Review(rows[0]["review"]).label,
                "review_note": notes.get(number, ""),
            }
        )
    return event_page(
        round_.event,
        "rounds",
        round=round_,
        tables=tables,
        points=round_.event.advancement == Event.Format.POINTS,
        undecided=[r for r in results if r["undecided"]],
        overrides=result_selectors.round_overrides(round_id=round_.pk),
    )


@desk_view
def results(request: HttpRequest, round_id: int) -> HttpResponse:
    round_ = organised_round(request, round_id)
    return render(request, "desk/results.html", _results_context(round_))


@require_POST
@desk_view
def result_override(request: HttpRequest, round_id: int) -> HttpResponse:
    round_ = organised_round(request, round_id)
    try:
        table = int(request.GET.get("table", ""))
    except ValueError:
        return redirect("desk:results", round_id=round_.pk)
    players = [
        (r.player_id, r.player.name)
        for r in result_selectors.round_results(round_.pk)
        if r.seat.table.number == table
    ]
    form = OverrideForm(request.POST, players=players, prefix=f"t{table}")
    if form.is_valid():
        try:
            result = overrides.result_override(
                round_id=round_.pk,
                player_id=form.cleaned_data["player"],
                advances=form.cleaned_data["advances"],
                reason=form.cleaned_data["reason"],
                actor=request.user,
            )
        except Refusal as refusal:
            form.add_error(None, refusal.detail)
        else:
            verdict = "advances" if result.advances else "does not advance"
            done(request, f"{result.player.name} {verdict}; the reason is recorded.")
            return redirect(reverse("desk:results", args=[round_.pk]) + f"#table-{table}")
    context = _results_context(round_, bound=form, bound_table=table)
    return render(request, "desk/results.html", context, status=400)
