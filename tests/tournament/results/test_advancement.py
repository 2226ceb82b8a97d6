"""Ranking a table when time is called, placement points, and who goes on."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournament.results.advancement import (
    Advancement,
    Ranked,
    SeatResult,
    Standing,
    Tie,
    knockout,
    placement_points,
    rank_table,
    totals_advance,
    totals_table,
)

# --------------------------------------------------------------------------- helpers


def seat(
    player: int,
    net_worth: int,
    cash: int = 0,
    *,
    table: int = 1,
    bankrupt_order: int | None = None,
) -> SeatResult:
    """A result; giving `bankrupt_order` makes the player bankrupt (with nothing left)."""
    if bankrupt_order is not None:
        return SeatResult(player, table, 0, 0, bankrupt=True, bankrupt_order=bankrupt_order)
    return SeatResult(player, table, net_worth, cash)


def summary(ranked: Sequence[Ranked]) -> list[tuple[int, int, int, bool]]:
    """(player, rank, points, tied) for each ranked result, in order."""
    return [(r.result.player_id, r.rank, r.points, r.tied) for r in ranked]


def table(number: int, *results: tuple[int, int, int]) -> list[Ranked]:
    """A ranked table from (player, net worth, cash) triples."""
    return rank_table([seat(p, nw, cash, table=number) for p, nw, cash in results])


# --------------------------------------------------------------------------- ranking a table


@pytest.mark.parametrize(
    ("results", "expected"),
    [
        pytest.param(
            [seat(1, 1200), seat(2, 3400), seat(3, 2100), seat(4, 900)],
            [(2, 1, 4, False), (3, 2, 3, False), (1, 3, 2, False), (4, 4, 1, False)],
            id="by net worth, highest first",
        ),
        pytest.param(
            [seat(1, 2000, 100), seat(2, 2000, 450), seat(3, 1500)],
            [(2, 1, 3, False), (1, 2, 2, False), (3, 3, 1, False)],
            id="a tie on net worth goes to more cash",
        ),
        pytest.param(
            [seat(1, 2000, 300), seat(2, 2500), seat(3, 2000, 300), seat(4, 100)],
            [(2, 1, 4, False), (1, 2, 3, True), (3, 2, 3, True), (4, 4, 1, False)],
            id="a tie that remains shares the better rank and its points",
        ),
        pytest.param(
            [seat(1, 2000, 300), seat(2, 2000, 300), seat(3, 100)],
            [(1, 1, 3, True), (2, 1, 3, True), (3, 3, 1, False)],
            id="a tie for first",
        ),
        pytest.param(
            [seat(1, 5, 5), seat(2, 5, 5), seat(3, 5, 5)],
            [(1, 1, 3, True), (2, 1, 3, True), (3, 1, 3, True)],
            id="everyone equal",
        ),
        pytest.param(
            [
                seat(1, 50),
                seat(2, 0, bankrupt_order=1),
                seat(3, 3000),
                seat(4, 0, bankrupt_order=2),
            ],
            [(3, 1, 4, False), (1, 2, 3, False), (4, 3, 0, False), (2, 4, 0, False)],
            id="bankrupt players last, the later bankruptcy higher, no points",
        ),
        pytest.param(
            [SeatResult(1, 1, 9000, 9000, bankrupt=True, bankrupt_order=1), seat(2, 10)],
            [(2, 1, 2, False), (1, 2, 0, False)],
            id="a bankrupt player ranks below every player still in, whatever the figures",
        ),
        pytest.param(
            [seat(1, 0, bankrupt_order=1), seat(2, 0, bankrupt_order=1), seat(3, 700)],
            [(3, 1, 3, False), (1, 2, 0, True), (2, 2, 0, True)],
            id="bankruptcies in the same order are tied",
        ),
        pytest.param(
            [seat(7, -40, 0), seat(8, 0, 0), seat(9, 10, -20)],
            [(9, 1, 3, False), (8, 2, 2, False), (7, 3, 1, False)],
            id="negative figures still rank",
        ),
        pytest.param([seat(5, 100)], [(5, 1, 1, False)], id="a table of one"),
    ],
)
def test_rank_table_orders_a_table_by_the_rules(
    results: list[SeatResult], expected: list[tuple[int, int, int, bool]]
) -> None:
    assert summary(rank_table(results)) == expected


def test_ranking_does_not_depend_on_the_order_results_arrive_in() -> None:
    results = [seat(1, 2000, 300), seat(2, 2500), seat(3, 2000, 300), seat(4, 0, bankrupt_order=1)]
    assert rank_table(results) == rank_table(list(reversed(results)))


def test_ranked_results_keep_the_seat_result() -> None:
    result = seat(4, 1800, 250, table=3)
    (ranked,) = rank_table([result])
    assert ranked.result is result


@pytest.mark.parametrize(
    ("results", "message"),
    [
        ([], "A table needs at least one result to be ranked; this one is empty."),
        ([seat(1, 100), seat(2, 50), seat(1, 10)], "Player 1 appears twice at the table."),
        ([seat(1, 100, table=1), seat(2, 50, table=2)], "different tables cannot be ranked"),
        ([seat(1, 100), (2, 50)], "Only seat results can be ranked"),
    ],
)
def test_a_table_that_cannot_be_ranked_is_refused(results: list[SeatResult], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        rank_table(results)


# --------------------------------------------------------------------------- placement points


@pytest.mark.parametrize(
    ("rank", "players", "bankrupt", "points"),
    [
        (1, 4, False, 4),
        (2, 4, False, 3),
        (3, 4, False, 2),
        (4, 4, False, 1),
        (1, 5, False, 5),
        (5, 5, False, 1),
        (1, 3, False, 3),
        (1, 6, False, 6),
        (4, 6, False, 3),
        (1, 1, False, 1),
        (3, 4, True, 0),
        (4, 4, True, 0),
        (1, 4, True, 0),
    ],
)
def test_placement_points_give_n_for_first_and_one_for_last(
    rank: int, players: int, bankrupt: bool, points: int
) -> None:
    assert placement_points(rank, players, bankrupt) == points


@pytest.mark.parametrize(
    ("rank", "players", "message"),
    [
        (0, 4, "between 1 and 4, not 0"),
        (5, 4, "between 1 and 4, not 5"),
        (1, 0, "needs at least one player"),
        (1.5, 4, "A rank must be a whole number"),
    ],
)
def test_placement_points_refuse_a_rank_outside_the_table(
    rank: int, players: int, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        placement_points(rank, players, False)


# --------------------------------------------------------------------------- knock-out


def test_each_table_winner_goes_on_in_order_of_net_worth() -> None:
    tables = [
        table(1, (11, 2000, 0), (12, 1500, 0), (13, 900, 0)),
        table(2, (21, 3100, 0), (22, 3000, 0), (23, 100, 0)),
    ]
    assert knockout(tables) == Advancement(advancing=(21, 11), undecided=(), places_left=0)


def test_a_tied_top_place_is_left_to_the_organiser() -> None:
    tables = [
        table(1, (11, 2000, 50), (12, 2000, 50), (13, 900, 0)),
        table(2, (21, 3100, 0), (22, 3000, 0), (23, 100, 0)),
    ]
    assert knockout(tables) == Advancement(
        advancing=(21,), undecided=(11, 12), places_left=1, ties=(Tie((11, 12), 1),)
    )


def test_two_tables_tied_at_the_top_each_keep_one_place() -> None:
    tables = [
        table(1, (11, 2000, 50), (12, 2000, 50), (13, 900, 0)),
        table(2, (21, 3000, 0), (22, 3000, 0), (23, 3000, 0)),
    ]
    assert knockout(tables) == Advancement(
        advancing=(),
        undecided=(21, 22, 23, 11, 12),
        places_left=2,
        ties=(Tie((21, 22, 23), 1), Tie((11, 12), 1)),  # one decision a table
    )


@pytest.mark.parametrize(
    ("wildcards", "expected"),
    [
        (0, Advancement((31, 21, 11), (), 0)),
        (1, Advancement((31, 21, 11, 22), (), 0)),  # 22 has 3000, best of the rest
        (2, Advancement((31, 21, 11, 22, 12), (), 0)),  # 12 and 32 both 1500: 12 has more cash
        (3, Advancement((31, 21, 11, 22, 12, 32), (), 0)),
        # 13 and 23 are equal at 900 with 10 cash: one wildcard, two candidates
        (4, Advancement((31, 21, 11, 22, 12, 32), (13, 23), 1, (Tie((13, 23), 1),))),
        (5, Advancement((31, 21, 11, 22, 12, 32, 13, 23), (), 0)),
        # the bankrupt player 33 is never a wildcard
        (9, Advancement((31, 21, 11, 22, 12, 32, 13, 23), (), 0)),
    ],
)
def test_wildcards_go_to_the_best_net_worths_of_the_rest(
    wildcards: int, expected: Advancement
) -> None:
    tables = [
        table(1, (11, 2000, 0), (12, 1500, 200), (13, 900, 10)),
        table(2, (21, 3100, 0), (22, 3000, 0), (23, 900, 10)),
        rank_table(
            [
                seat(31, 4000, table=3),
                seat(32, 1500, 100, table=3),
                seat(33, 0, table=3, bankrupt_order=1),
            ]
        ),
    ]
    assert knockout(tables, wildcards=wildcards) == expected


@pytest.mark.parametrize(
    ("wildcards", "expected"),
    [
        # 11 and 12 are tied at the top of table 1: no wildcard, one of them goes on
        (0, Advancement((21,), (11, 12), 1, (Tie((11, 12), 1),))),
        # one wildcard lets both go on (one by the table, one by the wildcard)
        (1, Advancement((21, 11, 12), (), 0)),
        (2, Advancement((21, 11, 12, 22), (), 0)),
    ],
)
def test_a_tied_top_place_can_be_settled_by_a_wildcard(
    wildcards: int, expected: Advancement
) -> None:
    tables = [
        table(1, (11, 2500, 0), (12, 2500, 0), (13, 900, 0)),
        table(2, (21, 3100, 0), (22, 1000, 0), (23, 100, 0)),
    ]
    assert knockout(tables, wildcards=wildcards) == expected


def test_a_tied_top_place_at_the_wildcard_boundary_joins_the_undecided() -> None:
    # 11 and 12 tie at the top of table 1 with 1000; 22 has 1000 too. One wildcard:
    # three players, two places (table 1's and the wildcard).
    tables = [
        table(1, (11, 1000, 0), (12, 1000, 0), (13, 900, 0)),
        table(2, (21, 3100, 0), (22, 1000, 0), (23, 100, 0)),
    ]
    assert knockout(tables, wildcards=1) == Advancement(
        (21,), (11, 12, 22), 2, (Tie((11, 12, 22), 2),)
    )


def test_wildcards_beyond_the_players_left_are_simply_not_used() -> None:
    tables = [table(1, (11, 2000, 0), (12, 1500, 0), (13, 900, 0))]
    assert knockout(tables, wildcards=10) == Advancement((11, 12, 13), (), 0)


def test_a_bankrupt_table_winner_still_goes_on() -> None:
    tables = [rank_table([seat(1, 0, bankrupt_order=2), seat(2, 0, bankrupt_order=1)])]
    assert knockout(tables, wildcards=1) == Advancement((1,), (), 0)


def test_no_tables_send_nobody() -> None:
    assert knockout([], wildcards=2) == Advancement((), (), 0)


@pytest.mark.parametrize(
    ("tables", "wildcards", "message"),
    [
        ([[]], 0, "Table 1 of the round has no results"),
        (
            [table(1, (1, 10, 0)), table(2, (1, 20, 0))],
            0,
            "Player 1 appears twice in the round",
        ),
        ([table(1, (1, 10, 0))], -1, "number of wildcards cannot be negative"),
        ([table(1, (1, 10, 0))], 1.0, "number of wildcards must be a whole number"),
        ([[seat(1, 10)]], 0, "Only ranked results can advance"),
    ],
)
def test_a_knockout_with_bad_input_is_refused(
    tables: list[list[Ranked]], wildcards: int, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        knockout(tables, wildcards=wildcards)


# --------------------------------------------------------------------------- points


def two_rounds() -> list[list[Ranked]]:
    """Six players, two rounds of two tables of three.

    Round 1: table 1 gives 1, 2, 3 the points 3, 2, 1; table 2 gives 4, 5, 6 the points 3, 2, 1.
    Round 2: table 1 gives 4, 5, 1 the points 3, 2, 1; table 2 gives 6, 3, 2 the points 3, 2, 1.
    Totals: 4 has 6; 1, 5 and 6 have 4 (net worth 3100, 2700, 2400); 2 and 3 have 3 and
    2900 each.
    """
    round_1 = [
        *table(1, (1, 3000, 0), (2, 2000, 0), (3, 1000, 0)),
        *table(2, (4, 2500, 0), (5, 500, 0), (6, 400, 0)),
    ]
    round_2 = [
        *table(1, (1, 100, 0), (4, 2600, 0), (5, 2200, 0)),
        *table(2, (2, 900, 0), (3, 1900, 0), (6, 2000, 0)),
    ]
    return [round_1, round_2]


def test_points_table_totals_points_and_net_worth_over_the_rounds() -> None:
    assert totals_table(two_rounds(), by="points") == [
        Standing(player_id=4, points=6, total_net_worth=5100, rounds=2),
        Standing(player_id=1, points=4, total_net_worth=3100, rounds=2),
        Standing(player_id=5, points=4, total_net_worth=2700, rounds=2),
        Standing(player_id=6, points=4, total_net_worth=2400, rounds=2),
        Standing(player_id=2, points=3, total_net_worth=2900, rounds=2),
        Standing(player_id=3, points=3, total_net_worth=2900, rounds=2),
    ]


@pytest.mark.parametrize(
    ("rounds", "expected"),
    [
        pytest.param([], [], id="no rounds"),
        pytest.param(
            [table(1, (1, 3000, 0), (2, 2000, 0), (3, 1000, 0))],
            [
                Standing(1, 3, 3000, 1),
                Standing(2, 2, 2000, 1),
                Standing(3, 1, 1000, 1),
            ],
            id="one round",
        ),
        pytest.param(
            [
                table(1, (1, 3000, 0), (2, 2000, 0), (3, 1000, 0)),
                table(1, (1, 500, 0), (2, 2500, 0), (3, 1500, 0), (4, 800, 0)),
            ],
            [
                Standing(2, 6, 4500, 2),  # 2 + 4
                Standing(1, 4, 3500, 2),  # 3 + 1
                Standing(3, 4, 2500, 2),  # 1 + 3
                Standing(4, 2, 800, 1),  # missed round 1
            ],
            id="a late entrant has fewer rounds",
        ),
        pytest.param(
            [
                table(1, (1, 3000, 0), (2, 2000, 0), (3, 1000, 0)),
                table(1, (3, 3000, 0), (1, 1000, 0), (2, 1900, 0)),
            ],
            [
                Standing(1, 4, 4000, 2),
                Standing(3, 4, 4000, 2),  # level with 1 on both: by id
                Standing(2, 4, 3900, 2),
            ],
            id="equal points ordered by total net worth",
        ),
        pytest.param(
            [
                rank_table([seat(1, 1000), seat(2, 0, bankrupt_order=1), seat(3, 500)]),
                rank_table([seat(2, 800), seat(1, 0, bankrupt_order=2), seat(3, 700)]),
            ],
            [
                Standing(3, 4, 1200, 2),  # 2 + 2
                Standing(1, 3, 1000, 2),  # 3 + 0
                Standing(2, 3, 800, 2),  # 0 + 3
            ],
            id="a bankruptcy scores nothing",
        ),
        pytest.param(
            [table(1, (1, 2000, 9), (2, 2000, 9), (3, 100, 0))],
            [
                Standing(1, 3, 2000, 1, 9),  # tied for first: both get first's points
                Standing(2, 3, 2000, 1, 9),
                Standing(3, 1, 100, 1),
            ],
            id="tied players share the better points",
        ),
    ],
)
def test_points_table_examples(rounds: list[list[Ranked]], expected: list[Standing]) -> None:
    assert totals_table(rounds, by="points") == expected


@pytest.mark.parametrize(
    ("finalists", "expected"),
    [
        (0, Advancement((), (), 0)),
        (1, Advancement((4,), (), 0)),
        (2, Advancement((4, 1), (), 0)),
        (3, Advancement((4, 1, 5), (), 0)),
        (4, Advancement((4, 1, 5, 6), (), 0)),
        # 2 and 3 are level on points (3) and total net worth (2900) for the last place
        (5, Advancement((4, 1, 5, 6), (2, 3), 1, (Tie((2, 3), 1),))),
        (6, Advancement((4, 1, 5, 6, 2, 3), (), 0)),
        (10, Advancement((4, 1, 5, 6, 2, 3), (), 0)),
    ],
)
def test_the_top_finalists_by_points_go_on_ties_broken_by_net_worth(
    finalists: int, expected: Advancement
) -> None:
    assert totals_advance(two_rounds(), finalists=finalists, by="points") == expected


def test_a_tie_across_several_final_places_leaves_them_all_to_the_organiser() -> None:
    rounds = [table(1, (1, 900, 0), (2, 500, 5), (3, 500, 5), (4, 500, 5))]
    # 1 is first; 2, 3 and 4 share second (3 points each) and tie on net worth too
    assert totals_advance(rounds, finalists=3, by="points") == Advancement(
        (1,), (2, 3, 4), 2, (Tie((2, 3, 4), 2),)
    )


@pytest.mark.parametrize(
    ("rounds", "finalists", "message"),
    [
        ([], -1, "number of finalists cannot be negative"),
        ([], 2.5, "number of finalists must be a whole number"),
        (
            [[*table(1, (1, 10, 0), (2, 5, 0)), *table(2, (1, 7, 0), (3, 5, 0))]],
            2,
            "Player 1 appears twice in round 1",
        ),
        ([[seat(1, 10)]], 1, "Only ranked results can be totalled"),
    ],
)
def test_points_advancement_with_bad_input_is_refused(
    rounds: list[list[Ranked]], finalists: int, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        totals_advance(rounds, finalists=finalists, by="points")


# --------------------------------------------------------------------------- aggregate


def test_aggregate_table_sums_each_players_net_worth_over_the_rounds() -> None:
    # 4: 2500 + 2600; 1: 3000 + 100; 2: 2000 + 900 and 3: 1000 + 1900 level (no cash: by id)
    assert totals_table(two_rounds(), by="aggregate") == [
        Standing(player_id=4, points=6, total_net_worth=5100, rounds=2),
        Standing(player_id=1, points=4, total_net_worth=3100, rounds=2),
        Standing(player_id=2, points=3, total_net_worth=2900, rounds=2),
        Standing(player_id=3, points=3, total_net_worth=2900, rounds=2),
        Standing(player_id=5, points=4, total_net_worth=2700, rounds=2),
        Standing(player_id=6, points=4, total_net_worth=2400, rounds=2),
    ]


def test_aggregate_goes_by_net_worth_where_points_go_by_places() -> None:
    # 2 went bankrupt in round 1 (nothing recorded) but won round 2 by a distance.
    rounds = [
        rank_table([seat(1, 1000), seat(2, 0, bankrupt_order=1), seat(3, 500)]),
        rank_table([seat(2, 2500), seat(1, 0, bankrupt_order=1), seat(3, 700)]),
    ]
    assert totals_advance(rounds, finalists=2, by="aggregate") == Advancement((2, 3), (), 0)
    assert totals_advance(rounds, finalists=2, by="points") == Advancement((3, 2), (), 0)


@pytest.mark.parametrize(
    ("finalists", "expected"),
    [
        (1, Advancement((4,), (), 0)),
        (2, Advancement((4, 1), (), 0)),
        # 2 and 3 are level on the total (2900) and on cash (none) for the third place
        (3, Advancement((4, 1), (2, 3), 1, (Tie((2, 3), 1),))),
        (4, Advancement((4, 1, 2, 3), (), 0)),
        (5, Advancement((4, 1, 2, 3, 5), (), 0)),
    ],
)
def test_the_top_finalists_by_aggregate_go_on(finalists: int, expected: Advancement) -> None:
    assert totals_advance(two_rounds(), finalists=finalists, by="aggregate") == expected


def test_a_level_aggregate_goes_to_more_cash_over_the_rounds() -> None:
    rounds = [
        table(1, (1, 2000, 300), (2, 1000, 100), (3, 500, 0)),
        table(1, (1, 1000, 100), (2, 2000, 500), (3, 400, 0)),
    ]
    # 1 and 2 both total 3000: 2 held 600 in cash over the rounds, 1 only 400
    assert totals_table(rounds, by="aggregate") == [
        Standing(2, 5, 3000, 2, 600),
        Standing(1, 5, 3000, 2, 400),
        Standing(3, 2, 900, 2, 0),
    ]
    assert totals_advance(rounds, finalists=1, by="aggregate") == Advancement((2,), (), 0)


def test_a_level_aggregate_and_cash_is_the_organisers_decision() -> None:
    rounds = [
        table(1, (1, 2000, 300), (2, 1000, 100), (3, 500, 0)),
        table(1, (1, 1000, 100), (2, 2000, 300), (3, 400, 0)),
    ]
    assert totals_advance(rounds, finalists=1, by="aggregate") == Advancement(
        (), (1, 2), 1, (Tie((1, 2), 1),)
    )
    assert totals_advance(rounds, finalists=2, by="aggregate") == Advancement((1, 2), (), 0)


def test_a_late_entrants_aggregate_counts_the_rounds_they_played() -> None:
    rounds = [
        table(1, (1, 3000, 0), (2, 2000, 0)),
        table(1, (1, 500, 0), (2, 2500, 0), (3, 2800, 0)),
    ]
    assert totals_table(rounds, by="aggregate") == [
        Standing(2, 3, 4500, 2),
        Standing(1, 3, 3500, 2),
        Standing(3, 3, 2800, 1),
    ]


@pytest.mark.parametrize("by", ["knockout", "", "Aggregate"])
def test_only_points_and_aggregate_total_the_rounds(by: str) -> None:
    with pytest.raises(ValueError, match="Only points and aggregate total the rounds"):
        totals_table(two_rounds(), by=by)
    with pytest.raises(ValueError, match="Only points and aggregate total the rounds"):
        totals_advance([], finalists=2, by=by)


# --------------------------------------------------------------------------- properties

NET_WORTHS = st.sampled_from([0, 400, 1500, 1500, 2200, 3100])  # repeated values: ties
CASH = st.sampled_from([0, 50, 50, 300])


@st.composite
def table_results(draw: st.DrawFn, number: int = 1, first_player: int = 1) -> list[SeatResult]:
    """One table of 1 to 6 results, with ties and the odd bankruptcy."""
    size = draw(st.integers(1, 6))
    results = []
    for offset in range(size):
        player = first_player + offset
        if draw(st.integers(0, 5)) == 0:
            order = draw(st.integers(1, 3))
            results.append(SeatResult(player, number, 0, 0, bankrupt=True, bankrupt_order=order))
        else:
            results.append(SeatResult(player, number, draw(NET_WORTHS), draw(CASH)))
    return results


@st.composite
def ranked_rounds(draw: st.DrawFn, max_tables: int = 6) -> list[list[Ranked]]:
    """A round's ranked tables, player ids unique across the round."""
    tables, next_player = [], 1
    for number in range(1, draw(st.integers(0, max_tables)) + 1):
        results = draw(table_results(number=number, first_player=next_player))
        next_player += len(results)
        tables.append(rank_table(results))
    return tables


