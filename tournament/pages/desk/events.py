"""Desk pages for setting up an event: the event, players, donations and volunteers."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from django.core.exceptions import NON_FIELD_ERRORS
from django.forms.models import model_to_dict
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from tournament import access, selectors
from tournament.charts import Series, bar_chart, line_chart
from tournament.models import Event, Player
from tournament.money import money
from tournament.pages.desk import forms, guards
from tournament.pages.desk.next_step import next_step
from tournament.results import selectors as result_selectors
from tournament.room import night
from tournament.services import events as services
from tournament.services import players as player_services
from tournament.services.rounds import round_create
from tournament.services.rounds import rounds_preseat as rounds_preseat_service
from tournament.services.screens import screen_link_issue, screen_link_revoke, screen_path
from tournament.text import TextCheckedForm, isolated
from tournament.timezones import event_zone

SAMPLE_CSV = "name,email,team,paid\nAda Lovelace,ada@example.org,Analysts,20\nAlan Turing,,,0"


@guards.desk_view
def event_list(request: HttpRequest) -> HttpResponse:
    events = selectors.organiser_events(request.user)
    if not events and not access.can_create_events(request.user):
        return redirect(selectors.start_page(request.user))  # nothing of theirs here
    return render(request, "desk/event_list.html", {"events": events})


@guards.desk_view
def event_new(request: HttpRequest) -> HttpResponse:
    if not access.can_create_events(request.user):
        return render(request, "desk/forbidden.html", {"creating": True}, status=403)
    form = forms.EventForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        with guards.refusal_shown(form):
            event = services.event_create(creator=request.user, **form.create_kwargs())
            said = {"name": event.name}
            guards.done(request, _("%(name)s is set up. Add its players next.") % said)
            return redirect("desk:event", event_id=event.pk)
    return render(request, "desk/event_form.html", {"form": form, "creating": True})


@guards.desk_view
def event_overview(request: HttpRequest, event_id: int) -> HttpResponse:
    event = guards.organised(request, Event, event_id)
    context = guards.event_page(
        event,
        "overview",
        counts=selectors.player_counts(event.pk),
        rounds=selectors.event_rounds(event.pk),
        volunteers=event.volunteers.select_related("user", "player"),
        locked=event.rules_locked,
        variants=[
            label for name, label in forms.VARIANT_LABELS.items() if event.variants.get(name)
        ],
        screen=_screen_link(request, event),
        sanctioned_breaks=selectors.sanctioned_breaks(event),
        teams=result_selectors.team_standings(event_id=event.pk),
        **_night_charts(event),
    )
    return render(request, "desk/event_overview.html", context)


def _screen_link(request: HttpRequest, event: Event) -> dict[str, str] | None:
    """The big screen's link, to open and to copy onto the projector's machine."""
    path = screen_path(event)
    return {"path": path, "url": request.build_absolute_uri(path)} if path else None


SCREEN_ACTIONS = {
    "issue": (
        screen_link_issue,
        gettext_lazy("A new big screen link is ready: any earlier one stops working."),
    ),
    "revoke": (screen_link_revoke, gettext_lazy("The big screen link no longer works.")),
}


@require_POST
@guards.desk_view
def screen_link(request: HttpRequest, event_id: int) -> HttpResponse:
    """Make (or make anew) or revoke the big screen's link."""
    event = guards.organised(request, Event, event_id)
    action = SCREEN_ACTIONS.get(request.POST.get("action", ""))
    if action is None:
        return HttpResponse(_("Make or revoke the link: nothing else."), status=400)
    change, sentence = action
    change(event_id=event.pk, actor=request.user)
    guards.done(request, str(sentence))
    return redirect(reverse("desk:event", args=[event.pk]) + "#screen-heading")


DESK_CHART = {"width": 420, "height": 220, "text": 14}  # a card's width, read on a phone


def _night_charts(event: Event) -> dict[str, Any]:
    """The money raised as it came in, and the entries a minute across the room, drawn."""
    zone = event_zone(event)

    def hour(moment: datetime) -> str:
        return timezone.localtime(moment, zone).strftime("%H:%M")

    raised = night.money_over_the_night(event)
    entries = night.entries_a_minute(event)
    return {
        "money_chart": line_chart(
            [Series(_("Raised"), [amount for _moment, amount in raised])],
            title=_("Money raised over the night"),
            value_text=lambda amount: money(amount, event.currency),
            first=hour(raised[0][0]),
            last=hour(raised[-1][0]),
            **DESK_CHART,
        )
        if len(raised) > 1
        else "",
        "entries_chart": bar_chart(
            [(hour(minute), count) for minute, count in entries],
            title=_("Entries recorded each minute, across the room"),
            value_text=str,
            **DESK_CHART,
        )
        if entries
        else "",
    }


