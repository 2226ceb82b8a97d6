"""The classic United Kingdom edition (London street names, Waddingtons decks)."""

from __future__ import annotations

from dataclasses import replace

from games.engine.board import Card, Edition, Effect, Space
from games.engine.editions.us import CHANCE, CHEST, US

# The United States board with London's names, position by position: the same deeds,
# prices, rents and groups; only the tax at 38, Super Tax, is 100. The names go a side
# of the board at a time, from Go.
# fmt: off
NAMES = (
    "Go", "Old Kent Road", "Community Chest", "Whitechapel Road", "Income Tax",
    "King's Cross Station", "The Angel Islington", "Chance", "Euston Road", "Pentonville Road",
    "Jail / Just Visiting", "Pall Mall", "Electric Company", "Whitehall",
    "Northumberland Avenue", "Marylebone Station", "Bow Street", "Community Chest",
    "Marlborough Street", "Vine Street",
    "Free Parking", "Strand", "Chance", "Fleet Street", "Trafalgar Square",
    "Fenchurch Street Station", "Leicester Square", "Coventry Street", "Water Works",
    "Piccadilly",
    "Go To Jail", "Regent Street", "Oxford Street", "Community Chest", "Bond Street",
    "Liverpool Street Station", "Chance", "Park Lane", "Super Tax", "Mayfair",
)
# fmt: on
TAXES = {38: 100}

SPACES: tuple[Space, ...] = tuple(
    replace(space, name=name, tax=TAXES.get(space.position, space.tax))
    for space, name in zip(US.spaces, NAMES, strict=True)
)

# Tabular data: kept as written, one card per call, rather than one argument per line.
# fmt: off
CHANCE_CARDS: tuple[Card, ...] = (
    Card("chance-advance-to-go", CHANCE, "Advance to Go and collect £200", Effect.ADVANCE_TO_GO),
    Card("chance-trafalgar-square", CHANCE, "Advance to Trafalgar Square", Effect.MOVE),
    Card("chance-mayfair", CHANCE, "Advance to Mayfair", Effect.MOVE),
    Card("chance-pall-mall", CHANCE, "Advance to Pall Mall", Effect.MOVE),
    Card("chance-go-to-jail", CHANCE, "Go to Jail; do not pass Go", Effect.MOVE),
    Card("chance-marylebone-station", CHANCE, "Take a trip to Marylebone Station", Effect.MOVE),
    Card("chance-back-three", CHANCE, "Go back three spaces", Effect.MOVE),
    Card("chance-dividend", CHANCE, "Bank pays you a dividend of £50", Effect.COLLECT, amount=50),
    Card(
        "chance-general-repairs", CHANCE,
        "General repairs: pay £25 per house and £100 per hotel", Effect.REPAIRS,
        per_house=25, per_hotel=100,
    ),
    Card(
        "chance-street-repairs", CHANCE,
        "Street repairs: pay £40 per house and £115 per hotel", Effect.REPAIRS,
        per_house=40, per_hotel=115,
    ),
    Card("chance-school-fees", CHANCE, "Pay school fees of £150", Effect.PAY, amount=150),
    Card("chance-drunk-in-charge", CHANCE, "\"Drunk in charge\": fined £20", Effect.PAY, amount=20),
    Card("chance-speeding", CHANCE, "Speeding fine: pay £15", Effect.PAY, amount=15),
    Card(
        "chance-building-loan", CHANCE,
        "Your building loan matures: receive £150", Effect.COLLECT, amount=150,
    ),
    Card(
        "chance-crossword", CHANCE,
        "You won a crossword competition: collect £100", Effect.COLLECT, amount=100,
    ),
    Card("chance-jail-free", CHANCE, "Get Out of Jail Free; keep until used", Effect.JAIL_CARD),
)

COMMUNITY_CHEST_CARDS: tuple[Card, ...] = (
    Card("chest-advance-to-go", CHEST, "Advance to Go and collect £200", Effect.ADVANCE_TO_GO),
    Card("chest-old-kent-road", CHEST, "Go back to Old Kent Road", Effect.MOVE),
    Card("chest-go-to-jail", CHEST, "Go to Jail; do not pass Go", Effect.MOVE),
    Card("chest-hospital", CHEST, "Pay the hospital £100", Effect.PAY, amount=100),
    Card("chest-doctor", CHEST, "Doctor's fee: pay £50", Effect.PAY, amount=50),
    Card("chest-insurance", CHEST, "Pay your insurance premium of £50", Effect.PAY, amount=50),
    Card(
        "chest-bank-error", CHEST,
        "Bank error in your favour: collect £200", Effect.COLLECT, amount=200,
    ),
    Card("chest-annuity", CHEST, "Annuity matures: collect £100", Effect.COLLECT, amount=100),
    Card("chest-inherit", CHEST, "You inherit £100", Effect.COLLECT, amount=100),
    Card(
        "chest-stock-sale", CHEST,
        "From the sale of stock you get £50", Effect.COLLECT, amount=50,
    ),
    Card(
        "chest-preference-shares", CHEST,
        "Interest on 7% preference shares: receive £25", Effect.COLLECT, amount=25,
    ),
    Card("chest-tax-refund", CHEST, "Income tax refund: collect £20", Effect.COLLECT, amount=20),
    Card(
        "chest-beauty-contest", CHEST,
        "Second prize in a beauty contest: collect £10", Effect.COLLECT, amount=10,
    ),
    Card(
        "chest-birthday", CHEST,
        "It is your birthday: collect £10 from each player", Effect.COLLECT_FROM_EACH,
        amount=10,
    ),
    Card("chest-jail-free", CHEST, "Get Out of Jail Free; keep until used", Effect.JAIL_CARD),
    Card(
        "chest-fine-or-chance", CHEST,
        "Pay a £10 fine or take a Chance card", Effect.PAY_OR_CHANCE, amount=10,
    ),
)
# fmt: on

UK = Edition(
    code="uk",
    name="United Kingdom (London)",
    currency="£",
    spaces=SPACES,
    chance=CHANCE_CARDS,
    community_chest=COMMUNITY_CHEST_CARDS,
)
