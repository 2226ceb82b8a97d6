"""Desk pages for running rounds: seating (preview, then confirm), the clock, the tables'
live status, results with overrides."""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict
from itertools import groupby
from typing import Any

from django.core.serializers.json import DjangoJSONEncoder
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotModified
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.cache import patch_vary_headers
from django.utils.http import parse_etags, urlencode
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from tournament import access, lineups, selectors
from tournament.errors import Refusal
from tournament.http.rows import read_all
from tournament.models import Event, Round, Table
from tournament.pages.desk import guards
from tournament.pages.desk.forms import OverrideForm, SeatForm, WaveForm
from tournament.pages.desk.next_step import next_step
from tournament.results import closing, overrides
from tournament.results import selectors as result_selectors
from tournament.room import late_arrivals
from tournament.room import selectors as room_selectors
from tournament.services import rounds as services
from tournament.services.tables import table_key_rotate
from tournament.text import isolated
from tournament.when import time_left

FORBIDDEN = gettext_lazy("Only this event's organisers can see this round.")
#: The round page asks for its live part again every this many seconds (while it is live).
REFRESH_SECONDS = 5
WATCHED = (Round.Status.SEATED, Round.Status.RUNNING, Round.Status.TIME_CALLED)


def _live(request: HttpRequest, round_id: int) -> tuple[dict[str, Any], str]:
    """The round page's live part (templates/desk/_round_live.html): its context and the
    ETag of what it shows. One round trip: the round with its event, the person's roles in
    it, and the round's tables with their ledgers and tablets."""
    (round_, roles), rows, started = read_all(
        access.round_with_roles_read(request.user, round_id),
        room_selectors.desk_rows_read(round_id),
        selectors.started_waves_read(round_id),
    )
    if round_ is None:
        raise Http404(_("There is no such round."))
    if access.Role.ORGANISER not in roles:
        raise guards.NotOrganiser(round_.event_id)
    now = timezone.now()
    tables = [
        {
            "id": row.pk,
            "number": row.number,
            "closed": row.status == Table.Status.CLOSED,
            "review": row.review,
            "review_note": row.review_note,
        }
        for row in rows
    ]
    context = {
        "event": round_.event,
        "round": round_,
        "tables": tables,
        "room": room_selectors.desk_room(round_=round_, rows=rows, now=now),
        "next_step": next_step(round_, tables),
        "disputed": [t for t in tables if t["review"] == Table.Review.DISPUTED],
        "unconfirmed": [t for t in tables if t["review"] != Table.Review.CONFIRMED],
        "watching": round_.status_now in WATCHED,
        "waves": selectors.desk_waves(round_, rows, started),
        "refresh_seconds": REFRESH_SECONDS,
    }
    # What the live part shows, but the clock, which desk.js ticks down. How long ago each
    # last entry was is in, as the server words it: it changes each second in an entry's
    # first minute, then each minute; a poll in a quiet minute is answered 304.
    round_facts = [getattr(round_, f.attname) for f in Round._meta.concrete_fields]
    shown = (context[k] for k in ("tables", "room", "next_step"))
    waves = [(asdict(w["clock"]), w["tables"], w["startable"]) for w in context["waves"]]
    steady = [get_language(), round_facts, round_.status_now, waves, *shown]
    encoded = json.dumps(steady, cls=DjangoJSONEncoder).encode()
    context["etag"] = f'"{hashlib.sha256(encoded).hexdigest()[:32]}"'
    context["now"] = now
    running = round_.status_now == Round.Status.RUNNING
    context["clock_text"] = time_left(round_.ends_at, now, running=running)  # desk.js ticks it
    for wave in context["waves"]:
        clock = wave["clock"]
        wave["clock_text"] = time_left(clock.ends_at, now, running=clock.running)
    return context, context["etag"]


def round_detail(request: HttpRequest, round_id: int) -> HttpResponse:
    """The round page; asked by its own poll (htmx: HX-Request), its live part alone, or a
    304 when nothing it shows has changed."""
    if request.htmx:
        return _round_poll(request, round_id)
    return _round_page(request, round_id)


