"""The desk corrects what it recorded: a player's details (or removes one registered by
mistake; one who has played is withdrawn, never deleted), a donation, a volunteer. Each
change goes through its service, audited; the page says what was done."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournament.models import Donation, Player, Volunteer
from tournament.pages.desk import guards
from tournament.pages.desk.forms import DonationForm, PlayerCorrectionForm
from tournament.services import events as services
from tournament.services import players
from tournament.text import isolated


@guards.desk_view
def player_edit(request: HttpRequest, player_id: int) -> HttpResponse:
    player = guards.organised(request, Player, player_id)
    initial = {f: getattr(player, f) for f in players.PLAYER_FIELDS}
    form = PlayerCorrectionForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        players.player_update(player_id=player.pk, changes=form.cleaned_data, actor=request.user)
        guards.done(request, _("%(name)s: saved.") % {"name": isolated(form.cleaned_data["name"])})
        return redirect(reverse("desk:players", args=[player.event_id]) + f"#player-{player.pk}")
    played = player.seats.exists()
    context = guards.event_page(player.event, "players", form=form, player=player, played=played)
    status = 400 if request.method == "POST" else 200
    return render(request, "desk/player_edit.html", context, status=status)


@require_POST
@guards.desk_view
def player_remove(request: HttpRequest, player_id: int) -> HttpResponse:
    player = guards.organised(request, Player, player_id)
    if players.player_remove(player_id=player.pk, actor=request.user):
        guards.done(request, _("%(name)s: removed.") % {"name": isolated(player.name)})
    else:
        guards.done(
            request,
            _(
                "%(name)s: withdrawn. They played, so what they played stays; they are not "
                "seated again."
            )
            % {"name": isolated(player.name)},
        )
    return redirect("desk:players", event_id=player.event_id)


@require_POST
@guards.desk_view
def player_return(request: HttpRequest, player_id: int) -> HttpResponse:
    player = guards.organised(request, Player, player_id)
    players.player_return(player_id=player.pk, actor=request.user)
    said = {"name": isolated(player.name)}
    guards.done(request, _("%(name)s is back: check them in to seat them again.") % said)
    return redirect(reverse("desk:players", args=[player.event_id]) + f"#player-{player.pk}")


@guards.desk_view
def donation_edit(request: HttpRequest, donation_id: int) -> HttpResponse:
    donation = guards.organised(request, Donation, donation_id)
    initial = {"donor": donation.donor, "amount": donation.amount, "note": donation.note}
    form = DonationForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        services.donation_update(donation_id=donation.pk, actor=request.user, **form.cleaned_data)
        said = {"donor": isolated(form.cleaned_data["donor"])}
        guards.done(request, _("%(donor)s: donation saved.") % said)
        return redirect("desk:donations", event_id=donation.event_id)
    context = guards.event_page(donation.event, "donations", form=form, donation=donation)
    status = 400 if request.method == "POST" else 200
    return render(request, "desk/donation_edit.html", context, status=status)


@require_POST
@guards.desk_view
def donation_remove(request: HttpRequest, donation_id: int) -> HttpResponse:
    donation = guards.organised(request, Donation, donation_id)
    services.donation_remove(donation_id=donation.pk, actor=request.user)
    said = {"donor": isolated(donation.donor) or _("Anonymous")}
    guards.done(request, _("%(donor)s: donation removed.") % said)
    return redirect("desk:donations", event_id=donation.event_id)


@require_POST
@guards.desk_view
def volunteer_remove(request: HttpRequest, volunteer_id: int) -> HttpResponse:
    volunteer = guards.organised(request, Volunteer, volunteer_id)
    services.volunteer_remove(volunteer_id=volunteer.pk, actor=request.user)
    guards.done(
        request,
        _("%(username)s is off the team; tables they had need someone new.")
        % {"username": volunteer.user.get_username()},
    )
    return redirect("desk:volunteers", event_id=volunteer.event_id)
