"""The classic United Kingdom edition (London street names, Waddingtons decks)."""

from __future__ import annotations

from games.engine.board import Card, Edition, Effect, Kind, Space

CHANCE = "chance"
CHEST = "community_chest"

# Tabular data: kept as written, one deed per call, rather than one argument per line.
# fmt: off
SPACES: tuple[Space, ...] = (
    Space(position=0, name="Go", kind=Kind.GO),
    Space(
        position=1, name="Old Kent Road", kind=Kind.SITE, group="brown",
        price=60, mortgage=30, house_cost=50, rents=(2, 10, 30, 90, 160, 250),
    ),
    Space(position=2, name="Community Chest", kind=Kind.COMMUNITY_CHEST),
    Space(
        position=3, name="Whitechapel Road", kind=Kind.SITE, group="brown",
        price=60, mortgage=30, house_cost=50, rents=(4, 20, 60, 180, 320, 450),
    ),
    Space(position=4, name="Income Tax", kind=Kind.TAX, tax=200),
    Space(
        position=5, name="King's Cross Station", kind=Kind.RAILROAD, group="railroad",
        price=200, mortgage=100, rents=(25, 50, 100, 200),
    ),
    Space(
        position=6, name="The Angel Islington", kind=Kind.SITE, group="light_blue",
        price=100, mortgage=50, house_cost=50, rents=(6, 30, 90, 270, 400, 550),
    ),
    Space(position=7, name="Chance", kind=Kind.CHANCE),
    Space(
        position=8, name="Euston Road", kind=Kind.SITE, group="light_blue",
        price=100, mortgage=50, house_cost=50, rents=(6, 30, 90, 270, 400, 550),
    ),
    Space(
        position=9, name="Pentonville Road", kind=Kind.SITE, group="light_blue",
        price=120, mortgage=60, house_cost=50, rents=(8, 40, 100, 300, 450, 600),
    ),
    Space(position=10, name="Jail / Just Visiting", kind=Kind.JAIL),
    Space(
        position=11, name="Pall Mall", kind=Kind.SITE, group="pink",
        price=140, mortgage=70, house_cost=100, rents=(10, 50, 150, 450, 625, 750),
    ),
    Space(
        position=12, name="Electric Company", kind=Kind.UTILITY, group="utility",
        price=150, mortgage=75,
    ),
    Space(
        position=13, name="Whitehall", kind=Kind.SITE, group="pink",
        price=140, mortgage=70, house_cost=100, rents=(10, 50, 150, 450, 625, 750),
    ),
    Space(
        position=14, name="Northumberland Avenue", kind=Kind.SITE, group="pink",
        price=160, mortgage=80, house_cost=100, rents=(12, 60, 180, 500, 700, 900),
    ),
    Space(
        position=15, name="Marylebone Station", kind=Kind.RAILROAD, group="railroad",
        price=200, mortgage=100, rents=(25, 50, 100, 200),
    ),
    Space(
        position=16, name="Bow Street", kind=Kind.SITE, group="orange",
        price=180, mortgage=90, house_cost=100, rents=(14, 70, 200, 550, 750, 950),
    ),
    Space(position=17, name="Community Chest", kind=Kind.COMMUNITY_CHEST),
    Space(
        position=18, name="Marlborough Street", kind=Kind.SITE, group="orange",
        price=180, mortgage=90, house_cost=100, rents=(14, 70, 200, 550, 750, 950),
    ),
    Space(
        position=19, name="Vine Street", kind=Kind.SITE, group="orange",
        price=200, mortgage=100, house_cost=100, rents=(16, 80, 220, 600, 800, 1000),
    ),
    Space(position=20, name="Free Parking", kind=Kind.FREE_PARKING),
    Space(
        position=21, name="Strand", kind=Kind.SITE, group="red",
        price=220, mortgage=110, house_cost=150, rents=(18, 90, 250, 700, 875, 1050),
    ),
    Space(position=22, name="Chance", kind=Kind.CHANCE),
    Space(
        position=23, name="Fleet Street", kind=Kind.SITE, group="red",
        price=220, mortgage=110, house_cost=150, rents=(18, 90, 250, 700, 875, 1050),
    ),
    Space(
        position=24, name="Trafalgar Square", kind=Kind.SITE, group="red",
        price=240, mortgage=120, house_cost=150, rents=(20, 100, 300, 750, 925, 1100),
    ),
    Space(
        position=25, name="Fenchurch Street Station", kind=Kind.RAILROAD, group="railroad",
        price=200, mortgage=100, rents=(25, 50, 100, 200),
    ),
    Space(
        position=26, name="Leicester Square", kind=Kind.SITE, group="yellow",
        price=260, mortgage=130, house_cost=150, rents=(22, 110, 330, 800, 975, 1150),
    ),
    Space(
        position=27, name="Coventry Street", kind=Kind.SITE, group="yellow",
        price=260, mortgage=130, house_cost=150, rents=(22, 110, 330, 800, 975, 1150),
    ),
    Space(
        position=28, name="Water Works", kind=Kind.UTILITY, group="utility",
        price=150, mortgage=75,
    ),
    Space(
        position=29, name="Piccadilly", kind=Kind.SITE, group="yellow",
        price=280, mortgage=140, house_cost=150, rents=(24, 120, 360, 850, 1025, 1200),
    ),
    Space(position=30, name="Go To Jail", kind=Kind.GO_TO_JAIL),
    Space(
        position=31, name="Regent Street", kind=Kind.SITE, group="green",
        price=300, mortgage=150, house_cost=200, rents=(26, 130, 390, 900, 1100, 1275),
    ),
    Space(
        position=32, name="Oxford Street", kind=Kind.SITE, group="green",
        price=300, mortgage=150, house_cost=200, rents=(26, 130, 390, 900, 1100, 1275),
    ),
    Space(position=33, name="Community Chest", kind=Kind.COMMUNITY_CHEST),
    Space(
        position=34, name="Bond Street", kind=Kind.SITE, group="green",
        price=320, mortgage=160, house_cost=200, rents=(28, 150, 450, 1000, 1200, 1400),
    ),
    Space(
        position=35, name="Liverpool Street Station", kind=Kind.RAILROAD, group="railroad",
        price=200, mortgage=100, rents=(25, 50, 100, 200),
    ),
    Space(position=36, name="Chance", kind=Kind.CHANCE),
    Space(
        position=37, name="Park Lane", kind=Kind.SITE, group="dark_blue",
        price=350, mortgage=175, house_cost=200, rents=(35, 175, 500, 1100, 1300, 1500),
    ),
    Space(position=38, name="Super Tax", kind=Kind.TAX, tax=100),
    Space(
        position=39, name="Mayfair", kind=Kind.SITE, group="dark_blue",
        price=400, mortgage=200, house_cost=200, rents=(50, 200, 600, 1400, 1700, 2000),
    ),
)

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
