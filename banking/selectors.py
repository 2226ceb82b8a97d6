"""Selectors read: a table's state as the API and the pages show it, and its ledger."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet

from games import engine
from tournament.models import Table

from .ledgers import ledger_of, rules_of
from .models import Entry, TableLedger


def table_for_reading(table_id: int) -> Table | None:
    return (
        Table.objects.select_related("round__event", "ledger", "banker__user")
        .filter(pk=table_id)
        .first()
    )


def table_state(table: Table, ledger: TableLedger | None = None) -> dict[str, Any]:
    """The table as a banker sees it: each seat's cash and net worth, the deeds, the bank."""
    rules = rules_of(table.round.event)
    ledger = ledger or ledger_of(table, rules)
    state = engine.TableState.from_dict(ledger.state)
    seats = table.seats.select_related("player").order_by("number")
    round_ = table.round
    return {
        "table": table.id,
        "number": table.number,
        "round": round_.id,
        "round_number": round_.number,
        "status": round_.status,
        "table_status": table.status,
        "last_turn": round_.status == round_.Status.TIME_CALLED,
        "ends_at": round_.ends_at,
        "edition": rules.edition.code,
        "currency": rules.edition.currency,
        "seats": [
            _seat(state, rules, seat.number, seat.player_id, seat.player.name) for seat in seats
        ],
        "spaces": [_space(state, rules, space) for space in rules.edition.deeds],
        "bank": {"houses": state.bank_houses, "hotels": state.bank_hotels},
        "last_seq": ledger.last_seq,
        "last_entry_at": ledger.last_entry_at,
    }


def _seat(
    state: engine.TableState, rules: engine.Rules, number: int, player_id: int, name: str
) -> dict[str, Any]:
    worth = engine.net_worth(state, rules, number)
    return {
        "seat": number,
        "player_id": player_id,
        "name": name,
        "cash": worth.cash,
        "property_value": worth.property_value,
        "building_value": worth.building_value,
        "net_worth": worth.total,
        "bankrupt": number in state.bankrupt,
        "jail_cards": len(state.jail_cards_of(number)),
    }


def _space(state: engine.TableState, rules: engine.Rules, space: engine.Space) -> dict[str, Any]:
    deed = state.deeds[space.position]
    return {
        "space": space.position,
        "name": space.name,
        "group": space.group,
        "owner": deed.owner,
        "houses": deed.houses,
        "hotel": deed.hotel,
        "mortgaged": deed.mortgaged,
    }


def table_entries(table_id: int) -> QuerySet[Entry]:
    return Entry.objects.filter(table_id=table_id).select_related("voided_by").order_by("seq")
