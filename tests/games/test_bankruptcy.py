"""docs/rules.md, "Debts and bankruptcy": bankrupt to a player or to the bank."""

from __future__ import annotations

import pytest

from games.engine import Deed, TableState, Transfer


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


@pytest.mark.parametrize("creditor", [2, None], ids=["to-a-player", "to-the-bank"])
def test_only_the_debtors_buildings_go_back_to_the_bank(ed, rules, table, play, creditor):
    r = rules(ed)
    state = table(
        r, owns={1: [1, 3], 3: [37, 39]}, houses={1: 1, 3: 1, 37: 2, 39: 2}, cash={1: -20}
    )
    out = play(state, r, {"kind": "bankrupt", "seat": 1, "creditor": creditor})
    assert out.transfers == (("bank", 1, 50), (1, creditor or "bank", 30))
    assert [out.state.deeds[p] for p in (37, 39)] == [(3, 2, False, False)] * 2
    assert out.state.bank_houses == 32 - 4
    assert out.state.cash[3] == 1500


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


def test_each_transfer_of_a_bankruptcy_says_what_it_is_for_and_which_deed(ed, rules, table, play):
    """The money a bankruptcy moves, each transfer with what it is for, as the ledger
    records it: the buildings bought back, the cash handed over or the unpaid part of the
    debt given back, and the interest or the lifting of each mortgaged deed, by its deed."""
    r = rules(ed)
    state = table(r, owns={1: [1, 3, 5, 37]}, houses={1: 1}, mortgaged=[5, 37], cash={1: -60})
    out = play(state, r, {"kind": "bankrupt", "seat": 1, "creditor": 2, "lift": [37]})
    assert [t.as_dict() for t in out.transfers] == [
        {"from": "bank", "to": 1, "amount": 25, "for": "buildings"},
        {"from": 2, "to": 1, "amount": 35, "for": "unpaid"},
        {"from": 2, "to": "bank", "amount": 10, "for": "interest", "space": 5},
        {"from": 2, "to": "bank", "amount": 193, "for": "lift", "space": 37},
    ]
    state = table(r, owns={1: [39]}, cash={1: -60}, houses={39: 4})
    out = play(state, r, {"kind": "bankrupt", "seat": 1})
    assert [t.as_dict() for t in out.transfers] == [
        {"from": "bank", "to": 1, "amount": 400, "for": "buildings"},
        {"from": 1, "to": "bank", "amount": 340, "for": "cash"},
    ]
    for t in out.transfers:  # as the ledger reads them back, the same
        assert Transfer.from_dict(t.as_dict()).as_dict() == t.as_dict()


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
    error = refused(state, r, {"kind": "bankrupt", "seat": 1, "creditor": creditor}, "not_in_debt")
    assert error.detail == (
        f"Seat 1 has {r.money(cash)} and owes nothing yet: "
        "record the debt first (rent, tax, card...), then the bankruptcy."
    )


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
    error = refused(state, r, entry, "seat_bankrupt")
    assert error.detail == "Seat 1 is bankrupt and out of the game."


def test_nobody_goes_bankrupt_to_themselves(ed, rules, table, refused):
    r = rules(ed)
    entry = {"kind": "bankrupt", "seat": 1, "creditor": 1}
    error = refused(table(r, cash={1: -5}), r, entry, "same_seat")
    assert error.detail == "Seat 1 cannot deal with themselves."


def test_the_creditor_must_be_a_seat_at_the_table(ed, rules, table, refused):
    r = rules(ed)
    refused(
        table(r, cash={1: -5}), r, {"kind": "bankrupt", "seat": 1, "creditor": 4}, "unknown_seat"
    )


# --- a creditor lifting mortgages at once ----------------------------------------------------


def test_a_creditor_may_lift_a_mortgage_at_the_bankruptcy_for_the_value_plus_ten_percent(
    ed, rules, table, play
):
    """The rule books and the banker's sheet: the new owner pays the 10% at once and may
    then pay off the mortgage too, the value plus 10% in all (193 for a 175 mortgage),
    instead of paying the 10% again when lifting it later (211)."""
    r = rules(ed)
    state = table(r, owns={1: [5, 37]}, mortgaged=[5, 37], cash={1: -20})
    out = play(state, r, {"kind": "bankrupt", "seat": 1, "creditor": 2, "lift": [37]})
    assert out.transfers == ((2, 1, 20), (2, "bank", 10), (2, "bank", 193))
    assert out.state.deeds[37] == (2, 0, False, False)
    assert out.state.deeds[5] == (2, 0, False, True)  # kept mortgaged: 10% paid
    assert out.state.cash == {1: 0, 2: 1500 - 20 - 10 - 193, 3: 1500}
    later = play(
        state,
        r,
        {"kind": "bankrupt", "seat": 1, "creditor": 2},
        {"kind": "unmortgage", "seat": 2, "space": 37},
    )
    assert later.state.cash[2] - out.state.cash[2] == -18  # 18 + 193 = 211 against 193


