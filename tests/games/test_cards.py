"""docs/rules.md, "Jail, GO, cards": the money a Chance or Community Chest card moves, and Get Out
of Jail Free cards held, used, returned and traded."""

from __future__ import annotations

import pytest

CHANCE, CHEST = "chance", "community_chest"


def card(seat, deck, card_id, **extra):
    return {"kind": "card", "seat": seat, "deck": deck, "card": card_id, **extra}


@pytest.mark.parametrize(
    ("edition", "deck", "card_id", "amount"),
    [
        ("us", CHANCE, "chance-dividend", 50),
        ("us", CHANCE, "chance-building-loan", 150),
        ("us", CHEST, "chest-bank-error", 200),
        ("us", CHEST, "chest-stock-sale", 45),
        ("uk", CHANCE, "chance-crossword", 100),
        ("uk", CHEST, "chest-stock-sale", 50),
        ("uk", CHEST, "chest-preference-shares", 25),
    ],
)
def test_a_collect_card_has_the_bank_pay_the_drawer(
    rules, table, play, edition, deck, card_id, amount
):
    r = rules(edition)
    out = play(table(r), r, card(1, deck, card_id))
    assert out.transfers == (("bank", 1, amount),)
    assert out.state.cash[1] == 1500 + amount


@pytest.mark.parametrize(
    ("edition", "deck", "card_id", "amount"),
    [
        ("us", CHANCE, "chance-poor-tax", 15),
        ("us", CHEST, "chest-school-tax", 150),
        ("us", CHEST, "chest-doctor", 50),
        ("uk", CHANCE, "chance-drunk-in-charge", 20),
        ("uk", CHEST, "chest-insurance", 50),
        ("uk", CHEST, "chest-hospital", 100),
    ],
)
def test_a_pay_card_has_the_drawer_pay_the_bank(rules, table, play, edition, deck, card_id, amount):
    r = rules(edition)
    out = play(table(r), r, card(2, deck, card_id))
    assert out.transfers == ((2, "bank", amount),)
    assert out.state.cash[2] == 1500 - amount


def test_a_pay_each_card_pays_every_other_active_player(rules, table, play):
    r = rules("us")
    state = table(r, seats=4, cash={3: 0}, bankrupt=[3])
    out = play(state, r, card(1, CHANCE, "chance-chairman"))
    assert out.transfers == ((1, 2, 50), (1, 4, 50))
    assert out.state.cash == {1: 1400, 2: 1550, 3: 0, 4: 1550}


@pytest.mark.parametrize(
    ("edition", "card_id", "amount"),
    [("us", "chest-opera-night", 50), ("uk", "chest-birthday", 10)],
)
def test_a_collect_from_each_card_collects_from_every_other_active_player(
    rules, table, play, edition, card_id, amount
):
    r = rules(edition)
    state = table(r, seats=4, cash={2: 0}, bankrupt=[2])
    out = play(state, r, card(3, CHEST, card_id))
    assert out.transfers == ((1, 3, amount), (4, 3, amount))
    assert out.state.cash == {1: 1500 - amount, 2: 0, 3: 1500 + 2 * amount, 4: 1500 - amount}


@pytest.mark.parametrize(
    ("edition", "deck", "card_id", "amount"),
    [
        ("us", CHEST, "chest-street-repairs", 475),  # 9 houses x 40 + 1 hotel x 115
        ("us", CHANCE, "chance-general-repairs", 325),  # 9 houses x 25 + 1 hotel x 100
        ("uk", CHANCE, "chance-street-repairs", 475),
        ("uk", CHANCE, "chance-general-repairs", 325),
    ],
)
def test_repairs_are_computed_from_the_drawers_own_buildings(
    rules, table, play, edition, deck, card_id, amount
):
    r = rules(edition)
    state = table(
        r,
        owns={1: [1, 3, 37, 39], 2: [21, 23, 24]},
        houses={1: 2, 3: 3, 37: 4, 21: 1, 23: 1, 24: 1},
        hotels=[39],
    )
    out = play(state, r, card(1, deck, card_id))
    assert out.transfers == ((1, "bank", amount),)
    assert out.state.cash[1] == 1500 - amount


def test_repairs_count_every_hotel(ed, rules, table, play):
    r = rules(ed)
    state = table(r, owns={1: [37, 39]}, hotels=[37, 39])
    out = play(state, r, card(1, CHANCE, "chance-general-repairs"))
    assert out.transfers == ((1, "bank", 200),)  # 2 hotels x 100


def test_repairs_cost_nothing_without_buildings(ed, rules, table, play):
    r = rules(ed)
    state = table(r, owns={1: [37, 39], 2: [1, 3]}, houses={1: 1, 3: 1})
    out = play(state, r, card(1, CHANCE, "chance-general-repairs"))
    assert out.transfers == ()
    assert out.state == state


@pytest.mark.parametrize("deck", [CHANCE, CHEST])
def test_the_advance_to_go_card_pays_the_salary(ed, rules, table, play, deck):
    r = rules(ed)
    prefix = "chance" if deck == CHANCE else "chest"
    out = play(table(r), r, card(2, deck, f"{prefix}-advance-to-go"))
    assert out.transfers == (("bank", 2, 200),)


