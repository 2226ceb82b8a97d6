"""A table's console reports on itself (its heartbeat), on the state poll it makes anyway:
one cheap UPDATE of the table's one row, an INSERT the first time. Not an outcome of the
game, so not audited; never part of the ledger."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from banking.models import TabletHeartbeat

#: Ages and counts beyond these are a confused or hostile client: they are capped.
MAX_SECONDS = 7 * 24 * 3600
MAX_OUTBOX = 100_000


@dataclass(frozen=True, slots=True)
class Report:
    """What the console says about itself, in seconds before the moment it is received."""

    online: bool = True
    outbox: int = 0
    oldest_seconds: int | None = None  # the oldest waiting entry's age
    synced_seconds: int | None = None  # since it last held the bank's state with nothing waiting
    away_seconds: int | None = None  # it has just come back after this long offline


def _cap(value: int | None, high: int) -> int | None:
    return None if value is None else max(0, min(int(value), high))


def tablet_heartbeat(*, table_id: int, report: Report, now: datetime | None = None) -> None:
    """Keep the console's latest report for its table. One UPDATE (an INSERT the first
    time); a return from offline adds to the tablet's time away, and what it had waiting to
    the entries it caught up."""
    now = now or timezone.now()
    outbox = _cap(report.outbox, MAX_OUTBOX) or 0
    oldest = _cap(report.oldest_seconds, MAX_SECONDS)
    synced = _cap(report.synced_seconds, MAX_SECONDS)
    away = _cap(report.away_seconds, MAX_SECONDS)
    values = {
        "seen_at": now,
        "online": report.online,
        "outbox": outbox,
        "oldest_at": now - timedelta(seconds=oldest) if oldest is not None and outbox else None,
        "synced_at": now - timedelta(seconds=synced) if synced is not None else None,
    }
    back = {}
    if away:
        back = {"back_at": now, "last_away_seconds": away}
    # Each write is one statement, so atomic on its own: no transaction to open on the
    # path every poll takes.
    updated = TabletHeartbeat.objects.filter(table_id=table_id).update(
        **values,
        **back,
        **(
            {"away_seconds": F("away_seconds") + away, "caught_up": F("caught_up") + outbox}
            if away
            else {}
        ),
    )
    if updated:
        return
    try:
        with transaction.atomic():
            TabletHeartbeat.objects.create(
                table_id=table_id,
                **values,
                **back,
                away_seconds=away or 0,
                caught_up=outbox if away else 0,
            )
    except IntegrityError:
        # Another poll of the same table made the row first: this one is as good.
        TabletHeartbeat.objects.filter(table_id=table_id).update(**values, **back)
