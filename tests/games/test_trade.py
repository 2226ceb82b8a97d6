"""docs/rules.md, "Mortgages and transfers": players trade unbuilt sites, stations, utilities,
Get Out of Jail Free cards and cash; a mortgaged deed received costs 10% at once, or value + 10%
lifted."""

from __future__ import annotations


def trade(give=None, take=None, lift=None, seat=1, to_seat=2):
    entry = {"kind": "trade", "seat": seat, "to_seat": to_seat, "give": give or {}}
    entry["take"] = take or {}
    if lift is not None:
        entry["lift"] = lift
    return entry


def test_a_trade_swaps_deeds_cash_and_jail_cards_both_ways(ed, rules, table, play):
    r = rules(ed)
    state = table(r, owns={1: [37], 2: [39]}, jail_cards={"chance": 1, "community_chest": 2})
    out = play(
        state,
        r,
        trade(
            give={"spaces": [37], "cash": 100, "jail_cards": 1},
            take={"spaces": [39], "cash": 50, "jail_cards": 1},
        ),
    )
    assert out.transfers == ((1, 2, 100), (2, 1, 50))
    assert out.state.cash == {1: 1450, 2: 1550, 3: 1500}
    assert (out.state.deeds[37].owner, out.state.deeds[39].owner) == (2, 1)
    assert out.state.jail_cards == {"chance": 2, "community_chest": 1}


def test_a_trade_may_give_on_one_side_only(ed, rules, table, play):
    r = rules(ed)
    state = table(r, owns={1: [5, 12]})
    out = play(state, r, trade(give={"spaces": [5, 12]}, take={"cash": 500}))
    assert out.transfers == ((2, 1, 500),)
    assert (out.state.deeds[5].owner, out.state.deeds[12].owner) == (2, 2)
    gift = play(state, r, trade(give={"spaces": [12]}))
    assert gift.transfers == ()
    assert gift.state.deeds[12].owner == 2


def test_jail_cards_are_traded_for_cash(ed, rules, table, play):
    r = rules(ed)
    state = table(r, jail_cards={"chance": 2, "community_chest": 2})
    out = play(state, r, trade(seat=2, to_seat=3, give={"jail_cards": 2}, take={"cash": 80}))
    assert out.transfers == ((3, 2, 80),)
    assert out.state.jail_cards == {"chance": 3, "community_chest": 3}


def test_no_site_of_a_group_with_buildings_changes_hands(ed, rules, table, refused):
    r = rules(ed)
    state = table(r, owns={1: [37, 39, 5], 2: [21, 23, 24]}, houses={39: 1, 23: 1, 24: 1})
    refused(state, r, trade(give={"spaces": [37]}, take={"cash": 10}), "group_has_buildings")
    refused(state, r, trade(give={"spaces": [5]}, take={"spaces": [21]}), "group_has_buildings")


def test_a_mortgaged_deed_received_in_a_trade_costs_ten_percent_interest_at_once(
    ed, rules, table, play
):
    r = rules(ed)
    state = table(r, owns={1: [37]}, mortgaged=[37])
    out = play(state, r, trade(give={"spaces": [37]}, take={"cash": 100}))
    assert out.transfers == ((2, 1, 100), (2, "bank", 18))  # 10% of 175 = 17.5 -> 18
    assert out.state.deeds[37] == (2, 0, False, True)
    assert out.state.cash == {1: 1600, 2: 1382, 3: 1500}


def test_a_mortgaged_deed_received_is_lifted_later_for_value_plus_ten_percent_again(
    ed, rules, table, play
):
    r = rules(ed)
    state = table(r, owns={1: [37]}, mortgaged=[37])
    out = play(
        state,
        r,
        trade(give={"spaces": [37]}),
        {"kind": "unmortgage", "seat": 2, "space": 37},
    )
    assert out.transfers == ((2, "bank", 18), (2, "bank", 193))
    assert out.state.cash[2] == 1500 - 18 - 193


def test_lifting_a_received_mortgage_at_once_costs_value_plus_ten_percent_only_once(
    ed, rules, table, play
):
    r = rules(ed)
    state = table(r, owns={1: [37]}, mortgaged=[37])
    out = play(state, r, trade(give={"spaces": [37]}, take={"cash": 100}, lift=[37]))
    assert out.transfers == ((2, 1, 100), (2, "bank", 193))
    assert out.state.deeds[37] == (2, 0, False, False)
    assert out.state.cash[2] == 1500 - 100 - 193


