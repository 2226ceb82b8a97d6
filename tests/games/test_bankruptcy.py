"""RULES.md, "Debts and bankruptcy": bankrupt to a player or to the bank."""

from __future__ import annotations

import pytest

from games.engine import Deed


def test_bankrupt_to_a_player_hands_cash_deeds_and_jail_cards_to_the_creditor(
    ed, rules, table, play
):
    r = rules(ed)
    state = table(
        r,
        owns={1: [5, 12], 2: [37, 39]},
        houses={37: 1, 39: 2},
        cash={1: 100},
        jail_cards={"chance": 1},
    )
    out = play(
        state,
        r,
        {"kind": "rent", "seat": 1, "space": 39},  # two houses on Boardwalk / Mayfair: 600
        {"kind": "bankrupt", "seat": 1, "creditor": 2},
    )
    assert out.transfers == ((1, 2, 600), (2, 1, 500))
    assert out.state.cash == {1: 0, 2: 1600, 3: 1500}  # the creditor gained the 100 seat 1 had
    assert (out.state.deeds[5].owner, out.state.deeds[12].owner) == (2, 2)
    assert out.state.jail_cards == {"chance": 2, "community_chest": None}
    assert out.state.bankrupt == (1,)


def test_the_creditor_ends_with_what_the_debtor_had_not_with_the_whole_debt(ed, rules, table, play):
    r = rules(ed)
    state = table(r, owns={1: [1, 3], 2: [37, 39]}, houses={1: 3, 3: 3}, cash={1: 50})
    out = play(
        state,
        r,
        {"kind": "rent", "seat": 1, "space": 39},  # 100: the whole dark blue group, unbuilt
        {"kind": "bankrupt", "seat": 1, "creditor": 2},
    )
    # seat 1 had 50 cash and six houses worth 6 x 25 = 150 to the bank: 200 in all
    assert out.transfers == ((1, 2, 100), ("bank", 1, 150), (1, 2, 100))
    assert out.state.cash == {1: 0, 2: 1700, 3: 1500}
    assert out.state.deeds[1] == (2, 0, False, False)
    assert out.state.deeds[3] == (2, 0, False, False)
    assert out.state.bank_houses == 32


@pytest.mark.parametrize(
    ("short_game", "houses", "hotels", "value"),
    [
        (False, {1: 2, 3: 1}, [], 75),  # 3 x 25
        (False, {}, [1, 3], 250),  # 2 hotels x 5 x 25
        (True, {}, [1, 3], 200),  # 2 hotels x 4 x 25 in the short game
        (False, {37: 4}, [39], 900),  # 4 x 100 + 5 x 100
    ],
    ids=["houses", "hotels", "short-game-hotels", "houses-and-hotel"],
)
def test_bankrupt_buildings_go_back_to_the_bank_at_half_price(
    ed, rules, table, play, short_game, houses, hotels, value
):
    r = rules(ed, short_game=short_game)
    state = table(r, owns={1: [1, 3, 37, 39]}, houses=houses, hotels=hotels, cash={1: -25})
    out = play(state, r, {"kind": "bankrupt", "seat": 1, "creditor": 2})
    assert out.transfers == (("bank", 1, value), (1, 2, value - 25))
    assert out.state.cash == {1: 0, 2: 1500 + value - 25, 3: 1500}
    assert (out.state.bank_houses, out.state.bank_hotels) == (32, 12)
    assert not any(out.state.deeds[p].built for p in (1, 3, 37, 39))


def test_the_creditor_pays_ten_percent_at_once_on_each_mortgaged_deed_received(
    ed, rules, table, play
):
    r = rules(ed)
    state = table(r, owns={1: [5, 12, 37]}, mortgaged=[5, 37], cash={1: -20})
    out = play(state, r, {"kind": "bankrupt", "seat": 1, "creditor": 2})
    assert out.transfers == ((2, 1, 20), (2, "bank", 10), (2, "bank", 18))
    assert out.state.cash == {1: 0, 2: 1452, 3: 1500}
    assert out.state.deeds[37] == (2, 0, False, True)
    assert out.state.deeds[5] == (2, 0, False, True)
    lifted = play(out.state, r, {"kind": "unmortgage", "seat": 2, "space": 37})
    assert lifted.transfers == ((2, "bank", 193),)  # value + 10% again