@guards.desk_view
def _round_page(request: HttpRequest, round_id: int) -> HttpResponse:
    context, _ = _live(request, round_id)
    cards = room_selectors.round_table_status(round_id=round_id)
    late = late_arrivals.waiting(context["round"])
    vacant = _vacancies(context["round"])
    page = guards.event_page(
        context.pop("event"), "rounds", cards=cards, late=late, **vacant, **context
    )
    response = render(request, "desk/round.html", page)
    patch_vary_headers(response, ["HX-Request"])  # the page, or its live part alone
    return response


def _vacancies(round_: Round) -> dict[str, Any]:
    """The round's vacant seats and the alternate the desk offers for them: none where the
    event has no alternates (a night without them lists no seat as vacant)."""
    if not round_.event.players.filter(alternate__isnull=False).exists():
        return {"vacant": [], "offered": None}
    vacant = lineups.vacancies(round_)
    return {"vacant": vacant, "offered": lineups.next_alternate(round_) if vacant else None}


@require_GET
def _round_poll(request: HttpRequest, round_id: int) -> HttpResponse:
    """The live part for the page's poll. A login that has ended reloads the page (which
    then asks for the login); a person who is not an organiser of the event gets a bare
    403, which htmx does not draw."""
    if not request.user.is_authenticated:
        refresh = {"HX-Refresh": "true"}
        said = _("Log in again.")
        return HttpResponse(said, status=401, content_type="text/plain", headers=refresh)
    try:
        context, etag = _live(request, round_id)
    except guards.NotOrganiser:
        return HttpResponse(str(FORBIDDEN), status=403, content_type="text/plain")
    if etag in parse_etags(request.headers.get("If-None-Match", "")):
        response = HttpResponseNotModified()
    else:
        response = render(request, "desk/_round_live.html", context)
    response["ETag"] = etag
    response["Cache-Control"] = "private, no-cache"
    patch_vary_headers(response, ["HX-Request"])
    return response


@require_GET
@guards.desk_view
def seat_preview(request: HttpRequest, round_id: int) -> HttpResponse:
    round_ = guards.organised(request, Round, round_id)
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
        moves = _moves(request.GET)
        preview = selectors.seating_preview(round_id=round_.pk, moves=moves, **form.cleaned_data)
    except Refusal as exc:
        if exc.code == "round_started":  # nothing to preview: the round page says why
            guards.refused(request, exc)
            return redirect("desk:round", round_id=round_.pk)
        refusal = exc.detail
    context = guards.event_page(
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
    )
    return render(request, "desk/seat_preview.html", context)


def _moves(query: Any) -> dict[int, int]:
    """The organiser's moves on the seating preview: `t_<player id>` = table number."""
    try:
        return {int(key[2:]): int(value) for key, value in query.items() if key.startswith("t_")}
    except ValueError:
        raise Refusal("cannot_seat", _("A table is named by its number.")) from None


def _unmoved_query(query: Any) -> str:
    """The preview's address without the moves: the seating as the seed drew it."""
    return urlencode({k: v for k, v in query.lists() if not k.startswith("t_")}, doseq=True)


@require_POST
@guards.desk_view
def seat_confirm(request: HttpRequest, round_id: int) -> HttpResponse:
    round_ = guards.organised(request, Round, round_id)
    form = SeatForm(request.POST)
    if not form.is_valid() or form.cleaned_data["seed"] is None:
        return redirect("desk:seat", round_id=round_.pk)
    try:
        moves = _moves(request.POST)
        services.round_seat(
            round_id=round_.pk, moves=moves, actor=request.user, **form.cleaned_data
        )
    except Refusal as refusal:
        guards.refused(request, refusal)
        return redirect("desk:seat", round_id=round_.pk)
    guards.done(
        request,
        _(
            "Round %(number)s is seated: only the desk sees it. Release the seating to show "
            "it on the big screen and the players' pages, then start the round."
        )
        % {"number": round_.number},
    )
    return redirect("desk:round", round_id=round_.pk)


