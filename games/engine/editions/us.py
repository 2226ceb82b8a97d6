"""The classic United States edition (Atlantic City street names, decks from before 2008)."""

from __future__ import annotations

from functools import partial

from games.engine.board import Card, Edition, Effect, Kind, Space

CHANCE = "chance"
CHEST = "community_chest"

# Every railroad's deed is the same, and every utility's (whose rent goes by the dice: rent.py).
RAILROAD = partial(
    Space, kind=Kind.RAILROAD, group="railroad", price=200, mortgage=100, rents=(25, 50, 100, 200)
)
UTILITY = partial(Space, kind=Kind.UTILITY, group="utility", price=150, mortgage=75)

# A colour group's sites share the group and the cost of a house.
BROWN = partial(Space, kind=Kind.SITE, group="brown", house_cost=50)
LIGHT_BLUE = partial(Space, kind=Kind.SITE, group="light_blue", house_cost=50)
PINK = partial(Space, kind=Kind.SITE, group="pink", house_cost=100)
ORANGE = partial(Space, kind=Kind.SITE, group="orange", house_cost=100)
RED = partial(Space, kind=Kind.SITE, group="red", house_cost=150)
YELLOW = partial(Space, kind=Kind.SITE, group="yellow", house_cost=150)
GREEN = partial(Space, kind=Kind.SITE, group="green", house_cost=200)
DARK_BLUE = partial(Space, kind=Kind.SITE, group="dark_blue", house_cost=200)

# Tabular data: kept as written, one deed per call, rather than one argument per line.
# fmt: off
SPACES: tuple[Space, ...] = (
    Space(position=0, name="Go", kind=Kind.GO),
    BROWN(position=1, name="Mediterranean Avenue",
          price=60, mortgage=30, rents=(2, 10, 30, 90, 160, 250)),
    Space(position=2, name="Community Chest", kind=Kind.COMMUNITY_CHEST),
    BROWN(position=3, name="Baltic Avenue",
          price=60, mortgage=30, rents=(4, 20, 60, 180, 320, 450)),
    Space(position=4, name="Income Tax", kind=Kind.TAX, tax=200),
    RAILROAD(position=5, name="Reading Railroad"),
    LIGHT_BLUE(position=6, name="Oriental Avenue",
               price=100, mortgage=50, rents=(6, 30, 90, 270, 400, 550)),
    Space(position=7, name="Chance", kind=Kind.CHANCE),
    LIGHT_BLUE(position=8, name="Vermont Avenue",
               price=100, mortgage=50, rents=(6, 30, 90, 270, 400, 550)),
    LIGHT_BLUE(position=9, name="Connecticut Avenue",
               price=120, mortgage=60, rents=(8, 40, 100, 300, 450, 600)),
    Space(position=10, name="Jail / Just Visiting", kind=Kind.JAIL),
    PINK(position=11, name="St. Charles Place",
         price=140, mortgage=70, rents=(10, 50, 150, 450, 625, 750)),
    UTILITY(position=12, name="Electric Company"),
    PINK(position=13, name="States Avenue",
         price=140, mortgage=70, rents=(10, 50, 150, 450, 625, 750)),
    PINK(position=14, name="Virginia Avenue",
         price=160, mortgage=80, rents=(12, 60, 180, 500, 700, 900)),
    RAILROAD(position=15, name="Pennsylvania Railroad"),
    ORANGE(position=16, name="St. James Place",
           price=180, mortgage=90, rents=(14, 70, 200, 550, 750, 950)),
    Space(position=17, name="Community Chest", kind=Kind.COMMUNITY_CHEST),
    ORANGE(position=18, name="Tennessee Avenue",
           price=180, mortgage=90, rents=(14, 70, 200, 550, 750, 950)),
    ORANGE(position=19, name="New York Avenue",
           price=200, mortgage=100, rents=(16, 80, 220, 600, 800, 1000)),
    Space(position=20, name="Free Parking", kind=Kind.FREE_PARKING),
    RED(position=21, name="Kentucky Avenue",
        price=220, mortgage=110, rents=(18, 90, 250, 700, 875, 1050)),
    Space(position=22, name="Chance", kind=Kind.CHANCE),
    RED(position=23, name="Indiana Avenue",
        price=220, mortgage=110, rents=(18, 90, 250, 700, 875, 1050)),
    RED(position=24, name="Illinois Avenue",
        price=240, mortgage=120, rents=(20, 100, 300, 750, 925, 1100)),
    RAILROAD(position=25, name="B. & O. Railroad"),
    YELLOW(position=26, name="Atlantic Avenue",
           price=260, mortgage=130, rents=(22, 110, 330, 800, 975, 1150)),
    YELLOW(position=27, name="Ventnor Avenue",
           price=260, mortgage=130, rents=(22, 110, 330, 800, 975, 1150)),
    UTILITY(position=28, name="Water Works"),
    YELLOW(position=29, name="Marvin Gardens",
           price=280, mortgage=140, rents=(24, 120, 360, 850, 1025, 1200)),
    Space(position=30, name="Go To Jail", kind=Kind.GO_TO_JAIL),
    GREEN(position=31, name="Pacific Avenue",
          price=300, mortgage=150, rents=(26, 130, 390, 900, 1100, 1275)),
    GREEN(position=32, name="North Carolina Avenue",
          price=300, mortgage=150, rents=(26, 130, 390, 900, 1100, 1275)),
    Space(position=33, name="Community Chest", kind=Kind.COMMUNITY_CHEST),
    GREEN(position=34, name="Pennsylvania Avenue",
          price=320, mortgage=160, rents=(28, 150, 450, 1000, 1200, 1400)),
    RAILROAD(position=35, name="Short Line"),
    Space(position=36, name="Chance", kind=Kind.CHANCE),
    DARK_BLUE(position=37, name="Park Place",
              price=350, mortgage=175, rents=(35, 175, 500, 1100, 1300, 1500)),
    # Classic Luxury Tax; the variant `modern_us` raises it to 100 in the rules, not here.
    Space(position=38, name="Luxury Tax", kind=Kind.TAX, tax=75),
    DARK_BLUE(position=39, name="Boardwalk",
              price=400, mortgage=200, rents=(50, 200, 600, 1400, 1700, 2000)),
)