def merit(result: SeatResult) -> tuple[int, int, int]:
    """How the rules order a table: still in above bankrupt; then worth and cash, or order."""
    if result.bankrupt:
        return (0, result.bankrupt_order, 0)
    return (1, result.net_worth, result.cash)


@given(table_results())
def test_ranks_follow_the_rules_for_any_table(results: list[SeatResult]) -> None:
    ranked = rank_table(results)
    assert sorted(r.result.player_id for r in ranked) == sorted(r.player_id for r in results)
    for one in ranked:
        better = sum(1 for other in ranked if merit(other.result) > merit(one.result))
        equal = sum(1 for other in ranked if merit(other.result) == merit(one.result))
        assert one.rank == better + 1
        assert one.tied == (equal > 1)
        assert one.points == (0 if one.result.bankrupt else len(results) - one.rank + 1)
    assert [r.rank for r in ranked] == sorted(r.rank for r in ranked)


@given(table_results())
def test_a_bankrupt_player_never_ranks_above_a_player_still_in(results: list[SeatResult]) -> None:
    ranked = rank_table(results)
    still_in = [r.rank for r in ranked if not r.result.bankrupt]
    bankrupt = [r.rank for r in ranked if r.result.bankrupt]
    if still_in and bankrupt:
        assert max(still_in) < min(bankrupt)


