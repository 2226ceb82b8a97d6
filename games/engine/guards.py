"""Checks shared by the handlers. Each raises a RuleViolation whose sentence names the problem."""

from __future__ import annotations

from games.engine.board import DEED_KINDS, Space
from games.engine.rules import Rules
from games.engine.state import Deed, TableState
from games.engine.violations import Amount, RuleViolation, gettext_noop


def seat_in_play(state: TableState, seat: int) -> None:
    if seat not in state.cash:
        raise RuleViolation(
            "unknown_seat", gettext_noop("There is no seat %(seat)s at this table."), seat=seat
        )
    if seat in state.bankrupt:
        raise RuleViolation(
            "seat_bankrupt",
            gettext_noop("%(who)s is bankrupt and out of the game."),
            who=state.name(seat),
        )


def other_seat(state: TableState, seat: int, other: int) -> None:
    seat_in_play(state, other)
    if other == seat:
        raise RuleViolation(
            "same_seat", gettext_noop("%(who)s cannot deal with themselves."), who=state.name(seat)
        )


def deed_space(rules: Rules, position: int) -> Space:
    space = rules.edition.spaces[position]
    if space.kind not in DEED_KINDS:  # Space.is_deed, inlined: every deed entry passes here
        raise RuleViolation(
            "not_a_deed",
            gettext_noop("%(deed)s is not a property that can be owned."),
            deed=space.name,
        )
    return space


def owned_by(state: TableState, rules: Rules, position: int, seat: int) -> tuple[Space, Deed]:
    space = deed_space(rules, position)
    deed = state.deeds[position]
    if deed.owner != seat:
        raise RuleViolation(
            "not_owner",
            gettext_noop("%(who)s does not own %(deed)s."),
            who=state.name(seat),
            deed=space.name,
        )
    return space, deed


def unowned(state: TableState, rules: Rules, position: int) -> Space:
    space = deed_space(rules, position)
    owner = state.deeds[position].owner
    if owner is not None:
        raise RuleViolation(
            "already_owned",
            gettext_noop("%(deed)s already belongs to %(owner)s."),
            deed=space.name,
            owner=state.name(owner),
        )
    return space


def can_spend(
    state: TableState, rules: Rules, seat: int, amount: int, sentence: str, **params: object
) -> None:
    """A voluntary spend (buying, building, lifting a mortgage) needs the cash in hand.

    `sentence` is the refusal, whole, with the player as %(who)s, their cash as %(cash)s,
    the cost as %(cost)s and `params` for the rest (filled in only for a refusal).
    """
    cash = state.cash[seat]
    if amount > cash:
        raise RuleViolation(
            "insufficient_cash",
            sentence,
            who=state.name(seat),
            cash=Amount(cash, rules.money),
            cost=Amount(amount, rules.money),
            **params,
        )


def group_of(rules: Rules, space: Space) -> tuple[int, ...]:
    return rules.edition.groups[space.group or ""]


def group_built(state: TableState, rules: Rules, space: Space) -> bool:
    """Whether any site of `space`'s group has a house or a hotel."""
    deeds = state.deeds
    for position in rules.edition.groups[space.group or ""]:
        deed = deeds[position]
        if deed.houses or deed.hotel:
            return True
    return False


def interest(amount: int) -> int:
    """Ten percent, rounded up to a whole unit: the bank never loses a fraction."""
    return -(-amount // 10)
