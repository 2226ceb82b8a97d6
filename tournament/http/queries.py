"""The table key's statements written by hand (tournament/http/rows.py): made once per
process, prepared by PostgreSQL, their rows read into models by column name.

Every request of the table API (a tablet posts or polls every few seconds, 100 tablets at
an event) opens with the key's look-up: the ORM would spend more building it each time
than PostgreSQL spends running it. Like `tournament.http.authentication`, it sits with
the bank (docs/architecture.md, "Layers"): a read of the table's bank takes the table's
ledger in the same query.
"""

from __future__ import annotations

from functools import lru_cache

from banking.models import TableLedger
from tournament.http.rows import Columns, Statement, table_name
from tournament.models import Event, Round, Table, Wave
from tournament.queries import banker_username_column, event_and_banker_joins, wave_join


def _by_key(ledger: tuple[Columns, ...], joins: str) -> Statement:
    """The table of the key (the parameter), its round `r`, its event `e` and the wave `w`
    it plays in (none before that wave starts), then `ledger`, as select_related would read
    them, and its banker's username and account (`banker_username`, `banker_user_id`)."""
    parts = (
        Columns.of(Table, "t"),
        Columns.of(Round, "r"),
        Columns.of(Event, "e"),
        Columns.of(Wave, "w"),
        *ledger,
    )
    columns = ", ".join([*(part.sql for part in parts), banker_username_column(), "v.user_id"])
    return Statement(
        f"SELECT {columns} FROM {table_name(Table)} t "  # noqa: S608 - the models' names
        f"{event_and_banker_joins()}{wave_join()}{joins}"
        "WHERE t.key = %s",
        parts,
        ("banker_username", "banker_user_id"),
    )


@lru_cache(maxsize=1)
def table_by_key_sql() -> Statement:
    """The key's table, its round, event and banker, for a write (which reads the ledger
    under its lock). Saves the ORM's building of it on every post."""
    return _by_key((), "")


@lru_cache(maxsize=1)
def table_and_ledger_by_key_sql() -> Statement:
    """The same with the table's ledger (none before its first write), for a read of the
    table's bank. Saves the ORM's building of it, and a second query, on every poll."""
    ledger = Columns.of(TableLedger, "l")
    return _by_key((ledger,), f"LEFT JOIN {table_name(TableLedger)} l ON l.table_id = t.id ")
