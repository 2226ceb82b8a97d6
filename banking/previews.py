"""What an entry would do, and which moves are legal now: the engine asked, nothing written.

The console shows a preview before an entry is sent and offers only the moves the
engine accepts, so the same code that records an entry decides the console's buttons.
Both read the stored projection and never save anything: not an entry, not the ledger row.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games import engine
from games.engine.entries import (
    Auction,
    Bankrupt,
    Build,
    Buy,
    Mortgage,
    Rent,
    SellBuilding,
    Trade,
    TradeSide,
    Unmortgage,
)
from games.engine.rent import rent_due
from tournament.errors import Conflict, NotAllowed
from tournament.models import Table

from .actors import Actor
from .ledgers import opening_ledger, rules_of
from .models import TableLedger
from .selectors import table_state


def _projection(table: Table, rules: engine.Rules) -> TableLedger:
    """The table's stored projection, or an unsaved one at the start state (no entry yet)."""
    try:
        return table.ledger
    except TableLedger.DoesNotExist:
        return opening_ledger(table, rules)


def _check_live(table: Table) -> None:
    """The refusals posting would give for a round or table that takes no entries."""
    round_ = table.round
    if not round_.is_live:
        started = round_.status not in (round_.Status.PLANNED, round_.Status.SEATED)
        raise Conflict(
            "round_not_running",
            "The round is over: no more entries can be recorded."
            if started
            else "The round has not started yet.",
        )
    if table.status == Table.Status.CLOSED:
        raise Conflict("table_closed", "This table is closed: no more entries can be recorded.")


def entry_preview(*, table: Table, payload: Mapping[str, Any], actor: Actor) -> dict[str, Any]:
    """The money an entry would move and the table as it would stand, or the refusal
    posting it would get (a RuleViolation or a Conflict). Nothing is written.

    `payload` is the entry as it would be posted, without its id.
    """
    rules = rules_of(table.round.event)
    ledger = _projection(table, rules)
    _check_live(table)
    entry = engine.parse_entry(payload)
    if entry.kind == "adjust" and not actor.corrects:
        raise NotAllowed("referee_only", "Only a referee or an organiser can adjust a balance.")
    before = engine.TableState.from_dict(ledger.state)
    outcome = engine.apply(before, entry, rules)
    after = TableLedger(
        table=table,
        start=ledger.start,
        seats=ledger.seats,
        state=outcome.state.as_dict(),
        last_seq=ledger.last_seq,
        last_entry_at=ledger.last_entry_at,
    )
    touched = {t.source for t in outcome.transfers} | {t.target for t in outcome.transfers}
    return {
        "kind": entry.kind,
        "fields": engine.entry_fields(entry),
        "transfers": [t.as_dict() for t in outcome.transfers],
        "balances": [
            {
                "seat": seat,
                "name": before.name(seat),
                "before": before.cash[seat],
                "after": outcome.state.cash[seat],
            }
            for seat in before.seats
            if seat in touched or before.cash[seat] != outcome.state.cash[seat]
        ],
        "state": table_state(table, after),
    }


def _legal(state: engine.TableState, rules: engine.Rules, entry: engine.Entry) -> bool:
    try:
        engine.apply(state, entry, rules)
    except engine.RuleViolation:
        return False
    return True


def _rent(state: engine.TableState, rules: engine.Rules, position: int) -> dict[str, Any] | None:
    """What landing on a deed costs now, for anyone but its owner; None where nothing is due.

    A utility's rent is a multiple of the dice: the multiple is given, not an amount.
    """
    deed = state.deeds[position]
    if deed.owner is None or deed.mortgaged or deed.owner in state.bankrupt:
        return None
    space = rules.edition.space(position)
    row: dict[str, Any] = {"space": position, "owner": deed.owner, "amount": None, "per_dice": None}
    if space.kind is engine.Kind.UTILITY:
        row["per_dice"] = rent_due(state, rules, space, dice=1, via_card=None)
    else:
        row["amount"] = rent_due(state, rules, space, dice=None, via_card=None)
    return row


def table_options(*, table: Table) -> dict[str, Any]:
    """For each seat still in play, the deeds on which each move is legal right now.

    Every candidate is tried through `engine.apply` against the current state, so the
    console offers exactly what posting would accept (cash, even building, whole groups,
    the bank's stock of houses...).
    """
    rules = rules_of(table.round.event)
    ledger = _projection(table, rules)
    state = engine.TableState.from_dict(ledger.state)
    deeds = [space.position for space in rules.edition.deeds]

    def ok(entry: engine.Entry) -> bool:
        return _legal(state, rules, entry)

    seats = []
    for seat in state.active_seats():
        owned = [p for p in deeds if state.deeds[p].owner == seat]
        unowned = [p for p in deeds if state.deeds[p].owner is None]
        others = [p for p in deeds if state.deeds[p].owner not in (None, seat)]
        partner = next((s for s in state.active_seats() if s != seat), None)
        seats.append(
            {
                "seat": seat,
                "buy": [p for p in unowned if ok(Buy(seat, p))],
                "auction": [p for p in unowned if ok(Auction(seat, p, 1))],
                "build": [p for p in owned if ok(Build(seat, p))],
                "sell_building": [p for p in owned if ok(SellBuilding(seat, p))],
                "mortgage": [p for p in owned if ok(Mortgage(seat, p))],
                "unmortgage": [p for p in owned if ok(Unmortgage(seat, p))],
                "rent": [p for p in others if ok(_rent_entry(rules, seat, p))],
                "trade": [
                    p
                    for p in owned
                    if partner is not None and ok(Trade(seat, partner, give=TradeSide(spaces=(p,))))
                ],
                "jail_cards": state.jail_cards_of(seat),
                "bankrupt": ok(Bankrupt(seat)),
            }
        )
    return {
        "last_seq": ledger.last_seq,
        "rents": [row for p in deeds if (row := _rent(state, rules, p)) is not None],
        "seats": seats,
    }


def _rent_entry(rules: engine.Rules, seat: int, position: int) -> engine.Entry:
    utility = rules.edition.space(position).kind is engine.Kind.UTILITY
    return Rent(seat, position, dice=7 if utility else None)
