"""The night across the room, for the desk's charts: the money raised as it came in, and the
entries the banks recorded each minute.

The money comes from the audit trail, where every fee and gift recorded at the desk is
written with its time; whatever was recorded without one (a fee typed in the admin) counts
from the start, so the last point is always the total the desk shows.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from django.db.models import Count
from django.db.models.functions import TruncMinute
from django.utils import timezone

from banking.models import Entry
from tournament.models import AuditEvent, Event
from tournament.selectors import money_raised

MINUTES_SHOWN = 60


def _paid(event: AuditEvent) -> int:
    """The money an audited action brought in (a fee changed down brings in less)."""
    data: dict[str, Any] = event.data or {}
    if event.action in ("player_added", "players_imported"):
        return int(data.get("paid") or 0)
    if event.action == "player_paid":
        return int(data.get("paid") or 0) - int(data.get("was") or 0)
    if event.action == "donation_added":
        return int(data.get("amount") or 0)
    return 0


def money_over_the_night(event: Event) -> list[tuple[datetime, int]]:
    """The money raised after each fee or gift was recorded, oldest first, starting at the
    event's creation; empty before anything was raised."""
    actions = ("player_added", "players_imported", "player_paid", "donation_added")
    trail = AuditEvent.objects.filter(event=event, action__in=actions).order_by("created_at", "pk")
    steps = [(audited.created_at, _paid(audited)) for audited in trail]
    total = money_raised(event.pk)["total"]
    if not total:
        return []
    running = total - sum(amount for _, amount in steps)  # recorded with no time: from the start
    points = [(event.created_at, running)]
    for moment, amount in steps:
        if amount:
            running += amount
            points.append((moment, running))
    return points


def entries_a_minute(event: Event, now: datetime | None = None) -> list[tuple[datetime, int]]:
    """The entries recorded at every table of the event in each of the last minutes (up to
    the latest entry, once the night is quiet), oldest first; empty before any entry."""
    entries = Entry.objects.filter(table__round__event=event)
    latest = entries.order_by("-created_at").values_list("created_at", flat=True).first()
    if latest is None:
        return []
    end = min(now or timezone.now(), latest).replace(second=0, microsecond=0)
    start = end - timedelta(minutes=MINUTES_SHOWN - 1)
    counted = dict(
        entries.filter(created_at__gte=start)
        .annotate(minute=TruncMinute("created_at"))
        .values_list("minute")
        .annotate(count=Count("pk"))
        .values_list("minute", "count")
    )
    by_minute = {moment.astimezone(UTC): count for moment, count in counted.items()}
    return [
        (start + timedelta(minutes=n), by_minute.get(start + timedelta(minutes=n), 0))
        for n in range(MINUTES_SHOWN)
    ]