@require_POST
@guards.desk_view
def round_release(request: HttpRequest, round_id: int) -> HttpResponse:
    round_ = guards.organised(request, Round, round_id)
    if guards.attempt(request, services.round_release, round_id=round_.pk, actor=request.user):
        guards.done(
            request,
            _(
                "Round %(number)s's seating is released: the big screen and the players' "
                "pages show the tables."
            )
            % {"number": round_.number},
        )
    return redirect("desk:round", round_id=round_.pk)


@require_POST
@guards.desk_view
def round_start(request: HttpRequest, round_id: int) -> HttpResponse:
    round_ = guards.organised(request, Round, round_id)
    if guards.attempt(request, services.round_start, round_id=round_.pk, actor=request.user):
        said = {"number": round_.number}
        guards.done(request, _("Round %(number)s has started: the clock is running.") % said)
        if missing := room_selectors.tables_without_tablet(round_id=round_.pk):
            guards.warn(request, _no_tablet_yet(missing))
    return redirect("desk:round", round_id=round_.pk)


def _no_tablet_yet(numbers: list[int]) -> str:
    if len(numbers) == 1:
        return _(
            "Table %(number)s has no tablet open yet: give its banker the table card's QR "
            "code, or the paper sheet until it is open."
        ) % {"number": numbers[0]}
    said = {"numbers": ", ".join(map(str, numbers[:-1])), "last": numbers[-1]}
    return (
        _(
            "Tables %(numbers)s and %(last)s have no tablet open yet: give their bankers the "
            "table card's QR code, or the paper sheet until it is open."
        )
        % said
    )


@require_POST
@guards.desk_view
def round_call_time(request: HttpRequest, round_id: int) -> HttpResponse:
    """Call time now: in every running wave, or in the wave the form names."""
    round_ = guards.organised(request, Round, round_id)
    call_time = services.round_call_time
    wave = WaveForm(request.POST)
    number = wave.cleaned_data["wave"] if wave.is_valid() else None
    called = {"round_id": round_.pk, "now_": True, "wave": number, "actor": request.user}
    if guards.attempt(request, call_time, **called):
        guards.done(request, _("Time is called: each table plays its last turn, then closes."))
    return redirect("desk:round", round_id=round_.pk)


@require_POST
@guards.desk_view
def round_end(request: HttpRequest, round_id: int) -> HttpResponse:
    round_ = guards.organised(request, Round, round_id)
    force = request.POST.get("force") in ("1", "true", "on")
    try:
        closing.round_end(
            round_id=round_.pk,
            actor=request.user,
            force=force,
            reason=request.POST.get("reason", "") if force else "",
        )
    except Refusal as refusal:
        guards.refused(request, refusal)
        return redirect(reverse("desk:round", args=[round_.pk]) + ("#end-round" if force else ""))
    said = {"number": round_.number}
    guards.done(request, _("Round %(number)s has ended: here are its results.") % said)
    return redirect("desk:results", round_id=round_.pk)


@require_POST
@guards.desk_view
def table_rotate_key(request: HttpRequest, table_id: int) -> HttpResponse:
    table = guards.organised(request, Table, table_id)
    table_key_rotate(table_id=table.pk, actor=request.user)
    guards.done(
        request,
        _(
            "Table %(number)s has a new console key: the old link has stopped working. "
            "Open the new link on the table's tablet."
        )
        % {"number": table.number},
    )
    return redirect(reverse("desk:round", args=[table.round_id]) + f"#table-{table.number}")


# --------------------------------------------------------------------------- results


