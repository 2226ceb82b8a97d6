"""docs/rules.md, "Editions" (tax), "Jail, GO, cards" (fine, salary) and the plain money entries of
docs/api.md: pass_go, buy, auction, deal, tax, jail_fine, bank_payment, pay_player, adjust."""

from __future__ import annotations

import json

import pytest

from games.engine import ENTRY_KINDS

# --- Income Tax (space 4) ----------------------------------------------------------------


@pytest.mark.parametrize("extra", [{}, {"choice": "flat"}], ids=["default", "flat"])
def test_income_tax_is_a_flat_200(ed, rules, table, play, extra):
    r = rules(ed)
    out = play(table(r), r, {"kind": "tax", "seat": 1, "space": 4, **extra})
    assert out.transfers == ((1, "bank", 200),)


@pytest.mark.parametrize(("cash", "tax"), [(1500, 150), (1234, 124), (1201, 121), (7, 1)])
def test_income_tax_may_be_ten_percent_of_total_worth_rounded_up_on_the_classic_us_edition(
    rules, table, play, cash, tax
):
    r = rules("us")
    out = play(
        table(r, cash={1: cash}), r, {"kind": "tax", "seat": 1, "space": 4, "choice": "percent"}
    )
    assert out.transfers == ((1, "bank", tax),)


@pytest.mark.parametrize("cash", [0, -80])
def test_ten_percent_of_nothing_is_nothing(rules, table, play, cash):
    r = rules("us")
    entry = {"kind": "tax", "seat": 1, "space": 4, "choice": "percent"}
    out = play(table(r, cash={1: cash}), r, entry)
    assert out.state.cash[1] == cash


def test_total_worth_counts_mortgaged_deeds_at_full_price_and_buildings_at_cost(rules, table, play):
    r = rules("us")
    state = table(
        r, owns={1: [37, 1, 3]}, mortgaged=[37], houses={1: 4}, hotels=[3], cash={1: 1001}
    )
    out = play(state, r, {"kind": "tax", "seat": 1, "space": 4, "choice": "percent"})
    # 1001 cash + 350 + 60 + 60 printed prices + 4 x 50 houses + 5 x 50 for the hotel = 1921
    assert out.transfers == ((1, "bank", 193),)


def test_total_worth_counts_a_short_game_hotel_at_three_houses_and_the_hotel(rules, table, play):
    r = rules("us", short_game=True)
    state = table(r, owns={1: [1, 3]}, hotels=[1, 3], cash={1: 1000})
    out = play(state, r, {"kind": "tax", "seat": 1, "space": 4, "choice": "percent"})
    # 1000 + 60 + 60 + 2 x (3 + 1) x 50 = 1520
    assert out.transfers == ((1, "bank", 152),)


@pytest.mark.parametrize(
    ("edition", "variants", "space"),
    [("us", {"modern_us": True}, 4), ("uk", {}, 4), ("us", {}, 38), ("uk", {}, 38)],
    ids=["modern_us", "uk", "us-luxury-tax", "uk-super-tax"],
)
def test_the_percent_choice_is_only_for_income_tax_on_the_classic_us_edition(
    rules, table, refused, edition, variants, space
):
    r = rules(edition, **variants)
    entry = {"kind": "tax", "seat": 1, "space": space, "choice": "percent"}
    error = refused(table(r), r, entry, "no_tax_choice")
    flat = r.money(r.tax_due(space))
    assert error.detail == f"{r.edition.space(space).name} is a flat {flat}."


def test_income_tax_under_modern_us_is_a_flat_200(rules, table, play):
    r = rules("us", modern_us=True)
    out = play(table(r, cash={1: 500}), r, {"kind": "tax", "seat": 1, "space": 4})
    assert out.transfers == ((1, "bank", 200),)


# --- space 38 ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("edition", "variants", "tax"),
    [
        ("us", {}, 75),
        ("us", {"modern_us": True}, 100),
        ("us", {"short_game": True}, 75),
        ("uk", {}, 100),
        ("uk", {"short_game": True}, 100),
    ],
    ids=["us-luxury-classic", "us-luxury-modern", "us-short", "uk-super", "uk-short"],
)
def test_luxury_tax_is_75_classic_and_100_modern_us_and_super_tax_is_100(
    rules, table, play, edition, variants, tax
):
    r = rules(edition, **variants)
    out = play(table(r), r, {"kind": "tax", "seat": 2, "space": 38})
    assert out.transfers == ((2, "bank", tax),)


@pytest.mark.parametrize("space", [0, 20, 30, 39])
def test_tax_is_paid_only_on_a_tax_space(ed, rules, table, refused, space):
    r = rules(ed)
    refused(table(r), r, {"kind": "tax", "seat": 1, "space": space}, "not_tax_space")


# --- jail, GO, Free Parking ----------------------------------------------------------------


def test_the_jail_fine_is_50(ed, rules, table, play):
    r = rules(ed)
    out = play(table(r), r, {"kind": "jail_fine", "seat": 3})
    assert out.transfers == ((3, "bank", 50),)
    assert out.state.cash[3] == 1450


def test_passing_go_pays_a_salary_of_200(ed, rules, table, play):
    r = rules(ed)
    out = play(table(r, cash={2: -30}), r, {"kind": "pass_go", "seat": 2})
    assert out.transfers == (("bank", 2, 200),)
    assert out.state.cash[2] == 170


