"""Houses and hotels: building and selling evenly, from the bank's limited stock."""

from __future__ import annotations

from games.engine.board import SITE, Space
from games.engine.entries import Auction, Build, SellBuilding
from games.engine.guards import can_spend, group_of, owned_by, seat_in_play
from games.engine.rules import Rules
from games.engine.state import BANK, Deed, TableState, Transfer, Transfers
from games.engine.violations import RuleViolation, Word, gettext_noop

MAX_HOUSES = 4  # on one site, in every game: the short game only lets the hotel come sooner


def build(state: TableState, entry: Build, rules: Rules, price: int | None = None) -> Transfers:
    """One house on a site, or the hotel on a site whose whole group has a full row of houses.

    `entry.building` says which; left out, a house until the site has its full row, then the
    hotel. In the short game the full row is three houses, and a fourth may still be built
    instead of the hotel. `price` is the winning bid when the last buildings are auctioned;
    else the house cost.
    """
    seat, position = entry.seat, entry.space
    seat_in_play(state, seat)
    space, deed = owned_by(state, rules, position, seat)
    if space.kind is not SITE:
        _not_a_site(space)
    if deed.hotel:
        raise RuleViolation(
            "max_buildings", gettext_noop("%(deed)s already has a hotel."), deed=space.name
        )
    full = rules.houses_per_hotel
    hotel = entry.building == "hotel" or (entry.building is None and deed.houses >= full)
    if not hotel and deed.houses >= MAX_HOUSES:
        raise RuleViolation(
            "max_buildings",
            gettext_noop(
                "%(deed)s has four houses, the most a site holds: the next building is a hotel."
            ),
            deed=space.name,
        )
    # One pass over the group: whole group owned, none mortgaged, the lowest level.
    deeds = state.deeds
    lowest, behind = MAX_HOUSES + 2, position
    for p in group_of(rules, space):
        other = deeds[p]
        if other.owner != seat:
            raise RuleViolation(
                "incomplete_group",
                gettext_noop("%(who)s needs every %(group)s site before building on %(deed)s."),
                who=state.name(seat),
                group=group_word(space),
                deed=space.name,
            )
        if other.mortgaged:
            raise RuleViolation(
                "group_mortgaged",
                gettext_noop("Lift the mortgages in %(deed)s's group before building."),
                deed=space.name,
            )
        level = full + 1 if other.hotel else other.houses
        if level < lowest:
            lowest, behind = level, p
    behind_name = rules.edition.spaces[behind].name
    if hotel and lowest < full:
        raise RuleViolation(
            "uneven_building",
            gettext_noop(
                "A hotel on %(deed)s needs %(full)s houses on every site of its group first: "
                "%(behind)s has %(lowest)s."
            ),
            deed=space.name,
            full=full,
            behind=behind_name,
            lowest=lowest,
        )
    if not hotel and deed.houses > lowest:
        raise RuleViolation(
            "uneven_building",
            gettext_noop("Build evenly: %(behind)s needs a house before %(deed)s gets another."),
            behind=behind_name,
            deed=space.name,
        )
    cost = space.house_cost if price is None else price
    can_spend(
        state,
        rules,
        entry.seat,
        cost,
        gettext_noop("%(who)s has %(cash)s but a building on %(deed)s costs %(cost)s."),
        deed=space.name,
    )
    if hotel:
        if state.bank_hotels == 0:
            raise RuleViolation("no_hotels_left", gettext_noop("The bank has no hotels left."))
        state.deeds[entry.space] = Deed(deed.owner, 0, True, deed.mortgaged)
        state.bank_hotels -= 1
        state.bank_houses += deed.houses
    else:
        if state.bank_houses == 0:
            raise RuleViolation("no_houses_left", gettext_noop("The bank has no houses left."))
        state.deeds[entry.space] = Deed(deed.owner, deed.houses + 1, False, deed.mortgaged)
        state.bank_houses -= 1
    return (Transfer((entry.seat, BANK, cost)),)


def auction_building(state: TableState, entry: Auction, rules: Rules) -> Transfers:
    """The bank's last buildings, auctioned: the winner builds on their own site for the bid.

    Only in a shortage: at least two players could build that kind of building now, and
    between them they could take more than the bank holds. Otherwise buildings are bought
    at their price.
    """
    space, deed = owned_by(state, rules, entry.space, entry.seat)
    if space.kind is SITE and not deed.hotel:
        hotel = deed.houses >= rules.houses_per_hotel
        stock = state.bank_hotels if hotel else state.bank_houses
        wanted = buildings_wanted(state, rules, hotels=hotel)
        total = sum(wanted.values())
        if len(wanted) < 2 or total <= stock:
            raise RuleViolation(
                "no_building_shortage",
                _NO_SHORTAGE[hotel, len(wanted) > 1],
                stock=stock,
                players=len(wanted),
                total=total,
            )
    return build(state, Build(entry.seat, entry.space), rules, price=entry.amount)


