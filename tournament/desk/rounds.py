"""Desk pages for running rounds: seating (preview, then confirm), the clock, the tables'
live status, results with overrides."""

from __future__ import annotations

from datetime import datetime
from itertools import groupby
from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET, require_POST

from .. import access, selectors
from ..errors import Refusal
from ..forms import OverrideForm, SeatForm
from ..models import Event, Round, Table
from ..services import rounds as services
from ..services.tables import table_key_rotate
from ..standings import with_how
from .guards import (
    desk_view,
    done,
    event_page,
    organised_round,
    organised_table,
    refused,
)

#: A running table with no entry for this long is flagged: its banker may need a hand.
QUIET_AFTER_SECONDS = 10 * 60


def ago(when: datetime | None, now: datetime) -> str:
    """'12 s ago', '4 min ago', '1 h 5 min ago' (desk.js says the same, live)."""
    if when is None:
        return "no entries yet"
    seconds = max(0, int((now - when).total_seconds()))
    if seconds < 60:
        return f"{seconds} s ago"
    minutes = seconds // 60
    if minutes < 60:
        return f"{minutes} min ago"
    return f"{minutes // 60} h {minutes % 60} min ago"


def _live_tables(round_: Round, now: datetime) -> list[dict[str, Any]]:
    tables = selectors.round_table_status(round_id=round_.pk)
    for table in tables:
        table["ago"] = ago(table["last_entry_at"], now)
        table["last_kind_label"] = (table["last_kind"] or "").replace("_", " ")
        since = table["last_entry_at"] or round_.started_at
        table["quiet"] = bool(
            round_.is_live
            and not table["closed"]
            and since is not None
            and (now - since).total_seconds() > QUIET_AFTER_SECONDS
        )
    return tables


def _round_clock(round_: Round, now: datetime) -> dict[str, Any]:
    remaining = None
    if round_.ends_at is not None and round_.status == Round.Status.RUNNING:
        remaining = max(0, int((round_.ends_at - now).total_seconds()))
    return {
        "id": round_.pk,
        "status": round_.status,
        "status_label": round_.get_status_display(),
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
    round_ = services.call_time_if_due(organised_round(request, round_id))
    now = timezone.now()
    tables = _live_tables(round_, now)
    context = event_page(
        round_.event,
        "rounds",
        round=round_,
        clock=_round_clock(round_, now),
        tables=tables,
        disputed=[t for t in tables if t["review"] == Table.Review.DISPUTED],
        unconfirmed=[t for t in tables if t["review"] != Table.Review.CONFIRMED],
        now=now,
    )
    return render(request, "tournament/desk/round.html", context)


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
        first_round=round_.number == 1,
        counts=selectors.player_counts(round_.event_id),
    )
    return render(request, "tournament/desk/seat_preview.html", context)


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
        services.round_start(round_id=round_.pk)
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
        services.round_call_time(round_id=round_.pk, now_=True)
    except Refusal as refusal:
        refused(request, refusal)
    else:
        done(request, "Time is called: each table plays its last turn, then closes.")
    return redirect(_round_url(round_))


@require_GET
def round_status(request: HttpRequest, round_id: int) -> JsonResponse:
    """The round's clock and its tables' live status, for desk.js to refresh the page.

    Session-authenticated and for the event's organisers only; answers in JSON, never
    with a login redirect.
    """
    if not request.user.is_authenticated:
        return JsonResponse({"error": "not_authenticated", "detail": "Log in again."}, status=401)
    round_ = Round.objects.select_related("event").filter(pk=round_id).first()
    if round_ is None:
        return JsonResponse({"error": "not_found", "detail": "There is no such round."}, status=404)
    if not access.is_organiser(request.user, round_.event_id):
        return JsonResponse(
            {"error": "forbidden", "detail": "Only this event's organisers can do that."},
            status=403,
        )
    round_ = services.call_time_if_due(round_)
    now = timezone.now()
    tables = _live_tables(round_, now)
    for table in tables:
        table.pop("closed_at", None)
    return JsonResponse({"now": now, "round": _round_clock(round_, now), "tables": tables})


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
    results = with_how(round_, selectors.round_results(round_.pk))
    tables = []
    for number, rows in groupby(results, key=lambda r: r.seat.table.number):
        rows = list(rows)
        players = [(r.player_id, r.player.name) for r in rows]
        if bound is not None and bound_table == number:
            form = bound
        else:
            form = OverrideForm(players=players, prefix=f"t{number}")
        tables.append(
            {
                "number": number,
                "results": rows,
                "form": form,
                "forced": any(r.forced for r in rows),
                "review": rows[0].seat.table.get_review_display(),
                "review_note": rows[0].seat.table.review_note,
            }
        )
    return event_page(
        round_.event,
        "rounds",
        round=round_,
        tables=tables,
        points=round_.event.advancement == Event.Format.POINTS,
        undecided=[r for r in results if r.undecided],
        overrides=selectors.round_overrides(round_id=round_.pk),
    )


@desk_view
def results(request: HttpRequest, round_id: int) -> HttpResponse:
    round_ = organised_round(request, round_id)
    return render(request, "tournament/desk/results.html", _results_context(round_))


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
        for r in selectors.round_results(round_.pk)
        if r.seat.table.number == table
    ]
    form = OverrideForm(request.POST, players=players, prefix=f"t{table}")
    if form.is_valid():
        try:
            result = services.result_override(
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
    return render(request, "tournament/desk/results.html", context, status=400)