def _results_context(round_: Round, bound: dict[int, OverrideForm] | None = None) -> dict[str, Any]:
    """The results page; `bound`: a table's override form as it was posted."""
    results = result_selectors.round_rows(round_.pk)
    notes = dict(round_.tables.values_list("number", "review_note"))
    tables = []
    for number, rows in groupby(results, key=lambda r: r["table"]):
        rows = list(rows)
        players = [(r["player_id"], r["name"]) for r in rows]
        form = (bound or {}).get(number) or OverrideForm(players=players, prefix=f"t{number}")
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
    # The night's winners once the final ended, as the bracket (and the big screen) names them.
    final_ended = round_.kind == Round.Kind.FINAL and round_.status == Round.Status.ENDED
    winners = result_selectors.bracket(event_id=round_.event_id)["winners"] if final_ended else []
    return guards.event_page(
        round_.event,
        "rounds",
        round=round_,
        tables=tables,
        winners=winners,
        winner_ids={r["player_id"] for r in winners},
        points=round_.event.advancement == Event.Format.POINTS,
        standings=result_selectors.preliminary_standings(event=round_.event, through=round_.number)
        if round_.kind == Round.Kind.PRELIMINARY
        else None,
        undecided=[r for r in results if r["undecided"]],
        overrides=result_selectors.round_overrides(round_id=round_.pk),
    )


@guards.desk_view
def results(request: HttpRequest, round_id: int) -> HttpResponse:
    round_ = guards.organised(request, Round, round_id)
    return render(request, "desk/results.html", _results_context(round_))


@require_POST
@guards.desk_view
def result_override(request: HttpRequest, round_id: int) -> HttpResponse:
    round_ = guards.organised(request, Round, round_id)
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
        with guards.refusal_shown(form):
            result = overrides.result_override(
                round_id=round_.pk,
                player_id=form.cleaned_data["player"],
                advances=form.cleaned_data["advances"],
                reason=form.cleaned_data["reason"],
                actor=request.user,
            )
            said = {"name": isolated(result.player.name)}
            if result.advances:
                verdict = _("%(name)s advances; the reason is recorded.") % said
            else:
                verdict = _("%(name)s does not advance; the reason is recorded.") % said
            guards.done(request, verdict)
            return redirect(reverse("desk:results", args=[round_.pk]) + f"#table-{table}")
    context = _results_context(round_, bound={table: form})
    return render(request, "desk/results.html", context, status=400)


@require_POST
@guards.desk_view
def seat_late(request: HttpRequest, round_id: int) -> HttpResponse:
    """Seat one late arrival at an open seat (tournament/room/late_arrivals.py)."""
    round_ = guards.organised(request, Round, round_id)
    try:
        player_id = int(request.POST.get("player", ""))
    except ValueError:
        player_id = 0
    seat = late_arrivals.seat_late_arrival
    arguments = {"round_id": round_.pk, "player_id": player_id, "actor": request.user}
    seated = guards.attempt(request, seat, **arguments)
    if seated is not None:
        table = seated.table
        name = table.seats.get(number=seated.seat).player.name
        said = {"name": isolated(name), "table": table.number, "seat": seated.seat}
        if seated.new_table:
            sentence = _(
                "%(name)s: table %(table)s (a new table), seat %(seat)s. Nobody else moved."
            )
        else:
            sentence = _("%(name)s: table %(table)s, seat %(seat)s. Nobody else moved.")
        guards.done(request, sentence % said)
    return redirect("desk:round", round_id=round_.pk)


@require_POST
@guards.desk_view
def alternate_step_in(request: HttpRequest, round_id: int) -> HttpResponse:
    """The organiser confirms the next alternate for a vacant seat, before the round starts."""
    round_ = guards.organised(request, Round, round_id)
    try:
        seat_id, player_id = int(request.POST.get("seat", "")), int(request.POST.get("player", ""))
    except ValueError:
        seat_id = player_id = 0
    arguments = {"seat_id": seat_id, "player_id": player_id, "actor": request.user}
    seat = guards.attempt(request, services.alternate_step_in, round_id=round_.pk, **arguments)
    if seat is not None:
        guards.done(
            request,
            _(
                "%(name)s steps in: table %(table)s, seat %(seat)s. Nobody else moved, and the "
                "table keeps its key."
            )
            % {"name": isolated(seat.player.name), "table": seat.table.number, "seat": seat.number},
        )
    return redirect(reverse("desk:round", args=[round_.pk]) + "#vacant-heading")
