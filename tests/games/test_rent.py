"""docs/rules.md, "Rent": sites, railroads, utilities, the nearest-railroad/utility cards, and when
nothing is paid. Board numbers are the same in both editions."""

from __future__ import annotations

import pytest

# --- sites ----------------------------------------------------------------------------


def test_rent_on_an_unbuilt_site_is_the_printed_rent(ed, rules, table, play):
    r = rules(ed)
    state = table(r, owns={1: [39], 3: [37]})
    out = play(state, r, {"kind": "rent", "seat": 2, "space": 39})
    assert out.transfers == ((2, 1, 50),)
    assert out.state.cash == {1: 1550, 2: 1450, 3: 1500}


@pytest.mark.parametrize(
    ("group", "space", "rent"),
    [([37, 39], 39, 100), ([37, 39], 37, 70), ([1, 3], 3, 8), ([21, 23, 24], 24, 40)],
)
def test_rent_on_an_unbuilt_site_doubles_when_the_owner_holds_the_whole_group(
    ed, rules, table, play, group, space, rent
):
    r = rules(ed)
    out = play(table(r, owns={1: group}), r, {"kind": "rent", "seat": 2, "space": space})
    assert out.transfers == ((2, 1, rent),)


def test_rent_is_not_doubled_when_one_site_of_the_group_is_missing(ed, rules, table, play):
    r = rules(ed)
    state = table(r, owns={1: [21, 23]})  # Illinois / Trafalgar Square (24) still with the bank
    out = play(state, r, {"kind": "rent", "seat": 2, "space": 21})
    assert out.transfers == ((2, 1, 18),)


@pytest.mark.parametrize("edition", ["us", "uk"])
def test_double_rent_despite_a_mortgaged_site_of_the_group_under_the_variant(
    rules, table, play, edition
):
    r = rules(edition, double_rent_despite_mortgage=True)
    state = table(r, owns={1: [37, 39]}, mortgaged=[37])
    out = play(state, r, {"kind": "rent", "seat": 2, "space": 39})
    assert out.transfers == ((2, 1, 100),)


@pytest.mark.parametrize("edition", ["us", "uk"])
def test_single_rent_with_a_mortgaged_site_of_the_group_without_the_variant(
    rules, table, play, edition
):
    r = rules(edition, double_rent_despite_mortgage=False)
    state = table(r, owns={1: [37, 39]}, mortgaged=[37])
    out = play(state, r, {"kind": "rent", "seat": 2, "space": 39})
    assert out.transfers == ((2, 1, 50),)


@pytest.mark.parametrize(("edition", "rent"), [("us", 100), ("uk", 50)])
def test_by_default_the_us_edition_doubles_despite_a_mortgage_and_the_uk_edition_does_not(
    rules, table, play, edition, rent
):
    r = rules(edition)
    state = table(r, owns={1: [37, 39]}, mortgaged=[37])
    out = play(state, r, {"kind": "rent", "seat": 2, "space": 39})
    assert out.transfers == ((2, 1, rent),)


@pytest.mark.parametrize(
    ("houses", "rent"), [(1, 200), (2, 600), (3, 1400), (4, 1700)], ids=lambda v: str(v)
)
def test_rent_on_a_site_with_houses_is_the_deed_rent_for_that_many_houses(
    ed, rules, table, play, houses, rent
):
    r = rules(ed)
    state = table(r, owns={1: [37, 39]}, houses={37: houses, 39: houses})
    out = play(state, r, {"kind": "rent", "seat": 2, "space": 39})
    assert out.transfers == ((2, 1, rent),)


def test_rent_on_a_site_with_a_hotel_is_the_deed_hotel_rent(ed, rules, table, play):
    r = rules(ed)
    state = table(r, owns={1: [37, 39]}, hotels=[37, 39])
    out = play(state, r, {"kind": "rent", "seat": 2, "space": 37})
    assert out.transfers == ((2, 1, 1500),)


def test_rent_with_houses_in_a_three_site_group(ed, rules, table, play):
    r = rules(ed)
    state = table(r, owns={1: [21, 23, 24]}, houses={21: 3, 23: 3, 24: 3})
    out = play(state, r, {"kind": "rent", "seat": 2, "space": 24})
    assert out.transfers == ((2, 1, 750),)


