"""Who reaches the desk: a logged-in person, and for an event's pages one of its organisers."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import wraps
from operator import attrgetter
from typing import Any, TypeVar

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Model, QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from tournament import access, selectors
from tournament.errors import Refusal
from tournament.models import Donation, Event, Player, Round, Table, Volunteer

Row = TypeVar("Row", bound=Model)
T = TypeVar("T")


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


#: Each row a desk page names: how it is read, and where it holds its event's id.
ORGANISED: dict[type[Model], tuple[QuerySet[Any], str]] = {
    Event: (Event.objects.all(), "pk"),
    Round: (Round.objects.select_related("event"), "event_id"),
    Table: (Table.objects.select_related("round__event"), "round.event_id"),
    Player: (Player.objects.select_related("event"), "event_id"),
    Donation: (Donation.objects.select_related("event"), "event_id"),
    Volunteer: (Volunteer.objects.select_related("event", "user"), "event_id"),
}


def organised(request: HttpRequest, model: type[Row], pk: int) -> Row:
    """The `model` row `pk` (404 when there is none), if the person organises its event."""
    rows, event_id = ORGANISED[model]
    row = get_object_or_404(rows, pk=pk)
    if not access.is_organiser(request.user, attrgetter(event_id)(row)):
        raise NotOrganiser(attrgetter(event_id)(row))
    return row


def event_page(event: Event, tab: str, **context: Any) -> dict[str, Any]:
    """The context every event page shares: the event, its money raised, the active tab."""
    return {"event": event, "money": selectors.money_raised(event.pk), "tab": tab, **context}


def done(request: HttpRequest, sentence: str) -> None:
    messages.success(request, sentence, extra_tags="ok")


def warn(request: HttpRequest, sentence: str) -> None:
    messages.warning(request, sentence, extra_tags="warn")


def refused(request: HttpRequest, refusal: Refusal) -> None:
    messages.error(request, refusal.detail, extra_tags="danger")


def attempt(request: HttpRequest, write: Callable[..., T], **arguments: Any) -> T | None:
    """What `write(**arguments)` returns; None when it refuses, its sentence then the page's
    message."""
    try:
        return write(**arguments)
    except Refusal as refusal:
        refused(request, refusal)
        return None


@contextmanager
def refusal_shown(form: forms.Form) -> Iterator[None]:
    """A service's refusal within, shown as the form's error (with the refusal's code), and
    the page drawn again."""
    try:
        yield
    except Refusal as refusal:
        form.add_error(None, forms.ValidationError(refusal.detail, code=refusal.code))


def wants_json(request: HttpRequest) -> bool:
    """A fetch from desk.js (progressive enhancement) rather than a plain form post."""
    return request.headers.get("X-Requested-With") == "fetch"
