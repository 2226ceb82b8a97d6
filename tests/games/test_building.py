"""docs/rules.md, "Buildings": complete unmortgaged groups, even building and selling, the bank's
32 houses and 12 hotels, hotels (after three houses in the short game), selling at half price."""

from __future__ import annotations

import json

import pytest

GREEN, RED = [31, 32, 34], [21, 23, 24]

# --- what may be built on --------------------------------------------------------------------


@pytest.mark.parametrize(("space", "cost"), [(39, 200), (1, 50), (24, 150)])
def test_a_house_costs_the_house_cost_of_its_group(ed, rules, table, play, space, cost):
    r = rules(ed)
    state = table(r, owns={1: [37, 39, 1, 3, *RED]})
    out = play(state, r, {"kind": "build", "seat": 1, "space": space})
    assert out.transfers == ((1, "bank", cost),)
    assert out.state.deeds[space].houses == 1
    assert out.state.bank_houses == 31
    assert out.state.cash[1] == 1500 - cost


@pytest.mark.parametrize("owns", [{1: [37]}, {1: [37], 2: [39]}], ids=["bank-has-one", "split"])
def test_building_needs_the_whole_colour_group(ed, rules, table, refused, owns):
    r = rules(ed)
    refused(table(r, owns=owns), r, {"kind": "build", "seat": 1, "space": 37}, "incomplete_group")


def test_building_needs_a_group_with_no_mortgaged_site(ed, rules, table, refused):
    r = rules(ed)
    state = table(r, owns={1: [37, 39]}, mortgaged=[37])
    refused(state, r, {"kind": "build", "seat": 1, "space": 39}, "group_mortgaged")


def test_building_is_refused_with_a_mortgaged_site_even_under_double_rent_despite_mortgage(
    rules, table, refused
):
    r = rules("us", double_rent_despite_mortgage=True)
    state = table(r, owns={1: RED}, mortgaged=[21])
    refused(state, r, {"kind": "build", "seat": 1, "space": 24}, "group_mortgaged")


def test_only_the_owner_builds(ed, rules, table, refused):
    r = rules(ed)
    entry = {"kind": "build", "seat": 2, "space": 39}
    error = refused(table(r, owns={1: [37, 39]}), r, entry, "not_owner")
    assert error.detail == f"Seat 2 does not own {r.edition.space(39).name}."


@pytest.mark.parametrize(("owns", "space"), [([5, 15, 25, 35], 5), ([12, 28], 28)])
def test_railroads_and_utilities_cannot_be_built_on(ed, rules, table, refused, owns, space):
    r = rules(ed)
    refused(table(r, owns={1: owns}), r, {"kind": "build", "seat": 1, "space": space}, "not_a_site")


@pytest.mark.parametrize("space", [0, 4, 20])
def test_nothing_is_built_on_a_space_that_is_not_a_property(ed, rules, table, refused, space):
    r = rules(ed)
    refused(table(r), r, {"kind": "build", "seat": 1, "space": space}, "not_a_deed")


def test_a_house_needs_the_cash(ed, rules, table, play, refused):
    r = rules(ed)
    short = table(r, owns={1: [37, 39]}, cash={1: 199})
    refused(short, r, {"kind": "build", "seat": 1, "space": 39}, "insufficient_cash")
    exact = table(r, owns={1: [37, 39]}, cash={1: 200})
    assert play(exact, r, {"kind": "build", "seat": 1, "space": 39}).state.cash[1] == 0


# --- even building ---------------------------------------------------------------------------


def test_houses_are_built_evenly_across_a_two_site_group(ed, rules, table, play, refused):
    r = rules(ed)
    state = table(r, owns={1: [37, 39]}, houses={37: 1})
    refused(state, r, {"kind": "build", "seat": 1, "space": 37}, "uneven_building")
    out = play(state, r, {"kind": "build", "seat": 1, "space": 39})
    assert (out.state.deeds[37].houses, out.state.deeds[39].houses) == (1, 1)


def test_houses_are_built_evenly_across_a_three_site_group(ed, rules, table, play, refused):
    r = rules(ed)
    state = table(r, owns={1: RED}, houses={21: 1, 23: 1})
    refused(state, r, {"kind": "build", "seat": 1, "space": 21}, "uneven_building")
    refused(state, r, {"kind": "build", "seat": 1, "space": 23}, "uneven_building")
    out = play(
        state,
        r,
        {"kind": "build", "seat": 1, "space": 24},
        {"kind": "build", "seat": 1, "space": 21},
    )
    assert [out.state.deeds[p].houses for p in RED] == [2, 1, 1]
    assert out.transfers == ((1, "bank", 150), (1, "bank", 150))