def test_an_unbuilt_site_of_a_group_with_houses_elsewhere_earns_double_rent(ed, rules, table, play):
    r = rules(ed)
    state = table(r, owns={1: [21, 23, 24]}, houses={23: 1, 24: 1})
    out = play(state, r, {"kind": "rent", "seat": 2, "space": 21})
    assert out.transfers == ((2, 1, 36),)


# --- railroads / stations ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("owned", "rent"),
    [([5], 25), ([5, 15], 50), ([5, 15, 25], 100), ([5, 15, 25, 35], 200)],
    ids=["one", "two", "three", "four"],
)
def test_railroad_rent_is_25_50_100_200_for_one_to_four_owned(ed, rules, table, play, owned, rent):
    r = rules(ed)
    out = play(table(r, owns={1: owned}), r, {"kind": "rent", "seat": 2, "space": 5})
    assert out.transfers == ((2, 1, rent),)


def test_railroads_of_another_owner_do_not_count(ed, rules, table, play):
    r = rules(ed)
    state = table(r, owns={1: [5, 15], 3: [25, 35]})
    out = play(state, r, {"kind": "rent", "seat": 2, "space": 25})
    assert out.transfers == ((2, 3, 50),)


def test_mortgaged_railroads_still_count_toward_the_number_owned(ed, rules, table, play):
    r = rules(ed)
    state = table(r, owns={1: [5, 15, 25, 35]}, mortgaged=[15, 25, 35])
    out = play(state, r, {"kind": "rent", "seat": 2, "space": 5})
    assert out.transfers == ((2, 1, 200),)


@pytest.mark.parametrize(
    ("owned", "rent"), [([5], 50), ([5, 15], 100), ([5, 15, 25, 35], 400)], ids=["1", "2", "4"]
)
def test_the_nearest_railroad_card_makes_the_railroad_rent_double(rules, table, play, owned, rent):
    r = rules("us")
    state = table(r, owns={1: owned})
    out = play(
        state,
        r,
        {"kind": "card", "seat": 2, "deck": "chance", "card": "chance-nearest-railroad-2"},
        {"kind": "rent", "seat": 2, "space": 5, "via_card": "nearest_railroad"},
    )
    assert out.transfers == ((2, 1, rent),)


def test_the_uk_edition_has_no_nearest_railroad_or_utility_card_to_rent_by(rules, table, refused):
    r = rules("uk")
    state = table(r, owns={1: [5, 12]})
    error = refused(
        state,
        r,
        {"kind": "rent", "seat": 2, "space": 5, "via_card": "nearest_railroad"},
        "invalid_field",
    )
    assert error.detail == "No card of this edition leads to the nearest railroad."
    error = refused(
        state,
        r,
        {"kind": "rent", "seat": 2, "space": 12, "dice": 8, "via_card": "nearest_utility"},
        "invalid_field",
    )
    assert error.detail == "No card of this edition leads to the nearest utility."


# --- utilities ---------------------------------------------------------------------------


def test_utility_rent_is_four_times_the_dice_with_one_owned(ed, rules, table, play):
    r = rules(ed)
    out = play(table(r, owns={1: [12]}), r, {"kind": "rent", "seat": 2, "space": 12, "dice": 7})
    assert out.transfers == ((2, 1, 28),)


def test_utility_rent_is_ten_times_the_dice_with_both_owned(ed, rules, table, play):
    r = rules(ed)
    state = table(r, owns={1: [12, 28]})
    out = play(state, r, {"kind": "rent", "seat": 2, "space": 28, "dice": 7})
    assert out.transfers == ((2, 1, 70),)


def test_a_mortgaged_utility_still_counts_as_owned(ed, rules, table, play):
    r = rules(ed)
    state = table(r, owns={1: [12, 28]}, mortgaged=[28])
    out = play(state, r, {"kind": "rent", "seat": 2, "space": 12, "dice": 9})
    assert out.transfers == ((2, 1, 90),)


def test_utilities_of_different_owners_are_four_times_the_dice_each(ed, rules, table, play):
    r = rules(ed)
    state = table(r, owns={1: [12], 3: [28]})
    out = play(state, r, {"kind": "rent", "seat": 2, "space": 28, "dice": 11})
    assert out.transfers == ((2, 3, 44),)