def test_the_bank_never_runs_out_of_money(ed, rules, table, play):
    r = rules(ed)
    entries = [{"kind": "bank_payment", "seat": 1, "amount": 100_000, "memo": "prize"}] * 3
    out = play(table(r), r, *entries, {"kind": "pass_go", "seat": 1})
    assert out.state.cash[1] == 1500 + 300_000 + 200


@pytest.mark.parametrize(("edition", "money"), [("us", "$"), ("uk", "£")])
def test_refusals_name_amounts_in_the_edition_currency(rules, table, refused, edition, money):
    r = rules(edition)
    refusal = refused(
        table(r, cash={1: 5}), r, {"kind": "buy", "seat": 1, "space": 39}, "insufficient_cash"
    )
    name = r.edition.space(39).name
    assert refusal.detail == f"Seat 1 has {money}5 but {name} costs {money}400."


def test_free_parking_never_pays_there_is_no_entry_for_it(ed, rules, table, refused, invalid):
    assert not any("parking" in kind for kind in ENTRY_KINDS)
    invalid({"kind": "free_parking", "seat": 1}, "unknown_kind")
    r = rules(ed)
    refused(table(r), r, {"kind": "tax", "seat": 1, "space": 20}, "not_tax_space")


# --- buying ------------------------------------------------------------------------------


@pytest.mark.parametrize(("space", "price"), [(39, 400), (1, 60), (5, 200), (12, 150), (24, 240)])
def test_buying_pays_the_printed_price_and_takes_the_deed(ed, rules, table, play, space, price):
    r = rules(ed)
    out = play(table(r), r, {"kind": "buy", "seat": 1, "space": space})
    assert out.transfers == ((1, "bank", price),)
    assert out.state.deeds[space] == (1, 0, False, False)
    # as the table is stored: no houses, a number, not a false
    assert json.dumps(out.state.as_dict()["deeds"][str(space)]) == "[1, 0, false, false]"
    assert out.state.cash[1] == 1500 - price


def test_only_an_unowned_property_can_be_bought(ed, rules, table, refused):
    r = rules(ed)
    state = table(r, owns={2: [39]})
    error = refused(state, r, {"kind": "buy", "seat": 1, "space": 39}, "already_owned")
    assert error.detail == f"{r.edition.space(39).name} already belongs to Seat 2."
    refused(state, r, {"kind": "buy", "seat": 2, "space": 39}, "already_owned")
    refused(state, r, {"kind": "buy", "seat": 1, "space": 38}, "not_a_deed")


def test_an_auction_winner_pays_the_bid_and_takes_the_deed(ed, rules, table, play, refused):
    r = rules(ed)
    out = play(table(r), r, {"kind": "auction", "seat": 3, "space": 39, "amount": 10})
    assert out.transfers == ((3, "bank", 10),)
    assert out.state.deeds[39].owner == 3
    refused(
        out.state, r, {"kind": "auction", "seat": 1, "space": 39, "amount": 500}, "already_owned"
    )


def test_short_game_a_dealt_deed_costs_its_printed_price(ed, rules, table, play):
    r = rules(ed, short_game=True)
    out = play(
        table(r),
        r,
        {"kind": "deal", "seat": 1, "space": 37},
        {"kind": "deal", "seat": 1, "space": 5},
    )
    assert out.transfers == ((1, "bank", 350), (1, "bank", 200))
    assert out.state.owned_by(1) == [5, 37]


def test_deeds_are_dealt_only_in_the_short_game(ed, rules, table, refused):
    r = rules(ed, short_game=False)
    error = refused(table(r), r, {"kind": "deal", "seat": 1, "space": 37}, "not_short_game")
    assert error.detail == "Deeds are dealt only in the short game."


def test_a_dealt_deed_must_still_be_with_the_bank(ed, rules, table, refused):
    r = rules(ed, short_game=True)
    refused(table(r, owns={2: [37]}), r, {"kind": "deal", "seat": 1, "space": 37}, "already_owned")


# --- other payments ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("amount", "transfer", "cash"), [(75, ("bank", 1, 75), 1575), (-75, (1, "bank", 75), 1425)]
)
@pytest.mark.parametrize("kind", ["bank_payment", "adjust"])
def test_a_bank_payment_or_adjustment_goes_either_way(
    ed, rules, table, play, kind, amount, transfer, cash
):
    r = rules(ed)
    entry = {"kind": kind, "seat": 1, "amount": amount}
    entry["memo" if kind == "bank_payment" else "reason"] = "counted wrong"
    out = play(table(r), r, entry)
    assert out.transfers == (transfer,)
    assert out.state.cash[1] == cash


def test_a_payment_between_players_moves_the_cash(ed, rules, table, play):
    r = rules(ed)
    out = play(table(r), r, {"kind": "pay_player", "seat": 1, "to_seat": 3, "amount": 120})
    assert out.transfers == ((1, 3, 120),)
    assert out.state.cash == {1: 1380, 2: 1500, 3: 1620}


def test_nobody_pays_themselves(ed, rules, table, refused):
    r = rules(ed)
    refused(table(r), r, {"kind": "pay_player", "seat": 1, "to_seat": 1, "amount": 5}, "same_seat")