@given(table_results())
def test_a_table_without_ties_or_bankruptcies_gives_one_to_n_points(
    results: list[SeatResult],
) -> None:
    ranked = rank_table(results)
    if any(r.tied or r.result.bankrupt for r in ranked):
        return
    assert sorted(r.points for r in ranked) == list(range(1, len(results) + 1))


@given(ranked_rounds(), st.integers(0, 8))
def test_knockout_never_hands_out_more_places_than_there_are(
    tables: list[list[Ranked]], wildcards: int
) -> None:
    outcome = knockout(tables, wildcards=wildcards)
    everyone = {r.result.player_id: r for t in tables for r in t}
    assert len(outcome.advancing) == len(set(outcome.advancing))
    assert not set(outcome.advancing) & set(outcome.undecided)
    assert set(outcome.advancing) | set(outcome.undecided) <= set(everyone)
    assert len(outcome.advancing) + outcome.places_left <= len(tables) + wildcards
    if outcome.undecided:
        assert 0 < outcome.places_left < len(outcome.undecided)
    else:
        assert outcome.places_left == 0


@given(ranked_rounds(), st.integers(0, 8))
def test_knockout_fills_every_place_that_has_a_candidate(
    tables: list[list[Ranked]], wildcards: int
) -> None:
    # each table fills its place; wildcards go as far as non-bankrupt players remain
    outcome = knockout(tables, wildcards=wildcards)
    candidates = sum(1 for t in tables for r in t if not r.result.bankrupt) - sum(
        1 for t in tables if not any(r.result.bankrupt for r in t if r.rank == 1)
    )
    assert len(outcome.advancing) + outcome.places_left == len(tables) + min(wildcards, candidates)


