"""Proof that every stored table state (and the standings and leader kept with it) equals a
replay of its ledger through the engine."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from banking.ledgers import leader_in, replayed_state, rules_of, standings_of
from banking.models import TableLedger
from games import engine
from tournament.models import Table


@dataclass(frozen=True, slots=True)
class Difference:
    table: Table
    detail: str


def ledger_differences(event_id: int | None = None) -> Iterator[Difference]:
    """Replay each table's ledger from its start; yield each table whose projection differs."""
    ledgers = TableLedger.objects.select_related("table__round__event").order_by("table_id")
    if event_id is not None:
        ledgers = ledgers.filter(table__round__event_id=event_id)
    for ledger in ledgers.iterator(chunk_size=200):
        table = ledger.table
        rules = rules_of(table.round.event)
        try:
            replay = replayed_state(table, rules)
        except engine.RuleViolation as exc:
            yield Difference(table, f"the ledger no longer replays: {exc.detail}")
            continue
        replayed = replay.as_dict()
        stored = engine.TableState.from_dict(ledger.state).as_dict()
        # A debt taken on before creditors were recorded has none stored: the replay
        # knows it, the stored state never did. Every creditor stored must match.
        replayed["owed_to"] = {
            seat: creditor
            for seat, creditor in replayed["owed_to"].items()
            if seat in stored["owed_to"]
        }
        # The standings and the leader are kept from the first entry on (none before it).
        standings = standings_of(replay, ledger.seats, rules) if ledger.last_seq else None
        leader = leader_in(standings, ledger.seats) if standings is not None else None
        stored |= {"standings": ledger.standings, "leader": ledger.leader}
        replayed |= {"standings": standings, "leader": leader}
        for part in replayed:
            if replayed[part] != stored[part]:
                yield Difference(
                    table, f"{part}: stored {stored[part]!r}, replayed {replayed[part]!r}"
                )
