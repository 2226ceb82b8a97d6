"""`apply`: one entry against a table's state, under the table's rules."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.engine import bankruptcy, building, cards, entries, mortgage, payments, trade
from games.engine.entries import Entry, checked
from games.engine.rules import Rules
from games.engine.state import Outcome, TableState, Transfers, settle

# Each handler checks the entry against the state, raising RuleViolation before it changes
# anything; then it changes the state it is given in place (deeds, buildings, cards) and
# returns the money to move. `apply` gives it a copy; `apply_in_place` does not.
HANDLERS: dict[type, Callable[[TableState, Any, Rules], Transfers]] = {
    entries.PassGo: payments.pass_go,
    entries.Buy: payments.buy,
    entries.Auction: payments.auction,
    entries.Deal: payments.deal,
    entries.Rent: payments.rent,
    entries.Tax: payments.tax,
    entries.JailFine: payments.jail_fine,
    entries.BankPayment: payments.bank_payment,
    entries.PayPlayer: payments.pay_player,
    entries.Adjust: payments.bank_payment,
    entries.DrawCard: cards.draw_card,
    entries.UseJailCard: cards.use_jail_card,
    entries.Build: building.build_several,
    entries.SellBuilding: building.sell_several,
    entries.Mortgage: mortgage.mortgage,
    entries.Unmortgage: mortgage.unmortgage,
    entries.Trade: trade.trade,
    entries.Bankrupt: bankruptcy.bankrupt,
}


def apply(state: TableState, entry: Entry, rules: Rules) -> Outcome:
    """Return the state after `entry` and the money it moved, or raise RuleViolation.

    The given state is never changed, so a refused entry leaves it as it was. An entry
    made in code rather than by `parse_entry` is held to the same checks of its fields.
    """
    checked(entry)
    new = state.copy()
    transfers = HANDLERS[type(entry)](new, entry, rules)
    settle(new, transfers)
    return Outcome(new, transfers)


def apply_in_place(state: TableState, entry: Entry, rules: Rules) -> Transfers:
    """Apply `entry` to `state` itself and return the money it moved: for replaying a
    ledger, where copying the state at every entry would be waste. A refused entry
    raises before anything changes, as with `apply`."""
    transfers = HANDLERS[type(entry)](state, entry, rules)
    settle(state, transfers)
    return transfers