@given(ranked_rounds(), st.integers(0, 8))
def test_knockout_sends_every_clear_winner_and_no_bankrupt_wildcard(
    tables: list[list[Ranked]], wildcards: int
) -> None:
    outcome = knockout(tables, wildcards=wildcards)
    winners = set()
    for t in tables:
        top = [r for r in t if r.rank == 1]
        if len(top) == 1:
            winners.add(top[0].result.player_id)
            assert top[0].result.player_id in outcome.advancing
        else:
            assert all(r.result.player_id in outcome.advancing + outcome.undecided for r in top)
    bankrupt = {r.result.player_id for t in tables for r in t if r.result.bankrupt}
    assert not (set(outcome.advancing) - winners) & bankrupt
    assert not (set(outcome.undecided) & bankrupt) - {
        r.result.player_id for t in tables for r in t if r.rank == 1
    }


@given(ranked_rounds(), st.integers(0, 8))
def test_wildcards_never_pass_over_a_better_net_worth(
    tables: list[list[Ranked]], wildcards: int
) -> None:
    outcome = knockout(tables, wildcards=wildcards)
    results = {r.result.player_id: r.result for t in tables for r in t}
    tops = {r.result.player_id for t in tables for r in t if r.rank == 1}
    wild = [results[p] for p in outcome.advancing if p not in tops]
    left_out = [
        results[p]
        for p in results
        if p not in outcome.advancing and p not in outcome.undecided and not results[p].bankrupt
    ]
    for chosen in wild:
        for other in left_out:
            assert (chosen.net_worth, chosen.cash) > (other.net_worth, other.cash)


