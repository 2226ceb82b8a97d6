"""The edition data: every number on the board and every card, checked by hand."""

from __future__ import annotations

import dataclasses

import pytest

from games.engine.board import Edition, Effect, Kind
from games.engine.editions import EDITIONS, UK, US, edition

BOTH = pytest.mark.parametrize("ed", ["us", "uk"], indirect=True)


@pytest.fixture
def ed(request: pytest.FixtureRequest) -> Edition:
    """The edition, built again from its spaces and decks: its deeds, groups and cards are
    derived as each test runs, not only once when the engine is imported."""
    return dataclasses.replace(EDITIONS[request.param])


# Hand-checked against printed title deeds: position -> (group, price, house cost, rents).
SITES: dict[int, tuple[str, int, int, tuple[int, ...]]] = {
    1: ("brown", 60, 50, (2, 10, 30, 90, 160, 250)),
    3: ("brown", 60, 50, (4, 20, 60, 180, 320, 450)),
    6: ("light_blue", 100, 50, (6, 30, 90, 270, 400, 550)),
    8: ("light_blue", 100, 50, (6, 30, 90, 270, 400, 550)),
    9: ("light_blue", 120, 50, (8, 40, 100, 300, 450, 600)),
    11: ("pink", 140, 100, (10, 50, 150, 450, 625, 750)),
    13: ("pink", 140, 100, (10, 50, 150, 450, 625, 750)),
    14: ("pink", 160, 100, (12, 60, 180, 500, 700, 900)),
    16: ("orange", 180, 100, (14, 70, 200, 550, 750, 950)),
    18: ("orange", 180, 100, (14, 70, 200, 550, 750, 950)),
    19: ("orange", 200, 100, (16, 80, 220, 600, 800, 1000)),
    21: ("red", 220, 150, (18, 90, 250, 700, 875, 1050)),
    23: ("red", 220, 150, (18, 90, 250, 700, 875, 1050)),
    24: ("red", 240, 150, (20, 100, 300, 750, 925, 1100)),
    26: ("yellow", 260, 150, (22, 110, 330, 800, 975, 1150)),
    27: ("yellow", 260, 150, (22, 110, 330, 800, 975, 1150)),
    29: ("yellow", 280, 150, (24, 120, 360, 850, 1025, 1200)),
    31: ("green", 300, 200, (26, 130, 390, 900, 1100, 1275)),
    32: ("green", 300, 200, (26, 130, 390, 900, 1100, 1275)),
    34: ("green", 320, 200, (28, 150, 450, 1000, 1200, 1400)),
    37: ("dark_blue", 350, 200, (35, 175, 500, 1100, 1300, 1500)),
    39: ("dark_blue", 400, 200, (50, 200, 600, 1400, 1700, 2000)),
}
RAILROADS = (5, 15, 25, 35)
UTILITIES = (12, 28)
HOUSE_COST = {
    "brown": 50,
    "light_blue": 50,
    "pink": 100,
    "orange": 100,
    "red": 150,
    "yellow": 150,
    "green": 200,
    "dark_blue": 200,
}
KINDS = {
    0: Kind.GO,
    2: Kind.COMMUNITY_CHEST,
    4: Kind.TAX,
    7: Kind.CHANCE,
    10: Kind.JAIL,
    17: Kind.COMMUNITY_CHEST,
    20: Kind.FREE_PARKING,
    22: Kind.CHANCE,
    30: Kind.GO_TO_JAIL,
    33: Kind.COMMUNITY_CHEST,
    36: Kind.CHANCE,
    38: Kind.TAX,
    **dict.fromkeys(SITES, Kind.SITE),
    **dict.fromkeys(RAILROADS, Kind.RAILROAD),
    **dict.fromkeys(UTILITIES, Kind.UTILITY),
}
NEAREST_CARDS = {"chance-nearest-railroad-1", "chance-nearest-railroad-2", "chance-nearest-utility"}


def _numbers(ed: Edition) -> list[tuple[int, int, int, int, tuple[int, ...]]]:
    """Deed numbers by position (tax is left out: space 38 differs on purpose)."""
    return [(s.position, s.price, s.mortgage, s.house_cost, s.rents) for s in ed.spaces]


# --- lookup ---------------------------------------------------------------------------


def test_editions_are_registered_by_their_code():
    assert EDITIONS == {"us": US, "uk": UK}
    assert edition("us") is US
    assert edition("uk") is UK


def test_an_unknown_edition_code_raises_key_error_naming_the_known_codes():
    with pytest.raises(KeyError, match=r"'fr'.*uk, us"):
        edition("fr")