@guards.desk_view
def event_edit(request: HttpRequest, event_id: int) -> HttpResponse:
    event = guards.organised(request, Event, event_id)
    locked = event.rules_locked
    form = forms.EventForm(request.POST or None, event=event, locked=locked)
    if request.method == "POST" and form.is_valid():
        with guards.refusal_shown(form):
            services.event_update(event_id=event.pk, changes=form.changes(), actor=request.user)
            guards.done(request, _("The event's details are saved."))
            return redirect("desk:event", event_id=event.pk)
    context = guards.event_page(event, "settings", form=form, locked=locked, creating=False)
    return render(request, "desk/event_form.html", context)


# --------------------------------------------------------------------------- players


@guards.desk_view
def players(request: HttpRequest, event_id: int) -> HttpResponse:
    event = guards.organised(request, Event, event_id)
    form = forms.PlayerForm(request.POST or None, prefix="new")
    if request.method == "POST" and form.is_valid():
        fields = dict(form.cleaned_data)
        again = fields.pop("again")
        with guards.refusal_shown(form):
            player = player_services.player_add(
                event_id=event.pk, actor=request.user, same_name_ok=again, **fields
            )
            guards.done(request, _("%(name)s is registered.") % {"name": isolated(player.name)})
            return redirect(reverse("desk:players", args=[event.pk]) + f"#player-{player.pk}")
    context = guards.event_page(
        event,
        "players",
        form=form,
        same_name=form.has_error(NON_FIELD_ERRORS, "same_name"),
        players=event.players.all(),
        alternates=event.players.filter(alternate__isnull=False).order_by("alternate"),
        counts=selectors.player_counts(event.pk),
    )
    return render(request, "desk/players.html", context)


@guards.desk_view
def players_import(request: HttpRequest, event_id: int) -> HttpResponse:
    event = guards.organised(request, Event, event_id)
    form = forms.ImportForm(request.POST or None, request.FILES or None)
    report = None
    if request.method == "POST" and form.is_valid():
        report = player_services.players_import(
            event_id=event.pk, text=form.cleaned_data["csv"], actor=request.user
        )
        if not report.errors:
            # The players' page, saying what the file did: how many added, and each line
            # that found a player already registered (updated, or left as it was).
            guards.done(request, report.summary)
            for line in report.lines:
                if line.outcome != "added":
                    said = {"line": line.line, "name": isolated(line.name), "detail": line.detail}
                    guards.done(request, _("Line %(line)s: %(name)s — %(detail)s") % said)
            return redirect("desk:players", event_id=event.pk)
    context = guards.event_page(event, "players", form=form, report=report, sample=SAMPLE_CSV)
    status = 400 if report and report.errors else 200
    return render(request, "desk/players_import.html", context, status=status)


def _player_change(
    request: HttpRequest, player_id: int, form_class: type[TextCheckedForm], write: Callable
) -> HttpResponse:
    """A tick at the door or what a player paid, from the players' list: the list again at
    the player, or for desk.js's fetch the player's row and the event's counts."""
    player = guards.organised(request, Player, player_id)
    form = form_class(request.POST)
    if form.is_valid():
        guards.attempt(request, write, player_id=player.pk, actor=request.user, **form.cleaned_data)
    if not guards.wants_json(request):
        return redirect(reverse("desk:players", args=[player.event_id]) + f"#player-{player.pk}")
    player.refresh_from_db(fields=["checked_in", "paid"])
    raised, currency = selectors.money_raised(player.event_id), player.event.currency
    return JsonResponse(
        {
            **model_to_dict(player, fields=["id", "checked_in", "paid"]),
            "counts": selectors.player_counts(player.event_id),
            "money": raised,
            "currency": currency,
            "raised_text": money(raised["total"], currency),  # as the page writes it
        }
    )


@require_POST
@guards.desk_view
def player_check_in(request: HttpRequest, player_id: int) -> HttpResponse:
    return _player_change(request, player_id, forms.CheckInForm, player_services.player_check_in)


@require_POST
@guards.desk_view
def player_paid(request: HttpRequest, player_id: int) -> HttpResponse:
    return _player_change(request, player_id, forms.PaidForm, player_services.player_set_paid)


