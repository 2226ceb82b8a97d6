"""What a player owes on landing on someone else's property."""

from __future__ import annotations

from games.engine.board import RAILROAD, SITE, UTILITY, Space
from games.engine.entries import RAIL_CARD, UTILITY_CARD
from games.engine.guards import group_of
from games.engine.rules import Rules
from games.engine.state import TableState
from games.engine.violations import RuleViolation, Word, gettext_noop


def rent_due(
    state: TableState, rules: Rules, space: Space, *, dice: int | None, via_card: str | None
) -> int:
    """The rent on `space` as the board stands; the deed must be owned and not mortgaged."""
    if dice is not None and space.kind is not UTILITY:
        raise RuleViolation(
            "invalid_field",
            gettext_noop("Dice count only for utilities, not %(deed)s."),
            deed=space.name,
        )
    if via_card is not None and not any(c.rent_via == via_card for c in rules.edition.chance):
        raise RuleViolation(
            "invalid_field",
            gettext_noop("No card of this edition leads to the %(where)s."),
            where=Word(via_card.replace("_", " "), kind="card_target", code=via_card),
        )
    if space.kind is SITE:
        if via_card is not None:
            raise RuleViolation(
                "invalid_field",
                gettext_noop("No card sends a player to %(deed)s's rent."),
                deed=space.name,
            )
        return site_rent(state, rules, space)
    if space.kind is RAILROAD:
        if via_card not in (None, RAIL_CARD):
            raise RuleViolation(
                "invalid_field",
                gettext_noop("%(deed)s is a railroad, not a utility."),
                deed=space.name,
            )
        rent = space.rents[_owned_in_group(state, rules, space) - 1]
        return rent * 2 if via_card == RAIL_CARD else rent
    if via_card not in (None, UTILITY_CARD):
        raise RuleViolation(
            "invalid_field", gettext_noop("%(deed)s is a utility, not a railroad."), deed=space.name
        )
    if dice is None:
        raise RuleViolation(
            "dice_required",
            gettext_noop("Enter the dice total: rent on %(deed)s is a multiple of it."),
            deed=space.name,
        )
    if via_card == UTILITY_CARD:
        return dice * 10
    return dice * (10 if _owned_in_group(state, rules, space) == 2 else 4)


def site_rent(state: TableState, rules: Rules, space: Space) -> int:
    deed = state.deeds[space.position]
    if deed.hotel:
        return space.rents[5]
    if deed.houses:
        return space.rents[deed.houses]
    any_mortgaged = False
    for position in group_of(rules, space):
        other = state.deeds[position]
        if other.owner != deed.owner:
            return space.rents[0]
        any_mortgaged = any_mortgaged or other.mortgaged
    if any_mortgaged and not rules.double_rent_despite_mortgage:
        return space.rents[0]
    return space.rents[0] * 2  # the whole group, unbuilt: double


def _owned_in_group(state: TableState, rules: Rules, space: Space) -> int:
    """How many railroads (or utilities) the owner holds, mortgaged ones included."""
    owner, deeds, count = state.deeds[space.position].owner, state.deeds, 0
    for position in group_of(rules, space):
        if deeds[position].owner == owner:
            count += 1
    return count
