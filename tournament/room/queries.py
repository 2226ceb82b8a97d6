"""The control room's statements written by hand (tournament/http/rows.py): made once per
process, their rows read by column name.

The desk polls its round every 5 s, and the referees' overview as often: the tables'
rows go in the same round trip as the rest of the poll (read_all), which a query the
ORM builds cannot, and are not built again each time.
"""

from __future__ import annotations

from functools import lru_cache

from banking.models import Entry, TableLedger, TabletHeartbeat
from tournament.http.rows import Columns, Statement, one_of
from tournament.http.rows import table_name as _name
from tournament.models import Round, Table, Wave
from tournament.queries import wave_join

#: What the control room reads of a table's tablet.
TABLET_FIELDS = ("seen_at", "online", "outbox", "synced_at", "back_at", "last_away_seconds")
TABLE_FIELDS = ("number", "round_id", "status", "review", "review_note", "wave")


def _tables(extra: dict[str, str]) -> Statement:
    """The tables of the rounds (a list, the parameter), by round and table number: their
    TABLE_FIELDS, their ledger's latest (none before the first write), their tablet's
    (none if never heard), their wave's clock (none before it starts), then the `extra`
    values (name: SQL)."""
    parts = (
        Columns.of(Table, "t", only=TABLE_FIELDS),
        Columns.of(TableLedger, "l", only=("last_seq", "last_entry_at", "leader")),
        Columns.of(TabletHeartbeat, "b", only=TABLET_FIELDS),
        Columns.of(Wave, "w", only=("started_at", "ends_at")),
    )
    columns = ", ".join([*(part.sql for part in parts), *extra.values()])
    return Statement(
        f"SELECT {columns} FROM {_name(Table)} t "  # noqa: S608 - the models' names
        f"JOIN {_name(Round)} r ON r.id = t.round_id "
        f"LEFT JOIN {_name(TableLedger)} l ON l.table_id = t.id "
        f"LEFT JOIN {_name(TabletHeartbeat)} b ON b.table_id = t.id {wave_join()}"
        f"WHERE {one_of('t.round_id')} ORDER BY r.number, t.number",
        parts,
        tuple(extra),
    )


@lru_cache(maxsize=1)
def room_tables_sql() -> Statement:
    """The tables of a control room's rounds. Saves a round trip on the referees' pages
    and the ORM's building of it, every time they ask."""
    return _tables({})


@lru_cache(maxsize=1)
def desk_tables_sql() -> Statement:
    """The same for the desk's round, with the kind of each table's latest entry
    (`last_kind`), which its tiles say. Saves a round trip on the desk's poll (every 5 s)
    and the ORM's building of it."""
    last_kind = (
        f"(SELECT e.kind FROM {_name(Entry)} e "  # noqa: S608 - the models' names
        "WHERE e.table_id = t.id AND e.seq = l.last_seq LIMIT 1)"
    )
    return _tables({"last_kind": last_kind})