# --- hotels ----------------------------------------------------------------------------------


def test_a_hotel_needs_four_houses_on_every_site_of_the_group(ed, rules, table, refused):
    r = rules(ed)
    two = table(r, owns={1: [37, 39]}, houses={37: 4, 39: 3})
    refused(two, r, {"kind": "build", "seat": 1, "space": 37}, "uneven_building")
    three = table(r, owns={1: GREEN}, houses={31: 4, 32: 4, 34: 3})
    refused(three, r, {"kind": "build", "seat": 1, "space": 31}, "uneven_building")


def test_a_hotel_replaces_four_houses_which_go_back_to_the_bank(ed, rules, table, play):
    r = rules(ed)
    state = table(r, owns={1: [37, 39]}, houses={37: 4, 39: 4})
    assert (state.bank_houses, state.bank_hotels) == (24, 12)
    out = play(state, r, {"kind": "build", "seat": 1, "space": 39})
    assert out.transfers == ((1, "bank", 200),)
    assert (out.state.deeds[39].hotel, out.state.deeds[39].houses) == (True, 0)
    assert (out.state.bank_houses, out.state.bank_hotels) == (28, 11)


def test_a_hotel_counts_as_five_houses_for_even_building(ed, rules, table, play, refused):
    r = rules(ed)
    state = table(r, owns={1: [37, 39]}, houses={37: 4}, hotels=[39])
    out = play(state, r, {"kind": "build", "seat": 1, "space": 37})
    assert out.state.deeds[37].hotel
    behind = table(r, owns={1: [1, 3]}, houses={1: 4}, hotels=[3])
    refused(behind, r, {"kind": "sell_building", "seat": 1, "space": 1}, "uneven_selling")


def test_a_site_with_a_hotel_takes_no_more_buildings(ed, rules, table, refused):
    r = rules(ed)
    state = table(r, owns={1: [37, 39]}, houses={37: 4}, hotels=[39])
    refused(state, r, {"kind": "build", "seat": 1, "space": 39}, "max_buildings")


def test_short_game_a_hotel_comes_after_three_houses_on_every_site(rules, table, play, refused):
    r = rules("uk", short_game=True)
    state = table(r, owns={1: [37, 39]}, houses={37: 3, 39: 3})
    out = play(state, r, {"kind": "build", "seat": 1, "space": 39})
    assert (out.state.deeds[39].hotel, out.state.deeds[39].houses) == (True, 0)
    assert (out.state.bank_houses, out.state.bank_hotels) == (29, 11)  # 26 + the three back
    uneven = table(r, owns={1: [37, 39]}, houses={37: 3, 39: 2})
    refused(uneven, r, {"kind": "build", "seat": 1, "space": 37}, "uneven_building")


def test_short_game_a_hotel_may_follow_three_houses_without_a_fourth(ed, rules, table, play):
    """Left to the next building in order, a build on three houses is the hotel."""
    r = rules(ed, short_game=True)
    state = table(r, owns={1: [1, 3]}, houses={1: 3, 3: 3})
    out = play(state, r, {"kind": "build", "seat": 1, "space": 1})
    assert out.state.deeds[1] == (1, 0, True, False)
    assert out.transfers == ((1, "bank", 50),)
    named = play(state, r, {"kind": "build", "seat": 1, "space": 1, "building": "hotel"})
    assert named.state == out.state


def test_short_game_a_fourth_house_may_be_built_instead_of_the_hotel(ed, rules, table, play):
    """The UK short game lets a player buy the hotel after three houses; it does not make
    them: a fourth house, asked for by name, is built like any other."""
    r = rules(ed, short_game=True)
    state = table(r, owns={1: [1, 3]}, houses={1: 3, 3: 3})
    out = play(
        state,
        r,
        {"kind": "build", "seat": 1, "space": 1, "building": "house"},
        {"kind": "build", "seat": 1, "space": 3, "building": "house"},
    )
    assert [out.state.deeds[p] for p in (1, 3)] == [(1, 4, False, False)] * 2
    assert out.transfers == ((1, "bank", 50), (1, "bank", 50))
    assert out.state.bank_houses == 32 - 8
    # four houses is the most a site holds; then only the hotel, which takes all four back
    hotel = play(out.state, r, {"kind": "build", "seat": 1, "space": 3})
    assert hotel.state.deeds[3] == (1, 0, True, False)
    assert (hotel.state.bank_houses, hotel.state.bank_hotels) == (28, 11)


