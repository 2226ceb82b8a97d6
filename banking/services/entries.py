"""Posting and voiding entries: written in one statement while the table is as read, or
under the table's lock; nothing twice."""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Mapping
from contextlib import nullcontext
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, TypeVar
from uuid import UUID, uuid4

from django.db import IntegrityError, connection, transaction

from banking.actors import Actor
from banking.checks import check_live, voidable
from banking.ledgers import effective_history, leader_in, ledger_of, rules_of, standings_of
from banking.models import Entry, TableLedger
from games import engine
from tournament.errors import Conflict, NotAllowed, NotFound, Refusal
from tournament.http.authentication import KEY_VALID
from tournament.http.rows import Columns, prepared_cursor, split
from tournament.models import Event, Round, Table
from tournament.services.rounds import call_time_if_due

T = TypeVar("T")


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


@lru_cache(maxsize=4)
def _reading(with_start: bool, lock: bool) -> tuple[str, tuple[Columns, ...]]:
    """The query that reads a table for a post, and locks it when `lock`: its text, made
    once (see `_locked_ledger`)."""
    qn = connection.ops.quote_name
    volunteer = Table._meta.get_field("banker").related_model
    user = volunteer._meta.get_field("user").related_model
    ledger_fields = (*LOCKED_LEDGER, "start") if with_start else LOCKED_LEDGER
    parts = (
        Columns.of(TableLedger, "l", ledger_fields),
        Columns.of(Table, "t", LOCKED_TABLE),
        Columns.of(Round, "r", LOCKED_ROUND),
        Columns.of(Event, "e", LOCKED_EVENT),
    )
    entries, ledgers = qn(Entry._meta.db_table), qn(TableLedger._meta.db_table)
    username = qn(user._meta.get_field(user.USERNAME_FIELD).column)
    sql = (
        f"SELECT {', '.join(part.sql for part in parts)}, "  # noqa: S608 - the models' names
        f"(SELECT x.table_id FROM {entries} x WHERE x.id = %s), "
        f"(SELECT x.body_hash FROM {entries} x WHERE x.id = %s), "
        f"(SELECT s.last_seq FROM {ledgers} s WHERE s.table_id = l.table_id), "
        f"u.{username} "
        f"FROM {ledgers} l "
        f"JOIN {qn(Table._meta.db_table)} t ON t.id = l.table_id "
        f"JOIN {qn(Round._meta.db_table)} r ON r.id = t.round_id "
        f"JOIN {qn(Event._meta.db_table)} e ON e.id = r.event_id "
        f"LEFT JOIN {qn(volunteer._meta.db_table)} v ON v.id = t.banker_id "
        f"LEFT JOIN {qn(user._meta.db_table)} u ON u.id = v.user_id "
        "WHERE l.table_id = %s"
    )
    if lock and connection.features.has_select_for_update_of:  # not SQLite: it locks the file
        sql += " FOR UPDATE OF l, t"
    return sql, parts


