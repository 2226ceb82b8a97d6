"""The control room's statements, written by hand: the desk polls its round every 5 s and
the referees watch every table, under a budget of server time (bench/load.py: the desk's
control room and the referees' overview at most 30 ms, p50). Each is written once per
process, so only its parameter changes (PostgreSQL keeps its plan), and goes with other
reads in one round trip (tournament.http.rows.read_all); its rows are read by column name.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from django.db import connection

from banking.models import Entry, TableLedger, TabletHeartbeat
from tournament.http.rows import Columns, one_of, split
from tournament.models import Round, Table

TABLET_FIELDS = ("seen_at", "online", "outbox", "synced_at", "back_at", "last_away_seconds")


@dataclass(frozen=True)
class TablesStatement:
    """The tables of some rounds (the one parameter: `id_list` of their ids), in round and
    table order, each with its ledger's and its tablet's row, and then `named` columns."""

    sql: str
    table: Columns
    ledger: Columns
    tablet: Columns
    named: tuple[str, ...]

    def read(self, row: tuple[Any, ...]) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
        """A row as the table's fields (its `named` columns among them), its ledger's and
        its tablet's, each by name."""
        own, ledger, tablet, named = split(row, self.table, self.ledger, self.tablet)
        fields = self.table.as_dict(own)
        fields.update(zip(self.named, named, strict=True))
        return fields, self.ledger.as_dict(ledger), self.tablet.as_dict(tablet)


def _name(model: Any) -> str:
    return connection.ops.quote_name(model._meta.db_table)


def _column(model: Any, field: str) -> str:
    return connection.ops.quote_name(model._meta.get_field(field).column)


def _tables(own: tuple[str, ...], named: dict[str, str]) -> TablesStatement:
    table = Columns.of(Table, "t", only=("number", "round_id", "status", "review", *own))
    ledger = Columns.of(TableLedger, "l", only=("last_seq", "last_entry_at", "leader"))
    tablet = Columns.of(TabletHeartbeat, "b", only=TABLET_FIELDS)
    more = "".join(f", {sql}" for sql in named.values())
    sql = (
        f"SELECT {table.sql}, {ledger.sql}, {tablet.sql}{more} FROM {_name(Table)} t "  # noqa: S608 - the models' names
        f"JOIN {_name(Round)} r ON r.id = t.round_id "
        f"LEFT JOIN {_name(TableLedger)} l ON l.table_id = t.id "
        f"LEFT JOIN {_name(TabletHeartbeat)} b ON b.table_id = t.id "
        f"WHERE {one_of('t.round_id')} ORDER BY r.number, t.number"
    )
    return TablesStatement(sql, table, ledger, tablet, tuple(named))


@lru_cache(maxsize=1)
def room_tables() -> TablesStatement:
    """The control room's tiles: each table's status and review, its ledger (the latest
    entry, the leader it keeps) and its tablet's heartbeat."""
    return _tables(("review_note",), {})


@lru_cache(maxsize=1)
def desk_tables() -> TablesStatement:
    """The desk's round page: the tiles' columns and the kind of each table's latest entry
    (`last_kind`)."""
    last_kind = (
        f"(SELECT e.{_column(Entry, 'kind')} FROM {_name(Entry)} e "  # noqa: S608 - the models' names
        "WHERE e.table_id = t.id AND e.seq = l.last_seq LIMIT 1)"
    )
    return _tables(("review_note",), {"last_kind": last_kind})
