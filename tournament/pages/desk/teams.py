"""Desk pages for the team competition: the team standings, and a team's page with its
members, each round's score, its total and its sponsor (which the organiser sets here)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from tournament.models import Event
from tournament.pages.desk import guards
from tournament.pages.desk.forms import TeamSponsorForm
from tournament.results import selectors as result_selectors
from tournament.services.events import team_sponsor_set
from tournament.text import isolated


@guards.desk_view
def teams(request: HttpRequest, event_id: int) -> HttpResponse:
    event = guards.organised(request, Event, event_id)
    standings = result_selectors.team_standings(event_id=event.pk)
    context = guards.event_page(event, "overview", teams=standings, **_rounds(standings))
    return render(request, "desk/teams.html", context)


@guards.desk_view
def team(request: HttpRequest, event_id: int, name: str) -> HttpResponse:
    event = guards.organised(request, Event, event_id)
    shown = result_selectors.team_of(event_id=event.pk, name=name)
    if shown is None:
        raise Http404(_("Nobody at this event plays for a team of that name."))
    form = TeamSponsorForm(request.POST or None, initial={"sponsor": shown["sponsor"]})
    if request.method == "POST" and form.is_valid():
        with guards.refusal_shown(form):
            team_sponsor_set(event_id=event.pk, name=name, actor=request.user, **form.cleaned_data)
            guards.done(request, _("%(team)s: sponsor saved.") % {"team": isolated(name)})
            return redirect("desk:team", event_id=event.pk, name=name)
    context = guards.event_page(event, "overview", team=shown, form=form, **_rounds([shown]))
    status = 400 if request.method == "POST" else 200
    return render(request, "desk/team.html", context, status=status)


def _rounds(teams: list[dict]) -> dict[str, list[int]]:
    """The numbers of the rounds the standings score, for their columns."""
    return {"round_numbers": [r["round"] for r in teams[0]["rounds"]] if teams else []}