def test_each_edition_has_its_name_and_currency():
    assert (US.code, US.name, US.currency) == ("us", "United States (Atlantic City)", "$")
    assert (UK.code, UK.name, UK.currency) == ("uk", "United Kingdom (London)", "£")
    for ed in (US, UK):
        assert (ed.salary, ed.jail_fine, ed.starting_cash) == (200, 50, 1500)


# --- the board ------------------------------------------------------------------------


@BOTH
def test_the_board_has_forty_spaces_each_at_its_own_position(ed):
    assert len(ed.spaces) == 40
    assert [s.position for s in ed.spaces] == list(range(40))
    assert all(ed.space(i) is s for i, s in enumerate(ed.spaces))


@BOTH
def test_every_space_has_the_right_kind(ed):
    assert {s.position: s.kind for s in ed.spaces} == KINDS


@BOTH
def test_non_deed_spaces_carry_the_shared_names_and_no_deed_numbers(ed):
    names = {0: "Go", 10: "Jail / Just Visiting", 20: "Free Parking", 30: "Go To Jail"}
    names |= dict.fromkeys((7, 22, 36), "Chance")
    names |= dict.fromkeys((2, 17, 33), "Community Chest")
    for position, name in names.items():
        space = ed.space(position)
        assert space.name == name
        assert (space.group, space.price, space.mortgage, space.house_cost) == (None, 0, 0, 0)
        assert (space.rents, space.tax) == ((), 0)
        assert not space.is_deed


@BOTH
def test_there_are_28_deeds_22_sites_4_railroads_and_2_utilities(ed):
    assert len(ed.deeds) == 28
    assert [d.position for d in ed.deeds if d.kind is Kind.SITE] == sorted(SITES)
    assert [d.position for d in ed.deeds if d.kind is Kind.RAILROAD] == list(RAILROADS)
    assert [d.position for d in ed.deeds if d.kind is Kind.UTILITY] == list(UTILITIES)


@BOTH
def test_eight_colour_groups_of_two_or_three_sites(ed):
    assert ed.groups == {
        "brown": (1, 3),
        "light_blue": (6, 8, 9),
        "pink": (11, 13, 14),
        "orange": (16, 18, 19),
        "red": (21, 23, 24),
        "yellow": (26, 27, 29),
        "green": (31, 32, 34),
        "dark_blue": (37, 39),
        "railroad": RAILROADS,
        "utility": UTILITIES,
    }
    colours = {g: p for g, p in ed.groups.items() if g not in ("railroad", "utility")}
    assert len(colours) == 8
    assert all(len(p) in (2, 3) for p in colours.values())


@BOTH
def test_every_site_matches_the_hand_checked_deed(ed):
    for position, (group, price, house_cost, rents) in SITES.items():
        site = ed.space(position)
        assert (site.group, site.price, site.house_cost, site.rents) == (
            group,
            price,
            house_cost,
            rents,
        ), site.name
        assert site.tax == 0


@BOTH
def test_mortgage_is_half_the_price_for_every_deed(ed):
    for deed in ed.deeds:
        assert deed.mortgage * 2 == deed.price, deed.name
        assert deed.mortgage > 0


@BOTH
def test_house_cost_follows_the_colour_group(ed):
    for deed in ed.deeds:
        if deed.kind is Kind.SITE:
            assert deed.house_cost == HOUSE_COST[deed.group], deed.name
        else:
            assert deed.house_cost == 0, deed.name


@BOTH
def test_site_rents_are_six_strictly_increasing_numbers(ed):
    for site in (d for d in ed.deeds if d.kind is Kind.SITE):
        assert len(site.rents) == 6, site.name
        assert list(site.rents) == sorted(set(site.rents)), site.name


@BOTH
def test_railroads_cost_200_and_rent_25_50_100_200(ed):
    for position in RAILROADS:
        rr = ed.space(position)
        assert (rr.group, rr.price, rr.mortgage, rr.rents) == (
            "railroad",
            200,
            100,
            (25, 50, 100, 200),
        )


@BOTH
def test_utilities_cost_150_and_have_no_printed_rents(ed):
    assert ed.space(12).name == "Electric Company"
    assert ed.space(28).name == "Water Works"
    for position in UTILITIES:
        utility = ed.space(position)
        assert (utility.group, utility.price, utility.mortgage, utility.rents) == (
            "utility",
            150,
            75,
            (),
        )