@pytest.mark.parametrize("owned", [[12], [12, 28]], ids=["one", "both"])
def test_the_nearest_utility_card_makes_the_rent_ten_times_the_dice_whatever_is_owned(
    rules, table, play, owned
):
    r = rules("us")
    out = play(
        table(r, owns={1: owned}),
        r,
        {"kind": "card", "seat": 2, "deck": "chance", "card": "chance-nearest-utility"},
        {"kind": "rent", "seat": 2, "space": 12, "dice": 6, "via_card": "nearest_utility"},
    )
    assert out.transfers == ((2, 1, 60),)


def test_utility_rent_needs_the_dice_total(ed, rules, table, refused):
    r = rules(ed)
    refused(table(r, owns={1: [12]}), r, {"kind": "rent", "seat": 2, "space": 12}, "dice_required")


@pytest.mark.parametrize("space", [39, 5])
def test_the_dice_count_only_for_utilities(ed, rules, table, refused, space):
    r = rules(ed)
    state = table(r, owns={1: [39, 5]})
    refused(state, r, {"kind": "rent", "seat": 2, "space": space, "dice": 7}, "invalid_field")


@pytest.mark.parametrize(
    ("space", "via_card"),
    [
        (39, "nearest_railroad"),
        (39, "nearest_utility"),
        (5, "nearest_utility"),
        (12, "nearest_railroad"),
    ],
)
def test_a_card_rent_applies_only_to_the_kind_of_property_the_card_names(
    rules, table, refused, space, via_card
):
    r = rules("us")
    state = table(r, owns={1: [39, 5, 12]})
    entry = {"kind": "rent", "seat": 2, "space": space, "via_card": via_card}
    if space == 12:
        entry["dice"] = 7
    refused(state, r, entry, "invalid_field")


# --- no rent ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "entry",
    [
        {"kind": "rent", "seat": 2, "space": 39},
        {"kind": "rent", "seat": 2, "space": 5},
        {"kind": "rent", "seat": 2, "space": 5, "via_card": "nearest_railroad"},
        {"kind": "rent", "seat": 2, "space": 12, "dice": 8},
    ],
    ids=["site", "railroad", "railroad-by-card", "utility"],
)
def test_no_rent_is_paid_on_a_mortgaged_property(rules, table, refused, entry):
    r = rules("us")
    state = table(r, owns={1: [37, 39, 5, 15, 12, 28]}, mortgaged=[39, 5, 12])
    refused(state, r, entry, "mortgaged")


def test_no_rent_is_paid_on_a_mortgaged_property_in_either_edition(ed, rules, table, refused):
    r = rules(ed)
    state = table(r, owns={1: [37, 39]}, mortgaged=[39])
    refused(state, r, {"kind": "rent", "seat": 2, "space": 39}, "mortgaged")


def test_no_rent_is_paid_on_ones_own_property(ed, rules, table, refused):
    r = rules(ed)
    entry = {"kind": "rent", "seat": 2, "space": 39}
    error = refused(table(r, owns={2: [39]}), r, entry, "own_property")
    assert error.detail == f"Seat 2 owns {r.edition.space(39).name}."


def test_no_rent_is_paid_on_an_unowned_property(ed, rules, table, refused):
    r = rules(ed)
    refused(table(r), r, {"kind": "rent", "seat": 2, "space": 39}, "unowned")


def test_no_rent_is_paid_to_a_bankrupt_owner(ed, rules, table, refused):
    r = rules(ed)
    state = table(r, owns={1: [39]}, cash={1: 0}, bankrupt=[1])
    error = refused(state, r, {"kind": "rent", "seat": 2, "space": 39}, "owner_bankrupt")
    assert error.detail == "Seat 1 is bankrupt."


@pytest.mark.parametrize("space", [0, 4, 7, 20, 38])
def test_no_rent_is_paid_on_a_space_that_is_not_a_property(ed, rules, table, refused, space):
    r = rules(ed)
    refused(table(r), r, {"kind": "rent", "seat": 2, "space": space}, "not_a_deed")


def test_rent_needs_a_seat_at_the_table(ed, rules, table, refused):
    r = rules(ed)
    refused(table(r, owns={1: [39]}), r, {"kind": "rent", "seat": 5, "space": 39}, "unknown_seat")