# Why the bank's last buildings are not auctioned: (hotels?, several players want them?).
_NO_SHORTAGE = {
    (False, False): gettext_noop(
        "Houses left at the bank: %(stock)s, and fewer than two players can build: buildings "
        "are auctioned only when the bank's last ones are wanted by more than one player. "
        "Record a build at its price."
    ),
    (False, True): gettext_noop(
        "Houses left at the bank: %(stock)s, and %(players)s players could build %(total)s "
        "between them: buildings are auctioned only when the bank's last ones are wanted by "
        "more than one player. Record a build at its price."
    ),
    (True, False): gettext_noop(
        "Hotels left at the bank: %(stock)s, and fewer than two players can build: buildings "
        "are auctioned only when the bank's last ones are wanted by more than one player. "
        "Record a build at its price."
    ),
    (True, True): gettext_noop(
        "Hotels left at the bank: %(stock)s, and %(players)s players could build %(total)s "
        "between them: buildings are auctioned only when the bank's last ones are wanted by "
        "more than one player. Record a build at its price."
    ),
}


def _not_a_site(space: Space) -> None:
    raise RuleViolation(
        "not_a_site", gettext_noop("Nothing can be built on %(deed)s."), deed=space.name
    )


def group_word(space: Space) -> Word:
    """A site's colour group, as a refusal names it ("dark blue")."""
    group = space.group or ""
    return Word(group.replace("_", " "), kind="group", code=group)


def buildings_wanted(state: TableState, rules: Rules, *, hotels: bool) -> dict[int, int]:
    """For each player still in, the houses (or hotels) they could still put up on their
    complete, unmortgaged groups: houses up to the full rows, a hotel on each site."""
    full = rules.houses_per_hotel
    deeds, spaces = state.deeds, rules.edition.spaces
    wanted: dict[int, int] = {}
    for group in rules.edition.groups.values():
        owner = deeds[group[0]].owner
        if spaces[group[0]].kind is not SITE or owner is None or owner in state.bankrupt:
            continue
        if any(deeds[p].owner != owner or deeds[p].mortgaged for p in group):
            continue
        if hotels:
            room = sum(1 for p in group if not deeds[p].hotel)
        else:
            room = sum(max(0, full - deeds[p].houses) for p in group if not deeds[p].hotel)
        if room:
            wanted[owner] = wanted.get(owner, 0) + room
    return wanted


def sell_building(state: TableState, entry: SellBuilding, rules: Rules) -> Transfers:
    """Sell one house, or the hotel, back to the bank at half its price, evenly.

    A hotel goes back as a full row of houses. When the bank lacks those houses, the
    hotels of the group go together, each with its houses, and the other sites of the
    group keep one house at most, so the group stays even.
    """
    seat, position = entry.seat, entry.space
    seat_in_play(state, seat)
    space, deed = owned_by(state, rules, position, seat)
    if space.kind is not SITE:
        _not_a_site(space)
    if not (deed.houses or deed.hotel):
        raise RuleViolation(
            "no_buildings", gettext_noop("There are no buildings on %(deed)s."), deed=space.name
        )
    full = rules.houses_per_hotel
    level = full + 1 if deed.hotel else deed.houses
    deeds = state.deeds
    group = group_of(rules, space)
    for p in group:
        other = deeds[p]
        if (full + 1 if other.hotel else other.houses) > level:
            ahead = rules.edition.spaces[p].name
            raise RuleViolation(
                "uneven_selling",
                gettext_noop("Sell evenly: sell from %(ahead)s before %(deed)s."),
                ahead=ahead,
                deed=space.name,
            )
    half = sale_value(space)
    if deed.hotel and state.bank_houses >= full:  # back to a full row of houses
        deeds[position] = Deed(seat, full, False, deed.mortgaged)
        state.bank_hotels += 1
        state.bank_houses -= full
        amount = half
    elif deed.hotel:  # the bank lacks the houses: the group's hotels go, with their houses
        amount = 0
        for p in group:
            other = deeds[p]
            if other.hotel:
                deeds[p] = Deed(seat, 0, False, other.mortgaged)
                state.bank_hotels += 1
                amount += half * (full + 1)
            elif other.houses > 1:
                deeds[p] = Deed(seat, 1, False, other.mortgaged)
                state.bank_houses += other.houses - 1
                amount += half * (other.houses - 1)
    else:
        deeds[position] = Deed(seat, deed.houses - 1, False, deed.mortgaged)
        state.bank_houses += 1
        amount = half
    return (Transfer((BANK, seat, amount)),)


def sale_value(space: Space) -> int:
    """What the bank pays back for one of the space's houses (or a hotel): half its cost."""
    return space.house_cost // 2