def test_boardwalk_and_mayfair_match_the_printed_deed():
    for ed, name in ((US, "Boardwalk"), (UK, "Mayfair")):
        deed = ed.space(39)
        assert deed.name == name
        assert (deed.kind, deed.group) == (Kind.SITE, "dark_blue")
        assert (deed.price, deed.mortgage, deed.house_cost) == (400, 200, 200)
        assert deed.rents == (50, 200, 600, 1400, 1700, 2000)


def test_park_place_and_park_lane_match_the_printed_deed():
    for ed, name in ((US, "Park Place"), (UK, "Park Lane")):
        deed = ed.space(37)
        assert deed.name == name
        assert (deed.price, deed.mortgage, deed.house_cost) == (350, 175, 200)
        assert deed.rents == (35, 175, 500, 1100, 1300, 1500)


def test_the_two_cheapest_sites_match_the_printed_deeds():
    for ed, first, second in (
        (US, "Mediterranean Avenue", "Baltic Avenue"),
        (UK, "Old Kent Road", "Whitechapel Road"),
    ):
        assert ed.space(1).name == first
        assert (ed.space(1).price, ed.space(1).mortgage) == (60, 30)
        assert ed.space(1).rents == (2, 10, 30, 90, 160, 250)
        assert ed.space(3).name == second
        assert (ed.space(3).price, ed.space(3).mortgage) == (60, 30)
        assert ed.space(3).rents == (4, 20, 60, 180, 320, 450)


def test_illinois_and_trafalgar_square_match_the_printed_deed():
    for ed, name in ((US, "Illinois Avenue"), (UK, "Trafalgar Square")):
        deed = ed.space(24)
        assert deed.name == name
        assert (deed.price, deed.mortgage, deed.house_cost) == (240, 120, 150)
        assert deed.rents == (20, 100, 300, 750, 925, 1100)


@BOTH
def test_yellow_260_sites_rent_975_with_four_houses_not_970(ed):
    for position in (26, 27):
        deed = ed.space(position)
        assert deed.price == 260
        assert deed.rents[4] == 975
        assert deed.rents == (22, 110, 330, 800, 975, 1150)


def test_marvin_gardens_and_piccadilly_base_rent_is_24_not_22():
    for ed, name in ((US, "Marvin Gardens"), (UK, "Piccadilly")):
        deed = ed.space(29)
        assert deed.name == name
        assert deed.price == 280
        assert deed.rents[0] == 24
        assert deed.rents == (24, 120, 360, 850, 1025, 1200)


def test_the_us_board_has_the_atlantic_city_names():
    assert [d.name for d in US.deeds] == [
        "Mediterranean Avenue",
        "Baltic Avenue",
        "Reading Railroad",
        "Oriental Avenue",
        "Vermont Avenue",
        "Connecticut Avenue",
        "St. Charles Place",
        "Electric Company",
        "States Avenue",
        "Virginia Avenue",
        "Pennsylvania Railroad",
        "St. James Place",
        "Tennessee Avenue",
        "New York Avenue",
        "Kentucky Avenue",
        "Indiana Avenue",
        "Illinois Avenue",
        "B. & O. Railroad",
        "Atlantic Avenue",
        "Ventnor Avenue",
        "Water Works",
        "Marvin Gardens",
        "Pacific Avenue",
        "North Carolina Avenue",
        "Pennsylvania Avenue",
        "Short Line",
        "Park Place",
        "Boardwalk",
    ]


def test_the_uk_board_has_the_london_names():
    assert [d.name for d in UK.deeds] == [
        "Old Kent Road",
        "Whitechapel Road",
        "King's Cross Station",
        "The Angel Islington",
        "Euston Road",
        "Pentonville Road",
        "Pall Mall",
        "Electric Company",
        "Whitehall",
        "Northumberland Avenue",
        "Marylebone Station",
        "Bow Street",
        "Marlborough Street",
        "Vine Street",
        "Strand",
        "Fleet Street",
        "Trafalgar Square",
        "Fenchurch Street Station",
        "Leicester Square",
        "Coventry Street",
        "Water Works",
        "Piccadilly",
        "Regent Street",
        "Oxford Street",
        "Bond Street",
        "Liverpool Street Station",
        "Park Lane",
        "Mayfair",
    ]


def test_income_tax_is_200_in_both_editions():
    for ed in (US, UK):
        assert (ed.space(4).name, ed.space(4).kind, ed.space(4).tax) == (
            "Income Tax",
            Kind.TAX,
            200,
        )


def test_space_38_is_luxury_tax_75_in_the_us_and_super_tax_100_in_the_uk():
    assert (US.space(38).name, US.space(38).kind, US.space(38).tax) == ("Luxury Tax", Kind.TAX, 75)
    assert (UK.space(38).name, UK.space(38).kind, UK.space(38).tax) == ("Super Tax", Kind.TAX, 100)


