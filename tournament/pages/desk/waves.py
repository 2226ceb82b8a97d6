"""Desk actions on a round's waves: how many, moving a table to another, starting one. The
round page draws them (templates/desk/_round_live.html); calling time in a wave is the
round's call-time with the wave named (rounds.py)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournament.errors import Refusal
from tournament.models import Round, Table
from tournament.pages.desk import guards
from tournament.pages.desk.forms import WaveForm, WavesForm
from tournament.services import waves as services


def _not_a_wave() -> Refusal:
    return Refusal("invalid", _("Choose a wave by its number, from 1 to 8."))


@require_POST
@guards.desk_view
def round_waves(request: HttpRequest, round_id: int) -> HttpResponse:
    round_ = guards.organised(request, Round, round_id)
    form = WavesForm(request.POST)
    if not form.is_valid():
        guards.refused(request, _not_a_wave())
    else:
        waves = form.cleaned_data["waves"]
        done = guards.attempt(
            request, services.round_waves_set, round_id=round_.pk, waves=waves, actor=request.user
        )
        if done:
            guards.done(
                request,
                _("Round %(number)s plays in %(waves)s waves: its tables are spread evenly.")
                % {"number": round_.number, "waves": waves}
                if waves > 1
                else _("Round %(number)s plays in one wave: every table at once.")
                % {"number": round_.number},
            )
    return redirect("desk:round", round_id=round_.pk)


@require_POST
@guards.desk_view
def wave_start(request: HttpRequest, round_id: int) -> HttpResponse:
    round_ = guards.organised(request, Round, round_id)
    form = WaveForm(request.POST)
    if not form.is_valid():
        guards.refused(request, _not_a_wave())
        return redirect("desk:round", round_id=round_.pk)
    number = form.cleaned_data["wave"]
    started = {"round_id": round_.pk, "number": number, "actor": request.user}
    if guards.attempt(request, services.wave_start, **started):
        guards.done(
            request, _("Wave %(wave)s has started: its clock is running.") % {"wave": number}
        )
    return redirect("desk:round", round_id=round_.pk)


@require_POST
@guards.desk_view
def table_wave(request: HttpRequest, table_id: int) -> HttpResponse:
    table = guards.organised(request, Table, table_id)
    form = WaveForm(request.POST)
    if not form.is_valid():
        guards.refused(request, _not_a_wave())
        return redirect("desk:round", round_id=table.round_id)
    number = form.cleaned_data["wave"]
    moved = {"table_id": table.pk, "wave": number, "actor": request.user}
    if guards.attempt(request, services.table_wave_move, **moved):
        guards.done(
            request,
            _("Table %(table)s plays in wave %(wave)s.") % {"table": table.number, "wave": number},
        )
    return redirect("desk:round", round_id=table.round_id)
