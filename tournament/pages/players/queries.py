"""The player's page's statements, written by hand (tournament/http/rows.py): each takes
the player's token once, and its rows are read into models by column name.

Every player's phone polls the page every ten seconds (400 at an event, bench/players.py):
the ORM would build the four statements of a poll each time, about 3 ms of CPU a poll
(over the players' budget, 10% of a core for 40 polls a second), where written once they
take 0.4 ms and go together (one round trip, prepared on PostgreSQL).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from banking.models import TableLedger
from tournament.http.rows import Columns, Read, Statement
from tournament.http.rows import table_name as _table
from tournament.models import Event, Player, Result, Round, Seat, Table, Wave

#: Bump when the page starts showing something the statements below do not read.
STAMP_FORMAT = "6"

Rows = list[list[tuple[Any, ...]]]


@dataclass(frozen=True)
class PlayerPage:
    """One player's page as stored, and its version (its ETag)."""

    player: Player  # with its event
    rounds: list[Round]  # the event's, by number
    # the player's, each with its table (its wave and the wave before it as `read_wave` and
    # `wave_before`, None before each starts), its ledger's row and its result
    seats: list[Seat]
    mates: list[Seat]  # every seat at the player's tables, each with its player's name
    version: str
    latest_state: tuple[int, dict[str, Any]] | None  # (table id, state) of their last table


def _seats_and_tables() -> str:
    """From the player `p` (whose token is the parameter): their seats `s` and tables `t`."""
    return (
        f"{_table(Seat)} s JOIN {_table(Player)} p ON p.id = s.player_id "
        f"JOIN {_table(Table)} t ON t.id = s.table_id"
    )


@lru_cache(maxsize=1)
def player_sql() -> Statement:
    """The player and their event. Saves the ORM's 0.6 ms of CPU a poll."""
    player = Columns.of(Player, "p", only=("name", "checked_in", "alternate", "event_id"))
    event = Columns.of(
        Event,
        "e",
        only=("name", "charity", "edition", "variants", "advancement", "time_zone", "currency"),
    )
    return Statement(
        f"SELECT {player.sql}, {event.sql} FROM {_table(Player)} p "  # noqa: S608 - the models' names
        f"JOIN {_table(Event)} e ON e.id = p.event_id WHERE p.token = %s",
        (player, event),
    )


@lru_cache(maxsize=1)
def rounds_sql() -> Statement:
    """The rounds of the player's event, by number. Saves the ORM's 0.7 ms of CPU a poll."""
    round_ = Columns.of(
        Round,
        "r",
        only=(
            "event_id",
            "number",
            "kind",
            "status",
            "released_at",
            "started_at",
            "ends_at",
            "ended_at",
            "time_limit_minutes",
            "wave_count",
        ),
    )
    return Statement(
        f"SELECT {round_.sql} FROM {_table(Round)} r "  # noqa: S608 - the models' names
        f"JOIN {_table(Player)} p ON p.event_id = r.event_id WHERE p.token = %s "
        "ORDER BY r.number",
        (round_,),
    )


@lru_cache(maxsize=1)
def seats_sql() -> Statement:
    """The player's seats, each with its table, its ledger's row (none before the table's
    first write), its result (none before the round ends), and the wave the table plays in
    and the wave before it (each none before it starts). Saves the ORM's 1 ms of CPU a
    poll."""
    seat = Columns.of(Seat, "s", only=("number", "table_id", "player_id"))
    table = Columns.of(Table, "t", only=("number", "status", "review", "round_id", "wave"))
    ledger = Columns.of(TableLedger, "l", only=("last_seq", "last_entry_at"))
    result = Columns.of(Result, "res")
    clock = ("number", "status", "started_at", "ends_at")
    wave, before = Columns.of(Wave, "w", only=clock), Columns.of(Wave, "bw", only=clock)
    waves = _table(Wave)
    return Statement(
        f"SELECT {seat.sql}, {table.sql}, {ledger.sql}, {result.sql}, {wave.sql}, {before.sql} "  # noqa: S608 - the models' names
        f"FROM {_seats_and_tables()} LEFT JOIN {_table(TableLedger)} l ON l.table_id = t.id "
        f"LEFT JOIN {_table(Result)} res ON res.seat_id = s.id "
        f"LEFT JOIN {waves} w ON w.round_id = t.round_id AND w.number = t.wave "
        f"LEFT JOIN {waves} bw ON bw.round_id = t.round_id AND bw.number = t.wave - 1 "
        "WHERE p.token = %s ORDER BY s.id",
        (seat, table, ledger, result, wave, before),
    )


@lru_cache(maxsize=1)
def mates_sql() -> Statement:
    """Every seat at the player's tables, with its player's name. Saves the ORM's 0.8 ms of
    CPU a poll."""
    seat = Columns.of(Seat, "o", only=("number", "table_id", "player_id"))
    mate = Columns.of(Player, "q", only=("name",))
    return Statement(
        f"SELECT {seat.sql}, {mate.sql} FROM {_table(Seat)} s "  # noqa: S608 - the models' names
        f"JOIN {_table(Player)} p ON p.id = s.player_id "
        f"JOIN {_table(Seat)} o ON o.table_id = s.table_id "
        f"JOIN {_table(Player)} q ON q.id = o.player_id "
        "WHERE p.token = %s ORDER BY o.table_id, o.number",
        (seat, mate),
    )


