"""`apply`: one entry against a table's state, under the table's rules."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import bankruptcy, building, cards, mortgage, payments, trade
from .entries import (
    Adjust,
    Auction,
    BankPayment,
    Bankrupt,
    Build,
    Buy,
    Deal,
    DrawCard,
    Entry,
    JailFine,
    Mortgage,
    PassGo,
    PayPlayer,
    Rent,
    SellBuilding,
    Tax,
    Trade,
    Unmortgage,
    UseJailCard,
)
from .rules import Rules
from .state import Outcome, TableState

HANDLERS: dict[type, Callable[[TableState, Any, Rules], Outcome]] = {
    PassGo: payments.pass_go,
    Buy: payments.buy,
    Auction: payments.auction,
    Deal: payments.deal,
    Rent: payments.rent,
    Tax: payments.tax,
    JailFine: payments.jail_fine,
    BankPayment: payments.bank_payment,
    PayPlayer: payments.pay_player,
    Adjust: payments.adjust,
    DrawCard: cards.draw_card,
    UseJailCard: cards.use_jail_card,
    Build: building.build,
    SellBuilding: building.sell_building,
    Mortgage: mortgage.mortgage,
    Unmortgage: mortgage.unmortgage,
    Trade: trade.trade,
    Bankrupt: bankruptcy.bankrupt,
}


def apply(state: TableState, entry: Entry, rules: Rules) -> Outcome:
    """Return the state after `entry` and the money it moved, or raise RuleViolation.

    The given state is never changed, so a refused entry leaves it as it was.
    """
    return HANDLERS[type(entry)](state, entry, rules)