def test_short_game_a_fourth_house_and_a_hotel_stand_level_for_even_building(
    ed, rules, table, play, refused
):
    r = rules(ed, short_game=True)
    state = table(r, owns={1: RED}, houses={21: 4, 23: 3}, hotels=[24])
    # a fourth house beside the hotel keeps the group even; so does a hotel beside a fourth
    assert play(state, r, {"kind": "build", "seat": 1, "space": 23, "building": "house"})
    assert play(state, r, {"kind": "build", "seat": 1, "space": 23, "building": "hotel"})
    two = table(r, owns={1: RED}, houses={21: 3, 23: 3, 24: 2})
    refused(
        two, r, {"kind": "build", "seat": 1, "space": 21, "building": "hotel"}, "uneven_building"
    )
    refused(
        two, r, {"kind": "build", "seat": 1, "space": 21, "building": "house"}, "uneven_building"
    )


def test_a_fifth_house_is_never_built(ed, rules, table, refused):
    for short_game in (False, True):
        r = rules(ed, short_game=short_game)
        state = table(r, owns={1: [37, 39]}, houses={37: 4, 39: 4})
        entry = {"kind": "build", "seat": 1, "space": 39, "building": "house"}
        error = refused(state, r, entry, "max_buildings")
        assert "four houses" in error.detail


def test_a_hotel_asked_for_by_name_needs_the_full_row(ed, rules, table, play, refused):
    r = rules(ed)
    state = table(r, owns={1: [37, 39]}, houses={37: 3, 39: 3})
    refused(
        state, r, {"kind": "build", "seat": 1, "space": 39, "building": "hotel"}, "uneven_building"
    )
    full = table(r, owns={1: [37, 39]}, houses={37: 4, 39: 4})
    out = play(full, r, {"kind": "build", "seat": 1, "space": 39, "building": "hotel"})
    assert out.state.deeds[39] == (1, 0, True, False)


# --- the bank's stock ----------------------------------------------------------------------


def test_a_new_table_bank_holds_32_houses_and_12_hotels(ed, rules):
    from games.engine import new_table

    state = new_table(rules(ed), [1, 2, 3, 4])
    assert (state.bank_houses, state.bank_hotels) == (32, 12)


def test_no_house_is_built_when_the_bank_has_none_left(ed, rules, table, play, refused):
    r = rules(ed)
    built = dict.fromkeys([37, 39, *GREEN, *RED], 4)  # 2 + 3 + 3 sites x 4 = 32 houses
    state = table(r, owns={1: [37, 39, *GREEN, *RED], 2: [26, 27, 29]}, houses=built)
    assert state.bank_houses == 0
    error = refused(state, r, {"kind": "build", "seat": 2, "space": 26}, "no_houses_left")
    assert error.detail == "The bank has no houses left."
    # a hotel takes no house from the bank: it gives four back
    out = play(state, r, {"kind": "build", "seat": 1, "space": 39})
    assert out.state.bank_houses == 4


def test_no_hotel_is_built_when_the_bank_has_none_left(ed, rules, table, refused):
    r = rules(ed)
    hotels = [16, 18, 19, 21, 23, 24, 26, 27, 29, 31, 32, 34]
    state = table(r, owns={1: hotels, 2: [37, 39]}, hotels=hotels, houses={37: 4, 39: 4})
    assert state.bank_hotels == 0
    error = refused(state, r, {"kind": "build", "seat": 2, "space": 39}, "no_hotels_left")
    assert error.detail == "The bank has no hotels left."


def test_the_last_houses_go_to_the_highest_bidder_with_an_auction_entry(ed, rules, table, play):
    r = rules(ed)
    state = table(r, owns={1: [37, 39], 2: [1, 3]}, bank_houses=1)
    out = play(state, r, {"kind": "auction", "seat": 2, "space": 3, "amount": 120})
    assert out.transfers == ((2, "bank", 120),)
    assert out.state.deeds[3].houses == 1
    assert out.state.bank_houses == 0
    assert out.state.cash == {1: 1500, 2: 1380, 3: 1500}


def test_an_auctioned_house_follows_the_building_rules(ed, rules, table, refused):
    r = rules(ed)
    state = table(r, owns={1: [37, 39, 1], 2: RED}, houses={37: 1}, bank_houses=1, cash={1: 100})
    refused(state, r, {"kind": "auction", "seat": 1, "space": 37, "amount": 50}, "uneven_building")
    refused(state, r, {"kind": "auction", "seat": 1, "space": 1, "amount": 50}, "incomplete_group")
    refused(
        state, r, {"kind": "auction", "seat": 1, "space": 39, "amount": 101}, "insufficient_cash"
    )
    refused(state, r, {"kind": "auction", "seat": 2, "space": 39, "amount": 50}, "already_owned")