def test_the_debtor_ends_at_zero_owning_nothing_and_out_of_the_game(ed, rules, table, play):
    r = rules(ed)
    state = table(r, owns={1: [39]}, cash={1: -300}, jail_cards={"community_chest": 1})
    out = play(state, r, {"kind": "bankrupt", "seat": 1, "creditor": 3})
    assert out.state.cash[1] == 0
    assert out.state.owned_by(1) == []
    assert out.state.jail_cards_of(1) == []
    assert out.state.bankrupt == (1,)
    assert out.state.active_seats() == (2, 3)


def test_bankrupt_to_the_bank_deeds_become_unowned_and_unmortgaged_and_cards_go_back(
    ed, rules, table, play
):
    r = rules(ed)
    state = table(
        r,
        owns={1: [37, 1, 3], 2: [39]},
        houses={1: 1, 3: 1},
        mortgaged=[37],
        cash={1: 10},
        jail_cards={"chance": 1, "community_chest": 1},
    )
    out = play(
        state,
        r,
        {"kind": "jail_fine", "seat": 1},
        {"kind": "bankrupt", "seat": 1},
    )
    # 10 - 50 = -40; two houses fetch 2 x 25 = 50; the remaining 10 goes to the bank
    assert out.transfers == ((1, "bank", 50), ("bank", 1, 50), (1, "bank", 10))
    assert out.state.cash == {1: 0, 2: 1500, 3: 1500}
    for position in (37, 1, 3):
        assert out.state.deeds[position] == Deed()
    assert out.state.deeds[39].owner == 2
    assert out.state.jail_cards == {"chance": None, "community_chest": None}
    assert out.state.bank_houses == 32
    assert out.state.bankrupt == (1,)


def test_bankrupt_to_the_bank_the_shortfall_is_written_off(ed, rules, table, play):
    r = rules(ed)
    out = play(table(r, cash={1: -40}), r, {"kind": "bankrupt", "seat": 1, "creditor": None})
    assert out.transfers == (("bank", 1, 40),)
    assert out.state.cash[1] == 0


@pytest.mark.parametrize("cash", [0, 100])
@pytest.mark.parametrize("creditor", [2, None])
def test_no_bankruptcy_without_a_debt(ed, rules, table, refused, cash, creditor):
    r = rules(ed)
    state = table(r, owns={1: [39]}, cash={1: cash})
    refused(state, r, {"kind": "bankrupt", "seat": 1, "creditor": creditor}, "not_in_debt")


@pytest.mark.parametrize(
    "entry",
    [
        {"kind": "pass_go", "seat": 1},
        {"kind": "buy", "seat": 1, "space": 37},
        {"kind": "rent", "seat": 1, "space": 39},
        {"kind": "card", "seat": 1, "deck": "community_chest", "card": "chest-bank-error"},
        {"kind": "pay_player", "seat": 2, "to_seat": 1, "amount": 10},
        {"kind": "trade", "seat": 2, "to_seat": 1, "give": {"cash": 10}},
        {"kind": "bankrupt", "seat": 3, "creditor": 1},
        {"kind": "bankrupt", "seat": 1, "creditor": 3},
        {"kind": "bank_payment", "seat": 1, "amount": 100},
        {"kind": "adjust", "seat": 1, "amount": 100, "reason": "miscounted"},
    ],
    ids=lambda e: e["kind"],
)
def test_a_bankrupt_seat_can_no_longer_act(ed, rules, table, refused, entry):
    r = rules(ed)
    state = table(r, owns={2: [39]}, cash={1: 0, 3: -10}, bankrupt=[1])
    refused(state, r, entry, "seat_bankrupt")


def test_nobody_goes_bankrupt_to_themselves(ed, rules, table, refused):
    r = rules(ed)
    refused(table(r, cash={1: -5}), r, {"kind": "bankrupt", "seat": 1, "creditor": 1}, "same_seat")


def test_the_creditor_must_be_a_seat_at_the_table(ed, rules, table, refused):
    r = rules(ed)
    refused(
        table(r, cash={1: -5}), r, {"kind": "bankrupt", "seat": 1, "creditor": 4}, "unknown_seat"
    )
