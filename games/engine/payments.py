"""Plain money movements: salary, buying, auctions, dealt deeds, rent, tax, fines, payments."""

from __future__ import annotations

from games.engine.board import TAX
from games.engine.building import auction_building
from games.engine.entries import (
    Adjust,
    Auction,
    BankPayment,
    Buy,
    Deal,
    JailFine,
    PassGo,
    PayPlayer,
    Rent,
    Tax,
)
from games.engine.guards import can_spend, deed_space, interest, other_seat, seat_in_play, unowned
from games.engine.rent import rent_due
from games.engine.rules import Rules
from games.engine.state import BANK, Deed, TableState, Transfer, Transfers
from games.engine.valuation import total_worth
from games.engine.violations import Amount, RuleViolation, gettext_noop


def _take_deed(state: TableState, seat: int, position: int, price: int) -> Transfers:
    state.deeds[position] = Deed(seat)  # the bank's deeds are unbuilt and unmortgaged
    return (Transfer((seat, BANK, price)),)


def pass_go(state: TableState, entry: PassGo, rules: Rules) -> Transfers:
    seat_in_play(state, entry.seat)
    return (Transfer((BANK, entry.seat, rules.edition.salary)),)


def buy(state: TableState, entry: Buy | Deal, rules: Rules) -> Transfers:
    seat_in_play(state, entry.seat)
    space = unowned(state, rules, entry.space)
    can_spend(
        state,
        rules,
        entry.seat,
        space.price,
        gettext_noop("%(who)s has %(cash)s but %(deed)s costs %(cost)s."),
        deed=space.name,
    )
    return _take_deed(state, entry.seat, entry.space, space.price)


def auction(state: TableState, entry: Auction, rules: Rules) -> Transfers:
    seat_in_play(state, entry.seat)
    if deed_space(rules, entry.space) and state.deeds[entry.space].owner == entry.seat:
        return auction_building(state, entry, rules)
    space = unowned(state, rules, entry.space)
    can_spend(
        state,
        rules,
        entry.seat,
        entry.amount,
        gettext_noop("%(who)s has %(cash)s but the winning bid for %(deed)s costs %(cost)s."),
        deed=space.name,
    )
    return _take_deed(state, entry.seat, entry.space, entry.amount)


def deal(state: TableState, entry: Deal, rules: Rules) -> Transfers:
    if not rules.short_game:
        raise RuleViolation(
            "not_short_game", gettext_noop("Deeds are dealt only in the short game.")
        )
    return buy(state, entry, rules)


def rent(state: TableState, entry: Rent, rules: Rules) -> Transfers:
    seat_in_play(state, entry.seat)
    space = deed_space(rules, entry.space)
    deed = state.deeds[entry.space]
    if deed.owner is None:
        raise RuleViolation(
            "unowned",
            gettext_noop("Nobody owns %(deed)s: it can be bought or auctioned."),
            deed=space.name,
        )
    if deed.owner == entry.seat:
        raise RuleViolation(
            "own_property",
            gettext_noop("%(who)s owns %(deed)s."),
            who=state.name(entry.seat),
            deed=space.name,
        )
    if deed.owner in state.bankrupt:
        raise RuleViolation(
            "owner_bankrupt", gettext_noop("%(who)s is bankrupt."), who=state.name(deed.owner)
        )
    if deed.mortgaged:
        raise RuleViolation(
            "mortgaged", gettext_noop("%(deed)s is mortgaged: no rent is due."), deed=space.name
        )
    amount = rent_due(state, rules, space, dice=entry.dice, via_card=entry.via_card)
    return (Transfer((entry.seat, deed.owner, amount)),)


def tax(state: TableState, entry: Tax, rules: Rules) -> Transfers:
    seat_in_play(state, entry.seat)
    space = rules.edition.space(entry.space)
    if space.kind is not TAX:
        raise RuleViolation(
            "not_tax_space", gettext_noop("%(deed)s is not a tax space."), deed=space.name
        )
    if entry.choice == "percent":
        if entry.space != 4 or not rules.income_tax_choice:
            raise RuleViolation(
                "no_tax_choice",
                gettext_noop("%(deed)s is a flat %(cost)s."),
                deed=space.name,
                cost=Amount(rules.tax_due(entry.space), rules.money),
            )
        amount = interest(max(total_worth(state, rules, entry.seat), 0))
    else:
        amount = rules.tax_due(entry.space)
    if amount == 0:
        return ()
    return (Transfer((entry.seat, BANK, amount)),)


def jail_fine(state: TableState, entry: JailFine, rules: Rules) -> Transfers:
    seat_in_play(state, entry.seat)
    return (Transfer((entry.seat, BANK, rules.edition.jail_fine)),)


def bank_payment(state: TableState, entry: BankPayment | Adjust, rules: Rules) -> Transfers:
    """Money between a seat and the bank, or a referee's adjustment: a positive amount goes
    to the seat."""
    seat_in_play(state, entry.seat)
    if entry.amount > 0:
        return (Transfer((BANK, entry.seat, entry.amount)),)
    return (Transfer((entry.seat, BANK, -entry.amount)),)


def pay_player(state: TableState, entry: PayPlayer, rules: Rules) -> Transfers:
    seat_in_play(state, entry.seat)
    other_seat(state, entry.seat, entry.to_seat)
    can_spend(
        state,
        rules,
        entry.seat,
        entry.amount,
        gettext_noop("%(who)s has %(cash)s but this payment costs %(cost)s."),
    )
    return (Transfer((entry.seat, entry.to_seat, entry.amount)),)