def test_building_auction_only_when_the_bank_is_short_of_what_two_players_want(
    ed, rules, table, play, refused
):
    """The rule books auction buildings only when the bank's last ones are wanted by more
    than one player: with the bank's houses enough for every builder, a house is bought at
    its price, never auctioned."""
    r = rules(ed)
    plenty = table(r, owns={1: [37, 39], 2: [1, 3]})
    assert plenty.bank_houses == 32
    entry = {"kind": "auction", "seat": 1, "space": 39, "amount": 1}
    error = refused(plenty, r, entry, "no_building_shortage")
    assert "Houses left at the bank: 32" in error.detail
    # one builder alone, however few houses the bank holds: no auction
    alone = table(r, owns={1: [37, 39]}, bank_houses=1)
    error = refused(alone, r, entry, "no_building_shortage")
    assert error.detail == (
        "Houses left at the bank: 1, and fewer than two players can build: buildings are "
        "auctioned only when the bank's last ones are wanted by more than one player. Record a "
        "build at its price."
    )
    # two builders who could take 16 houses between them, 15 in the bank: an auction
    short = table(r, owns={1: [37, 39], 2: [1, 3]}, bank_houses=15)
    out = play(short, r, entry)
    assert out.transfers == ((1, "bank", 1),)
    assert out.state.deeds[39].houses == 1
    # 16 in the bank: enough for both, no auction
    refused(
        table(r, owns={1: [37, 39], 2: [1, 3]}, bank_houses=16), r, entry, "no_building_shortage"
    )


def test_hotel_auction_only_when_the_bank_is_short_of_hotels(ed, rules, table, play, refused):
    r = rules(ed)
    rows = {37: 4, 39: 4, 1: 4, 3: 4}
    entry = {"kind": "auction", "seat": 1, "space": 39, "amount": 5}
    # four sites ready for a hotel between two players, three hotels in the bank
    short = table(r, owns={1: [37, 39], 2: [1, 3]}, houses=rows, bank_hotels=3)
    out = play(short, r, entry)
    assert out.state.deeds[39] == (1, 0, True, False)
    assert out.transfers == ((1, "bank", 5),)
    enough = table(r, owns={1: [37, 39], 2: [1, 3]}, houses=rows, bank_hotels=4)
    error = refused(enough, r, entry, "no_building_shortage")
    assert "Hotels left at the bank: 4" in error.detail


def test_a_building_shortage_counts_the_houses_still_to_come_on_every_group_of_a_player(
    ed, rules, table, play, refused
):
    """Seat 1 could still put up 2 + 2 houses on its brown / dark purple sites, which have
    two each, and 4 + 4 on the dark blue sites; seat 2, 12 on the red ones: 24 between them."""
    r = rules(ed)
    owns, houses = {1: [1, 3, 37, 39], 2: RED}, {1: 2, 3: 2}
    entry = {"kind": "auction", "seat": 2, "space": 21, "amount": 10}
    error = refused(
        table(r, owns=owns, houses=houses, bank_houses=24), r, entry, "no_building_shortage"
    )
    assert "2 players could build 24 between them" in error.detail
    out = play(table(r, owns=owns, houses=houses, bank_houses=23), r, entry)
    assert out.transfers == ((2, "bank", 10),)
    assert out.state.deeds[21] == (2, 1, False, False)
    assert out.state.bank_houses == 22


def test_a_building_shortage_counts_no_house_for_a_full_row(ed, rules, table, refused):
    """Seat 1's dark blue sites have their full rows: it wants a hotel, not a house, so
    seat 2 alone wants the bank's last house and buys it at its price."""
    r = rules(ed)
    state = table(r, owns={1: [37, 39], 2: [1, 3]}, houses={37: 4, 39: 4}, bank_houses=1)
    entry = {"kind": "auction", "seat": 2, "space": 1, "amount": 10}
    error = refused(state, r, entry, "no_building_shortage")
    assert "fewer than two players can build" in error.detail


def test_a_building_shortage_counts_only_complete_unmortgaged_groups(ed, rules, table, refused):
    """Seat 2's red sites lack one, and its brown / dark purple ones have a mortgage: only
    seat 1 could build, so the bank's last house is bought at its price, not auctioned."""
    r = rules(ed)
    state = table(r, owns={1: [37, 39], 2: [21, 23, 1, 3]}, mortgaged=[3], bank_houses=1)
    entry = {"kind": "auction", "seat": 1, "space": 39, "amount": 10}
    error = refused(state, r, entry, "no_building_shortage")
    assert "fewer than two players can build" in error.detail


def test_several_buildings_only_on_a_site(ed, rules, table, refused):
    r = rules(ed)
    state = table(r, owns={1: [5, 15, 25, 35]})
    error = refused(state, r, {"kind": "build", "seat": 1, "space": 5, "count": 2}, "not_a_site")
    assert error.detail == f"Nothing can be built on {r.edition.space(5).name}."


