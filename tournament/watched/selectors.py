"""The versions of what the pages that watch an event's tables show, read in one small
query (queries.py) at each of their requests: what they computed is kept under these
versions (kept.py) and reused until they move."""

from __future__ import annotations

import hashlib
import uuid
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from django.db import connection

from tournament.http.rows import Read
from tournament.models import Event
from tournament.watched.queries import watched_sql


@dataclass(frozen=True)
class WatchedVersions:
    """Versions of what the pages that watch an event's tables show (the referees'
    overview, the big screen), so that what they computed can be kept and reused until it
    changes: `head` for the event, its rounds and what the bracket shows of the latest
    ended round's tables; for each table of the rounds not ended (and of the latest ended
    one while the pages show it), in the order the pages show them (round, then number),
    its round and two versions: of the table as watched (with its ledger), and of what the
    bracket shows of it (without); and the event itself, when asked for with them."""

    head: str
    tables: dict[int, tuple[int, str, str]]  # table id -> (round id, watched, bracket)
    event: Event | None  # the event, when asked for (None: not asked for, or no such event)

    @cached_property
    def bracket(self) -> str:
        """One version of what the bracket shows: the head's and every table's."""
        parts = [self.head, *(b for _, _, b in self.tables.values())]
        return hashlib.md5("|".join(parts).encode(), usedforsecurity=False).hexdigest()

    def tables_of(self, round_ids: Iterable[int]) -> list[int]:
        """The ids of the watched tables of these rounds, in the pages' order."""
        rounds = set(round_ids)
        return [tid for tid, (round_id, _, _) in self.tables.items() if round_id in rounds]


def watched_versions_read(event_id: int, *, with_event: bool = False) -> Read[WatchedVersions]:
    """The versions of an event's watched tables (WatchedVersions), in one small query
    whatever the size of the event's history: the event and its rounds, beside a row for
    each watched table with its round and its ledger, none of its seats. `with_event`:
    the event's row too, read in the same round trip (for a page that has not read it).

    What a table shows moves with its own row, its round's, its ledger's (`last_seq`, a
    new entry or void), and the event's `watched_version`, which every write of its seats,
    players, results, volunteers or teams moves in the same transaction
    (tournament/services/watched.py). PostgreSQL writes a new version of a row (a new
    `xmin`) on every update, so the rows' versions say whether any of them changed; the
    columns that change are read too, since within one transaction every update has the
    same xmin. Rounds that ended before the latest one no longer change. Elsewhere (SQLite
    in development) the same tables, with versions that never repeat: nothing is reused.
    """
    sql, postgresql = watched_sql(), connection.vendor == "postgresql"
    found_by = sql.versions if postgresql else sql.tables
    statements: list[tuple[str, Any]] = [(found_by.sql, {"event": event_id})]
    if with_event:
        statements.append((sql.event.sql, [event_id]))

    def result(found: list[list[tuple[Any, ...]]]) -> WatchedVersions:
        rows, *event_rows = found
        event = None
        if event_rows and event_rows[0]:
            (event_part,) = sql.event.parts
            event = event_part.instance(sql.event.split(event_rows[0][0])[0])
        named = [found_by.split(row)[-1] for row in rows]
        if not postgresql:
            fresh = uuid.uuid4().hex
            tables = {row["table_id"]: (row["round_id"], fresh, fresh) for row in named}
            return WatchedVersions(fresh, tables, event)
        if not named:  # the head on every row; no row: no such event
            return WatchedVersions(uuid.uuid4().hex, {}, None)
        return WatchedVersions(
            named[0]["head"],
            {
                row["table_id"]: (row["round_id"], row["watched"], row["bracket"])
                for row in named
                if row["table_id"] is not None
            },
            event,
        )

    return Read(tuple(statements), result)