def test_a_creditor_lifts_at_the_bankruptcy_only_what_they_receive_mortgaged(
    ed, rules, table, refused
):
    r = rules(ed)
    state = table(r, owns={1: [5, 37], 3: [15]}, mortgaged=[37, 15], cash={1: -20})
    entry = {"kind": "bankrupt", "seat": 1, "creditor": 2}
    refused(state, r, entry | {"lift": [5]}, "not_mortgaged")
    refused(state, r, entry | {"lift": [15]}, "not_owner")
    refused(state, r, entry | {"lift": [39]}, "not_owner")
    refused(state, r, entry | {"lift": [4]}, "not_a_deed")
    # to the bank the deeds come back unmortgaged: nothing to lift
    error = refused(state, r, {"kind": "bankrupt", "seat": 1, "lift": [37]}, "invalid_field")
    assert error.detail == (
        "Going bankrupt to the bank, the deeds go back to it unmortgaged: "
        "there is no mortgage to lift."
    )


def test_lifting_a_mortgage_at_the_bankruptcy_needs_the_cash(ed, rules, table, play, refused):
    """Lifting is a voluntary spend: the creditor pays it from cash in hand, with what the
    bankruptcy brought them, after the 10% they owe in any case."""
    r = rules(ed)
    entry = {"kind": "bankrupt", "seat": 1, "creditor": 2, "lift": [37]}
    # two houses fetch 2 x 25 = 50: 11 left over for the creditor, who pays 18 interest
    # and 175 to lift: 182 of their own
    houses = {1: 1, 3: 1}
    exact = table(r, owns={1: [37, 39, 1, 3]}, houses=houses, mortgaged=[37], cash={1: -39, 2: 182})
    out = play(exact, r, entry)
    assert out.transfers == (("bank", 1, 50), (1, 2, 11), (2, "bank", 193))
    assert out.state.cash[2] == 0
    assert out.state.deeds[37] == (2, 0, False, False)
    short = table(r, owns={1: [37, 39, 1, 3]}, houses=houses, mortgaged=[37], cash={1: -39, 2: 181})
    error = refused(short, r, entry, "insufficient_cash")
    assert r.edition.space(37).name in error.detail


def test_lifting_several_mortgages_at_the_bankruptcy_needs_the_cash_for_all_of_them(
    ed, rules, table, play, refused
):
    """The interest on every mortgaged deed received, and the principal of every deed
    lifted, add up: 10 + 18 + 20 interest and 175 + 200 to lift two of three mortgages."""
    r = rules(ed)
    entry = {"kind": "bankrupt", "seat": 1, "creditor": 2, "lift": [37, 39]}
    owns, mortgaged = {1: [5, 37, 39]}, [5, 37, 39]
    exact = table(r, owns=owns, mortgaged=mortgaged, cash={1: -20, 2: 20 + 48 + 375})
    out = play(exact, r, entry)
    assert out.transfers == ((2, 1, 20), (2, "bank", 10), (2, "bank", 193), (2, "bank", 220))
    assert out.state.cash == {1: 0, 2: 0, 3: 1500}
    assert [out.state.deeds[p] for p in (5, 37, 39)] == [
        (2, 0, False, True),
        (2, 0, False, False),
        (2, 0, False, False),
    ]
    short = table(r, owns=owns, mortgaged=mortgaged, cash={1: -20, 2: 20 + 48 + 375 - 1})
    error = refused(short, r, entry, "insufficient_cash")
    names = ", ".join(r.edition.space(p).name for p in (37, 39))
    assert error.detail == (
        f"Seat 2 would have {r.money(374)} after the bankruptcy and its interest, but paying "
        f"off the mortgage on {names} costs {r.money(375)} more."
    )


# --- what the building sales leave ----------------------------------------------------------


@pytest.mark.parametrize("creditor", [2, None], ids=["to-a-player", "to-the-bank"])
def test_building_sales_that_leave_exactly_nothing_move_no_zero_transfer(
    ed, rules, table, play, creditor
):
    r = rules(ed)
    state = table(r, owns={1: [1, 3]}, houses={1: 2, 3: 2}, cash={1: -100})  # 4 x 25 = 100
    out = play(state, r, {"kind": "bankrupt", "seat": 1, "creditor": creditor})
    assert out.transfers == (("bank", 1, 100),)
    assert out.state.cash == {1: 0, 2: 1500, 3: 1500}