@pytest.mark.parametrize(
    ("space", "code"), [(5, "not_a_site"), (39, "max_buildings")], ids=["railroad", "hotel"]
)
def test_an_auctioned_building_needs_a_site_with_room(ed, rules, table, refused, space, code):
    r = rules(ed)
    state = table(r, owns={1: [37, 39, 5], 2: [1, 3]}, houses={37: 4}, hotels=[39])
    refused(state, r, {"kind": "auction", "seat": 1, "space": space, "amount": 10}, code)


# --- selling ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("group", "half"), [([37, 39], 100), ([1, 3], 25), (RED, 75)])
def test_a_house_sells_back_to_the_bank_at_half_its_price(ed, rules, table, play, group, half):
    r = rules(ed)
    state = table(r, owns={1: group}, houses=dict.fromkeys(group, 1))
    out = play(state, r, {"kind": "sell_building", "seat": 1, "space": group[-1]})
    assert out.transfers == (("bank", 1, half),)
    assert out.state.deeds[group[-1]].houses == 0
    assert out.state.bank_houses == state.bank_houses + 1


def test_houses_are_sold_evenly(ed, rules, table, play, refused):
    r = rules(ed)
    state = table(r, owns={1: RED}, houses={21: 2, 23: 3, 24: 3})
    error = refused(state, r, {"kind": "sell_building", "seat": 1, "space": 21}, "uneven_selling")
    ahead, named = r.edition.space(23).name, r.edition.space(21).name
    assert error.detail == f"Sell evenly: sell from {ahead} before {named}."
    out = play(
        state,
        r,
        {"kind": "sell_building", "seat": 1, "space": 24},
        {"kind": "sell_building", "seat": 1, "space": 23},
        {"kind": "sell_building", "seat": 1, "space": 21},
    )
    assert [out.state.deeds[p].houses for p in RED] == [1, 2, 2]
    assert out.state.cash[1] == 1500 + 3 * 75


def test_a_house_is_not_sold_before_the_hotel_of_the_group(ed, rules, table, refused):
    r = rules(ed)
    state = table(r, owns={1: [37, 39]}, houses={37: 4}, hotels=[39])
    refused(state, r, {"kind": "sell_building", "seat": 1, "space": 37}, "uneven_selling")


def test_selling_a_hotel_breaks_it_back_into_four_houses_from_the_bank(ed, rules, table, play):
    r = rules(ed)
    state = table(r, owns={1: [37, 39]}, hotels=[37, 39])
    assert (state.bank_houses, state.bank_hotels) == (32, 10)
    out = play(state, r, {"kind": "sell_building", "seat": 1, "space": 39})
    assert out.transfers == (("bank", 1, 100),)
    assert out.state.deeds[39] == (1, 4, False, False)
    assert (out.state.bank_houses, out.state.bank_hotels) == (28, 11)


def test_a_hotel_breaks_into_houses_when_the_bank_has_exactly_four(ed, rules, table, play):
    r = rules(ed)
    state = table(r, owns={1: [37, 39]}, hotels=[37, 39], bank_houses=4)
    out = play(state, r, {"kind": "sell_building", "seat": 1, "space": 37})
    assert out.state.deeds[37].houses == 4
    assert out.state.bank_houses == 0


def test_without_the_houses_in_the_bank_the_hotel_goes_with_its_houses_at_half_the_price_of_all(
    ed, rules, table, play
):
    r = rules(ed)
    state = table(r, owns={1: [37, 39]}, houses={37: 4}, hotels=[39], bank_houses=3)
    out = play(state, r, {"kind": "sell_building", "seat": 1, "space": 39})
    # (200 hotel + 4 x 200 houses) / 2, and three of Park Place's houses: down to one
    assert out.transfers == (("bank", 1, 800),)
    assert out.state.deeds[39] == (1, 0, False, False)
    assert out.state.deeds[37] == (1, 1, False, False)
    assert (out.state.bank_houses, out.state.bank_hotels) == (6, 12)


def test_short_game_selling_a_hotel_breaks_it_into_three_houses(rules, table, play):
    r = rules("us", short_game=True)
    state = table(r, owns={1: [37, 39]}, hotels=[37, 39])
    out = play(state, r, {"kind": "sell_building", "seat": 1, "space": 39})
    assert out.transfers == (("bank", 1, 100),)
    assert out.state.deeds[39].houses == 3
    assert out.state.bank_houses == 29


