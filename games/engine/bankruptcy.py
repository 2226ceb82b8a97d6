"""Going bankrupt: to another player, or to the bank."""

from __future__ import annotations

from games.engine.building import buildings_value, liquidate_buildings
from games.engine.entries import Bankrupt
from games.engine.guards import interest, other_seat, owned_by, seat_in_play
from games.engine.mortgage import lift_cost
from games.engine.rules import Rules
from games.engine.state import BANK, Deed, Purposed, TableState, Transfer, Transfers
from games.engine.violations import Amount, Names, RuleViolation, gettext_noop


def bankrupt(state: TableState, entry: Bankrupt, rules: Rules) -> Transfers:
    """Settle a bankruptcy; the seat ends with nothing and is out of the game.

    To a player: buildings go back to the bank at half price, and the debtor's
    cash, deeds and jail cards go to the creditor, who pays ten percent interest
    on each mortgaged deed at once, and may pay off the mortgages listed in `lift`
    then too (the value plus ten percent in all). A debt that already took the
    debtor below zero comes back out of the creditor's cash, so the creditor ends
    with what the debtor had. To the bank: cash, deeds and cards go to the bank;
    the deeds become unowned and unmortgaged, ready for auction; the cards go back
    to their decks.

    Each transfer says what it is for (`Purposed`), the interest and lifts naming their
    deed, so that the bankruptcy can be told in words without the state before it.

    The creditor must be the one the debt is owed to (`state.owed_to`); a debt with
    no recorded creditor (a state stored before they were recorded) takes the entry's.
    What other seats owed the debtor, they owe the debtor's creditor from then on.
    """
    debtor, creditor = entry.seat, entry.creditor
    seat_in_play(state, debtor)
    if creditor is not None:
        other_seat(state, debtor, creditor)
    if state.cash[debtor] >= 0:
        raise RuleViolation(
            "not_in_debt",
            gettext_noop(
                "%(who)s has %(cash)s and owes nothing yet: record the debt first (rent, tax, "
                "card...), then the bankruptcy."
            ),
            who=state.name(debtor),
            cash=Amount(state.cash[debtor], rules.money),
        )
    if debtor in state.owed_to and state.owed_to[debtor] != creditor:
        owed = state.owed_to[debtor]
        if owed is None:
            raise RuleViolation(
                "wrong_creditor",
                gettext_noop("%(who)s owes the bank: declare the bankruptcy to the bank."),
                who=state.name(debtor),
            )
        raise RuleViolation(
            "wrong_creditor",
            gettext_noop("%(who)s owes %(whom)s: declare the bankruptcy to %(whom)s."),
            who=state.name(debtor),
            whom=state.name(owed),
        )
    value = buildings_value(state, debtor, rules)
    remaining = state.cash[debtor] + value
    if entry.lift:
        _check_lift(state, rules, entry, remaining)

    transfers: list[Transfer] = []
    liquidate_buildings(state, debtor)
    if value:
        transfers.append(Purposed(Transfer((BANK, debtor, value)), "buildings"))
    receiver = BANK if creditor is None else creditor
    if remaining > 0:
        transfers.append(Purposed(Transfer((debtor, receiver, remaining)), "cash"))
    elif remaining < 0:
        transfers.append(Purposed(Transfer((receiver, debtor, -remaining)), "unpaid"))

    for position in state.owned_by(debtor):  # each deed unbuilt now
        deed = state.deeds[position]
        if creditor is None:
            state.deeds[position] = Deed()
        elif deed.mortgaged and position in entry.lift:
            state.deeds[position] = Deed(creditor)
            lifted = lift_cost(rules.edition.space(position).mortgage)
            transfers.append(Purposed(Transfer((creditor, BANK, lifted)), "lift", position))
        else:
            state.deeds[position] = Deed(creditor, mortgaged=deed.mortgaged)
            if deed.mortgaged:
                mortgage_value = rules.edition.space(position).mortgage
                due = Transfer((creditor, BANK, interest(mortgage_value)))
                transfers.append(Purposed(due, "interest", position))
    for deck in state.jail_cards_of(debtor):
        state.jail_cards[deck] = creditor
    for seat, owed in state.owed_to.items():
        if owed == debtor:
            state.owed_to[seat] = None if seat == creditor else creditor
    state.bankrupt = (*state.bankrupt, debtor)
    return tuple(transfers)


def _check_lift(state: TableState, rules: Rules, entry: Bankrupt, remaining: int) -> None:
    """The deeds in `lift` are the debtor's, mortgaged, going to a player who can pay them
    off from cash in hand (with what the bankruptcy brings, after the interest due anyway)."""
    creditor = entry.creditor
    if creditor is None:
        raise RuleViolation(
            "invalid_field",
            gettext_noop(
                "Going bankrupt to the bank, the deeds go back to it unmortgaged: "
                "there is no mortgage to lift."
            ),
        )
    for position in entry.lift:
        space, deed = owned_by(state, rules, position, entry.seat)
        if not deed.mortgaged:
            raise RuleViolation(
                "not_mortgaged", gettext_noop("%(deed)s is not mortgaged."), deed=space.name
            )
    interest_due = principal = 0
    for position in state.owned_by(entry.seat):
        if state.deeds[position].mortgaged:
            mortgage_value = rules.edition.space(position).mortgage
            interest_due += interest(mortgage_value)
            if position in entry.lift:
                principal += mortgage_value
    have = state.cash[creditor] + remaining - interest_due
    if principal > have:
        raise RuleViolation(
            "insufficient_cash",
            gettext_noop(
                "%(who)s would have %(cash)s after the bankruptcy and its interest, but paying "
                "off the mortgage on %(deeds)s costs %(cost)s more."
            ),
            who=state.name(creditor),
            cash=Amount(have, rules.money),
            deeds=Names(rules.edition.space(p).name for p in entry.lift),
            cost=Amount(principal, rules.money),
        )