def test_the_two_editions_share_every_number_position_by_position():
    assert _numbers(US) == _numbers(UK)
    assert [(s.kind, s.group) for s in US.spaces] == [(s.kind, s.group) for s in UK.spaces]


# --- the cards ------------------------------------------------------------------------


@BOTH
def test_each_deck_has_sixteen_cards_of_its_own_deck(ed):
    assert len(ed.chance) == 16
    assert len(ed.community_chest) == 16
    assert all(c.deck == "chance" and c.id.startswith("chance-") for c in ed.chance)
    assert all(
        c.deck == "community_chest" and c.id.startswith("chest-") for c in ed.community_chest
    )
    assert ed.deck("chance") is ed.chance
    assert ed.deck("community_chest") is ed.community_chest


@BOTH
def test_card_ids_are_unique_lowercase_slugs(ed):
    ids = [c.id for c in (*ed.chance, *ed.community_chest)]
    assert len(set(ids)) == 32
    assert len(ed.cards) == 32
    for card_id in ids:
        assert card_id == card_id.lower()
        assert all(ch.isalnum() or ch == "-" for ch in card_id), card_id


@BOTH
def test_each_deck_has_exactly_one_get_out_of_jail_free_card(ed):
    for deck in (ed.chance, ed.community_chest):
        assert sum(c.effect is Effect.JAIL_CARD for c in deck) == 1


@BOTH
def test_each_deck_has_one_advance_to_go_and_one_go_to_jail_card(ed):
    for deck in (ed.chance, ed.community_chest):
        assert sum(c.effect is Effect.ADVANCE_TO_GO for c in deck) == 1
        assert sum(c.id.endswith("-go-to-jail") and c.effect is Effect.MOVE for c in deck) == 1


@BOTH
def test_card_texts_use_the_edition_currency_only(ed):
    other = "£" if ed.currency == "$" else "$"
    for card in ed.cards.values():
        assert other not in card.text, card.id
        if card.amount or card.per_house:
            assert ed.currency in card.text, card.id


@BOTH
def test_amounts_are_set_only_where_the_effect_uses_them(ed):
    with_amount = {
        Effect.COLLECT,
        Effect.PAY,
        Effect.COLLECT_FROM_EACH,
        Effect.PAY_EACH,
        Effect.PAY_OR_CHANCE,
    }
    for card in ed.cards.values():
        if card.effect in with_amount:
            assert card.amount > 0, card.id
        else:
            assert card.amount == 0, card.id
        if card.effect is Effect.REPAIRS:
            assert card.per_house > 0, card.id
            assert card.per_hotel > 0, card.id
        else:
            assert (card.per_house, card.per_hotel) == (0, 0), card.id


def test_only_the_us_chance_deck_has_the_nearest_railroad_and_utility_cards():
    assert {c.id for c in US.chance} >= NEAREST_CARDS
    for card_id in NEAREST_CARDS:
        assert US.cards[card_id].effect is Effect.MOVE
    for deck in (US.community_chest, UK.chance, UK.community_chest):
        assert not any("nearest" in c.id for c in deck)


def test_only_the_nearest_cards_lead_to_a_card_rent():
    assert {c.id: c.rent_via for c in US.cards.values() if c.rent_via} == {
        "chance-nearest-railroad-1": "nearest_railroad",
        "chance-nearest-railroad-2": "nearest_railroad",
        "chance-nearest-utility": "nearest_utility",
    }
    assert not any(c.rent_via for c in UK.cards.values())


def _money(deck) -> dict[str, tuple[Effect, int, int, int]]:
    return {c.id: (c.effect, c.amount, c.per_house, c.per_hotel) for c in deck}


M = Effect.MOVE


def test_us_chance_deck_effects_and_amounts():
    assert _money(US.chance) == {
        "chance-advance-to-go": (Effect.ADVANCE_TO_GO, 0, 0, 0),
        "chance-illinois-avenue": (M, 0, 0, 0),
        "chance-st-charles-place": (M, 0, 0, 0),
        "chance-nearest-utility": (M, 0, 0, 0),
        "chance-nearest-railroad-1": (M, 0, 0, 0),
        "chance-nearest-railroad-2": (M, 0, 0, 0),
        "chance-dividend": (Effect.COLLECT, 50, 0, 0),
        "chance-jail-free": (Effect.JAIL_CARD, 0, 0, 0),
        "chance-back-three": (M, 0, 0, 0),
        "chance-go-to-jail": (M, 0, 0, 0),
        "chance-general-repairs": (Effect.REPAIRS, 0, 25, 100),
        "chance-poor-tax": (Effect.PAY, 15, 0, 0),
        "chance-reading-railroad": (M, 0, 0, 0),
        "chance-boardwalk": (M, 0, 0, 0),
        "chance-chairman": (Effect.PAY_EACH, 50, 0, 0),
        "chance-building-loan": (Effect.COLLECT, 150, 0, 0),
    }