def test_short_game_without_the_houses_the_hotels_go_with_their_three_houses(rules, table, play):
    r = rules("uk", short_game=True)
    state = table(r, owns={1: [37, 39]}, hotels=[37, 39], bank_houses=2)
    out = play(state, r, {"kind": "sell_building", "seat": 1, "space": 39})
    assert out.transfers == (("bank", 1, 800),)  # 2 x (200 hotel + 3 x 200 houses) / 2
    assert out.state.bank_houses == 2
    assert out.state.bank_hotels == 12


def test_house_shortage_hotel_sale_sells_the_groups_hotels_together(ed, rules, table, play):
    """With no houses in the bank to break a hotel into, the hotels of its group are sold
    together, each with its houses: the group stays even (the UK rules: all hotels on one
    colour group may be sold at once)."""
    r = rules(ed)
    state = table(r, owns={1: [37, 39]}, hotels=[37, 39], bank_houses=0)
    out = play(state, r, {"kind": "sell_building", "seat": 1, "space": 39})
    assert out.transfers == (("bank", 1, 1000),)  # 2 x (200 hotel + 4 x 200 houses) / 2
    assert out.state.deeds[37] == (1, 0, False, False)
    assert out.state.deeds[39] == (1, 0, False, False)
    assert (out.state.bank_houses, out.state.bank_hotels) == (0, 12)
    assert out.state.cash[1] == 2500
    # as the table is stored: no houses, a number, not a false
    assert json.dumps(out.state.as_dict()["deeds"]["39"]) == "[1, 0, false, false]"


def test_house_shortage_hotel_sale_brings_the_groups_houses_down_to_one(ed, rules, table, play):
    """Beside the hotels sold together, a site of the group with houses keeps one at most,
    so no two sites differ by more than one."""
    r = rules(ed)
    state = table(r, owns={1: GREEN}, hotels=[31, 32], houses={34: 4}, bank_houses=0)
    out = play(state, r, {"kind": "sell_building", "seat": 1, "space": 31})
    # half of 200 a building: 5 + 5 for the hotels, 3 of the four houses
    assert out.transfers == (("bank", 1, 1300),)
    assert [out.state.deeds[p].houses for p in GREEN] == [0, 0, 1]
    assert not any(out.state.deeds[p].hotel for p in GREEN)
    assert (out.state.bank_houses, out.state.bank_hotels) == (3, 12)


def test_house_shortage_hotel_sale_in_the_short_game(ed, rules, table, play):
    r = rules(ed, short_game=True)
    state = table(r, owns={1: RED}, hotels=[21, 24], houses={23: 4}, bank_houses=1)
    out = play(state, r, {"kind": "sell_building", "seat": 1, "space": 24})
    # half of 150: 4 + 4 for the short game's hotels, 3 of the four houses
    assert out.transfers == (("bank", 1, 825),)
    assert [out.state.deeds[p].houses for p in RED] == [0, 1, 0]
    assert (out.state.bank_houses, out.state.bank_hotels) == (4, 12)


def test_only_a_site_with_buildings_has_one_to_sell(ed, rules, table, refused):
    r = rules(ed)
    state = table(r, owns={1: [37, 39, 5]})
    refused(state, r, {"kind": "sell_building", "seat": 1, "space": 39}, "no_buildings")
    refused(state, r, {"kind": "sell_building", "seat": 1, "space": 5}, "not_a_site")


def test_only_the_owner_sells_buildings(ed, rules, table, refused):
    r = rules(ed)
    state = table(r, owns={1: [37, 39]}, houses={37: 1, 39: 1})
    refused(state, r, {"kind": "sell_building", "seat": 2, "space": 39}, "not_owner")


# --- the words of a refusal ------------------------------------------------------------------


def test_uneven_building_says_whether_a_hotel_or_a_house_is_waiting(ed, rules, table, refused):
    r = rules(ed)
    hotel = table(r, owns={1: [37, 39]}, houses={37: 3, 39: 4})
    error = refused(hotel, r, {"kind": "build", "seat": 1, "space": 39}, "uneven_building")
    name = r.edition.space(37).name
    assert error.detail == (
        f"A hotel on {r.edition.space(39).name} needs 4 houses on every site of its group "
        f"first: {name} has 3."
    )
    house = table(r, owns={1: [37, 39]}, houses={37: 1, 39: 2})
    error = refused(house, r, {"kind": "build", "seat": 1, "space": 39}, "uneven_building")
    assert error.detail == (
        f"Build evenly: {name} needs a house before {r.edition.space(39).name} gets another."
    )


def test_uneven_building_names_the_first_of_the_lowest_sites(ed, rules, table, refused):
    r = rules(ed)
    state = table(r, owns={1: RED}, houses={24: 1})
    error = refused(state, r, {"kind": "build", "seat": 1, "space": 24}, "uneven_building")
    lowest, named = r.edition.space(21).name, r.edition.space(24).name
    assert error.detail == f"Build evenly: {lowest} needs a house before {named} gets another."


