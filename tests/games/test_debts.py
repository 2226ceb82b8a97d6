"""docs/rules.md, "Debts and bankruptcy": a debt is owed in full even when cash is short; a
voluntary spend needs the cash; a seat in debt may still raise money."""

from __future__ import annotations

import pytest

# --- debts take cash below zero ----------------------------------------------------------


def test_rent_is_owed_in_full_even_when_it_takes_cash_below_zero(ed, rules, table, play):
    r = rules(ed)
    state = table(r, owns={1: [37, 39]}, hotels=[37, 39], cash={2: 300})
    out = play(state, r, {"kind": "rent", "seat": 2, "space": 39})
    assert out.transfers == ((2, 1, 2000),)
    assert out.state.cash == {1: 3500, 2: -1700, 3: 1500}


@pytest.mark.parametrize(
    ("entry", "cash_after"),
    [
        ({"kind": "tax", "seat": 2, "space": 4}, -195),
        ({"kind": "jail_fine", "seat": 2}, -45),
        ({"kind": "card", "seat": 2, "deck": "community_chest", "card": "chest-hospital"}, -95),
        ({"kind": "card", "seat": 2, "deck": "chance", "card": "chance-general-repairs"}, -195),
        ({"kind": "card", "seat": 3, "deck": "community_chest", "card": "chest-birthday"}, -5),
    ],
    ids=["tax", "jail-fine", "card-pay", "card-repairs", "card-collect-from-each"],
)
def test_tax_fines_and_cards_may_take_cash_below_zero(rules, table, play, entry, cash_after):
    r = rules("uk")
    state = table(r, owns={2: [1, 3]}, houses={1: 4, 3: 4}, cash={2: 5})
    # general repairs: 8 houses x 25 = 200; birthday: each other player pays 10
    out = play(state, r, entry)
    assert out.state.cash[2] == cash_after


def test_a_card_paying_each_other_player_may_take_cash_below_zero(rules, table, play):
    r = rules("us")
    state = table(r, seats=4, cash={1: 100})
    out = play(state, r, {"kind": "card", "seat": 1, "deck": "chance", "card": "chance-chairman"})
    assert out.state.cash == {1: -50, 2: 1550, 3: 1550, 4: 1550}


# --- voluntary spends need the cash ----------------------------------------------------------


@pytest.mark.parametrize(
    ("entry", "needed", "sentence"),
    [
        (
            {"kind": "buy", "seat": 1, "space": 39},
            400,
            "Seat 1 has {have} but {site} costs {needed}.",
        ),
        (
            {"kind": "auction", "seat": 1, "space": 39, "amount": 250},
            250,
            "Seat 1 has {have} but the winning bid for {site} costs {needed}.",
        ),
        (
            {"kind": "build", "seat": 1, "space": 24},
            150,
            "Seat 1 has {have} but a building on {site} costs {needed}.",
        ),
        (
            {"kind": "unmortgage", "seat": 1, "space": 5},
            110,
            "Seat 1 has {have} but lifting the mortgage on {site} costs {needed}.",
        ),
        (
            {"kind": "pay_player", "seat": 1, "to_seat": 2, "amount": 120, "memo": "dinner"},
            120,
            "Seat 1 has {have} but this payment costs {needed}.",
        ),
        (
            {
                "kind": "trade",
                "seat": 1,
                "to_seat": 2,
                "give": {"cash": 90},
                "take": {"spaces": [12]},
            },
            90,
            "Seat 1 would pay {needed} in this trade but has {have}.",
        ),
    ],
    ids=["buy", "auction-bid", "build", "unmortgage", "pay-player", "trade-cash"],
)
def test_a_voluntary_spend_needs_the_cash(ed, rules, table, play, refused, entry, needed, sentence):
    r = rules(ed)
    owns = {1: [21, 23, 24, 5], 2: [12]}
    short = table(r, owns=owns, mortgaged=[5], cash={1: needed - 1})
    error = refused(short, r, entry, "insufficient_cash")
    site = r.edition.space(entry.get("space", 0)).name
    assert error.detail == sentence.format(
        have=r.money(needed - 1), needed=r.money(needed), site=site
    )
    refused(table(r, owns=owns, mortgaged=[5], cash={1: -100}), r, entry, "insufficient_cash")
    out = play(table(r, owns=owns, mortgaged=[5], cash={1: needed}), r, entry)
    assert out.state.cash[1] == 0


def test_short_game_a_dealt_deed_needs_the_cash(rules, table, refused):
    r = rules("uk", short_game=True)
    state = table(r, cash={1: 399})
    error = refused(state, r, {"kind": "deal", "seat": 1, "space": 39}, "insufficient_cash")
    assert error.detail == f"Seat 1 has £399 but {r.edition.space(39).name} costs £400."


# --- a seat in debt raises money -----------------------------------------------------------


def test_a_seat_in_debt_may_sell_buildings(ed, rules, table, play):
    r = rules(ed)
    state = table(r, owns={1: [37, 39]}, houses={37: 1, 39: 1}, cash={1: -150})
    out = play(
        state,
        r,
        {"kind": "sell_building", "seat": 1, "space": 39},
        {"kind": "sell_building", "seat": 1, "space": 37},
    )
    assert out.state.cash[1] == 50


def test_a_seat_in_debt_may_mortgage(ed, rules, table, play):
    r = rules(ed)
    out = play(
        table(r, owns={1: [39]}, cash={1: -150}), r, {"kind": "mortgage", "seat": 1, "space": 39}
    )
    assert out.state.cash[1] == 50


def test_a_seat_in_debt_may_trade_to_raise_money(ed, rules, table, play):
    r = rules(ed)
    state = table(r, owns={1: [39]}, cash={1: -150}, jail_cards={"chance": 1})
    out = play(
        state,
        r,
        {
            "kind": "trade",
            "seat": 1,
            "to_seat": 2,
            "give": {"spaces": [39], "jail_cards": 1},
            "take": {"cash": 450},
        },
    )
    assert out.state.cash == {1: 300, 2: 1050, 3: 1500}


def test_a_seat_in_debt_may_not_buy_build_or_lift_a_mortgage(ed, rules, table, refused):
    r = rules(ed)
    state = table(r, owns={1: [37, 39, 5]}, mortgaged=[5], cash={1: -1})
    refused(state, r, {"kind": "buy", "seat": 1, "space": 1}, "insufficient_cash")
    refused(state, r, {"kind": "build", "seat": 1, "space": 39}, "insufficient_cash")
    refused(state, r, {"kind": "unmortgage", "seat": 1, "space": 5}, "insufficient_cash")
