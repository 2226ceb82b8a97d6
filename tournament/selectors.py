"""Selectors read: events a person can see, money raised, seatings and results."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import IntegerField, OuterRef, QuerySet, Subquery, Sum
from django.db.models.functions import Coalesce

from . import access
from .models import Donation, Event, Player, Result, Round, Table


def _sum(model: type, field: str) -> Coalesce:
    total = (
        model.objects.filter(event=OuterRef("pk"))
        .order_by()
        .values("event")
        .annotate(total=Sum(field))
        .values("total")
    )
    return Coalesce(Subquery(total, output_field=IntegerField()), 0)


def events_for(user: AbstractBaseUser) -> QuerySet[Event]:
    """The events a person volunteers at (every event for a superuser), with money raised."""
    events = Event.objects.annotate(
        fees_paid=_sum(Player, "paid"), donations_total=_sum(Donation, "amount")
    )
    visible = access.events_visible_to(user)
    return events if visible is None else events.filter(pk__in=visible)


def money_raised(event_id: int) -> dict[str, int]:
    """Fees paid plus donations."""
    fees = Player.objects.filter(event_id=event_id).aggregate(t=Sum("paid"))["t"] or 0
    donations = Donation.objects.filter(event_id=event_id).aggregate(t=Sum("amount"))["t"] or 0
    return {"fees": fees, "donations": donations, "total": fees + donations}


def round_tables(round_id: int) -> QuerySet[Table]:
    return (
        Table.objects.filter(round_id=round_id).prefetch_related("seats__player").order_by("number")
    )


def round_results(round_id: int) -> QuerySet[Result]:
    return (
        Result.objects.filter(round_id=round_id)
        .select_related("seat__table", "player")
        .order_by("seat__table__number", "rank", "seat__number")
    )


def event_rounds(event_id: int) -> QuerySet[Round]:
    return Round.objects.filter(event_id=event_id).order_by("number")