@st.composite
def points_rounds(draw: st.DrawFn) -> list[list[Ranked]]:
    """One to three rounds over the same small field, reseated each round."""
    players = draw(st.integers(1, 14))
    rounds = []
    for _ in range(draw(st.integers(1, 3))):
        order = draw(st.permutations(range(1, players + 1)))
        seats, number, start = [], 1, 0
        while start < players:
            size = draw(st.integers(1, 5))
            for player in order[start : start + size]:
                seats.append(SeatResult(player, number, draw(NET_WORTHS), draw(CASH)))
            start += size
            number += 1
        round_ranked = []
        for number in sorted({s.table for s in seats}):
            round_ranked.extend(rank_table([s for s in seats if s.table == number]))
        rounds.append(round_ranked)
    return rounds


@given(points_rounds())
def test_points_table_adds_up_every_rounds_points(rounds: list[list[Ranked]]) -> None:
    standings = totals_table(rounds, by="points")
    assert sum(s.points for s in standings) == sum(r.points for rnd in rounds for r in rnd)
    assert sum(s.total_net_worth for s in standings) == sum(
        r.result.net_worth for rnd in rounds for r in rnd
    )
    assert sum(s.rounds for s in standings) == sum(len(rnd) for rnd in rounds)
    keys = [(-s.points, -s.total_net_worth, s.player_id) for s in standings]
    assert keys == sorted(keys)


