"""Trades between two players: deeds, Get Out of Jail Free cards and cash, never buildings."""

from __future__ import annotations

from games.engine.entries import Trade, TradeSide
from games.engine.guards import group_built, interest, other_seat, owned_by, seat_in_play
from games.engine.mortgage import lift_cost
from games.engine.rules import Rules
from games.engine.state import BANK, Deed, TableState, Transfer, Transfers
from games.engine.violations import Amount, RuleViolation, gettext_noop


def trade(state: TableState, entry: Trade, rules: Rules) -> Transfers:
    """`seat` hands over `give` and receives `take` from `to_seat`.

    Whoever receives a mortgaged deed pays the bank ten percent interest at once,
    or lifts the mortgage at once (deeds listed in `lift`) for its value plus ten
    percent, with no interest on top.
    """
    seat_in_play(state, entry.seat)
    other_seat(state, entry.seat, entry.to_seat)
    if entry.give.empty and entry.take.empty:
        raise RuleViolation(
            "nothing_to_trade", gettext_noop("A trade needs something on at least one side.")
        )
    _check_side(state, rules, entry.seat, entry.give)
    _check_side(state, rules, entry.to_seat, entry.take)
    received = {entry.to_seat: entry.give.spaces, entry.seat: entry.take.spaces}
    for position in entry.lift:
        if position not in entry.give.spaces and position not in entry.take.spaces:
            raise RuleViolation(
                "invalid_field",
                gettext_noop("Only a mortgaged deed changing hands in this trade can be lifted."),
            )
        if not state.deeds[position].mortgaged:
            name = rules.edition.space(position).name
            raise RuleViolation(
                "not_mortgaged", gettext_noop("%(deed)s is not mortgaged."), deed=name
            )

    transfers: list[Transfer] = []
    if entry.give.cash:
        transfers.append(Transfer((entry.seat, entry.to_seat, entry.give.cash)))
    if entry.take.cash:
        transfers.append(Transfer((entry.to_seat, entry.seat, entry.take.cash)))
    for receiver, positions in received.items():
        for position in positions:
            if state.deeds[position].mortgaged:
                value = rules.edition.space(position).mortgage
                due = lift_cost(value) if position in entry.lift else interest(value)
                transfers.append(Transfer((receiver, BANK, due)))

    for party, cash_in in ((entry.seat, entry.take.cash), (entry.to_seat, entry.give.cash)):
        paid = 0
        for source, _, amount in transfers:
            if source == party:
                paid += amount
        if paid and state.cash[party] + cash_in - paid < 0:
            raise RuleViolation(
                "insufficient_cash",
                gettext_noop("%(who)s would pay %(cost)s in this trade but has %(cash)s."),
                who=state.name(party),
                cost=Amount(paid, rules.money),
                cash=Amount(state.cash[party] + cash_in, rules.money),
            )

    # Both sides' cards are picked from the state before the trade, so a swap stays a swap.
    given = (
        state.jail_cards_of(entry.seat)[: entry.give.jail_cards] if entry.give.jail_cards else []
    )
    taken = (
        state.jail_cards_of(entry.to_seat)[: entry.take.jail_cards] if entry.take.jail_cards else []
    )
    for receiver, positions in received.items():
        for position in positions:
            deed = state.deeds[position]  # unbuilt: checked above
            state.deeds[position] = Deed(
                receiver, 0, False, deed.mortgaged and position not in entry.lift
            )
    _move_jail_cards(state, given, entry.to_seat)
    _move_jail_cards(state, taken, entry.seat)
    return tuple(transfers)


def _check_side(state: TableState, rules: Rules, seat: int, side: TradeSide) -> None:
    for position in side.spaces:
        space, _ = owned_by(state, rules, position, seat)
        if group_built(state, rules, space):
            raise RuleViolation(
                "group_has_buildings",
                gettext_noop(
                    "%(deed)s cannot change hands while its group has buildings: sell them first."
                ),
                deed=space.name,
            )
    if side.jail_cards and side.jail_cards > (held := len(state.jail_cards_of(seat))):
        raise RuleViolation(
            "no_jail_card",
            gettext_noop("%(who)s holds %(held)s Get Out of Jail Free card(s), not %(count)s."),
            who=state.name(seat),
            held=held,
            count=side.jail_cards,
        )


def _move_jail_cards(state: TableState, decks: list[str], receiver: int) -> None:
    for deck in decks:
        state.jail_cards[deck] = receiver