def _read(
    table_id: int, entry_id: UUID | None, *, with_start: bool = False, lock: bool
) -> TableLedger | None:
    sql, parts = _reading(with_start, lock)
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
    ledger = _read(table_id, entry_id, with_start=with_start, lock=True)
    if ledger is None:
        table = Table.objects.select_related("round__event").filter(pk=table_id).first()
        if table is None:
            raise NotFound("not_found", "There is no such table.")
        ledger_of(table, rules_of(table.round.event))  # opened on first use, then locked
        ledger = _read(table_id, entry_id, with_start=with_start, lock=True)
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
) -> Entry | None:
    """The entry recorded and the ledger moved to it; None, with nothing written, when the
    table is no longer as `ledger` read it (see `_write_sql`)."""
    read_seq = ledger.last_seq
    entry = Entry(
        id=entry_id,
        table=table,
        seq=read_seq + 1,
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
    ledger.last_seq = entry.seq
    # An insert refused (the id recorded meanwhile) is a Conflict: under the lock it ends
    # the post; without, the post is decided again under the lock.
    try:
        if not _write(entry, ledger, read_seq):
            return None
    except IntegrityError as exc:
        raise Conflict("id_reused", "An entry with this id was already recorded.") from exc
    Entry.voided_by.related.set_cached_value(entry, None)  # a new entry is voided by nothing
    return entry


def _under_lock(written: T | None, ledger: TableLedger) -> T:
    """What a post or void wrote under this transaction's lock on the table, which cannot
    have changed since it was read."""
    if written is None:
        raise RuntimeError(f"the ledger of table {ledger.table_id} was not moved")
    return written


_ENTRY_FIELDS = tuple(Entry._meta.concrete_fields)
_MOVED_FIELDS = ("state", "standings", "leader", "last_seq", "last_entry_at")


@lru_cache(maxsize=1)
def _write_sql() -> str:
    """One statement (one round trip) that INSERTs the entry and UPDATEs its ledger, only
    while the table is as the post read it: the ledger at the seq read; the table open, not
    confirmed, under the same key; its round live. It first locks the ledger's and the
    table's rows, as the locked read does and in the same order, so the two ways cannot
    deadlock. A post or a change to the table committed since the read leaves that lock
    with no row, and nothing is written. Every name from the models, every value a
    parameter (cast to its column's type, since an INSERT ... SELECT does not infer it)."""
    qn = connection.ops.quote_name
    entries, ledgers, tables, rounds = (
        qn(model._meta.db_table) for model in (Entry, TableLedger, Table, Round)
    )
    held = (
        f"SELECT l.table_id FROM {ledgers} l "  # noqa: S608 - the models' names
        f"JOIN {tables} t ON t.id = l.table_id JOIN {rounds} r ON r.id = t.round_id "
        "WHERE l.table_id = %s AND l.last_seq = %s AND t.key = %s AND t.status = %s "
        "AND t.review <> %s AND r.status = ANY(%s) FOR UPDATE OF l, t"
    )
    columns = ", ".join(qn(f.column) for f in _ENTRY_FIELDS)
    values = ", ".join(f"CAST(%s AS {f.db_type(connection)})" for f in _ENTRY_FIELDS)
    insert = f"INSERT INTO {entries} ({columns}) SELECT {values} FROM held RETURNING 1"  # noqa: S608
    moved = ", ".join(
        f"{qn(TableLedger._meta.get_field(name).column)} = %s" for name in _MOVED_FIELDS
    )
    update = (
        f"UPDATE {ledgers} SET {moved} "  # noqa: S608
        "WHERE table_id = %s AND EXISTS (SELECT 1 FROM recorded)"
    )
    return f"WITH held AS ({held}), recorded AS ({insert}) {update}"


def _write(entry: Entry, ledger: TableLedger, read_seq: int) -> bool:
    """Insert the entry and move the ledger's projection to it (`_write_sql`), if the table
    is still as read at `read_seq`; whether it was written."""
    if connection.vendor != "postgresql":  # SQLite in development: locked, two statements
        entry.save(force_insert=True)
        ledger.last_entry_at = entry.created_at
        ledger.save(update_fields=list(_MOVED_FIELDS))
        return True
    values = [f.get_db_prep_save(f.pre_save(entry, add=True), connection) for f in _ENTRY_FIELDS]
    ledger.last_entry_at = entry.created_at  # set by pre_save: the entry's time of creation
    projection = [
        TableLedger._meta.get_field(name).get_db_prep_save(getattr(ledger, name), connection)
        for name in _MOVED_FIELDS
    ]
    table = ledger.table
    held = [table.pk, read_seq, table.key, Table.Status.OPEN, Table.Review.CONFIRMED]
    params = [*held, list(Round.LIVE), *values, *projection, table.pk]
    with prepared_cursor() as cursor:
        cursor.execute(_write_sql(), params)
        written = cursor.rowcount == 1
    if written:
        entry._state.adding = False
        entry._state.db = connection.alias
    return written


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
    The one acting is `actor`, or, given the table's `key` instead, its banker (KeyRefused
    when the key does not open the table).

    A post is first tried without a transaction (`_post_unlocked`): the table read, the move
    worked out, then one statement that writes only if the table is still as read. Two
    round trips, where a transaction takes four. Anything else is decided under the
    table's lock (`_post_locked`), on the table as it is then: a refusal, a table changed in
    between, a ledger not opened yet.
    """
    if actor is None and key is None:
        raise ValueError("entry_post needs an actor or the table's key")
    post = _Post(table_id, entry_id, payload, body_hash(payload), actor, key)
    if connection.vendor == "postgresql" and (posted := _post_unlocked(post)) is not None:
        return posted
    return _post_locked(post)


@dataclass(frozen=True, slots=True)
class _Post:
    """What was asked: the entry at a table, and who asks (an actor, or the table's key)."""

    table_id: int
    entry_id: UUID
    payload: Mapping[str, Any]
    digest: str
    actor: Actor | None
    key: str | None


def _post_unlocked(post: _Post) -> Posted | None:
    """The post, from the table read without a lock; None, having written nothing, when it
    is not that simple (see `entry_post`)."""
    ledger = _read(post.table_id, post.entry_id, lock=False)
    if ledger is None:  # no such table, or its ledger is not opened yet
        return None
    # Inside a caller's transaction (a test's), a refused write must not end it.
    kept = transaction.atomic() if connection.in_atomic_block else nullcontext()
    try:
        with kept:
            return _post_on(ledger, post)
    except (Refusal, KeyRefused, engine.RuleViolation):
        return None


@transaction.atomic
def _post_locked(post: _Post) -> Posted:
    try:
        ledger = _locked_ledger(post.table_id, post.entry_id)
    except NotFound:
        if post.key is not None:  # a key's refusal comes before whether the table exists
            raise KeyRefused from None
        raise
    return _under_lock(_post_on(ledger, post), ledger)


def _post_on(ledger: TableLedger, post: _Post) -> Posted | None:
    """The post on the table as `ledger` read it; None, with nothing written, when the
    table changed since."""
    table = ledger.table
    actor = post.actor or _banker(ledger, post.key or "")
    if (earlier := _earlier(ledger, post.entry_id, post.digest)) is not None:
        return Posted(entry=earlier, ledger=ledger, new=False)
    rules = rules_of(table.round.event)
    check_live(call_time_if_due(table.round), table)  # the clock first: time may be due
    entry = engine.parse_entry(post.payload)
    if entry.kind == "adjust" and not actor.corrects:
        raise NotAllowed("referee_only", "Only a referee or an organiser can adjust a balance.")
    outcome = engine.apply(engine.TableState.from_dict(ledger.state), entry, rules)
    recorded = _record(
        table,
        ledger,
        entry_id=post.entry_id,
        kind=entry.kind,
        fields=engine.entry_fields(entry),
        outcome=outcome,
        rules=rules,
        digest=post.digest,
        actor=actor,
    )
    return None if recorded is None else Posted(entry=recorded, ledger=ledger, new=True)


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
    return Posted(entry=_under_lock(recorded, ledger), ledger=ledger, new=True)
