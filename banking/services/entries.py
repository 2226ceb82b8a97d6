"""Posting and voiding entries: one transaction, one row lock on the table, nothing twice."""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any
from uuid import UUID, uuid4

from django.db import IntegrityError, connection, transaction

from banking.actors import Actor
from banking.checks import check_live, check_may_record, voidable
from banking.ledgers import effective_history, leader_in, ledger_of, rules_of, standings_of
from banking.models import Entry, TableLedger
from games import engine
from tournament.errors import Conflict, NotFound, Refusal
from tournament.http.authentication import KEY_VALID
from tournament.http.rows import Columns, prepared_cursor, split
from tournament.models import (
    Event,
    Round,
    Table,
    banker_username_column,
    event_and_banker_joins,
)
from tournament.services.rounds import call_time_if_due


@dataclass(frozen=True, slots=True)
class Posted:
    entry: Entry
    ledger: TableLedger
    new: bool


def body_hash(payload: Mapping[str, Any]) -> str:
    canonical = json.dumps(payload, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(canonical.encode()).hexdigest()


# What posting reads under the lock: the ledger, and of its table, round and event what the
# checks, the rules, the key and the answer use. Fewer columns make a cheaper query to read
# and decode on every post; the start state is read only by voids, which replay from it.
LOCKED_LEDGER = ("state", "seats", "last_seq", "last_entry_at")
LOCKED_TABLE = ("number", "key", "status", "review", "review_note", "round_id")
LOCKED_ROUND = ("number", "status", "ends_at", "event_id")
LOCKED_EVENT = ("edition", "variants")


class KeyRefused(Exception):
    """The table key a write brought does not open this table (or its round is over)."""


def _ledger_and_table() -> str:
    """FROM a ledger `l`, its table `t`, round `r` and event `e`, and its banker's user `u`
    if it has one: what posting reads of them."""
    qn = connection.ops.quote_name
    return (
        f"FROM {qn(TableLedger._meta.db_table)} l "
        f"JOIN {qn(Table._meta.db_table)} t ON t.id = l.table_id {event_and_banker_joins()}"
    )


@lru_cache(maxsize=2)
def _locking(with_start: bool) -> tuple[str, tuple[Columns, ...]]:
    """The locking query's text, made once (see `_locked_ledger`)."""
    qn = connection.ops.quote_name
    ledger_fields = (*LOCKED_LEDGER, "start") if with_start else LOCKED_LEDGER
    parts = (
        Columns.of(TableLedger, "l", ledger_fields),
        Columns.of(Table, "t", LOCKED_TABLE),
        Columns.of(Round, "r", LOCKED_ROUND),
        Columns.of(Event, "e", LOCKED_EVENT),
    )
    entries, ledgers = qn(Entry._meta.db_table), qn(TableLedger._meta.db_table)
    sql = (
        f"SELECT {', '.join(part.sql for part in parts)}, "  # noqa: S608 - the models' names
        f"(SELECT x.table_id FROM {entries} x WHERE x.id = %s), "
        f"(SELECT x.body_hash FROM {entries} x WHERE x.id = %s), "
        f"(SELECT s.last_seq FROM {ledgers} s WHERE s.table_id = l.table_id), "
        f"{banker_username_column()} {_ledger_and_table()}"
        "WHERE l.table_id = %s"
    )
    if connection.features.has_select_for_update_of:  # not SQLite, which locks the file
        sql += " FOR UPDATE OF l, t"
    return sql, parts


def _lock(table_id: int, entry_id: UUID | None, with_start: bool) -> TableLedger | None:
    sql, parts = _locking(with_start)
    earlier = Entry._meta.pk.get_db_prep_value(entry_id, connection)
    with prepared_cursor() as cursor:
        cursor.execute(sql, [earlier, earlier, table_id])
        row = cursor.fetchone()
    if row is None:
        return None
    *values, (earlier_table, earlier_hash, snapshot_seq, banker) = split(row, *parts)
    ledger, table, round_, event = (part.instance(v) for part, v in zip(parts, values, strict=True))
    Round._meta.get_field("event").set_cached_value(round_, event)
    Table._meta.get_field("round").set_cached_value(table, round_)
    TableLedger._meta.get_field("table").set_cached_value(ledger, table)
    ledger.earlier_table, ledger.earlier_hash = earlier_table, earlier_hash  # type: ignore[attr-defined]
    ledger.snapshot_seq, ledger.banker_username = snapshot_seq, banker  # type: ignore[attr-defined]
    return ledger


def _locked_ledger(
    table_id: int, entry_id: UUID | None, *, with_start: bool = False
) -> TableLedger:
    """Lock the table's row and its ledger's row, and read both, in one query.

    Both rows are locked (not only the table's), so that a post that waited for the
    lock reads the ledger as the previous post left it. The same query tells whether
    `entry_id` is already recorded (its table and body hash), for idempotency, and the
    banker's name, for a write by the table's key. Its text is made once per process.

    The look-up of `entry_id` reads the snapshot the query began with. When the query
    waited for the lock while another post committed, the ledger it locked is newer than
    that snapshot (`snapshot_seq` differs from `last_seq`), and `_earlier` looks again.
    """
    ledger = _lock(table_id, entry_id, with_start)
    if ledger is None:
        table = Table.objects.select_related("round__event").filter(pk=table_id).first()
        if table is None:
            raise NotFound("not_found", "There is no such table.")
        ledger_of(table, rules_of(table.round.event))  # opened on first use, then locked
        ledger = _lock(table_id, entry_id, with_start)
        if ledger is None:
            raise TableLedger.DoesNotExist
    return ledger


def _earlier(ledger: TableLedger, entry_id: UUID, digest: str) -> Entry | None:
    """The entry already recorded under this id, if any; the same id with another body is
    refused, since a tablet must never reuse an id for a different move."""
    table_id, hash_ = ledger.earlier_table, ledger.earlier_hash  # type: ignore[attr-defined]
    if ledger.snapshot_seq != ledger.last_seq:  # type: ignore[attr-defined]
        # The lock was taken after a post committed: that post may be this one's original.
        found = Entry.objects.filter(pk=entry_id).values_list("table_id", "body_hash").first()
        table_id, hash_ = found if found is not None else (None, None)
    if table_id is None:
        return None
    if table_id != ledger.table_id or hash_ != digest:
        raise Conflict(
            "id_reused",
            "An entry with this id was already recorded with a different content.",
        )
    return Entry.objects.get(pk=entry_id)


def _banker(ledger: TableLedger, key: str) -> Actor:
    """The table's banker, when `key` is this table's key and its round still takes it."""
    table = ledger.table
    if not hmac.compare_digest(table.key.encode(), key.encode()):
        raise KeyRefused
    if table.round.status not in KEY_VALID:
        raise KeyRefused
    name = ledger.banker_username  # type: ignore[attr-defined]
    return Actor(role=Actor.BANKER, name=name or f"Banker of table {table.number}")


def _record(
    table: Table,
    ledger: TableLedger,
    *,
    entry_id: UUID,
    kind: str,
    fields: Mapping[str, Any],
    outcome: engine.Outcome,
    rules: engine.Rules,
    digest: str,
    actor: Actor,
    voids: Entry | None = None,
) -> Entry:
    seq = ledger.last_seq + 1
    entry = Entry(
        id=entry_id,
        table=table,
        seq=seq,
        kind=kind,
        fields=dict(fields),
        transfers=[t.as_dict() for t in outcome.transfers],
        body_hash=digest,
        author=actor.user,
        author_role=actor.role,
        author_name=actor.name,
        voids=voids,
    )
    ledger.state = outcome.state.as_dict()
    ledger.standings = standings_of(outcome.state, ledger.seats, rules)
    ledger.leader = leader_in(ledger.standings, ledger.seats)
    ledger.last_seq = seq
    try:
        # No savepoint: a failed insert ends the whole post (the Conflict rolls it back).
        ledger.last_entry_at = _insert_and_project(entry, ledger)
    except IntegrityError as exc:
        raise Conflict("id_reused", "An entry with this id was already recorded.") from exc
    return entry


_ENTRY_FIELDS = tuple(Entry._meta.concrete_fields)


@lru_cache(maxsize=1)
def _record_sql() -> str:
    """INSERT the entry, and UPDATE its ledger only if the entry went in: every name from
    the models, every value a parameter."""
    qn = connection.ops.quote_name
    entries, ledgers = qn(Entry._meta.db_table), qn(TableLedger._meta.db_table)
    columns = ", ".join(qn(f.column) for f in _ENTRY_FIELDS)
    values = ", ".join(["%s"] * len(_ENTRY_FIELDS))
    insert = f"INSERT INTO {entries} ({columns}) VALUES ({values}) RETURNING 1"  # noqa: S608
    update = (
        f"UPDATE {ledgers} SET state = %s, standings = %s, leader = %s, last_seq = %s, "  # noqa: S608
        "last_entry_at = %s "
        "WHERE table_id = %s AND EXISTS (SELECT 1 FROM recorded)"
    )
    return f"WITH recorded AS ({insert}) {update}"


def _insert_and_project(entry: Entry, ledger: TableLedger) -> Any:
    """Insert the entry and move the ledger's projection to it in one statement (one round
    trip instead of two); the entry's time of creation, also the ledger's last_entry_at."""
    if connection.vendor != "postgresql":  # SQLite in development: two statements
        entry.save(force_insert=True)
        Entry.voided_by.related.set_cached_value(entry, None)  # a new entry is voided by nothing
        ledger.last_entry_at = entry.created_at
        ledger.save(update_fields=["state", "standings", "leader", "last_seq", "last_entry_at"])
        return entry.created_at
    values = [f.get_db_prep_save(f.pre_save(entry, add=True), connection) for f in _ENTRY_FIELDS]
    state, standings, leader = (
        TableLedger._meta.get_field(name) for name in ("state", "standings", "leader")
    )
    params = [
        *values,
        state.get_db_prep_save(ledger.state, connection),
        standings.get_db_prep_save(ledger.standings, connection),
        leader.get_db_prep_save(ledger.leader, connection),
        ledger.last_seq,
        entry.created_at,
        ledger.table_id,
    ]
    with prepared_cursor() as cursor:
        cursor.execute(_record_sql(), params)
        if cursor.rowcount != 1:  # the ledger is locked by this transaction: cannot happen
            raise RuntimeError(f"the ledger of table {ledger.table_id} was not moved")
    _saved(entry)
    return entry.created_at


def _saved(entry: Entry) -> None:
    """Mark an entry written by SQL of its own as the ORM marks one it saved."""
    entry._state.adding = False
    entry._state.db = connection.alias
    Entry.voided_by.related.set_cached_value(entry, None)  # a new entry is voided by nothing


@transaction.atomic
def entry_post(
    *,
    table_id: int,
    entry_id: UUID,
    payload: Mapping[str, Any],
    actor: Actor | None = None,
    key: str | None = None,
) -> Posted:
    """Record one entry at a table, or give back the one already recorded under its id.

    `payload` is the entry as the client sent it, without its id. The engine
    decides whether the move is legal; the table's stored state moves with it.
    The one acting is `actor`, or, given the table's `key` instead, its banker: the key is
    checked in the query that locks the table (KeyRefused when it does not open it).
    """
    try:
        ledger = _locked_ledger(table_id, entry_id)
    except NotFound:
        if key is not None:  # a key's refusal comes before whether the table exists
            raise KeyRefused from None
        raise
    table, digest = ledger.table, body_hash(payload)
    if actor is None:
        if key is None:
            raise ValueError("entry_post needs an actor or the table's key")
        actor = _banker(ledger, key)
    if (earlier := _earlier(ledger, entry_id, digest)) is not None:
        return Posted(entry=earlier, ledger=ledger, new=False)
    rules = rules_of(table.round.event)
    check_live(call_time_if_due(table.round), table)  # the clock first: time may be due
    entry = engine.parse_entry(payload)
    check_may_record(entry.kind, actor)
    outcome = engine.apply(engine.TableState.from_dict(ledger.state), entry, rules)
    recorded = _record(
        table,
        ledger,
        entry_id=entry_id,
        kind=entry.kind,
        fields=engine.entry_fields(entry),
        outcome=outcome,
        rules=rules,
        digest=digest,
        actor=actor,
    )
    return Posted(entry=recorded, ledger=ledger, new=True)


@transaction.atomic
def entry_void(
    *, table_id: int, entry_id: UUID, reason: str, actor: Actor, void_id: UUID | None = None
) -> Posted:
    """Undo an entry with a reversing entry. Refused where a later entry depends on it."""
    reason = (reason or "").strip()
    void_id = void_id or uuid4()
    payload = {"kind": Entry.VOID, "entry": str(entry_id), "reason": reason}
    ledger = _locked_ledger(table_id, void_id, with_start=True)
    table, digest = ledger.table, body_hash(payload)
    if (earlier := _earlier(ledger, void_id, digest)) is not None:
        return Posted(entry=earlier, ledger=ledger, new=False)
    rules = rules_of(table.round.event)
    check_live(call_time_if_due(table.round), table)  # the clock first: time may be due
    if not reason:
        raise Refusal("reason_required", "Say why the entry is being voided.")
    target = voidable(table, entry_id, actor)
    start = engine.TableState.from_dict(ledger.start)
    outcome = engine.void(start, rules, effective_history(table.id), target.seq)
    recorded = _record(
        table,
        ledger,
        entry_id=void_id,
        kind=Entry.VOID,
        fields={"entry": str(target.id), "seq": target.seq, "reason": reason},
        outcome=outcome,
        rules=rules,
        digest=digest,
        actor=actor,
        voids=target,
    )
    return Posted(entry=recorded, ledger=ledger, new=True)