def test_us_community_chest_deck_effects_and_amounts():
    assert _money(US.community_chest) == {
        "chest-advance-to-go": (Effect.ADVANCE_TO_GO, 0, 0, 0),
        "chest-bank-error": (Effect.COLLECT, 200, 0, 0),
        "chest-doctor": (Effect.PAY, 50, 0, 0),
        "chest-stock-sale": (Effect.COLLECT, 45, 0, 0),
        "chest-jail-free": (Effect.JAIL_CARD, 0, 0, 0),
        "chest-go-to-jail": (M, 0, 0, 0),
        "chest-opera-night": (Effect.COLLECT_FROM_EACH, 50, 0, 0),
        "chest-xmas-fund": (Effect.COLLECT, 100, 0, 0),
        "chest-tax-refund": (Effect.COLLECT, 20, 0, 0),
        "chest-life-insurance": (Effect.COLLECT, 100, 0, 0),
        "chest-hospital": (Effect.PAY, 100, 0, 0),
        "chest-school-tax": (Effect.PAY, 150, 0, 0),
        "chest-services": (Effect.COLLECT, 25, 0, 0),
        "chest-street-repairs": (Effect.REPAIRS, 0, 40, 115),
        "chest-beauty-contest": (Effect.COLLECT, 10, 0, 0),
        "chest-inherit": (Effect.COLLECT, 100, 0, 0),
    }


def test_uk_chance_deck_effects_and_amounts():
    assert _money(UK.chance) == {
        "chance-advance-to-go": (Effect.ADVANCE_TO_GO, 0, 0, 0),
        "chance-trafalgar-square": (M, 0, 0, 0),
        "chance-mayfair": (M, 0, 0, 0),
        "chance-pall-mall": (M, 0, 0, 0),
        "chance-go-to-jail": (M, 0, 0, 0),
        "chance-marylebone-station": (M, 0, 0, 0),
        "chance-back-three": (M, 0, 0, 0),
        "chance-dividend": (Effect.COLLECT, 50, 0, 0),
        "chance-general-repairs": (Effect.REPAIRS, 0, 25, 100),
        "chance-street-repairs": (Effect.REPAIRS, 0, 40, 115),
        "chance-school-fees": (Effect.PAY, 150, 0, 0),
        "chance-drunk-in-charge": (Effect.PAY, 20, 0, 0),
        "chance-speeding": (Effect.PAY, 15, 0, 0),
        "chance-building-loan": (Effect.COLLECT, 150, 0, 0),
        "chance-crossword": (Effect.COLLECT, 100, 0, 0),
        "chance-jail-free": (Effect.JAIL_CARD, 0, 0, 0),
    }


def test_uk_community_chest_deck_effects_and_amounts():
    assert _money(UK.community_chest) == {
        "chest-advance-to-go": (Effect.ADVANCE_TO_GO, 0, 0, 0),
        "chest-old-kent-road": (M, 0, 0, 0),
        "chest-go-to-jail": (M, 0, 0, 0),
        "chest-hospital": (Effect.PAY, 100, 0, 0),
        "chest-doctor": (Effect.PAY, 50, 0, 0),
        "chest-insurance": (Effect.PAY, 50, 0, 0),
        "chest-bank-error": (Effect.COLLECT, 200, 0, 0),
        "chest-annuity": (Effect.COLLECT, 100, 0, 0),
        "chest-inherit": (Effect.COLLECT, 100, 0, 0),
        "chest-stock-sale": (Effect.COLLECT, 50, 0, 0),
        "chest-preference-shares": (Effect.COLLECT, 25, 0, 0),
        "chest-tax-refund": (Effect.COLLECT, 20, 0, 0),
        "chest-beauty-contest": (Effect.COLLECT, 10, 0, 0),
        "chest-birthday": (Effect.COLLECT_FROM_EACH, 10, 0, 0),
        "chest-jail-free": (Effect.JAIL_CARD, 0, 0, 0),
        "chest-fine-or-chance": (Effect.PAY_OR_CHANCE, 10, 0, 0),
    }