@pytest.mark.parametrize("creditor", [2, None], ids=["to-a-player", "to-the-bank"])
def test_building_sales_that_leave_exactly_one_pay_it_over(ed, rules, table, play, creditor):
    r = rules(ed)
    state = table(r, owns={1: [1, 3]}, houses={1: 2, 3: 2}, cash={1: -99})
    out = play(state, r, {"kind": "bankrupt", "seat": 1, "creditor": creditor})
    receiver = "bank" if creditor is None else creditor
    assert out.transfers == (("bank", 1, 100), (1, receiver, 1))
    assert out.state.cash == {1: 0, 2: 1501 if creditor else 1500, 3: 1500}


# --- the creditor is whoever the debt is owed to ---------------------------------------------


def test_a_tax_debt_is_owed_to_the_bank_not_to_a_player(ed, rules, table, play, refused):
    r = rules(ed)
    state = play(table(r, cash={1: 25}), r, {"kind": "tax", "space": 38, "seat": 1}).state
    debt = {"us": 50, "uk": 75}[ed]  # Luxury Tax 75, Super Tax 100, from 25
    assert state.cash[1] == -debt
    assert state.owed_to == {1: None}
    error = refused(state, r, {"kind": "bankrupt", "seat": 1, "creditor": 2}, "wrong_creditor")
    assert error.detail == "Seat 1 owes the bank: declare the bankruptcy to the bank."
    out = play(state, r, {"kind": "bankrupt", "seat": 1})
    assert out.transfers == (("bank", 1, debt),)
    assert out.state.cash == {1: 0, 2: 1500, 3: 1500}
    assert out.state.owed_to == {}


def test_a_rent_debt_is_owed_to_the_owner_not_to_the_bank(ed, rules, table, play, refused):
    r = rules(ed)
    state = table(r, owns={2: [37, 39]}, cash={1: 50})
    state = play(state, r, {"kind": "rent", "seat": 1, "space": 39}).state  # 100
    assert state.owed_to == {1: 2}
    error = refused(state, r, {"kind": "bankrupt", "seat": 1}, "wrong_creditor")
    assert error.detail == "Seat 1 owes Seat 2: declare the bankruptcy to Seat 2."
    refused(state, r, {"kind": "bankrupt", "seat": 1, "creditor": 3}, "wrong_creditor")
    out = play(state, r, {"kind": "bankrupt", "seat": 1, "creditor": 2})
    assert out.state.cash == {1: 0, 2: 1550, 3: 1500}
    assert out.state.bankrupt == (1,)


@pytest.mark.parametrize(
    ("entry", "creditor"),
    [
        ({"kind": "jail_fine", "seat": 1}, None),
        ({"kind": "card", "seat": 1, "deck": "community_chest", "card": "chest-doctor"}, None),
        ({"kind": "bank_payment", "seat": 1, "amount": -60}, None),
        ({"kind": "adjust", "seat": 1, "amount": -60, "reason": "miscounted"}, None),
    ],
    ids=["jail_fine", "card", "bank_payment", "adjust"],
)
def test_each_debt_records_who_it_is_owed_to(ed, rules, table, play, entry, creditor):
    r = rules(ed)
    out = play(table(r, cash={1: 5}), r, entry)
    assert out.state.cash[1] < 0
    assert out.state.owed_to == {1: creditor}


def test_a_card_collecting_from_each_player_is_owed_to_the_drawer(ed, rules, table, play):
    r = rules(ed)
    card = {"us": "chest-opera-night", "uk": "chest-birthday"}[ed]
    entry = {"kind": "card", "seat": 2, "deck": "community_chest", "card": card}
    out = play(table(r, cash={1: 5}), r, entry)
    assert out.state.cash[1] == (-5 if ed == "uk" else -45)
    assert out.state.owed_to == {1: 2}


def test_a_seat_back_at_zero_owes_nobody(ed, rules, table, play):
    r = rules(ed)
    state = table(r, owns={1: [5]}, cash={1: 10})
    out = play(state, r, {"kind": "jail_fine", "seat": 1})
    assert out.state.owed_to == {1: None}
    out = play(out.state, r, {"kind": "mortgage", "seat": 1, "space": 5})  # 100: back at 60
    assert out.state.owed_to == {}


def test_a_further_debt_keeps_the_creditor_that_took_the_seat_below_zero(
    ed, rules, table, play, refused
):
    r = rules(ed)
    state = table(r, owns={2: [37, 39]}, cash={1: 10})
    state = play(
        state,
        r,
        {"kind": "jail_fine", "seat": 1},  # -40, owed to the bank
        {"kind": "rent", "seat": 1, "space": 39},  # -140: the bank's debt came first
    ).state
    assert state.owed_to == {1: None}
    refused(state, r, {"kind": "bankrupt", "seat": 1, "creditor": 2}, "wrong_creditor")
    assert play(state, r, {"kind": "bankrupt", "seat": 1}).state.bankrupt == (1,)