def test_each_party_pays_the_interest_on_the_mortgaged_deeds_it_receives(ed, rules, table, play):
    r = rules(ed)
    state = table(r, owns={1: [37, 12], 2: [39, 5]}, mortgaged=[37, 39, 5])
    out = play(
        state,
        r,
        trade(give={"spaces": [37, 12]}, take={"spaces": [39, 5], "cash": 10}, lift=[5]),
    )
    # seat 2 receives 37 (10% of 175 -> 18); seat 1 receives 39 (10% of 200 = 20)
    # and lifts 5 at once (100 + 10)
    assert out.transfers == ((2, 1, 10), (2, "bank", 18), (1, "bank", 20), (1, "bank", 110))
    assert out.state.deeds[39] == (1, 0, False, True)
    assert out.state.deeds[5] == (1, 0, False, False)
    assert out.state.deeds[12] == (2, 0, False, False)
    assert out.state.cash == {1: 1500 + 10 - 20 - 110, 2: 1500 - 10 - 18, 3: 1500}


def test_a_party_paying_cash_in_a_trade_needs_the_cash(ed, rules, table, play, refused):
    r = rules(ed)
    state = table(r, owns={1: [39], 2: [37]}, cash={1: 50, 2: 40})
    refused(state, r, trade(give={"cash": 100}, take={"spaces": [37]}), "insufficient_cash")
    refused(state, r, trade(give={"spaces": [39]}, take={"cash": 41}), "insufficient_cash")
    out = play(state, r, trade(give={"spaces": [39]}, take={"cash": 40}))
    assert out.state.cash == {1: 90, 2: 0, 3: 1500}


def test_the_interest_on_a_received_mortgage_needs_the_cash(ed, rules, table, play, refused):
    r = rules(ed)
    state = table(r, owns={1: [37]}, mortgaged=[37], cash={2: 10})
    refused(state, r, trade(give={"spaces": [37]}), "insufficient_cash")
    error = refused(state, r, trade(give={"spaces": [37], "cash": 5}), "insufficient_cash")
    assert error.detail == f"Seat 2 would pay {r.money(18)} in this trade but has {r.money(15)}."
    # cash received in the same trade counts: 10 + 20 - 18 = 12
    out = play(state, r, trade(give={"spaces": [37], "cash": 20}))
    assert out.state.cash[2] == 12


def test_a_party_needs_the_cash_and_the_interest_together(ed, rules, table, play, refused):
    r = rules(ed)
    # seat 1 pays 100 and the 20 interest on 39 received: 120, with 110 in hand
    state = table(r, owns={2: [39]}, mortgaged=[39], cash={1: 110})
    refused(state, r, trade(give={"cash": 100}, take={"spaces": [39]}), "insufficient_cash")
    out = play(state, r, trade(give={"cash": 90}, take={"spaces": [39]}))
    assert out.state.cash[1] == 0


def test_a_trade_needs_something_on_at_least_one_side(ed, rules, table, refused):
    r = rules(ed)
    state = table(r, owns={1: [39]})
    error = refused(state, r, trade(), "nothing_to_trade")
    assert error.detail == "A trade needs something on at least one side."
    refused(state, r, trade(give={"spaces": [], "cash": 0, "jail_cards": 0}), "nothing_to_trade")


def test_nobody_trades_with_themselves(ed, rules, table, refused):
    r = rules(ed)
    refused(table(r, owns={1: [39]}), r, trade(give={"spaces": [39]}, to_seat=1), "same_seat")


def test_a_trade_needs_a_second_seat_at_the_table(ed, rules, table, refused):
    r = rules(ed)
    refused(table(r, owns={1: [39]}), r, trade(give={"spaces": [39]}, to_seat=7), "unknown_seat")


def test_each_party_gives_only_what_it_holds(ed, rules, table, refused):
    r = rules(ed)
    state = table(r, owns={1: [39], 2: [37]}, jail_cards={"chance": 2})
    refused(state, r, trade(give={"spaces": [37]}), "not_owner")
    refused(state, r, trade(take={"spaces": [39]}), "not_owner")
    refused(state, r, trade(take={"spaces": [21]}), "not_owner")
    error = refused(state, r, trade(give={"jail_cards": 1}), "no_jail_card")
    assert error.detail == "Seat 1 holds 0 Get Out of Jail Free card(s), not 1."
    error = refused(state, r, trade(take={"jail_cards": 2}), "no_jail_card")
    assert error.detail == "Seat 2 holds 1 Get Out of Jail Free card(s), not 2."
    refused(state, r, trade(give={"spaces": [4]}), "not_a_deed")


def test_only_a_mortgaged_deed_changing_hands_can_be_lifted_in_a_trade(ed, rules, table, refused):
    r = rules(ed)
    state = table(r, owns={1: [37, 39], 2: [5]}, mortgaged=[39])
    error = refused(state, r, trade(give={"spaces": [37]}, lift=[39]), "invalid_field")
    assert error.detail == "Only a mortgaged deed changing hands in this trade can be lifted."
    error = refused(state, r, trade(give={"spaces": [37]}, lift=[37]), "not_mortgaged")
    assert error.detail == f"{'Park Place' if ed == 'us' else 'Park Lane'} is not mortgaged."