@lru_cache(maxsize=1)
def latest_state_sql() -> Statement:
    """The stored state of the table of the player's latest round (the only one their page
    can show). Saves the ORM's 0.8 ms of CPU a poll that shows something new."""
    ledger = Columns.of(TableLedger, "l", only=("state",))
    return Statement(
        f"SELECT {ledger.sql} FROM {_seats_and_tables()} "  # noqa: S608 - the models' names
        f"JOIN {_table(Round)} r ON r.id = t.round_id "
        f"JOIN {_table(TableLedger)} l ON l.table_id = t.id "
        "WHERE p.token = %s ORDER BY r.number DESC LIMIT 1",
        (ledger,),
    )


def _shown_statements() -> tuple[Statement, ...]:
    """The statements whose rows the version covers (the state's `last_seq` is in seats)."""
    return player_sql(), rounds_sql(), seats_sql(), mates_sql()


@dataclass(frozen=True)
class Shown:
    """The rows of what a player's page shows, but their table's state, and their version."""

    rows: Rows
    version: str


def shown_read(token: str) -> Read[Shown | None]:
    """The rows of what the page this token opens shows, and their version (None: no
    player has it)."""
    return Read(tuple((statement.sql, [token]) for statement in _shown_statements()), _shown)


def page_read(token: str, shown: Shown | None = None) -> Read[PlayerPage | None]:
    """What the page this token opens shows, with its version (None: no player has it);
    with the table's state alone when the rest has just been read (`shown`)."""
    if shown is not None:
        return Read(((latest_state_sql().sql, [token]),), lambda found: _page(shown, found[0]))
    statements = (*_shown_statements(), latest_state_sql())

    def result(found: Rows) -> PlayerPage | None:
        read = _shown(found[:4])
        return _page(read, found[4]) if read is not None else None

    return Read(tuple((statement.sql, [token]) for statement in statements), result)


def _shown(found: Rows) -> Shown | None:
    if not found[0]:
        return None
    return Shown(found, _version(found, _rounds(found[1]), _waves(found[2])))


def _waves(rows: list[tuple[Any, ...]]) -> list[Wave | None]:
    """The wave of each of the player's tables (None: not started)."""
    statement = seats_sql()
    wave = statement.parts[4]
    return [wave.instance(statement.split(row)[4]) for row in rows]


def _rounds(rows: list[tuple[Any, ...]]) -> list[Round]:
    statement = rounds_sql()
    (round_,) = statement.parts
    return [round_.instance(statement.split(row)[0]) for row in rows]


def _version(found: Rows, rounds: list[Round], waves: list[Wave | None]) -> str:
    """A digest of the rows the page shows, and of its rounds' and its tables' waves'
    status as read now (a running round or wave whose clock ran out reads as time
    called)."""
    now = ([r.status_now for r in rounds], [w.status_now for w in waves if w is not None])
    stamp = repr((found, now)).encode()
    return f"{STAMP_FORMAT}-{hashlib.md5(stamp, usedforsecurity=False).hexdigest()[:24]}"


def _page(shown: Shown, state_rows: list[tuple[Any, ...]]) -> PlayerPage:
    found = shown.rows
    player_columns, event_columns = player_sql().parts
    player_values, event_values, _ = player_sql().split(found[0][0])
    player = player_columns.instance(player_values)
    player.event = event_columns.instance(event_values)
    seat_columns, table_columns, ledger_columns, result_columns, wave, before = seats_sql().parts
    seats = []
    for row in found[2]:
        seat_values, table_values, ledger_values, result_values, *waves, _ = seats_sql().split(row)
        seat = seat_columns.instance(seat_values)
        seat.table = table_columns.instance(table_values)
        seat.table.read_wave = wave.instance(waves[0])  # type: ignore[attr-defined]
        seat.table.wave_before = before.instance(waves[1])  # type: ignore[attr-defined]
        # None (a LEFT JOIN that found nothing) reads as select_related leaves it.
        ledger = ledger_columns.instance(ledger_values)
        Table._meta.get_field("ledger").set_cached_value(seat.table, ledger)
        result = result_columns.instance(result_values)
        Seat._meta.get_field("result").set_cached_value(seat, result)
        seats.append(seat)
    mate_columns, name_columns = mates_sql().parts
    mates = []
    for row in found[3]:
        seat_values, name_values, _ = mates_sql().split(row)
        mate = mate_columns.instance(seat_values)
        mate.player = name_columns.instance(name_values)
        mates.append(mate)
    latest = None
    if state_rows:
        (state_columns,) = latest_state_sql().parts
        state_values, _ = latest_state_sql().split(state_rows[0])
        kept = state_columns.instance(state_values)
        latest = (kept.pk, kept.state)
    return PlayerPage(player, _rounds(found[1]), seats, mates, shown.version, latest)
