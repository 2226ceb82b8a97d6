"""Bridges between the stored ledger and the pure engine: rules, start state, history."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from functools import lru_cache
from typing import Any

from banking.models import Entry, TableLedger
from games import engine
from tournament.models import Event, Table
from tournament.money import Written


@lru_cache(maxsize=64)
def _rules(edition: str, variants: tuple[tuple[str, bool], ...], currency: str) -> engine.Rules:
    rules = engine.rules_for(edition, dict(variants))
    return replace(rules, written=Written(currency))


def rules_of(event: Event) -> engine.Rules:
    """The event's rules, whose every amount (the bank's words, its refusals) is written in
    the event's currency, in the language being spoken (tournament/money.py)."""
    return _rules(event.edition, tuple(sorted(event.variants.items())), event.currency)


def seat_names(seats: dict[str, Any]) -> dict[int, str]:
    """Each seat's player's name, by seat number, from a ledger's seats."""
    return {int(n): name for n, (_, name) in seats.items()}


def standings_of(
    state: engine.TableState, seats: dict[str, Any], rules: engine.Rules
) -> list[dict[str, Any]]:
    """Each seat as every leaderboard ranks them (engine.standing), first first: its
    number, cash, net worth, whether it is bankrupt and the positions of its deeds; as the
    projection keeps them after each entry for the big screen's leaderboards."""
    owned: dict[int, list[int]] = {}
    for space in rules.edition.deeds:
        owner = state.deeds[space.position].owner
        if owner is not None:
            owned.setdefault(owner, []).append(space.position)
    rows = []
    for number in seats:
        seat = int(number)
        worth = engine.net_worth(state, rules, seat)
        rows.append(
            {
                "seat": seat,
                "cash": worth.cash,
                "net_worth": worth.total,
                "bankrupt": seat in state.bankrupt,
                "deeds": owned.get(seat, []),
            }
        )
    return sorted(rows, key=standing_key)


def standing_key(row: Mapping[str, Any]) -> Any:
    """A seat's row (bankrupt, net_worth, cash, seat) as every leaderboard sorts it."""
    return engine.standing(
        bankrupt=row["bankrupt"], net_worth=row["net_worth"], cash=row["cash"], seat=row["seat"]
    )


def leader_in(standings: list[dict[str, Any]], seats: dict[str, Any]) -> dict[str, Any]:
    """The seat ranked first among these standings (standings_of, as every leaderboard
    ranks), named, as the projection keeps it after each entry for the desk's control
    room."""
    if not standings:
        return {}
    best = standings[0]
    return {
        "seat": best["seat"],
        "name": seats[str(best["seat"])][1],
        "net_worth": best["net_worth"],
    }


def opening_ledger(table: Table, rules: engine.Rules) -> TableLedger:
    """A table's ledger before its first entry (not saved): the start state and the seats."""
    seated = table.seats.select_related("player").order_by("number")
    seats = {str(seat.number): [seat.player_id, seat.player.name] for seat in seated}
    start = engine.new_table(rules, seat_names(seats)).as_dict()
    return TableLedger(table=table, start=start, state=start, seats=seats)


def read_ledger(table: Table, rules: engine.Rules) -> TableLedger:
    """The table's stored projection for a read: a table with no entry yet has none, and
    gets an unsaved one at the start state. Reading never writes."""
    try:
        return table.ledger
    except TableLedger.DoesNotExist:
        return opening_ledger(table, rules)


def ledger_of(table: Table, rules: engine.Rules) -> TableLedger:
    """The table's stored projection, saved with the start state by the first write that
    needs it (posting an entry, closing the table). For writes only: reads use
    `read_ledger`."""
    try:
        return table.ledger
    except TableLedger.DoesNotExist:
        opening = opening_ledger(table, rules)
        ledger, _ = TableLedger.objects.get_or_create(
            table=table,
            defaults={"state": opening.state, "start": opening.start, "seats": opening.seats},
        )
        return ledger


def parsed(entry: Entry) -> engine.Entry:
    return engine.parse_entry({"kind": entry.kind, **entry.fields})


def effective_history(table_id: int) -> list[engine.Recorded]:
    """The entries that count, oldest first: voids and the entries they voided drop out."""
    entries = list(Entry.objects.filter(table_id=table_id).order_by("seq"))
    voided = {e.voids_id for e in entries if e.voids_id is not None}
    return [
        engine.Recorded(e.seq, parsed(e), tuple(engine.Transfer.from_dict(t) for t in e.transfers))
        for e in entries
        if e.kind != Entry.VOID and e.id not in voided
    ]


def replayed_state(table: Table, rules: engine.Rules) -> engine.TableState:
    start = engine.TableState.from_dict(read_ledger(table, rules).start)
    return engine.replay(start, rules, (r.entry for r in effective_history(table.id)))
