"""Going bankrupt: to another player, or to the bank."""

from __future__ import annotations

from .building import liquidate_buildings
from .entries import Bankrupt
from .guards import interest, other_seat, seat_in_play
from .rules import Rules
from .state import BANK, TableState, Transfer, Transfers
from .violations import RuleViolation


def bankrupt(state: TableState, entry: Bankrupt, rules: Rules) -> Transfers:
    """Settle a bankruptcy; the seat ends with nothing and is out of the game.

    To a player: buildings go back to the bank at half price, and the debtor's
    cash, deeds and jail cards go to the creditor, who pays ten percent interest
    on each mortgaged deed at once. A debt that already took the debtor below
    zero comes back out of the creditor's cash, so the creditor ends with what
    the debtor had. To the bank: cash, deeds and cards go to the bank; the deeds
    become unowned and unmortgaged, ready for auction; the cards go back to
    their decks.
    """
    debtor, creditor = entry.seat, entry.creditor
    seat_in_play(state, debtor)
    if creditor is not None:
        other_seat(state, debtor, creditor)
    if state.cash[debtor] >= 0:
        raise RuleViolation(
            "not_in_debt",
            f"{state.name(debtor)} has {rules.money(state.cash[debtor])} and owes nothing yet: "
            "record the debt first (rent, tax, card...), then the bankruptcy.",
        )
    transfers: list[Transfer] = []
    value = liquidate_buildings(state, debtor, rules)
    if value:
        transfers.append(Transfer((BANK, debtor, value)))
    remaining = state.cash[debtor] + value
    receiver = BANK if creditor is None else creditor
    if remaining > 0:
        transfers.append(Transfer((debtor, receiver, remaining)))
    elif remaining < 0:
        transfers.append(Transfer((receiver, debtor, -remaining)))

    for position in state.owned_by(debtor):
        deed = state.deeds[position]
        if creditor is None:
            state.deeds[position] = deed._replace(owner=None, mortgaged=False)
        else:
            state.deeds[position] = deed._replace(owner=creditor)
            if deed.mortgaged:
                mortgage_value = rules.edition.space(position).mortgage
                transfers.append(Transfer((creditor, BANK, interest(mortgage_value))))
    for deck in state.jail_cards_of(debtor):
        state.jail_cards[deck] = creditor
    state.bankrupt = (*state.bankrupt, debtor)
    return tuple(transfers)
