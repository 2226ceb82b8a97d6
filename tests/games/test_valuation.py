"""docs/rules.md, "Time-limited rounds": net worth when time is called (cash; deeds at printed
price, mortgaged ones at half; houses at cost; hotels at cost including the exchanged houses)."""

from __future__ import annotations

from games.engine import DeedWorth, net_worth, net_worth_lines, standing


def test_net_worth_of_a_seat_with_only_cash_is_its_cash(ed, rules, table):
    r = rules(ed)
    worth = net_worth(table(r, cash={2: 321}), r, 2)
    assert worth == (321, 0, 0)
    assert worth.total == 321


def test_deeds_count_at_their_printed_price(ed, rules, table):
    r = rules(ed)
    state = table(r, owns={1: [37, 39, 5, 12, 1]})
    assert net_worth(state, r, 1) == (1500, 350 + 400 + 200 + 150 + 60, 0)


def test_mortgaged_deeds_count_at_half_their_printed_price(ed, rules, table):
    r = rules(ed)
    state = table(r, owns={1: [37, 39, 5, 12]}, mortgaged=[37, 5, 12])
    worth = net_worth(state, r, 1)
    assert worth == (1500, 175 + 400 + 100 + 75, 0)
    assert [type(number) for number in worth] == [int] * 3  # stored and shown as whole money


def test_houses_count_at_their_cost(ed, rules, table):
    r = rules(ed)
    state = table(r, owns={1: [37, 39, 21, 23, 24]}, houses={37: 2, 39: 3, 21: 1, 23: 1, 24: 0})
    worth = net_worth(state, r, 1)
    assert worth.building_value == 5 * 200 + 2 * 150
    assert worth.total == 1500 + (350 + 400 + 220 + 220 + 240) + 1300


def test_hotels_count_at_their_cost_including_the_four_houses_exchanged(ed, rules, table):
    r = rules(ed)
    state = table(r, owns={1: [37, 39]}, houses={37: 4}, hotels=[39])
    assert net_worth(state, r, 1).building_value == 4 * 200 + 5 * 200


def test_short_game_hotels_count_at_their_cost_including_the_three_houses_exchanged(
    ed, rules, table
):
    r = rules(ed, short_game=True)
    state = table(r, owns={1: [37, 39, 1, 3]}, houses={37: 3}, hotels=[39, 1, 3])
    assert net_worth(state, r, 1).building_value == 3 * 200 + 4 * 200 + 2 * 4 * 50


def test_get_out_of_jail_free_cards_count_nothing(ed, rules, table):
    r = rules(ed)
    state = table(r, jail_cards={"chance": 1, "community_chest": 1})
    assert net_worth(state, r, 1) == (1500, 0, 0)


def test_only_the_seats_own_holdings_count(ed, rules, table):
    r = rules(ed)
    state = table(r, owns={1: [37, 39], 2: [1, 3]}, houses={37: 1, 39: 1}, cash={2: -40})
    assert net_worth(state, r, 2) == (-40, 120, 0)
    assert net_worth(state, r, 2).total == 80


def test_a_bankrupt_seat_is_worth_nothing(ed, rules, table, play):
    r = rules(ed)
    state = table(r, owns={1: [37, 39]}, hotels=[37, 39], cash={1: -10})
    out = play(state, r, {"kind": "bankrupt", "seat": 1, "creditor": 2})
    assert net_worth(out.state, r, 1) == (0, 0, 0)


# --- the lines behind a net worth -------------------------------------------------------------


def test_net_worth_lines_value_each_deed_and_what_stands_on_it(ed, rules, table):
    r = rules(ed)
    state = table(r, owns={1: [39, 5, 37, 12]}, houses={37: 2}, hotels=[39], mortgaged=[5])
    state.deeds = dict(reversed(state.deeds.items()))  # as a stored state may hold them
    lines = net_worth_lines(state, r, 1)
    assert [line.space for line in lines] == [5, 12, 37, 39]  # board order
    by_space = {line.space: line for line in lines}
    assert by_space[5] == DeedWorth(5, r.edition.space(5).name, 200, True, 100, 0, False, 0)
    assert by_space[12].value == 150
    assert not by_space[12].mortgaged
    assert (by_space[37].value, by_space[37].houses, by_space[37].building_value) == (350, 2, 400)
    assert (by_space[39].hotel, by_space[39].houses) == (True, 0)
    assert by_space[39].building_value == 5 * 200  # a hotel at five house costs
    worth = net_worth(state, r, 1)
    assert sum(line.value for line in lines) == worth.property_value == 100 + 150 + 350 + 400
    assert sum(line.building_value for line in lines) == worth.building_value == 1400
    for line in lines:
        for number in (line.price, line.value, line.houses, line.building_value, line.space):
            assert type(number) is int


def test_net_worth_lines_in_the_short_game_count_a_hotel_at_four_house_costs(ed, rules, table):
    r = rules(ed, short_game=True)
    state = table(r, owns={1: [1, 3]}, houses={3: 4}, hotels=[1])
    lines = net_worth_lines(state, r, 1)
    assert [(line.space, line.building_value) for line in lines] == [(1, 200), (3, 200)]
    assert sum(line.building_value for line in lines) == net_worth(state, r, 1).building_value


def test_net_worth_lines_list_only_the_seats_own_deeds(ed, rules, table):
    r = rules(ed)
    state = table(r, owns={1: [1], 2: [3, 5]})
    assert [line.space for line in net_worth_lines(state, r, 2)] == [3, 5]
    assert net_worth_lines(state, r, 3) == []


# --- ranking a table when time is called ------------------------------------------------------


def ranking(state, r):
    """The table's seats, best first, as its results rank them (listed last seat first, so
    that only the ranking puts them in order)."""
    listed = list(reversed(state.seats))
    return sorted(
        listed,
        key=lambda seat: standing(
            bankrupt=seat in state.bankrupt,
            net_worth=net_worth(state, r, seat).total,
            cash=state.cash[seat],
            seat=seat,
        ),
    )


def test_players_rank_by_net_worth_highest_first(ed, rules, table):
    r = rules(ed)
    state = table(r, seats=3, owns={3: [39]}, cash={1: 1000, 2: 1800, 3: 1000})
    assert [net_worth(state, r, seat).total for seat in (1, 2, 3)] == [1000, 1800, 1400]
    assert ranking(state, r) == [2, 3, 1]


def test_equal_net_worth_goes_to_the_player_with_more_cash(ed, rules, table):
    r = rules(ed)
    # 1600 each: seat 2 in cash alone, seat 1 with a 400 deed
    state = table(r, seats=2, owns={1: [39]}, cash={1: 1200, 2: 1600})
    assert ranking(state, r) == [2, 1]


def test_a_bankrupt_player_ranks_below_every_player_still_in(ed, rules, table, play):
    r = rules(ed)
    state = table(r, seats=3, owns={1: [39]}, cash={1: -10, 2: 10, 3: 5})
    out = play(state, r, {"kind": "bankrupt", "seat": 1, "creditor": 2})
    assert ranking(out.state, r) == [2, 3, 1]


def test_players_still_level_keep_their_seats_order(ed, rules, table):
    r = rules(ed)
    state = table(r, seats=3, cash={1: 900, 2: 1500, 3: 1500})
    assert ranking(state, r) == [2, 3, 1]