@require_POST
@guards.desk_view
def player_alternate(request: HttpRequest, player_id: int) -> HttpResponse:
    """Put a player on the alternates' list (`action` mark), take them off (unmark), or move
    them one place up or down the list."""
    player = guards.organised(request, Player, player_id)
    action = request.POST.get("action", "")
    arguments: dict[str, Any] = {"player_id": player.pk, "actor": request.user}
    if action in ("up", "down"):
        write = player_services.alternate_move
        arguments["place"] = (player.alternate or 0) + (-1 if action == "up" else 1)
    elif action in ("mark", "unmark"):
        write = getattr(player_services, f"alternate_{action}")
    else:
        return HttpResponse(_("Mark, unmark, or move up or down: nothing else."), status=400)
    changed = guards.attempt(request, write, **arguments)
    if changed is not None:
        place = changed.alternate
        said = {"name": isolated(changed.name), "number": place}
        guards.done(
            request,
            _("%(name)s is alternate %(number)s.") % said
            if place
            else _("%(name)s is in the draw.") % said,
        )
    return redirect(reverse("desk:players", args=[player.event_id]) + "#alternates-heading")


# --------------------------------------------------------------------------- donations


@guards.desk_view
def donations(request: HttpRequest, event_id: int) -> HttpResponse:
    event = guards.organised(request, Event, event_id)
    form = forms.DonationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        with guards.refusal_shown(form):
            donation = services.donation_add(
                event_id=event.pk, actor=request.user, **form.cleaned_data
            )
            said = {
                "donor": isolated(donation.donor),
                "amount": money(donation.amount, event.currency),
            }
            guards.done(request, _("Thank you, %(donor)s: %(amount)s recorded.") % said)
            return redirect("desk:donations", event_id=event.pk)
    context = guards.event_page(event, "donations", form=form, donations=event.donations.all())
    return render(request, "desk/donations.html", context)


# --------------------------------------------------------------------------- volunteers


@guards.desk_view
def volunteers(request: HttpRequest, event_id: int) -> HttpResponse:
    event = guards.organised(request, Event, event_id)
    form = forms.VolunteerForm(request.POST or None, players=list(event.players.all()))
    enlisted = None
    if request.method == "POST" and form.is_valid():
        with guards.refusal_shown(form):
            enlisted = services.volunteer_enlist(
                event_id=event.pk,
                username=form.cleaned_data["username"],
                role=form.cleaned_data["role"],
                player_id=form.cleaned_data["player"],
                actor=request.user,
            )
            if enlisted.password is None:
                guards.done(
                    request, _("%(volunteer)s is on the team.") % {"volunteer": enlisted.volunteer}
                )
                return redirect("desk:volunteers", event_id=event.pk)
            form = forms.VolunteerForm(players=list(event.players.all()))
    context = guards.event_page(
        event,
        "volunteers",
        form=form,
        enlisted=enlisted,
        volunteers=event.volunteers.select_related("user", "player"),
    )
    response = render(request, "desk/volunteers.html", context)
    if enlisted is not None:
        response["Cache-Control"] = "no-store"  # the new password is shown once, never cached
    return response


# --------------------------------------------------------------------------- rounds


@guards.desk_view
def rounds(request: HttpRequest, event_id: int) -> HttpResponse:
    event = guards.organised(request, Event, event_id)
    form = forms.RoundForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        with guards.refusal_shown(form):
            round_ = round_create(event_id=event.pk, actor=request.user, **form.cleaned_data)
            step = next_step(round_, [])
            if step["blocked"]:  # it cannot be seated yet: say why at once, with the fix
                said = {"number": round_.number, "next": step["text"]}
                guards.warn(request, _("Round %(number)s is planned. %(next)s") % said)
            else:
                said = {"number": round_.number}
                guards.done(
                    request, _("Round %(number)s is planned. Seat its players next.") % said
                )
            return redirect("desk:round", round_id=round_.pk)
    context = guards.event_page(
        event,
        "rounds",
        form=form,
        rounds=selectors.event_rounds(event.pk),
        sanctioned_breaks=selectors.sanctioned_breaks(event),
        standings=result_selectors.preliminary_standings(event=event),
        preseating=selectors.preseating(event),
    )
    return render(request, "desk/rounds.html", context)


@require_POST
@guards.desk_view
def rounds_preseat(request: HttpRequest, event_id: int) -> HttpResponse:
    """Seat every preliminary round still to be played at once."""
    event = guards.organised(request, Event, event_id)
    seated = guards.attempt(request, rounds_preseat_service, event_id=event.pk, actor=request.user)
    if seated:
        numbers = ", ".join(str(round_.number) for round_ in seated)
        guards.done(
            request,
            _(
                "Rounds %(numbers)s are seated: only the desk sees them. Print the badges for "
                "each player's tables; release each round's seating, then start it, as usual."
            )
            % {"numbers": numbers},
        )
    return redirect(reverse("desk:rounds", args=[event.pk]) + "#preseat")


@guards.desk_view
def bracket(request: HttpRequest, event_id: int) -> HttpResponse:
    event = guards.organised(request, Event, event_id)
    bracket = result_selectors.bracket(event_id=event.pk)
    context = guards.event_page(event, "bracket", bracket=bracket)
    return render(request, "desk/bracket.html", context)