# Sixteen cards, the nearest-railroad card twice. The crossword-competition card is
# left out: it would make seventeen, and it belongs to the UK deck.
CHANCE_CARDS: tuple[Card, ...] = (
    Card("chance-advance-to-go", CHANCE, "Advance to Go and collect $200", Effect.ADVANCE_TO_GO),
    Card("chance-illinois-avenue", CHANCE, "Advance to Illinois Avenue", Effect.MOVE),
    Card("chance-st-charles-place", CHANCE, "Advance to St. Charles Place", Effect.MOVE),
    Card(
        "chance-nearest-utility", CHANCE,
        "Advance to the nearest utility; if it is owned, pay ten times the dice", Effect.MOVE,
        rent_via="nearest_utility",
    ),
    Card(
        "chance-nearest-railroad-1", CHANCE,
        "Advance to the nearest railroad; if it is owned, pay twice the rent", Effect.MOVE,
        rent_via="nearest_railroad",
    ),
    Card(
        "chance-nearest-railroad-2", CHANCE,
        "Advance to the nearest railroad; if it is owned, pay twice the rent", Effect.MOVE,
        rent_via="nearest_railroad",
    ),
    Card("chance-dividend", CHANCE, "Bank pays you a dividend of $50", Effect.COLLECT, amount=50),
    Card("chance-jail-free", CHANCE, "Get Out of Jail Free; keep until used", Effect.JAIL_CARD),
    Card("chance-back-three", CHANCE, "Go back three spaces", Effect.MOVE),
    Card("chance-go-to-jail", CHANCE, "Go to Jail; do not pass Go", Effect.MOVE),
    Card(
        "chance-general-repairs", CHANCE,
        "General repairs: pay $25 per house and $100 per hotel", Effect.REPAIRS,
        per_house=25, per_hotel=100,
    ),
    Card("chance-poor-tax", CHANCE, "Pay a poor tax of $15", Effect.PAY, amount=15),
    Card("chance-reading-railroad", CHANCE, "Take a trip to Reading Railroad", Effect.MOVE),
    Card("chance-boardwalk", CHANCE, "Take a walk on the Boardwalk", Effect.MOVE),
    Card(
        "chance-chairman", CHANCE,
        "Elected Chairman of the Board: pay each player $50", Effect.PAY_EACH, amount=50,
    ),
    Card(
        "chance-building-loan", CHANCE,
        "Your building loan matures: collect $150", Effect.COLLECT, amount=150,
    ),
)

COMMUNITY_CHEST_CARDS: tuple[Card, ...] = (
    Card("chest-advance-to-go", CHEST, "Advance to Go and collect $200", Effect.ADVANCE_TO_GO),
    Card(
        "chest-bank-error", CHEST,
        "Bank error in your favour: collect $200", Effect.COLLECT, amount=200,
    ),
    Card("chest-doctor", CHEST, "Doctor's fee: pay $50", Effect.PAY, amount=50),
    Card(
        "chest-stock-sale", CHEST,
        "From the sale of stock you get $45", Effect.COLLECT, amount=45,
    ),
    Card("chest-jail-free", CHEST, "Get Out of Jail Free; keep until used", Effect.JAIL_CARD),
    Card("chest-go-to-jail", CHEST, "Go to Jail; do not pass Go", Effect.MOVE),
    Card(
        "chest-opera-night", CHEST,
        "Grand Opera Night: collect $50 from every player", Effect.COLLECT_FROM_EACH,
        amount=50,
    ),
    Card("chest-xmas-fund", CHEST, "Xmas fund matures: collect $100", Effect.COLLECT, amount=100),
    Card("chest-tax-refund", CHEST, "Income tax refund: collect $20", Effect.COLLECT, amount=20),
    Card(
        "chest-life-insurance", CHEST,
        "Life insurance matures: collect $100", Effect.COLLECT, amount=100,
    ),
    Card("chest-hospital", CHEST, "Pay the hospital $100", Effect.PAY, amount=100),
    Card("chest-school-tax", CHEST, "Pay a school tax of $150", Effect.PAY, amount=150),
    Card("chest-services", CHEST, "Receive $25 for services", Effect.COLLECT, amount=25),
    Card(
        "chest-street-repairs", CHEST,
        "Street repairs: pay $40 per house and $115 per hotel", Effect.REPAIRS,
        per_house=40, per_hotel=115,
    ),
    Card(
        "chest-beauty-contest", CHEST,
        "Second prize in a beauty contest: collect $10", Effect.COLLECT, amount=10,
    ),
    Card("chest-inherit", CHEST, "You inherit $100", Effect.COLLECT, amount=100),
)
# fmt: on

US = Edition(
    code="us",
    name="United States (Atlantic City)",
    currency="$",
    spaces=SPACES,
    chance=CHANCE_CARDS,
    community_chest=COMMUNITY_CHEST_CARDS,
)
