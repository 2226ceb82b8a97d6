"""What a player is worth: net worth when time is called, total worth for the 10% income tax."""

from __future__ import annotations

from typing import NamedTuple

from games.engine.rules import Rules
from games.engine.state import TableState


class NetWorth(NamedTuple):
    cash: int
    property_value: int
    building_value: int

    @property
    def total(self) -> int:
        return self.cash + self.property_value + self.building_value


def net_worth(state: TableState, rules: Rules, seat: int) -> NetWorth:
    """The tournament valuation: cash; deeds at printed price, mortgaged ones at half;
    houses at cost; hotels at cost including the houses exchanged for them.
    Get Out of Jail Free cards count nothing."""
    property_value = building_value = 0
    full = rules.houses_per_hotel
    for position, deed in state.deeds.items():
        if deed.owner != seat:
            continue
        space = rules.edition.spaces[position]
        property_value += space.price // 2 if deed.mortgaged else space.price
        building_value += space.house_cost * deed.level(full)
    return NetWorth(state.cash[seat], property_value, building_value)


def standing(*, bankrupt: bool, net_worth: int, cash: int, seat: int) -> tuple[bool, int, int, int]:
    """Where a seat ranks at its table, as a key to sort by (best first): a player still in
    before a bankrupt one, then the higher net worth, then more cash (the tie-break when
    time is called); players still level keep their seats' order and share a place."""
    return (bankrupt, -net_worth, -cash, seat)


class DeedWorth(NamedTuple):
    """One deed's part of a net worth: the deed at its price (half when mortgaged), and
    what stands on it at cost."""

    space: int
    name: str
    price: int
    mortgaged: bool
    value: int
    houses: int
    hotel: bool
    building_value: int


def net_worth_lines(state: TableState, rules: Rules, seat: int) -> list[DeedWorth]:
    """The deeds behind `net_worth(...).property_value` and `.building_value`, board order."""
    full = rules.houses_per_hotel
    lines = []
    for position, deed in sorted(state.deeds.items()):
        if deed.owner != seat:
            continue
        space = rules.edition.spaces[position]
        lines.append(
            DeedWorth(
                space=position,
                name=space.name,
                price=space.price,
                mortgaged=deed.mortgaged,
                value=space.price // 2 if deed.mortgaged else space.price,
                houses=deed.houses,
                hotel=deed.hotel,
                building_value=space.house_cost * deed.level(full),
            )
        )
    return lines


def total_worth(state: TableState, rules: Rules, seat: int) -> int:
    """Worth for the 10% income tax: cash, the printed price of every deed (mortgaged or
    not) and buildings at cost."""
    full = rules.houses_per_hotel
    worth = state.cash[seat]
    for position, deed in state.deeds.items():
        if deed.owner == seat:
            space = rules.edition.spaces[position]
            worth += space.price + space.house_cost * deed.level(full)
    return worth
