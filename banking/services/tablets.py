"""A table's console reports on itself (its heartbeat), on the state poll it makes anyway:
one cheap statement that writes the table's one row. Not an outcome of the game, so not
audited; never part of the ledger. And what the row says of a tablet away (`offline_since`),
for the control room and the night in numbers alike."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Protocol

from django.db import connection
from django.utils import timezone

from banking.models import TabletHeartbeat
from banking.queries import heartbeat_sql
from tournament.http.rows import prepared_cursor

#: Ages and counts beyond these are a confused or hostile client: they are capped.
MAX_SECONDS = 7 * 24 * 3600
MAX_OUTBOX = 100_000
#: A console polls every 5 s: one not heard from for this long is offline.
SILENT_SECONDS = 30


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
    """Keep the console's latest report for its table, in one statement written once per
    process: an INSERT the first time, an UPDATE of the table's row after (two polls of the
    same table at once: the second updates what the first made). A return from offline
    adds to the tablet's time away, and what it had waiting to the entries it caught up
    (banking/queries.py, `heartbeat_sql`)."""
    now = now or timezone.now()
    outbox = _cap(report.outbox, MAX_OUTBOX) or 0
    oldest = _cap(report.oldest_seconds, MAX_SECONDS)
    synced = _cap(report.synced_seconds, MAX_SECONDS)
    away = _cap(report.away_seconds, MAX_SECONDS)
    row = {
        "table_id": table_id,
        "seen_at": now,
        "online": report.online,
        "outbox": outbox,
        "oldest_at": now - timedelta(seconds=oldest) if oldest is not None and outbox else None,
        "synced_at": now - timedelta(seconds=synced) if synced is not None else None,
        # Only a return from offline sets these, and adds to the totals.
        "back_at": now if away else None,
        "last_away_seconds": away or 0,
        "away_seconds": away or 0,
        "caught_up": outbox if away else 0,
    }
    statement = heartbeat_sql()
    (columns,) = statement.parts
    field = TabletHeartbeat._meta.get_field
    values = [field(name).get_db_prep_value(row[name], connection) for name in columns.attnames]
    # One statement, so atomic on its own: no transaction to open on the path every poll
    # takes.
    with prepared_cursor() as cursor:
        cursor.execute(statement.sql, values)


class Beat(Protocol):
    """What `offline_since` reads of a tablet's heartbeat (a TabletHeartbeat, or a row)."""

    seen_at: datetime
    online: bool
    synced_at: datetime | None


def offline_since(
    beat: Beat, now: datetime, *, last_entry_at: datetime | None = None
) -> datetime | None:
    """When the tablet went away, if it is away at `now` as its heartbeat says (None if it
    is not): silent since it was last heard, or, still heard but saying its sends fail,
    since it last held the bank's state with nothing waiting. An entry that reached the
    bank after the last report (its table's `last_entry_at`) is the tablet heard then, its
    sends working."""
    heard, online = beat.seen_at, beat.online
    if last_entry_at is not None and last_entry_at > heard:
        heard, online = last_entry_at, True
    silent = (now - heard).total_seconds() > SILENT_SECONDS
    if not silent and online:
        return None
    if not online and beat.synced_at is not None:
        return min(heard, beat.synced_at)
    return heard
