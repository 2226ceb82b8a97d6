"""Posting and voiding entries: one transaction, one row lock on the table, nothing twice."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from uuid import UUID, uuid4

from django.db import IntegrityError, transaction
from django.db.models import Subquery

from games import engine
from tournament.errors import Conflict, NotAllowed, NotFound, Refusal
from tournament.models import Round, Table
from tournament.services.rounds import call_time_if_due

from ..actors import Actor
from ..ledgers import effective_history, ledger_of, rules_of
from ..models import Entry, TableLedger


@dataclass(frozen=True, slots=True)
class Posted:
    entry: Entry
    ledger: TableLedger
    new: bool


def body_hash(payload: Mapping[str, Any]) -> str:
    canonical = json.dumps(payload, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(canonical.encode()).hexdigest()


# What posting reads under the lock: the ledger, and of its table, round and event only what
# the checks, the rules and the answer use. Fewer columns make a cheaper query to build and
# decode on every post; the start state is read only by voids, which replay from it.
LOCKED_FIELDS = (
    "state",
    "seats",
    "last_seq",
    "last_entry_at",
    "table",
    "table__status",
    "table__review",
    "table__round",
    "table__round__status",
    "table__round__ends_at",
    "table__round__event",
    "table__round__event__edition",
    "table__round__event__variants",
)


def _locked_ledger(
    table_id: int, entry_id: UUID | None, *, with_start: bool = False
) -> TableLedger:
    """Lock the table's row and its ledger's row, and read both, in one query.

    Both rows are locked (not only the table's), so that a post that waited for the
    lock reads the ledger as the previous post left it. The same query tells whether
    `entry_id` is already recorded (its table and body hash), for idempotency.
    """
    earlier = Entry.objects.filter(pk=entry_id).order_by()
    fields = (*LOCKED_FIELDS, "start") if with_start else LOCKED_FIELDS
    ledgers = (
        TableLedger.objects.select_for_update(of=("self", "table"))
        .select_related("table__round__event")
        .only(*fields)
        .annotate(
            earlier_table=Subquery(earlier.values("table_id")[:1]),
            earlier_hash=Subquery(earlier.values("body_hash")[:1]),
        )
        .order_by()
    )
    ledger = ledgers.filter(table_id=table_id).first()
    if ledger is None:
        table = Table.objects.select_related("round__event").filter(pk=table_id).first()
        if table is None:
            raise NotFound("not_found", "There is no such table.")
        ledger_of(table, rules_of(table.round.event))  # opened on first use, then locked
        ledger = ledgers.filter(table_id=table_id).get()
    return ledger


def _earlier(ledger: TableLedger, entry_id: UUID, digest: str) -> Entry | None:
    """The entry already recorded under this id, if any; the same id with another body is
    refused, since a tablet must never reuse an id for a different move."""
    if ledger.earlier_table is None:  # type: ignore[attr-defined]
        return None
    if ledger.earlier_table != ledger.table_id or ledger.earlier_hash != digest:  # type: ignore[attr-defined]
        raise Conflict(
            "id_reused",
            "An entry with this id was already recorded with a different content.",
        )
    return Entry.objects.get(pk=entry_id)


def _check_live(table: Table) -> None:
    round_ = call_time_if_due(table.round)
    if not round_.is_live:
        raise Conflict(
            "round_not_running",
            "The round has not started yet."
            if round_.status in (Round.Status.PLANNED, Round.Status.SEATED)
            else "The round is over: no more entries can be recorded.",
        )
    if table.review == Table.Review.CONFIRMED:
        raise Conflict(
            "table_confirmed",
            "This table's result is confirmed and locked: only an organiser can reopen it.",
        )
    if table.status == Table.Status.CLOSED:
        raise Conflict(
            "table_closed",
            "This table is closed and its result awaits a referee's check: no more entries "
            "can be recorded. A referee who finds a mistake disputes it, which opens it again.",
        )


def _record(
    table: Table,
    ledger: TableLedger,
    *,
    entry_id: UUID,
    kind: str,
    fields: Mapping[str, Any],
    outcome: engine.Outcome,
    digest: str,
    actor: Actor,
    voids: Entry | None = None,
) -> Entry:
    seq = ledger.last_seq + 1
    try:
        # No savepoint: a failed insert ends the whole post (the Conflict rolls it back).
        with transaction.atomic(savepoint=False):
            entry = Entry.objects.create(
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
    except IntegrityError as exc:
        raise Conflict("id_reused", "An entry with this id was already recorded.") from exc
    Entry.voided_by.related.set_cached_value(entry, None)  # a new entry is voided by nothing
    ledger.state = outcome.state.as_dict()
    ledger.last_seq = seq
    ledger.last_entry_at = entry.created_at
    ledger.save(update_fields=["state", "last_seq", "last_entry_at"])
    return entry


@transaction.atomic
def entry_post(
    *, table_id: int, entry_id: UUID, payload: Mapping[str, Any], actor: Actor
) -> Posted:
    """Record one entry at a table, or give back the one already recorded under its id.

    `payload` is the entry as the client sent it, without its id. The engine
    decides whether the move is legal; the table's stored state moves with it.
    """
    ledger = _locked_ledger(table_id, entry_id)
    table, digest = ledger.table, body_hash(payload)
    if (earlier := _earlier(ledger, entry_id, digest)) is not None:
        return Posted(entry=earlier, ledger=ledger, new=False)
    rules = rules_of(table.round.event)
    _check_live(table)
    entry = engine.parse_entry(payload)
    if entry.kind == "adjust" and not actor.corrects:
        raise NotAllowed("referee_only", "Only a referee or an organiser can adjust a balance.")
    outcome = engine.apply(engine.TableState.from_dict(ledger.state), entry, rules)
    recorded = _record(
        table,
        ledger,
        entry_id=entry_id,
        kind=entry.kind,
        fields=engine.entry_fields(entry),
        outcome=outcome,
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
    _check_live(table)
    if not reason:
        raise Refusal("reason_required", "Say why the entry is being voided.")
    target = Entry.objects.filter(pk=entry_id, table=table).first()
    if target is None:
        raise NotFound("not_found", "There is no such entry at this table.")
    if target.kind == Entry.VOID:
        raise Refusal("cannot_void_void", "A void cannot itself be voided.")
    if Entry.objects.filter(voids=target).exists():
        raise Refusal("already_voided", f"Entry {target.seq} has already been voided.")
    start = engine.TableState.from_dict(ledger.start)
    outcome = engine.void(start, rules, effective_history(table.id), target.seq)
    recorded = _record(
        table,
        ledger,
        entry_id=void_id,
        kind=Entry.VOID,
        fields={"entry": str(target.id), "seq": target.seq, "reason": reason},
        outcome=outcome,
        digest=digest,
        actor=actor,
        voids=target,
    )
    return Posted(entry=recorded, ledger=ledger, new=True)