def test_a_debt_to_a_seat_going_bankrupt_passes_to_its_creditor(ed, rules, table, play):
    r = rules(ed)
    state = table(r, owns={2: [39], 3: [37]}, cash={1: 10, 2: 10})
    state = play(
        state,
        r,
        {"kind": "rent", "seat": 1, "space": 39},  # 50 to seat 2: seat 1 at -40
        {"kind": "rent", "seat": 2, "space": 37},  # 35 to seat 3: seat 2 at 25
        {"kind": "jail_fine", "seat": 2},  # seat 2 at -25, owed to the bank
    ).state
    assert state.owed_to == {1: 2, 2: None}
    out = play(state, r, {"kind": "bankrupt", "seat": 2})
    assert out.state.owed_to == {1: None}  # what seat 1 owed seat 2 went to the bank


def test_a_debt_to_a_seat_going_bankrupt_to_a_player_passes_to_that_player(
    ed, rules, table, play, refused
):
    r = rules(ed)
    state = play(
        table(r, owns={1: [39], 2: [37]}, cash={1: 10, 3: 10}),
        r,
        {"kind": "rent", "seat": 3, "space": 39},  # 50 to seat 1: seat 3 at -40
        {"kind": "buy", "seat": 1, "space": 1},  # 60: seat 1 at 0
        {"kind": "rent", "seat": 1, "space": 37},  # 35 to seat 2: seat 1 at -35
    ).state
    assert state.owed_to == {3: 1, 1: 2}
    out = play(state, r, {"kind": "bankrupt", "seat": 1, "creditor": 2})
    assert out.state.owed_to == {3: 2}  # seat 2 took seat 1's deeds, and its debtor
    refused(out.state, r, {"kind": "bankrupt", "seat": 3}, "wrong_creditor")
    last = play(out.state, r, {"kind": "bankrupt", "seat": 3, "creditor": 2})
    assert last.state.bankrupt == (1, 3)


def test_a_creditor_owing_the_seat_going_bankrupt_to_them_then_owes_the_bank(
    ed, rules, table, play, refused
):
    """Seat 2 owes seat 1, then seat 1 goes bankrupt to seat 2: what seat 2 owed, it
    would owe itself; its cash stays below zero, owed to the bank."""
    r = rules(ed)
    state = table(r, owns={1: [39], 2: [37]}, cash={1: 10, 2: 10})
    state = play(
        state,
        r,
        {"kind": "rent", "seat": 2, "space": 39},  # 50 to seat 1: seat 2 at -40
        {"kind": "buy", "seat": 1, "space": 1},  # 60: seat 1 at 0
        {"kind": "rent", "seat": 1, "space": 37},  # 35 to seat 2: seat 1 at -35, seat 2 at -5
    ).state
    assert state.owed_to == {2: 1, 1: 2}
    out = play(state, r, {"kind": "bankrupt", "seat": 1, "creditor": 2})
    assert out.state.cash == {1: 0, 2: -40, 3: 1500}
    assert out.state.owed_to == {2: None}
    refused(out.state, r, {"kind": "bankrupt", "seat": 2, "creditor": 3}, "wrong_creditor")
    assert play(out.state, r, {"kind": "bankrupt", "seat": 2}).state.bankrupt == (1, 2)


def test_with_no_recorded_creditor_any_creditor_is_accepted_as_before(ed, rules, table, play):
    """A state stored before debts named their creditor: the entry's creditor stands."""
    r = rules(ed)
    state = table(r, owns={2: [39]}, cash={1: -40})
    assert state.owed_to == {}
    for creditor in (None, 2, 3):
        out = play(state, r, {"kind": "bankrupt", "seat": 1, "creditor": creditor})
        assert out.state.bankrupt == (1,)


def test_the_creditors_round_trip_through_the_stored_form(ed, rules, table, play):
    r = rules(ed)
    state = table(r, owns={2: [39]}, cash={1: 10, 3: 10})
    state = play(
        state,
        r,
        {"kind": "rent", "seat": 1, "space": 39},
        {"kind": "jail_fine", "seat": 3},
    ).state
    assert state.owed_to == {1: 2, 3: None}
    stored = state.as_dict()
    assert stored["owed_to"] == {"1": 2, "3": None}
    assert TableState.from_dict(stored) == state
    older = {key: value for key, value in stored.items() if key != "owed_to"}
    assert TableState.from_dict(older).owed_to == {}
