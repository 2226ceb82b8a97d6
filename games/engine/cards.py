"""Chance and Community Chest: the money a drawn card moves, and Get Out of Jail Free cards."""

from __future__ import annotations

from .board import Card, Effect
from .entries import DrawCard, UseJailCard
from .guards import seat_in_play
from .rules import Rules
from .state import BANK, Outcome, TableState, Transfer, settle
from .violations import RuleViolation

DECK_NAMES = {"chance": "Chance", "community_chest": "Community Chest"}


def find_card(rules: Rules, deck: str, card_id: str) -> Card:
    card = rules.edition.cards.get(card_id)
    if card is None or card.deck != deck:
        raise RuleViolation(
            "unknown_card", f"The {DECK_NAMES[deck]} deck of this edition has no card {card_id!r}."
        )
    return card


def draw_card(state: TableState, entry: DrawCard, rules: Rules) -> Outcome:
    seat_in_play(state, entry.seat)
    card = find_card(rules, entry.deck, entry.card)
    if entry.choice is not None and card.effect is not Effect.PAY_OR_CHANCE:
        raise RuleViolation("invalid_field", "Only a pay-or-take-a-Chance card takes a choice.")
    seat, effect = entry.seat, card.effect
    new = state.copy()
    others = [s for s in state.active_seats() if s != seat]
    transfers: tuple[Transfer, ...] = ()
    if effect is Effect.COLLECT:
        transfers = (Transfer(BANK, seat, card.amount),)
    elif effect is Effect.ADVANCE_TO_GO:
        transfers = (Transfer(BANK, seat, rules.edition.salary),)
    elif effect is Effect.PAY or (effect is Effect.PAY_OR_CHANCE and entry.choice != "chance"):
        transfers = (Transfer(seat, BANK, card.amount),)
    elif effect is Effect.COLLECT_FROM_EACH:
        transfers = tuple(Transfer(other, seat, card.amount) for other in others)
    elif effect is Effect.PAY_EACH:
        transfers = tuple(Transfer(seat, other, card.amount) for other in others)
    elif effect is Effect.REPAIRS:
        owed = repairs_due(state, rules, seat, card)
        transfers = (Transfer(seat, BANK, owed),) if owed else ()
    elif effect is Effect.JAIL_CARD:
        holder = state.jail_cards[card.deck]
        if holder is not None:
            raise RuleViolation(
                "card_held",
                f"{state.name(holder)} already holds the {DECK_NAMES[card.deck]} "
                "Get Out of Jail Free card.",
            )
        new.jail_cards[card.deck] = seat
    settle(new.cash, transfers)
    return Outcome(new, transfers)


def repairs_due(state: TableState, rules: Rules, seat: int, card: Card) -> int:
    houses = hotels = 0
    for deed in state.deeds.values():
        if deed.owner == seat:
            houses += deed.houses
            hotels += deed.hotel
    return houses * card.per_house + hotels * card.per_hotel


def use_jail_card(state: TableState, entry: UseJailCard, rules: Rules) -> Outcome:
    """A held Get Out of Jail Free card is used and goes back under its deck."""
    seat_in_play(state, entry.seat)
    held = state.jail_cards_of(entry.seat)
    deck = entry.deck if entry.deck is not None else (held[0] if held else None)
    if deck is None or deck not in held:
        raise RuleViolation(
            "no_jail_card", f"{state.name(entry.seat)} holds no such Get Out of Jail Free card."
        )
    new = state.copy()
    new.jail_cards[deck] = None
    return Outcome(new, ())
