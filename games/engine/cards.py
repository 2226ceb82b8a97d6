"""Chance and Community Chest: the money a drawn card moves, and Get Out of Jail Free cards."""

from __future__ import annotations

from collections.abc import Callable

from games.engine.board import Card, Effect
from games.engine.entries import DrawCard, UseJailCard
from games.engine.guards import seat_in_play
from games.engine.rules import Rules
from games.engine.state import BANK, TableState, Transfer, Transfers
from games.engine.violations import RuleViolation, Word, gettext_noop

DECK_NAMES = {"chance": "Chance", "community_chest": "Community Chest"}


def deck_word(deck: str) -> Word:
    """A deck, as a refusal names it ("Community Chest")."""
    return Word(DECK_NAMES[deck], kind="deck", code=deck)


def find_card(rules: Rules, deck: str, card_id: str) -> Card:
    card = rules.edition.cards.get(card_id)
    if card is None or card.deck != deck:
        raise RuleViolation(
            "unknown_card",
            gettext_noop("The %(deck)s deck of this edition has no card %(card)s."),
            deck=deck_word(deck),
            card=repr(card_id),
        )
    return card


def draw_card(state: TableState, entry: DrawCard, rules: Rules) -> Transfers:
    seat_in_play(state, entry.seat)
    card = find_card(rules, entry.deck, entry.card)
    if entry.choice is not None and card.effect is not PAY_OR_CHANCE:
        raise RuleViolation(
            "invalid_field", gettext_noop("Only a pay-or-take-a-Chance card takes a choice.")
        )
    return EFFECTS[card.effect](state, entry, card, rules)


def _others(state: TableState, seat: int) -> list[int]:
    return [other for other in state.active_seats() if other != seat]


def _jail_card(state: TableState, entry: DrawCard, card: Card, rules: Rules) -> Transfers:
    holder = state.jail_cards[card.deck]
    if holder is not None:
        raise RuleViolation(
            "card_held",
            gettext_noop("%(who)s already holds the %(deck)s Get Out of Jail Free card."),
            who=state.name(holder),
            deck=deck_word(card.deck),
        )
    state.jail_cards[card.deck] = entry.seat
    return ()


def _repairs(state: TableState, entry: DrawCard, card: Card, rules: Rules) -> Transfers:
    owed = repairs_due(state, rules, entry.seat, card)
    return (Transfer((entry.seat, BANK, owed)),) if owed else ()


PAY_OR_CHANCE = Effect.PAY_OR_CHANCE

# What each kind of card does to money, given the state, the entry, the card and the rules.
EFFECTS: dict[Effect, Callable[[TableState, DrawCard, Card, Rules], Transfers]] = {
    Effect.COLLECT: lambda state, e, card, rules: (Transfer((BANK, e.seat, card.amount)),),
    Effect.PAY: lambda state, e, card, rules: (Transfer((e.seat, BANK, card.amount)),),
    Effect.ADVANCE_TO_GO: lambda state, e, card, rules: (
        Transfer((BANK, e.seat, rules.edition.salary)),
    ),
    Effect.PAY_OR_CHANCE: lambda state, e, card, rules: (
        () if e.choice == "chance" else (Transfer((e.seat, BANK, card.amount)),)
    ),
    Effect.COLLECT_FROM_EACH: lambda state, e, card, rules: tuple(
        Transfer((other, e.seat, card.amount)) for other in _others(state, e.seat)
    ),
    Effect.PAY_EACH: lambda state, e, card, rules: tuple(
        Transfer((e.seat, other, card.amount)) for other in _others(state, e.seat)
    ),
    Effect.REPAIRS: _repairs,
    Effect.JAIL_CARD: _jail_card,
    Effect.MOVE: lambda state, e, card, rules: (),
}


def repairs_due(state: TableState, rules: Rules, seat: int, card: Card) -> int:
    houses = hotels = 0
    for deed in state.deeds.values():
        if deed.owner == seat:
            houses += deed.houses
            hotels += deed.hotel
    return houses * card.per_house + hotels * card.per_hotel


def use_jail_card(state: TableState, entry: UseJailCard, rules: Rules) -> Transfers:
    """A held Get Out of Jail Free card is used and goes back under its deck."""
    seat_in_play(state, entry.seat)
    held = state.jail_cards_of(entry.seat)
    deck = entry.deck if entry.deck is not None else (held[0] if held else None)
    if deck is None or deck not in held:
        raise RuleViolation(
            "no_jail_card",
            gettext_noop("%(who)s holds no such Get Out of Jail Free card."),
            who=state.name(entry.seat),
        )
    state.jail_cards[deck] = None
    return ()
