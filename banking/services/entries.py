"""Posting and voiding entries: one transaction, one row lock on the table, nothing twice."""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from uuid import UUID, uuid4

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from banking import queries
from banking.actors import Actor
from banking.checks import check_live, check_may_record, voidable
from banking.ledgers import effective_history, leader_in, ledger_of, rules_of, standings_of
from banking.models import Entry, TableLedger
from banking.queries import Locked
from games import engine
from tournament.errors import Conflict, NotFound, Refusal
from tournament.http.authentication import KEY_VALID
from tournament.models import Table
from tournament.services.waves import call_time_if_due


@dataclass(frozen=True, slots=True)
class Posted:
    entry: Entry
    ledger: TableLedger
    new: bool


def body_hash(payload: Mapping[str, Any]) -> str:
    canonical = json.dumps(payload, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(canonical.encode()).hexdigest()


class KeyRefused(Exception):
    """The table key a write brought does not open this table (or its round is over)."""


def _locked(table_id: int, entry_id: UUID | None, *, with_start: bool = False) -> Locked:
    """Lock the table's row and its ledger's row, and read both, in one query
    (queries.lock_ledger).

    Both rows are locked (not only the table's), so that a post that waited for the
    lock reads the ledger as the previous post left it. The same query tells whether
    `entry_id` is already recorded (its table and body hash), for idempotency, and the
    banker's name, for a write by the table's key.

    The look-up of `entry_id` reads the snapshot the query began with. When the query
    waited for the lock while another post committed, the ledger it locked is newer than
    that snapshot (`snapshot_seq` differs from `last_seq`), and `_earlier` looks again.
    """
    locked = queries.lock_ledger(table_id, entry_id, with_start=with_start)
    if locked is None:
        table = Table.objects.select_related("round__event").filter(pk=table_id).first()
        if table is None:
            raise NotFound("not_found", _("There is no such table."))
        ledger_of(table, rules_of(table.round.event))  # opened on first use, then locked
        locked = queries.lock_ledger(table_id, entry_id, with_start=with_start)
        if locked is None:
            raise TableLedger.DoesNotExist
    return locked


def _earlier(locked: Locked, entry_id: UUID, digest: str) -> Entry | None:
    """The entry already recorded under this id, if any; the same id with another body is
    refused, since a tablet must never reuse an id for a different move."""
    ledger, table_id, hash_ = locked.ledger, locked.earlier_table, locked.earlier_hash
    if locked.snapshot_seq != ledger.last_seq:
        # The lock was taken after a post committed: that post may be this one's original.
        found = Entry.objects.filter(pk=entry_id).values_list("table_id", "body_hash").first()
        table_id, hash_ = found if found is not None else (None, None)
    if table_id is None:
        return None
    if table_id != ledger.table_id or hash_ != digest:
        raise Conflict(
            "id_reused", _("An entry with this id was already recorded with a different content.")
        )
    return Entry.objects.select_related("voided_by").get(pk=entry_id)  # as the answer shows it


def _banker(locked: Locked, key: str) -> Actor:
    """The table's banker, when `key` is this table's key and its round still takes it."""
    table = locked.ledger.table
    if not hmac.compare_digest(table.key.encode(), key.encode()):
        raise KeyRefused
    if table.round.status not in KEY_VALID:
        raise KeyRefused
    name = locked.banker or f"Banker of table {table.number}"
    return Actor(role=Actor.BANKER, name=name, user_id=locked.banker_user_id)


def _record(
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
) -> Posted:
    seq = ledger.last_seq + 1
    entry = Entry(
        id=entry_id,
        table=ledger.table,
        seq=seq,
        kind=kind,
        fields=dict(fields),
        transfers=[t.as_dict() for t in outcome.transfers],
        body_hash=digest,
        author_id=actor.account_id,
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
        queries.record_entry(entry, ledger)
    except IntegrityError as exc:
        raise Conflict("id_reused", _("An entry with this id was already recorded.")) from exc
    return Posted(entry=entry, ledger=ledger, new=True)


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
        locked = _locked(table_id, entry_id)
    except NotFound:
        if key is not None:  # a key's refusal comes before whether the table exists
            raise KeyRefused from None
        raise
    ledger, digest = locked.ledger, body_hash(payload)
    table = ledger.table
    if actor is None:
        if key is None:
            raise ValueError("entry_post needs an actor or the table's key")
        actor = _banker(locked, key)
    if (earlier := _earlier(locked, entry_id, digest)) is not None:
        return Posted(entry=earlier, ledger=ledger, new=False)
    rules = rules_of(table.round.event)
    wave = call_time_if_due(table)  # the clock first: time may be due
    check_live(table.round, table, wave)
    entry = engine.parse_entry(payload)
    check_may_record(entry.kind, actor)
    outcome = engine.apply(engine.TableState.from_dict(ledger.state), entry, rules)
    return _record(
        ledger,
        entry_id=entry_id,
        kind=entry.kind,
        fields=engine.entry_fields(entry),
        outcome=outcome,
        rules=rules,
        digest=digest,
        actor=actor,
    )


@transaction.atomic
def entry_void(
    *, table_id: int, entry_id: UUID, reason: str, actor: Actor, void_id: UUID | None = None
) -> Posted:
    """Undo an entry with a reversing entry. Refused where a later entry depends on it."""
    reason = (reason or "").strip()
    void_id = void_id or uuid4()
    payload = {"kind": Entry.VOID, "entry": str(entry_id), "reason": reason}
    locked = _locked(table_id, void_id, with_start=True)
    ledger, digest = locked.ledger, body_hash(payload)
    table = ledger.table
    if (earlier := _earlier(locked, void_id, digest)) is not None:
        return Posted(entry=earlier, ledger=ledger, new=False)
    rules = rules_of(table.round.event)
    wave = call_time_if_due(table)  # the clock first: time may be due
    check_live(table.round, table, wave)
    if not reason:
        raise Refusal("reason_required", _("Say why the entry is being voided."))
    target = voidable(table, entry_id, actor)
    start = engine.TableState.from_dict(ledger.start)
    outcome = engine.void(start, rules, effective_history(table.id), target.seq)
    return _record(
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
