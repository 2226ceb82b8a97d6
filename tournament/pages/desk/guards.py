"""Who reaches the desk: a logged-in person, and for an event's pages one of its organisers."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from tournament import access, selectors
from tournament.errors import Refusal
from tournament.models import Donation, Event, Player, Round, Table, Volunteer


class NotOrganiser(Exception):
    """The person is logged in but does not organise this event (`event_id`)."""

    def __init__(self, event_id: int) -> None:
        super().__init__(event_id)
        self.event_id = event_id


def desk_view(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Login required (anonymous → the login page); not an organiser → the 403 page."""

    @login_required
    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            return view(request, *args, **kwargs)
        except NotOrganiser as refused:
            # A referee of the event is shown the way to the referees' pages instead.
            referee = access.can_referee(request.user, refused.event_id)
            context = {"referee_event": refused.event_id if referee else None}
            return render(request, "desk/forbidden.html", context, status=403)

    return wrapped


def _check(request: HttpRequest, event_id: int) -> None:
    if not access.is_organiser(request.user, event_id):
        raise NotOrganiser(event_id)


def organised_event(request: HttpRequest, event_id: int) -> Event:
    event = get_object_or_404(Event, pk=event_id)
    _check(request, event.pk)
    return event


def organised_round(request: HttpRequest, round_id: int) -> Round:
    round_ = get_object_or_404(Round.objects.select_related("event"), pk=round_id)
    _check(request, round_.event_id)
    return round_


def organised_table(request: HttpRequest, table_id: int) -> Table:
    table = get_object_or_404(Table.objects.select_related("round__event"), pk=table_id)
    _check(request, table.round.event_id)
    return table


def organised_player(request: HttpRequest, player_id: int) -> Player:
    player = get_object_or_404(Player.objects.select_related("event"), pk=player_id)
    _check(request, player.event_id)
    return player


def organised_donation(request: HttpRequest, donation_id: int) -> Donation:
    donation = get_object_or_404(Donation.objects.select_related("event"), pk=donation_id)
    _check(request, donation.event_id)
    return donation


def organised_volunteer(request: HttpRequest, volunteer_id: int) -> Volunteer:
    volunteer = get_object_or_404(
        Volunteer.objects.select_related("event", "user"), pk=volunteer_id
    )
    _check(request, volunteer.event_id)
    return volunteer


def event_page(event: Event, tab: str, **context: Any) -> dict[str, Any]:
    """The context every event page shares: the event, its money raised, the active tab."""
    return {"event": event, "money": selectors.money_raised(event.pk), "tab": tab, **context}


def done(request: HttpRequest, sentence: str) -> None:
    messages.success(request, sentence, extra_tags="ok")


def warn(request: HttpRequest, sentence: str) -> None:
    messages.warning(request, sentence, extra_tags="warn")


def refused(request: HttpRequest, refusal: Refusal) -> None:
    messages.error(request, refusal.detail, extra_tags="danger")


def wants_json(request: HttpRequest) -> bool:
    """A fetch from desk.js (progressive enhancement) rather than a plain form post."""
    return request.headers.get("X-Requested-With") == "fetch"
