"""The bank's statements written by hand: the two of posting an entry (or a void) and the
tablet's heartbeat, each named, with what it saves over the ORM measured on PostgreSQL.
Every name comes from the models, every value is a parameter, and a row is read by column
name. Each text is made once per process and prepared by PostgreSQL
(tournament/http/rows.py)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from uuid import UUID

from django.contrib.auth import get_user_model
from django.db import connection

from banking.models import Entry, TableLedger, TabletHeartbeat
from tournament.http.rows import Columns, Statement, one_of, prepared_cursor
from tournament.http.rows import table_name as _name
from tournament.models import Event, Player, Round, Seat, Table, Wave
from tournament.queries import banker_username_column, event_and_banker_joins, wave_join

# What posting reads under the lock: the ledger, and of its table, round and event what the
# checks, the rules, the key and the answer use. The start state is read only by voids,
# which replay from it.
LOCKED_LEDGER = ("state", "seats", "last_seq", "last_entry_at")
LOCKED_TABLE = ("number", "key", "status", "review", "review_note", "round_id", "wave")
LOCKED_ROUND = ("number", "status", "ends_at", "event_id")
LOCKED_EVENT = ("edition", "variants", "currency")  # the rules, and how they write money
LOCKED_WAVE = ("number", "status", "started_at", "ends_at")


@dataclass(frozen=True, slots=True)
class Locked:
    """A table's ledger as `lock_ledger` read it, its row and its table's locked."""

    ledger: TableLedger  # with its table, the table's round and the round's event
    earlier_table: int | None  # the table of the entry already recorded under the id, if any
    earlier_hash: str | None  # and its body's hash
    snapshot_seq: int  # the ledger's last_seq in the snapshot the query began with
    banker: str | None  # the username of the table's banker, if it has one
    banker_user_id: int | None  # and their account's id


@lru_cache(maxsize=2)
def _lock_sql(with_start: bool) -> Statement:
    """`lock_ledger`'s statement: its models' columns, then the values named in `also`."""
    qn = connection.ops.quote_name
    ledger_fields = (*LOCKED_LEDGER, "start") if with_start else LOCKED_LEDGER
    parts = (
        Columns.of(TableLedger, "l", ledger_fields),
        Columns.of(Table, "t", LOCKED_TABLE),
        Columns.of(Round, "r", LOCKED_ROUND),
        Columns.of(Event, "e", LOCKED_EVENT),
        Columns.of(Wave, "w", LOCKED_WAVE),
    )
    entries, ledgers = _name(Entry), _name(TableLedger)
    also = {
        "earlier_table": f"x.{qn(Entry._meta.get_field('table').column)}",
        "earlier_hash": f"x.{qn(Entry._meta.get_field('body_hash').column)}",
        "snapshot_seq": f"(SELECT s.last_seq FROM {ledgers} s WHERE s.table_id = l.table_id)",  # noqa: S608
        "banker": banker_username_column(),
        "banker_user_id": "v.user_id",
    }
    columns = [*(part.sql for part in parts), *(f"{sql} AS {name}" for name, sql in also.items())]
    sql = (
        f"SELECT {', '.join(columns)} "  # noqa: S608 - the models' names
        f"FROM {ledgers} l JOIN {_name(Table)} t ON t.id = l.table_id "
        f"{event_and_banker_joins()}{wave_join()}LEFT JOIN {entries} x ON x.id = %s "
        "WHERE l.table_id = %s"
    )
    if connection.features.has_select_for_update_of:  # not SQLite, which locks the file
        sql += " FOR UPDATE OF l, t"
    return Statement(sql, parts, tuple(also))


def lock_ledger(table_id: int, entry_id: UUID | None, *, with_start: bool) -> Locked | None:
    """Lock a table's ledger row and the table's row, and read the ledger with its table,
    round, event, wave (`read_wave`, None before it starts) and banker, and the entry
    already recorded under `entry_id`: one query, where the ORM makes two (select_related
    with select_for_update, then the entry) and compiles both on every post: 2.3 ms of CPU
    more a post. None: the table has no ledger yet (or no such table)."""
    statement = _lock_sql(with_start)
    with prepared_cursor() as cursor:
        entry_key = Entry._meta.pk.get_db_prep_value(entry_id, connection)
        cursor.execute(statement.sql, [entry_key, table_id])
        row = cursor.fetchone()
    if row is None:
        return None
    *values, also = statement.split(row)
    ledger, table, round_, event, wave = (
        part.instance(v) for part, v in zip(statement.parts, values, strict=True)
    )
    table.read_wave = wave  # type: ignore[attr-defined]
    Round._meta.get_field("event").set_cached_value(round_, event)
    Table._meta.get_field("round").set_cached_value(table, round_)
    TableLedger._meta.get_field("table").set_cached_value(ledger, table)
    return Locked(ledger, **also)


_ENTRY_FIELDS = tuple(Entry._meta.concrete_fields)
_PROJECTION = tuple(
    TableLedger._meta.get_field(name)
    for name in ("state", "standings", "leader", "last_seq", "last_entry_at")
)


@lru_cache(maxsize=1)
def _record_sql() -> tuple[str, str, str]:
    """The INSERT of an entry, the UPDATE of its ledger's projection, and both in one
    statement that updates only if the entry went in."""
    qn = connection.ops.quote_name
    entries, ledgers = _name(Entry), _name(TableLedger)
    columns = ", ".join(qn(f.column) for f in _ENTRY_FIELDS)
    values = ", ".join(["%s"] * len(_ENTRY_FIELDS))
    insert = f"INSERT INTO {entries} ({columns}) VALUES ({values})"  # noqa: S608 - the models' names
    projection = ", ".join(f"{qn(f.column)} = %s" for f in _PROJECTION)
    update = f"UPDATE {ledgers} SET {projection} WHERE table_id = %s"  # noqa: S608
    both = f"WITH recorded AS ({insert} RETURNING 1) {update} AND EXISTS (SELECT 1 FROM recorded)"  # noqa: S608
    return insert, update, both


def record_entry(entry: Entry, ledger: TableLedger) -> None:
    """Insert a new entry and move its ledger to the projection it holds (state, standings,
    leader, last_seq; last_entry_at is the entry's time, set here). On PostgreSQL one
    statement, which moves the ledger only if the entry went in, where the ORM's two saves
    cost 0.5 ms of CPU and a round trip more a post; on SQLite (development) the INSERT and
    the UPDATE one after the other. A taken id raises IntegrityError."""
    entry_values = [
        f.get_db_prep_save(f.pre_save(entry, add=True), connection) for f in _ENTRY_FIELDS
    ]
    ledger.last_entry_at = entry.created_at
    ledger_values = [
        *(f.get_db_prep_save(getattr(ledger, f.attname), connection) for f in _PROJECTION),
        ledger.table_id,
    ]
    insert, update, both = _record_sql()
    with prepared_cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(both, [*entry_values, *ledger_values])
        else:
            cursor.execute(insert, entry_values)
            cursor.execute(update, ledger_values)
        if cursor.rowcount != 1:  # the ledger is locked by this transaction: cannot happen
            raise RuntimeError(f"the ledger of table {ledger.table_id} was not moved")
    entry._state.adding, entry._state.db = False, connection.alias  # as the ORM marks a save
    Entry.voided_by.related.set_cached_value(entry, None)  # a new entry is voided by nothing


@lru_cache(maxsize=1)
def heartbeat_sql() -> Statement:
    """A tablet's report kept in its table's one row, its parameters the values of the
    row's columns (`parts`), in order: an INSERT the first time, an UPDATE of the row after
    (two polls of the same table at once: the second updates what the first made), where a
    return from offline (`back_at` set) adds to the tablet's time away and entries caught
    up. Saves, on each tablet's state poll (every 5 s), the ORM's second statement for a
    table's first report, and 0.2 ms of CPU: one statement the ORM cannot write."""
    qn = connection.ops.quote_name
    row = Columns.of(TabletHeartbeat, "h")
    columns = {name: qn(TabletHeartbeat._meta.get_field(name).column) for name in row.attnames}
    replaced = ("seen_at", "online", "outbox", "oldest_at", "synced_at")
    back, last = columns["back_at"], columns["last_away_seconds"]
    updates = [
        *(f"{columns[name]} = EXCLUDED.{columns[name]}" for name in replaced),
        f"{back} = COALESCE(EXCLUDED.{back}, h.{back})",
        f"{last} = CASE WHEN EXCLUDED.{back} IS NULL THEN h.{last} ELSE EXCLUDED.{last} END",
        *(
            f"{columns[name]} = h.{columns[name]} + EXCLUDED.{columns[name]}"
            for name in ("away_seconds", "caught_up")
        ),
    ]
    return Statement(
        f"INSERT INTO {_name(TabletHeartbeat)} AS h "  # noqa: S608 - the model's names
        f"({', '.join(columns.values())}) VALUES ({', '.join(['%s'] * row.width)}) "
        f"ON CONFLICT ({columns['table_id']}) DO UPDATE SET {', '.join(updates)}",
        (row,),
    )


# What the pages that watch many tables read (banking/selectors.py `watched_tables`,
# `table_seats`, `table_standings`): each statement's text the same whatever the number of
# tables (one list parameter), so PostgreSQL plans it once per connection, and all of them
# sent in one round trip (read_together). Saves the ORM's building of four querysets on
# every request of the referees' overview and the big screen, and three round trips.

#: What the watching pages show of a table's own row.
WATCHED_TABLE = (
    "number",
    "round_id",
    "status",
    "verification_code",
    "review",
    "review_note",
    "reviewed_at",
)


def _username(alias: str) -> str:
    user_model = get_user_model()
    column = user_model._meta.get_field(user_model.USERNAME_FIELD).column
    return f"{alias}.{connection.ops.quote_name(column)}"


@lru_cache(maxsize=1)
def watched_tables_sql() -> Statement:
    """These tables (the parameter: `id_list`) with their ledger, in page order (round,
    then number), then the banker's user id and username, the referee's and the
    reviewer's usernames."""
    volunteer = Table._meta.get_field("banker").related_model
    user = _name(get_user_model())
    parts = (
        Columns.of(Table, "t", only=WATCHED_TABLE),
        Columns.of(TableLedger, "l", only=("state", "last_seq", "last_entry_at")),
    )
    also = {
        "banker_user_id": "bv.user_id",
        "banker_name": _username("bu"),
        "referee_name": _username("ru"),
        "reviewer_name": _username("wu"),
    }
    columns = ", ".join([*(part.sql for part in parts), *also.values()])
    return Statement(
        f"SELECT {columns} FROM {_name(Table)} t "  # noqa: S608 - the models' names
        f"JOIN {_name(Round)} r ON r.id = t.round_id "
        f"LEFT JOIN {_name(TableLedger)} l ON l.table_id = t.id "
        f"LEFT JOIN {_name(volunteer)} bv ON bv.id = t.banker_id "
        f"LEFT JOIN {user} bu ON bu.id = bv.user_id "
        f"LEFT JOIN {_name(volunteer)} rv ON rv.id = t.referee_id "
        f"LEFT JOIN {user} ru ON ru.id = rv.user_id "
        f"LEFT JOIN {user} wu ON wu.id = t.reviewed_by_id "
        f"WHERE {one_of('t.id')} ORDER BY r.number, t.number",
        parts,
        tuple(also),
    )


@lru_cache(maxsize=1)
def watched_rounds_sql() -> Statement:
    """The rounds of these tables (the parameter), each with its event."""
    parts = (Columns.of(Round, "r"), Columns.of(Event, "e"))
    return Statement(
        f"SELECT {parts[0].sql}, {parts[1].sql} FROM {_name(Round)} r "  # noqa: S608 - the models' names
        f"JOIN {_name(Event)} e ON e.id = r.event_id "
        f"WHERE r.id IN (SELECT round_id FROM {_name(Table)} WHERE {one_of('id')})",
        parts,
    )


@lru_cache(maxsize=1)
def table_seats_sql() -> Statement:
    """Who sits at these tables (the parameter), by table and seat number: each seat, then
    its player's `name`."""
    seat = Columns.of(Seat, "s", only=("table_id", "number", "player_id"))
    return Statement(
        f"SELECT {seat.sql}, p.{connection.ops.quote_name('name')} FROM {_name(Seat)} s "  # noqa: S608 - the models' names
        f"JOIN {_name(Player)} p ON p.id = s.player_id "
        f"WHERE {one_of('s.table_id')} ORDER BY s.table_id, s.number",
        (seat,),
        ("name",),
    )


@lru_cache(maxsize=1)
def table_standings_sql() -> Statement:
    """These tables (the parameter) with their ledger's standings, in page order, then their
    `round_number` and, only where no standings are kept (no entry yet, or a ledger written
    before they were), the stored state (`unkept_state`)."""
    parts = (
        Columns.of(Table, "t", only=("number", "status")),
        Columns.of(TableLedger, "l", only=("last_seq", "standings")),
    )
    return Statement(
        f"SELECT {parts[0].sql}, {parts[1].sql}, r.number, "  # noqa: S608 - the models' names
        "CASE WHEN l.standings IS NULL THEN l.state END "
        f"FROM {_name(Table)} t JOIN {_name(Round)} r ON r.id = t.round_id "
        f"LEFT JOIN {_name(TableLedger)} l ON l.table_id = t.id "
        f"WHERE {one_of('t.id')} ORDER BY r.number, t.number",
        parts,
        ("round_number", "unkept_state"),
    )


@lru_cache(maxsize=1)
def latest_entries_sql() -> Statement:
    """The latest entries of these tables (parameters: how many, then the tables), newest
    first, each with the void that undoes it (its number, `seq`), read alone however long
    the ledgers."""
    entry, void = Columns.of(Entry, "e"), Columns.of(Entry, "v", only=("seq",))
    entries = _name(Entry)
    voids = connection.ops.quote_name(Entry._meta.get_field("voids").column)
    return Statement(
        f"SELECT {entry.sql}, {void.sql} FROM {_name(TableLedger)} l "  # noqa: S608 - the models' names
        f"JOIN {entries} e ON e.table_id = l.table_id AND e.seq > l.last_seq - %s "
        f"LEFT JOIN {entries} v ON v.{voids} = e.id "
        f"WHERE {one_of('l.table_id')} ORDER BY e.table_id, e.seq DESC",
        (entry, void),
    )