def liquidate_buildings(state: TableState, seat: int) -> None:
    """Return every building of `seat` to the bank (in place); `buildings_value` says what
    they fetch."""
    for position, deed in state.deeds.items():
        if deed.owner == seat and deed.built:
            if deed.hotel:
                state.bank_hotels += 1
            else:
                state.bank_houses += deed.houses
            state.deeds[position] = deed._replace(houses=0, hotel=False)


def buildings_value(state: TableState, seat: int, rules: Rules) -> int:
    """What `seat`'s buildings would fetch from the bank, at half price; nothing changes."""
    full = rules.houses_per_hotel
    value = 0
    for position, deed in state.deeds.items():
        if deed.owner == seat and deed.built:
            value += sale_value(rules.edition.space(position)) * deed.level(full)
    return value


def build_several(state: TableState, entry: Build, rules: Rules) -> Transfers:
    """`entry.count` buildings across the site's group in one entry, evenly: each house on
    the group's lowest site (the named site first among equals, then in board order), each
    hotel on a site without one. Tried on a copy first, so that a refusal (cash for them
    all, the bank's stock, even building, the room on the sites) changes nothing; the
    owner pays the bank once, for them all."""
    if entry.count == 1:
        return build(state, entry, rules)
    seat = entry.seat
    seat_in_play(state, seat)
    space, _ = owned_by(state, rules, entry.space, seat)
    if space.kind is not SITE:
        _not_a_site(space)
    hotel = entry.building == "hotel"
    trial, cost = state.copy(), 0
    group = _named_first(group_of(rules, space), entry.space)
    for _ in range(entry.count):
        deeds = trial.deeds
        if hotel:
            open_ = [p for p in group if not deeds[p].hotel]
        else:
            open_ = [p for p in group if not deeds[p].hotel and deeds[p].houses < MAX_HOUSES]
        if not open_:
            raise RuleViolation(
                "max_buildings",
                gettext_noop(
                    "%(deed)s's group holds a hotel each at most: %(count)s more do not fit."
                )
                if hotel
                else gettext_noop(
                    "%(deed)s's group holds %(most)s houses each at most: "
                    "%(count)s more do not fit."
                ),
                deed=space.name,
                count=entry.count,
                **({} if hotel else {"most": MAX_HOUSES}),
            )
        target = open_[0] if hotel else min(open_, key=lambda p: deeds[p].houses)
        building = "hotel" if hotel else "house"
        cost += build(trial, Build(seat, target, building), rules)[0].amount
    can_spend(
        state,
        rules,
        seat,
        cost,
        gettext_noop(
            "%(who)s has %(cash)s but building %(count)s on the %(group)s sites costs %(cost)s."
        ),
        count=entry.count,
        group=group_word(space),
    )
    _take_buildings(state, trial, group)
    return (Transfer((seat, BANK, cost)),)


def sell_several(state: TableState, entry: SellBuilding, rules: Rules) -> Transfers:
    """`entry.count` buildings sold across the site's group in one entry, evenly: each from
    the group's fullest site (the named site first among equals, then in board order), a
    hotel before houses. Tried on a copy first: a refusal changes nothing; the bank pays
    once, for them all."""
    if entry.count == 1:
        return sell_building(state, entry, rules)
    seat = entry.seat
    seat_in_play(state, seat)
    space, _ = owned_by(state, rules, entry.space, seat)
    full = rules.houses_per_hotel
    trial, paid = state.copy(), 0
    group = _named_first(group_of(rules, space), entry.space)
    for _ in range(entry.count):
        deeds = trial.deeds
        built = [p for p in group if deeds[p].hotel or deeds[p].houses]
        if not built:
            raise RuleViolation(
                "no_buildings",
                gettext_noop("%(deed)s's group has fewer than %(count)s buildings to sell."),
                deed=space.name,
                count=entry.count,
            )
        target = max(built, key=lambda p: full + 1 if deeds[p].hotel else deeds[p].houses)
        paid += sell_building(trial, SellBuilding(seat, target), rules)[0].amount
    _take_buildings(state, trial, group)
    return (Transfer((BANK, seat, paid)),)


def _take_buildings(state: TableState, trial: TableState, group: list[int]) -> None:
    """The group's buildings and the bank's stock as they stand on the copy where every one
    of several buildings was accepted."""
    for p in group:
        state.deeds[p] = trial.deeds[p]
    state.bank_houses, state.bank_hotels = trial.bank_houses, trial.bank_hotels


def _named_first(group: tuple[int, ...] | list[int], named: int) -> list[int]:
    """The group's sites, the named one first, then in board order: `min` and `max` keep
    the first of equals, so the named site goes first when it is level with others."""
    return [named, *(p for p in group if p != named)]