@pytest.mark.parametrize(
    ("edition", "deck", "card_id"),
    [
        ("us", CHANCE, "chance-boardwalk"),
        ("us", CHANCE, "chance-illinois-avenue"),
        ("us", CHANCE, "chance-nearest-railroad-1"),
        ("us", CHANCE, "chance-nearest-utility"),
        ("us", CHANCE, "chance-back-three"),
        ("us", CHEST, "chest-go-to-jail"),
        ("uk", CHANCE, "chance-mayfair"),
        ("uk", CHANCE, "chance-marylebone-station"),
        ("uk", CHANCE, "chance-go-to-jail"),
        ("uk", CHEST, "chest-old-kent-road"),
    ],
)
def test_a_card_that_only_moves_a_token_moves_no_money(rules, table, play, edition, deck, card_id):
    r = rules(edition)
    state = table(r, owns={2: [5, 12, 39]})
    out = play(state, r, card(1, deck, card_id))
    assert out.transfers == ()
    assert out.state == state


# --- Get Out of Jail Free ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("deck", "card_id"), [(CHANCE, "chance-jail-free"), (CHEST, "chest-jail-free")]
)
def test_a_get_out_of_jail_free_card_is_held_by_the_drawer(ed, rules, table, play, deck, card_id):
    r = rules(ed)
    out = play(table(r), r, card(2, deck, card_id))
    assert out.transfers == ()
    assert out.state.jail_cards[deck] == 2
    assert out.state.jail_cards_of(2) == [deck]
    assert out.state.cash == {1: 1500, 2: 1500, 3: 1500}


def test_a_held_jail_card_cannot_be_drawn_again(ed, rules, table, refused):
    r = rules(ed)
    state = table(r, jail_cards={CHANCE: 2})
    error = refused(state, r, card(1, CHANCE, "chance-jail-free"), "card_held")
    assert error.detail == "Seat 2 already holds the Chance Get Out of Jail Free card."
    refused(state, r, card(2, CHANCE, "chance-jail-free"), "card_held")


def test_a_used_jail_card_goes_back_under_its_deck(ed, rules, table, play):
    r = rules(ed)
    state = table(r, jail_cards={CHANCE: 2, CHEST: 2})
    out = play(state, r, {"kind": "use_jail_card", "seat": 2, "deck": CHEST})
    assert out.transfers == ()
    assert out.state.jail_cards == {CHANCE: 2, CHEST: None}
    again = play(out.state, r, card(1, CHEST, "chest-jail-free"))
    assert again.state.jail_cards == {CHANCE: 2, CHEST: 1}


def test_only_a_held_jail_card_can_be_used(ed, rules, table, refused):
    r = rules(ed)
    state = table(r, jail_cards={CHANCE: 2})
    error = refused(state, r, {"kind": "use_jail_card", "seat": 1}, "no_jail_card")
    assert error.detail == "Seat 1 holds no such Get Out of Jail Free card."
    refused(state, r, {"kind": "use_jail_card", "seat": 2, "deck": CHEST}, "no_jail_card")


def test_a_traded_jail_card_is_used_by_its_new_holder(ed, rules, table, play):
    r = rules(ed)
    state = table(r, jail_cards={CHANCE: 1})
    out = play(
        state,
        r,
        {"kind": "trade", "seat": 1, "to_seat": 3, "give": {"jail_cards": 1}, "take": {"cash": 40}},
        {"kind": "use_jail_card", "seat": 3},
    )
    assert out.transfers == ((3, 1, 40),)
    assert out.state.jail_cards == {CHANCE: None, CHEST: None}


# --- UK: pay a fine or take a Chance ---------------------------------------------------------


@pytest.mark.parametrize("extra", [{}, {"choice": "pay"}], ids=["default", "pay"])
def test_uk_pay_a_fine_or_take_a_chance_pays_10_unless_chance_is_chosen(rules, table, play, extra):
    r = rules("uk")
    out = play(table(r), r, card(1, CHEST, "chest-fine-or-chance", **extra))
    assert out.transfers == ((1, "bank", 10),)


def test_uk_taking_a_chance_instead_of_the_fine_moves_no_money_itself(rules, table, play):
    r = rules("uk")
    out = play(
        table(r),
        r,
        card(1, CHEST, "chest-fine-or-chance", choice="chance"),
        card(1, CHANCE, "chance-speeding"),
    )
    assert out.transfers == ((1, "bank", 15),)


def test_only_a_pay_or_take_a_chance_card_takes_a_choice(ed, rules, table, refused):
    r = rules(ed)
    error = refused(table(r), r, card(1, CHEST, "chest-doctor", choice="pay"), "invalid_field")
    assert error.detail == "Only a pay-or-take-a-Chance card takes a choice."


def test_the_us_decks_have_no_pay_or_take_a_chance_card(rules, table, refused):
    r = rules("us")
    refused(table(r), r, card(1, CHEST, "chest-fine-or-chance"), "unknown_card")


@pytest.mark.parametrize(
    ("deck", "card_id"),
    [(CHANCE, "chest-doctor"), (CHEST, "chance-dividend"), (CHANCE, "chance-no-such-card")],
)
def test_a_card_must_be_one_of_the_named_deck(ed, rules, table, refused, deck, card_id):
    r = rules(ed)
    refused(table(r), r, card(1, deck, card_id), "unknown_card")
