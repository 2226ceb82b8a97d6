"""Houses and hotels: building and selling evenly, from the bank's limited stock."""

from __future__ import annotations

from .board import SITE
from .entries import Build, SellBuilding
from .guards import can_spend, group_of, owned_by, seat_in_play
from .rules import Rules
from .state import BANK, Deed, TableState, Transfer, Transfers
from .violations import RuleViolation


def build(state: TableState, entry: Build, rules: Rules, price: int | None = None) -> Transfers:
    """One house on a site, or the hotel on a site whose whole group has a full row of houses.

    `price` is the winning bid when the last buildings are auctioned; else the house cost.
    """
    seat, position = entry.seat, entry.space
    seat_in_play(state, seat)
    space, deed = owned_by(state, rules, position, seat)
    if space.kind is not SITE:
        raise RuleViolation("not_a_site", f"Nothing can be built on {space.name}.")
    if deed.hotel:
        raise RuleViolation("max_buildings", f"{space.name} already has a hotel.")
    full = rules.houses_per_hotel
    # One pass over the group: whole group owned, none mortgaged, the lowest level.
    deeds = state.deeds
    lowest, behind = full + 2, position
    for p in group_of(rules, space):
        other = deeds[p]
        if other.owner != seat:
            raise RuleViolation(
                "incomplete_group",
                f"{state.name(seat)} needs every {(space.group or '').replace('_', ' ')} site "
                f"before building on {space.name}.",
            )
        if other.mortgaged:
            raise RuleViolation(
                "group_mortgaged", f"Lift the mortgages in {space.name}'s group before building."
            )
        level = full + 1 if other.hotel else other.houses
        if level < lowest:
            lowest, behind = level, p
    if deed.houses > lowest:  # no hotel here, so its level is its houses
        behind_name = rules.edition.spaces[behind].name
        if deed.houses == full:
            raise RuleViolation(
                "uneven_building",
                f"A hotel on {space.name} needs {full} houses on every site of its group first: "
                f"{behind_name} has {lowest}.",
            )
        raise RuleViolation(
            "uneven_building",
            f"Build evenly: {behind_name} needs a house before {space.name} gets another.",
        )
    cost = space.house_cost if price is None else price
    can_spend(state, rules, entry.seat, cost, "a building on {}", space.name)
    if deed.houses == full:
        if state.bank_hotels == 0:
            raise RuleViolation("no_hotels_left", "The bank has no hotels left.")
        state.deeds[entry.space] = Deed(deed.owner, 0, True, deed.mortgaged)
        state.bank_hotels -= 1
        state.bank_houses += full
    else:
        if state.bank_houses == 0:
            raise RuleViolation("no_houses_left", "The bank has no houses left.")
        state.deeds[entry.space] = Deed(deed.owner, deed.houses + 1, False, deed.mortgaged)
        state.bank_houses -= 1
    return (Transfer((entry.seat, BANK, cost)),)


def sell_building(state: TableState, entry: SellBuilding, rules: Rules) -> Transfers:
    """Sell one house, or the hotel, back to the bank at half its price, evenly.

    A hotel goes back as a full row of houses; when the bank lacks those houses
    the hotel goes together with its houses, at half the price of all of them.
    """
    seat, position = entry.seat, entry.space
    seat_in_play(state, seat)
    space, deed = owned_by(state, rules, position, seat)
    if space.kind is not SITE:
        raise RuleViolation("not_a_site", f"Nothing can be built on {space.name}.")
    if not (deed.houses or deed.hotel):
        raise RuleViolation("no_buildings", f"There are no buildings on {space.name}.")
    full = rules.houses_per_hotel
    level = full + 1 if deed.hotel else deed.houses
    deeds = state.deeds
    for p in group_of(rules, space):
        other = deeds[p]
        if (full + 1 if other.hotel else other.houses) > level:
            ahead = rules.edition.spaces[p].name
            raise RuleViolation(
                "uneven_selling", f"Sell evenly: sell from {ahead} before {space.name}."
            )
    half = space.house_cost // 2
    if deed.hotel and state.bank_houses >= full:  # back to a full row of houses
        deeds[position] = Deed(seat, full, False, deed.mortgaged)
        state.bank_hotels += 1
        state.bank_houses -= full
        amount = half
    elif deed.hotel:  # the bank lacks the houses: the hotel goes with its houses
        deeds[position] = Deed(seat, 0, False, deed.mortgaged)
        state.bank_hotels += 1
        amount = half * (full + 1)
    else:
        deeds[position] = Deed(seat, deed.houses - 1, False, deed.mortgaged)
        state.bank_houses += 1
        amount = half
    return (Transfer((BANK, seat, amount)),)


def liquidate_buildings(state: TableState, seat: int, rules: Rules) -> int:
    """Return every building of `seat` to the bank (in place); the half-price value they fetch."""
    full = rules.houses_per_hotel
    value = 0
    for position, deed in state.deeds.items():
        if deed.owner == seat and deed.built:
            half = rules.edition.space(position).house_cost // 2
            value += half * deed.level(full)
            if deed.hotel:
                state.bank_hotels += 1
            else:
                state.bank_houses += deed.houses
            state.deeds[position] = deed._replace(houses=0, hotel=False)
    return value
