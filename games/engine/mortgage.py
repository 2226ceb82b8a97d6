"""Mortgaging a deed to the bank, and lifting the mortgage with ten percent interest."""

from __future__ import annotations

from games.engine.entries import Mortgage, Unmortgage
from games.engine.guards import can_spend, group_built, interest, owned_by, seat_in_play
from games.engine.rules import Rules
from games.engine.state import BANK, Deed, TableState, Transfer, Transfers
from games.engine.violations import RuleViolation, gettext_noop


def mortgage(state: TableState, entry: Mortgage, rules: Rules) -> Transfers:
    seat_in_play(state, entry.seat)
    space, deed = owned_by(state, rules, entry.space, entry.seat)
    if deed.mortgaged:
        raise RuleViolation(
            "already_mortgaged", gettext_noop("%(deed)s is already mortgaged."), deed=space.name
        )
    if group_built(state, rules, space):
        raise RuleViolation(
            "group_has_buildings",
            gettext_noop(
                "Sell the buildings in %(deed)s's group to the bank before mortgaging it."
            ),
            deed=space.name,
        )
    state.deeds[entry.space] = Deed(deed.owner, deed.houses, deed.hotel, True)
    return (Transfer((BANK, entry.seat, space.mortgage)),)


def lift_cost(mortgage_value: int) -> int:
    """Lifting a mortgage costs its value plus ten percent, rounded up (175 -> 193)."""
    return mortgage_value + interest(mortgage_value)


def unmortgage(state: TableState, entry: Unmortgage, rules: Rules) -> Transfers:
    seat_in_play(state, entry.seat)
    space, deed = owned_by(state, rules, entry.space, entry.seat)
    if not deed.mortgaged:
        raise RuleViolation(
            "not_mortgaged", gettext_noop("%(deed)s is not mortgaged."), deed=space.name
        )
    cost = lift_cost(space.mortgage)
    can_spend(
        state,
        rules,
        entry.seat,
        cost,
        gettext_noop("%(who)s has %(cash)s but lifting the mortgage on %(deed)s costs %(cost)s."),
        deed=space.name,
    )
    state.deeds[entry.space] = Deed(deed.owner, deed.houses, deed.hotel, False)
    transfers = (Transfer((entry.seat, BANK, cost)),)
    return transfers