def test_insufficient_cash_names_the_spend_and_the_site(ed, rules, table, refused):
    r = rules(ed)
    state = table(r, owns={1: [37, 39]}, cash={1: 150})
    error = refused(state, r, {"kind": "build", "seat": 1, "space": 39}, "insufficient_cash")
    c = r.edition.currency
    assert error.detail == (
        f"Seat 1 has {c}150 but a building on {r.edition.space(39).name} costs {c}200."
    )
    mortgaged = table(r, owns={1: [5]}, mortgaged=[5], cash={1: 100})
    error = refused(
        mortgaged, r, {"kind": "unmortgage", "seat": 1, "space": 5}, "insufficient_cash"
    )
    assert error.detail == (
        f"Seat 1 has {c}100 but lifting the mortgage on {r.edition.space(5).name} costs {c}110."
    )


def test_incomplete_group_names_the_seat_and_the_group(ed, rules, table, refused):
    r = rules(ed)
    state = table(r, owns={1: [37], 2: [39, 32]})
    error = refused(state, r, {"kind": "build", "seat": 1, "space": 37}, "incomplete_group")
    assert error.detail == (
        f"Seat 1 needs every dark blue site before building on {r.edition.space(37).name}."
    )
    error = refused(state, r, {"kind": "build", "seat": 2, "space": 32}, "incomplete_group")
    assert error.detail == (
        f"Seat 2 needs every green site before building on {r.edition.space(32).name}."
    )


# --- several at once -------------------------------------------------------------------------


def test_several_houses_in_one_entry_go_evenly_across_the_group(ed, rules, table, play):
    r = rules(ed)
    state = table(r, owns={1: RED}, houses={21: 1})
    out = play(state, r, {"kind": "build", "seat": 1, "space": 24, "count": 4})
    # The lowest site first, the named one first among equals, then in board order:
    # 24, 23, 24 again, then 21.
    assert [out.state.deeds[p].houses for p in RED] == [2, 1, 2]
    assert out.transfers == ((1, "bank", 4 * 150),)  # one payment for the lot
    assert out.state.bank_houses == 32 - 1 - 4
    assert out.state.cash[1] == 1500 - 4 * 150


def test_several_hotels_in_one_entry_need_the_full_rows(ed, rules, table, play, refused):
    r = rules(ed)
    state = table(r, owns={1: [37, 39]}, houses={37: 4, 39: 4})
    out = play(state, r, {"kind": "build", "seat": 1, "space": 39, "building": "hotel", "count": 2})
    assert (out.state.deeds[37].hotel, out.state.deeds[39].hotel) == (True, True)
    assert out.transfers == ((1, "bank", 400),)
    refused(
        table(r, owns={1: [37, 39]}, houses={37: 4, 39: 3}),
        r,
        {"kind": "build", "seat": 1, "space": 39, "building": "hotel", "count": 2},
        "uneven_building",
    )
    hotels = {"kind": "build", "seat": 1, "space": 39, "building": "hotel", "count": 3}
    error = refused(state, r, hotels, "max_buildings")
    name = r.edition.space(39).name
    assert error.detail == f"{name}'s group holds a hotel each at most: 3 more do not fit."


def test_short_game_several_hotels_go_on_the_named_site_then_in_board_order(rules, table, play):
    """A hotel stands on three houses or four in the short game: the hotels go on the named
    site, then in board order, not on the sites with fewer houses first."""
    r = rules("uk", short_game=True)
    state = table(r, owns={1: RED}, houses={21: 4, 23: 3, 24: 3})
    entry = {"kind": "build", "seat": 1, "space": 21, "building": "hotel", "count": 2}
    out = play(state, r, entry)
    assert [out.state.deeds[p] for p in RED] == [
        (1, 0, True, False),
        (1, 0, True, False),
        (1, 3, False, False),
    ]
    assert (out.state.bank_houses, out.state.bank_hotels) == (32 - 3, 10)
    assert out.transfers == ((1, "bank", 2 * 150),)


def test_several_houses_need_the_cash_for_all_of_them_and_change_nothing_if_refused(
    ed, rules, table, refused
):
    r = rules(ed)
    state = table(r, owns={1: [37, 39]}, cash={1: 500})
    error = refused(
        state, r, {"kind": "build", "seat": 1, "space": 37, "count": 3}, "insufficient_cash"
    )
    cost = r.money(3 * 200)
    assert (
        error.detail
        == f"Seat 1 has {r.money(500)} but building 3 on the dark blue sites costs {cost}."
    )
    assert (state.deeds[37].houses, state.deeds[39].houses, state.bank_houses) == (0, 0, 32)