@given(points_rounds(), st.integers(0, 16))
def test_points_advancement_fills_exactly_the_places_and_respects_the_order(
    rounds: list[list[Ranked]], finalists: int
) -> None:
    outcome = totals_advance(rounds, finalists=finalists, by="points")
    standings = {s.player_id: s for s in totals_table(rounds, by="points")}
    assert len(outcome.advancing) + outcome.places_left == min(finalists, len(standings))
    assert not set(outcome.advancing) & set(outcome.undecided)
    if outcome.undecided:
        assert 0 < outcome.places_left < len(outcome.undecided)
        levels = {(standings[p].points, standings[p].total_net_worth) for p in outcome.undecided}
        assert len(levels) == 1
    else:
        assert outcome.places_left == 0

    def key(player: int) -> tuple[int, int]:
        return (standings[player].points, standings[player].total_net_worth)

    chosen = list(outcome.advancing) + list(outcome.undecided)
    left_out = [p for p in standings if p not in chosen]
    for player in outcome.advancing:
        assert all(key(player) > key(other) for other in [*outcome.undecided, *left_out])
    for player in outcome.undecided:
        assert all(key(player) > key(other) for other in left_out)


@given(points_rounds(), st.integers(0, 16))
def test_aggregate_advancement_takes_the_best_sums_of_net_worth_then_cash(
    rounds: list[list[Ranked]], finalists: int
) -> None:
    outcome = totals_advance(rounds, finalists=finalists, by="aggregate")
    worth: dict[int, int] = {}
    cash: dict[int, int] = {}
    for ranked in (r for rnd in rounds for r in rnd):
        player = ranked.result.player_id
        worth[player] = worth.get(player, 0) + ranked.result.net_worth
        cash[player] = cash.get(player, 0) + ranked.result.cash

    def key(player: int) -> tuple[int, int]:
        return (worth[player], cash[player])

    assert len(outcome.advancing) + outcome.places_left == min(finalists, len(worth))
    assert len({key(p) for p in outcome.undecided}) <= 1
    chosen = list(outcome.advancing) + list(outcome.undecided)
    left_out = [p for p in worth if p not in chosen]
    for player in outcome.advancing:
        assert all(key(player) > key(other) for other in [*outcome.undecided, *left_out])
    for player in outcome.undecided:
        assert all(key(player) > key(other) for other in left_out)