def test_more_houses_than_the_group_holds_or_the_bank_has_are_refused(ed, rules, table, refused):
    r = rules(ed)
    state = table(r, owns={1: [37, 39]}, cash={1: 10_000})
    error = refused(
        state, r, {"kind": "build", "seat": 1, "space": 37, "count": 9}, "max_buildings"
    )
    name = r.edition.space(37).name
    assert error.detail == f"{name}'s group holds 4 houses each at most: 9 more do not fit."
    short = table(r, owns={1: [37, 39]}, cash={1: 10_000}, bank_houses=2)
    refused(short, r, {"kind": "build", "seat": 1, "space": 37, "count": 3}, "no_houses_left")


def test_several_buildings_sell_back_evenly_from_the_fullest_site(ed, rules, table, play):
    r = rules(ed)
    state = table(r, owns={1: RED}, houses={21: 3, 23: 3, 24: 2})
    out = play(state, r, {"kind": "sell_building", "seat": 1, "space": 21, "count": 3})
    # The fullest site first, the named one first among equals: 21, 23, then 21 again.
    assert [out.state.deeds[p].houses for p in RED] == [1, 2, 2]
    assert out.transfers == (("bank", 1, 3 * 75),)


def test_several_buildings_sold_from_a_group_with_a_hotel_take_the_hotel_first(
    ed, rules, table, play
):
    r = rules(ed)
    state = table(r, owns={1: [37, 39]}, houses={37: 4}, hotels=[39])
    out = play(state, r, {"kind": "sell_building", "seat": 1, "space": 37, "count": 2})
    # The hotel on 39 breaks back into four houses, then 37, named, loses one.
    assert [out.state.deeds[p] for p in (37, 39)] == [(1, 3, False, False), (1, 4, False, False)]
    assert out.transfers == (("bank", 1, 2 * 100),)
    assert (out.state.bank_houses, out.state.bank_hotels) == (32 - 4 - 4 + 1, 12)
    assert out.state.cash[1] == 1700


def test_short_game_several_buildings_sold_take_the_hotel_before_a_fourth_house(rules, table, play):
    r = rules("uk", short_game=True)
    state = table(r, owns={1: [37, 39]}, houses={37: 4}, hotels=[39])
    out = play(state, r, {"kind": "sell_building", "seat": 1, "space": 37, "count": 2})
    # The hotel stands level with a fourth house: 37, named, goes down to three first, then
    # the hotel on 39 breaks back into three houses.
    assert [out.state.deeds[p] for p in (37, 39)] == [(1, 3, False, False), (1, 3, False, False)]
    assert out.transfers == (("bank", 1, 2 * 100),)


def test_short_game_several_sold_in_a_house_shortage_take_the_named_fourth_house_first(
    rules, table, play
):
    """Level with the hotel, the named site's fourth house goes first; then, the bank short
    of the three houses, the hotel goes with its houses and the other site keeps one."""
    r = rules("uk", short_game=True)
    state = table(r, owns={1: [37, 39]}, houses={37: 4}, hotels=[39], bank_houses=0)
    out = play(state, r, {"kind": "sell_building", "seat": 1, "space": 37, "count": 2})
    assert [out.state.deeds[p] for p in (37, 39)] == [(1, 1, False, False), (1, 0, False, False)]
    assert out.transfers == (("bank", 1, 100 + 4 * 100 + 2 * 100),)
    assert (out.state.bank_houses, out.state.bank_hotels) == (3, 12)


def test_selling_more_buildings_than_the_group_has_is_refused_whole(ed, rules, table, refused):
    r = rules(ed)
    state = table(r, owns={1: [37, 39]}, houses={37: 1, 39: 1})
    error = refused(
        state, r, {"kind": "sell_building", "seat": 1, "space": 37, "count": 3}, "no_buildings"
    )
    assert "fewer than 3 buildings" in error.detail


def test_short_game_several_houses_on_three_house_sites_are_fourth_houses(rules, table, play):
    """A count of houses in the short game builds fourth houses, not the hotel that a single
    build on three houses would be."""
    r = rules("uk", short_game=True)
    state = table(r, owns={1: [1, 3]}, houses={1: 3, 3: 3})
    out = play(state, r, {"kind": "build", "seat": 1, "space": 1, "count": 2})
    assert [out.state.deeds[p] for p in (1, 3)] == [(1, 4, False, False)] * 2
    assert out.transfers == ((1, "bank", 100),)
    assert (out.state.bank_houses, out.state.bank_hotels) == (32 - 8, 12)
