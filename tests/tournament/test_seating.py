"""Seating players at tables: table sizes, team-mates apart, repeat opponents avoided."""

from __future__ import annotations

import random
import time
from collections.abc import Mapping, Sequence
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament import seating
from tournament.seating import (
    Clash,
    Entrant,
    Repeat,
    SeatingError,
    opponents_by_player,
    plan_problems,
    rounds_plan,
    seating_plan,
    table_sizes,
)

# --------------------------------------------------------------------------- helpers


def entrants(count: int, *, first: int = 1) -> list[Entrant]:
    return [Entrant(player_id) for player_id in range(first, first + count)]


def seated(plan: Sequence[Sequence[int]]) -> list[int]:
    return sorted(player for table in plan for player in table)


def team_conflicts(plan: Sequence[Sequence[int]], teams: Mapping[int, str | None]) -> int:
    """Pairs of team-mates sharing a table."""
    return sum(
        1
        for table in plan
        for a, b in combinations(table, 2)
        if teams.get(a) and teams.get(a) == teams.get(b)
    )


def repeats(plan: Sequence[Sequence[int]], past: Mapping[int, Sequence[int] | set[int]]) -> int:
    """Pairs at a table who met before (either direction of `past` counts)."""
    return sum(
        1
        for table in plan
        for a, b in combinations(table, 2)
        if b in past.get(a, ()) or a in past.get(b, ())
    )


def random_seating(
    players: Sequence[int], sizes: Sequence[int], rng: random.Random
) -> list[list[int]]:
    shuffled = list(players)
    rng.shuffle(shuffled)
    plan, start = [], 0
    for size in sizes:
        plan.append(shuffled[start : start + size])
        start += size
    return plan


def earlier_rounds(players: Sequence[int], sizes: Sequence[int], rounds: int, seed: int) -> dict:
    """past_opponents after `rounds` randomly seated earlier rounds."""
    rng = random.Random(seed)
    tables = [table for _ in range(rounds) for table in random_seating(players, sizes, rng)]
    return opponents_by_player(tables)


# --------------------------------------------------------------------------- table sizes


@pytest.mark.parametrize(
    ("players", "table_size", "expected"),
    [
        # the brief's examples at four a table
        (10, 4, [5, 5]),
        (9, 4, [5, 4]),
        (7, 4, [4, 3]),
        (6, 4, [3, 3]),
        (11, 4, [4, 4, 3]),
        (13, 4, [5, 4, 4]),
        (5, 4, [5]),
        # more at four a table, worked out by hand
        (3, 4, [3]),
        (4, 4, [4]),
        (8, 4, [4, 4]),
        (12, 4, [4, 4, 4]),
        (14, 4, [5, 5, 4]),
        (15, 4, [5, 5, 5]),
        (16, 4, [4, 4, 4, 4]),
        (20, 4, [4, 4, 4, 4, 4]),  # not [5, 5, 5, 5]: five only where needed
        (23, 4, [5, 5, 5, 4, 4]),
        (400, 4, [4] * 100),
        (401, 4, [5] + [4] * 99),
        # three a table: a smaller table would have two players, so never
        (3, 3, [3]),
        (4, 3, [4]),
        (7, 3, [4, 3]),
        (10, 3, [4, 3, 3]),
        # five and six a table
        (9, 5, [5, 4]),
        (12, 5, [6, 6]),
        (13, 5, [5, 4, 4]),
        (7, 6, [7]),
        (11, 6, [6, 5]),
    ],
)
def test_table_sizes_prefer_the_table_size_and_one_more(
    players: int, table_size: int, expected: list[int]
) -> None:
    assert table_sizes(players, table_size=table_size) == expected


@pytest.mark.parametrize(
    ("players", "table_size", "tables", "expected"),
    [
        (6, 6, 1, [6]),  # the final: one table of up to six
        (5, 6, 1, [5]),
        (3, 6, 1, [3]),
        (6, 4, 1, [6]),  # the table size sets no upper limit at a forced table
        (7, 6, 1, [7]),
        (14, 4, 3, [5, 5, 4]),
        (9, 4, 3, [3, 3, 3]),
        (10, 4, 2, [5, 5]),
        (16, 4, 5, [4, 3, 3, 3, 3]),
    ],
)
def test_a_fixed_number_of_tables_spreads_players_evenly(
    players: int, table_size: int, tables: int, expected: list[int]
) -> None:
    assert table_sizes(players, table_size=table_size, tables=tables) == expected


@pytest.mark.parametrize(
    ("players", "table_size", "tables", "message"),
    [
        (2, 4, None, "at least 3 players; 2 players are entered"),
        (1, 4, None, "1 player is entered"),
        (0, 4, None, "0 players are entered"),
        (5, 3, None, "5 players cannot be split into tables of 3 or 4 players"),
        (10, 2, None, "table size must be at least 3"),
        (10, 0, None, "table size must be at least 3"),
        (-1, 4, None, "cannot be negative"),
        (8, 4, 3, "8 players cannot fill 3 tables"),
        (2, 6, 1, "2 players cannot fill 1 table"),
        (12, 4, 0, "number of tables must be at least 1"),
        (12, 4, -2, "number of tables cannot be negative"),
    ],
)
def test_impossible_table_sizes_are_refused_with_a_sentence(
    players: int, table_size: int, tables: int | None, message: str
) -> None:
    with pytest.raises(SeatingError, match=message) as refused:
        table_sizes(players, table_size=table_size, tables=tables)
    text = str(refused.value)
    assert text[0].isupper() or text[0].isdigit()
    assert text.endswith(".")


@pytest.mark.parametrize("bad", [4.0, "4", True, None])
def test_a_table_size_that_is_not_a_whole_number_is_refused(bad: object) -> None:
    with pytest.raises(SeatingError, match="whole number"):
        table_sizes(12, table_size=bad)  # type: ignore[arg-type]


def test_seating_error_is_a_value_error() -> None:
    assert issubclass(SeatingError, ValueError)


def _splits_without_a_smaller_table(players: int, table_size: int) -> list[int]:
    """Numbers of bigger tables in every split of `players` into tables of size and size + 1."""
    return [
        bigger
        for bigger in range(players // (table_size + 1) + 1)
        if (players - bigger * (table_size + 1)) % table_size == 0
    ]


@given(players=st.integers(3, 300), table_size=st.integers(3, 8))
def test_table_sizes_stay_within_one_of_the_size_and_never_below_three(
    players: int, table_size: int
) -> None:
    try:
        sizes = table_sizes(players, table_size=table_size)
    except SeatingError:
        # only impossible when even tables of size - 1 (never below 3) cannot make it
        smallest = max(table_size - 1, 3)
        assert not any(
            smallest * count <= players <= (table_size + 1) * count
            for count in range(1, players + 1)
        )
        return
    assert sum(sizes) == players
    assert all(max(table_size - 1, 3) <= size <= table_size + 1 for size in sizes)
    assert sizes == sorted(sizes, reverse=True)
    assert max(sizes) - min(sizes) <= 1
    bigger_options = _splits_without_a_smaller_table(players, table_size)
    if bigger_options:
        # no table of size - 1 when size and size + 1 can do it, and fives only where needed
        assert min(sizes) >= table_size
        assert sizes.count(table_size + 1) == min(bigger_options)


@given(
    table_size=st.integers(3, 8),
    tables=st.integers(1, 20),
    data=st.data(),
)
def test_a_fixed_number_of_tables_gives_that_many_even_tables(
    table_size: int, tables: int, data: st.DataObject
) -> None:
    players = data.draw(st.integers(3 * tables, (table_size + 2) * tables))
    sizes = table_sizes(players, table_size=table_size, tables=tables)
    assert len(sizes) == tables
    assert sum(sizes) == players
    assert max(sizes) - min(sizes) <= 1
    assert min(sizes) >= 3
    assert sizes == sorted(sizes, reverse=True)


# --------------------------------------------------------------------------- seating: examples


def test_every_entrant_is_seated_exactly_once_at_tables_of_the_planned_sizes() -> None:
    plan = seating_plan(entrants(13), table_size=4, seed=7)
    assert [len(table) for table in plan] == [5, 4, 4]
    assert seated(plan) == list(range(1, 14))


def test_the_final_seats_everyone_at_one_table() -> None:
    plan = seating_plan(entrants(6), table_size=4, seed=1, tables=1)  # the usual round size
    assert len(plan) == 1
    assert sorted(plan[0]) == [1, 2, 3, 4, 5, 6]


def test_team_mates_never_share_a_table_when_there_is_room() -> None:
    # 16 players at 4 tables; four teams of four must be split one per table
    people = [Entrant(player, team=f"team {player % 4}") for player in range(16)]
    teams = {entrant.player_id: entrant.team for entrant in people}
    for seed in range(30):
        plan = seating_plan(people, table_size=4, seed=seed)
        assert team_conflicts(plan, teams) == 0
        for table in plan:
            assert sorted(teams[player] for player in table) == [
                "team 0",
                "team 1",
                "team 2",
                "team 3",
            ]


def test_a_team_larger_than_the_number_of_tables_meets_as_little_as_possible() -> None:
    # five team-mates, two tables: at best 3 + 2 at the tables, so 3 + 1 = 4 pairs meet
    people = [Entrant(player, team="Rotary") for player in range(1, 6)] + entrants(3, first=6)
    teams = {entrant.player_id: entrant.team for entrant in people}
    for seed in range(20):
        plan = seating_plan(people, table_size=4, seed=seed)
        assert team_conflicts(plan, teams) == 4


@pytest.mark.parametrize("team", ["", None])
def test_an_empty_team_is_no_team(team: str | None) -> None:
    people = [Entrant(player, team=team) for player in range(1, 13)]
    assert seating_plan(people, table_size=4, seed=5) == seating_plan(
        entrants(12), table_size=4, seed=5
    )


def test_players_who_met_are_kept_apart_when_a_fresh_seating_exists() -> None:
    # round 1 sat 1-4, 5-8, 9-12, 13-16 together: round 2 can mix them completely
    past = opponents_by_player([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16]])
    for seed in range(30):
        plan = seating_plan(entrants(16), table_size=4, seed=seed, past_opponents=past)
        assert repeats(plan, past) == 0


def test_a_third_round_of_sixteen_still_has_no_repeat_opponents() -> None:
    # rounds 1 and 2 were the rows and the columns of a 4 x 4 square
    rows = [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16]]
    columns = [[1, 5, 9, 13], [2, 6, 10, 14], [3, 7, 11, 15], [4, 8, 12, 16]]
    past = opponents_by_player([*rows, *columns])
    for seed in range(30):
        plan = seating_plan(entrants(16), table_size=4, seed=seed, past_opponents=past)
        assert repeats(plan, past) == 0


def test_players_who_met_meet_as_little_as_the_tables_allow() -> None:
    # two tables of four after 1-4 and 5-8: each table has two of each, so 4 pairs meet again
    past = opponents_by_player([[1, 2, 3, 4], [5, 6, 7, 8]])
    for seed in range(30):
        plan = seating_plan(entrants(8), table_size=4, seed=seed, past_opponents=past)
        assert repeats(plan, past) == 4


def test_one_direction_of_a_past_meeting_is_enough() -> None:
    past = {1: [2, 3, 4], 5: [6, 7, 8], 9: [10, 11, 12], 13: [14, 15, 16]}  # 2 does not list 1
    for seed in range(30):
        plan = seating_plan(entrants(16), table_size=4, seed=seed, past_opponents=past)
        assert repeats(plan, past) == 0


def test_a_team_conflict_weighs_more_than_a_repeat_opponent() -> None:
    # Player 1 met 3, 4 and 5; the only table for 1 without a repeat is {1, 2, 6},
    # but 1 and 2 are team-mates. Keeping them apart costs one repeat meeting.
    people = [Entrant(1, "Lions"), Entrant(2, "Lions"), *entrants(4, first=3)]
    teams = {entrant.player_id: entrant.team for entrant in people}
    past = {1: {3, 4, 5}}
    for seed in range(30):
        plan = seating_plan(people, table_size=3, seed=seed, past_opponents=past)
        assert team_conflicts(plan, teams) == 0
        assert repeats(plan, past) == 1


def test_past_opponents_who_are_not_entered_are_ignored() -> None:
    past = {1: {2, 99}, 98: {3, 4}, 97: set()}
    plan = seating_plan(entrants(8), table_size=4, seed=3, past_opponents=past)
    assert seated(plan) == list(range(1, 9))
    assert repeats(plan, {1: {2}}) == 0


def test_the_same_seed_gives_the_same_seating() -> None:
    people = [
        Entrant(player, team=f"t{player % 5}" if player % 2 else None) for player in range(40)
    ]
    past = earlier_rounds(range(40), table_sizes(40, table_size=4), rounds=3, seed=1)
    first = seating_plan(people, table_size=4, seed=42, past_opponents=past)
    assert seating_plan(people, table_size=4, seed=42, past_opponents=past) == first


def test_the_seating_does_not_depend_on_the_order_of_the_inputs() -> None:
    people = [Entrant(player, team=f"t{player % 3}") for player in range(1, 22)]
    past = {1: {2, 3}, 4: {5, 6, 7}, 8: {9}, 20: {21, 1}}
    shuffled_people = list(reversed(people))
    reordered_past = {key: sorted(past[key], reverse=True) for key in sorted(past, reverse=True)}
    assert seating_plan(people, table_size=4, seed=9, past_opponents=past) == seating_plan(
        shuffled_people, table_size=4, seed=9, past_opponents=reordered_past
    )


def test_different_seeds_give_different_seatings() -> None:
    plans = {
        tuple(map(tuple, seating_plan(entrants(20), table_size=4, seed=seed))) for seed in range(20)
    }
    assert len(plans) >= 15


def test_the_seat_order_at_a_table_is_shuffled_too() -> None:
    orders = {tuple(seating_plan(entrants(4), table_size=4, seed=seed)[0]) for seed in range(30)}
    assert len(orders) > 5


def test_fewer_repeat_opponents_than_random_seating_over_a_whole_event() -> None:
    players = list(range(1, 41))
    sizes = table_sizes(40, table_size=4)
    rng = random.Random(2024)
    ours = theirs = 0
    for seed in range(20):
        past = earlier_rounds(players, sizes, rounds=3, seed=seed)
        ours += repeats(
            seating_plan(entrants(40), table_size=4, seed=seed, past_opponents=past), past
        )
        theirs += repeats(random_seating(players, sizes, rng), past)
    assert ours < theirs / 4


def test_four_hundred_players_are_seated_in_well_under_a_second() -> None:
    people = [
        Entrant(player, team=f"club {player % 60}" if player % 3 == 0 else None)
        for player in range(400)
    ]
    past = earlier_rounds(range(400), table_sizes(400, table_size=4), rounds=4, seed=0)
    started = time.perf_counter()
    plan = seating_plan(people, table_size=4, seed=11, past_opponents=past)
    elapsed = time.perf_counter() - started
    assert seated(plan) == list(range(400))
    assert repeats(plan, past) == 0
    assert elapsed < 1.0


# --------------------------------------------------------------------------- seating: refusals


@pytest.mark.parametrize(
    ("people", "options", "message"),
    [
        ([Entrant(1), Entrant(2), Entrant(2), Entrant(3)], {}, "Player 2 is entered twice"),
        (entrants(2), {}, "at least 3 players; 2 players are entered"),
        ([], {}, "0 players are entered"),
        (entrants(8), {"table_size": 2}, "table size must be at least 3"),
        (entrants(8), {"tables": 3}, "8 players cannot fill 3 tables"),
        (entrants(8), {"seed": "lucky"}, "seed must be a whole number"),
        ([Entrant(1), Entrant(2), 3], {}, "Only entrants can be seated"),
        ([Entrant("1"), Entrant(2), Entrant(3)], {}, "player id must be a whole number"),
        ([Entrant(1, team=7), Entrant(2), Entrant(3)], {}, "Player 1's team must be a name"),
    ],
)
def test_bad_seating_requests_are_refused_with_a_sentence(
    people: list, options: dict, message: str
) -> None:
    arguments = {"table_size": 4, "seed": 1, **options}
    with pytest.raises(SeatingError, match=message) as refused:
        seating_plan(people, **arguments)
    assert str(refused.value).endswith(".")


# --------------------------------------------------------------------------- past opponents


def test_opponents_by_player_collects_everyone_a_player_sat_with() -> None:
    rounds = [[1, 2, 3, 4], [5, 6, 7], [1, 5, 8], [2, 6, 7, 3]]
    assert opponents_by_player(rounds) == {
        1: {2, 3, 4, 5, 8},
        2: {1, 3, 4, 6, 7},
        3: {1, 2, 4, 6, 7},
        4: {1, 2, 3},
        5: {1, 6, 7, 8},
        6: {2, 3, 5, 7},
        7: {2, 3, 5, 6},
        8: {1, 5},
    }


def test_opponents_by_player_of_no_tables_is_empty() -> None:
    assert opponents_by_player([]) == {}


def test_a_player_listed_twice_at_one_table_is_refused() -> None:
    with pytest.raises(SeatingError, match="Player 3 is listed twice at the same table"):
        opponents_by_player([[1, 2], [3, 4, 3]])


# --------------------------------------------------------------------------- properties


@st.composite
def events(draw: st.DrawFn, max_players: int = 40) -> dict:
    """Entrants (some in teams), a table size, a seed and a random history of earlier rounds."""
    table_size = draw(st.integers(3, 6))
    count = draw(st.integers(table_size, max_players))
    while True:  # some counts cannot be split (5 players at tables of 3 or 4): take the next
        try:
            sizes = table_sizes(count, table_size=table_size)
            break
        except SeatingError:
            count += 1
    ids = draw(st.lists(st.integers(1, 10_000), min_size=count, max_size=count, unique=True))
    team_names = draw(
        st.lists(st.sampled_from(["", "A", "B", "C", "D"]), min_size=count, max_size=count)
    )
    people = [Entrant(player, team or None) for player, team in zip(ids, team_names, strict=True)]
    rounds = draw(st.integers(0, 4))
    past = earlier_rounds(ids, sizes, rounds, seed=draw(st.integers(0, 1000)))
    return {
        "people": people,
        "table_size": table_size,
        "sizes": sizes,
        "past": past,
        "seed": draw(st.integers(0, 2**32)),
    }


@given(events())
def test_every_player_is_seated_once_at_tables_within_one_of_the_size(event: dict) -> None:
    plan = seating_plan(
        event["people"],
        table_size=event["table_size"],
        seed=event["seed"],
        past_opponents=event["past"],
    )
    assert seated(plan) == sorted(entrant.player_id for entrant in event["people"])
    assert [len(table) for table in plan] == event["sizes"]
    assert all(
        max(3, event["table_size"] - 1) <= len(table) <= event["table_size"] + 1 for table in plan
    )


@given(events(), st.randoms(use_true_random=False))
def test_the_seating_depends_only_on_the_seed_not_on_input_order(
    event: dict, shuffler: random.Random
) -> None:
    people = list(event["people"])
    first = seating_plan(
        people, table_size=event["table_size"], seed=event["seed"], past_opponents=event["past"]
    )
    shuffler.shuffle(people)
    past_items = list(event["past"].items())
    shuffler.shuffle(past_items)
    reordered_past = {player: list(opponents) for player, opponents in past_items}
    for opponents in reordered_past.values():
        shuffler.shuffle(opponents)
    again = seating_plan(
        people, table_size=event["table_size"], seed=event["seed"], past_opponents=reordered_past
    )
    assert again == first


@given(events())
def test_no_team_conflicts_when_no_team_outnumbers_the_tables(event: dict) -> None:
    teams = {entrant.player_id: entrant.team for entrant in event["people"]}
    largest_team = max(
        (list(teams.values()).count(team) for team in set(teams.values()) if team), default=0
    )
    plan = seating_plan(
        event["people"],
        table_size=event["table_size"],
        seed=event["seed"],
        past_opponents=event["past"],
    )
    if largest_team <= len(event["sizes"]):
        assert team_conflicts(plan, teams) == 0


@settings(max_examples=60)
@given(events(max_players=24))
def test_no_single_swap_between_tables_would_improve_the_seating(event: dict) -> None:
    teams = {entrant.player_id: entrant.team for entrant in event["people"]}
    past = event["past"]
    plan = seating_plan(
        event["people"], table_size=event["table_size"], seed=event["seed"], past_opponents=past
    )

    def badness(tables: list[list[int]]) -> tuple[int, int]:
        return (team_conflicts(tables, teams), repeats(tables, past))

    current = badness(plan)
    for first, second in combinations(range(len(plan)), 2):
        for i in range(len(plan[first])):
            for j in range(len(plan[second])):
                swapped = [list(table) for table in plan]
                swapped[first][i], swapped[second][j] = plan[second][j], plan[first][i]
                assert badness(swapped) >= current


@given(events(), st.randoms(use_true_random=False))
def test_fewer_repeat_opponents_than_a_random_seating_on_average(
    event: dict, rng: random.Random
) -> None:
    people = [Entrant(entrant.player_id) for entrant in event["people"]]  # repeats only
    ids = [entrant.player_id for entrant in people]
    past = event["past"]
    plan = seating_plan(
        people, table_size=event["table_size"], seed=event["seed"], past_opponents=past
    )
    samples = [repeats(random_seating(ids, event["sizes"], rng), past) for _ in range(30)]
    assert repeats(plan, past) <= sum(samples) / len(samples)


def test_one_table_breaks_nothing_that_another_seating_could_have_kept():
    """At one table everyone meets everyone: team-mates and earlier meetings are not what
    this seating breaks, since no seating could keep them apart."""
    players = [Entrant(1, "Red"), Entrant(2, "Red"), Entrant(3), Entrant(4)]
    met = {3: {4}, 4: {3}}
    assert plan_problems([[1, 2, 3, 4]], players, past_opponents=met) == ([], [])
    two = [*players, Entrant(5), Entrant(6)]
    assert plan_problems([[1, 2, 5], [3, 4, 6]], two, past_opponents=met) == (
        [],
        [Clash("team", 1, (1, 2)), Clash("met", 2, (3, 4))],
    )


# --------------------------------------------------------------------------- pre-seating


def meetings(plans: Sequence[Sequence[Sequence[int]]]) -> int:
    """Every meeting of a pair after their first, over the rounds' plans."""
    met = [tuple(sorted(pair)) for plan in plans for t in plan for pair in combinations(t, 2)]
    return len(met) - len(set(met))


def test_sixteen_players_at_tables_of_four_meet_nobody_twice_over_three_rounds():
    plans = rounds_plan(entrants(16), rounds=3, table_size=4, seed=1)
    assert len(plans) == 3
    for plan in plans:
        assert [len(table) for table in plan] == [4, 4, 4, 4]
        assert seated(plan) == list(range(1, 17))
    assert meetings(plans) == 0
    assert seating.repeats(dict(enumerate(plans, start=1))) == []


def test_eight_players_meet_again_no_more_than_the_numbers_force():
    """Two tables of four, three rounds: 36 meetings among 28 pairs, so at least 8 are
    repeats, and the search finds a plan with exactly 8, each one reported."""
    for seed in range(5):
        plans = rounds_plan(entrants(8), rounds=3, table_size=4, seed=seed)
        found = seating.repeats(dict(enumerate(plans, start=1)))
        assert sum(len(repeat.rounds) - 1 for repeat in found) == meetings(plans) == 8
        for repeat in found:
            a, b = repeat.players
            together = [
                n for n, plan in enumerate(plans, 1) if any(a in t and b in t for t in plan)
            ]
            assert list(repeat.rounds) == together


def test_pre_seating_keeps_team_mates_apart_in_every_round():
    players = [Entrant(n, team=f"Team {n % 6}") for n in range(1, 25)]
    team = {e.player_id: e.team for e in players}
    plans = rounds_plan(players, rounds=3, table_size=4, seed=5)
    assert [team_conflicts(plan, team) for plan in plans] == [0, 0, 0]
    assert meetings(plans) == 0


def test_pre_seating_avoids_those_who_met_in_a_round_already_played():
    played = [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16]]
    plans = rounds_plan(
        entrants(16), rounds=2, table_size=4, seed=3, past_opponents=opponents_by_player(played)
    )
    assert meetings([played, *plans]) == 0


def test_pre_seating_depends_only_on_the_players_and_the_seed():
    players = [Entrant(n, team="Reds" if n % 5 == 0 else None) for n in range(1, 31)]
    first = rounds_plan(players, rounds=3, table_size=4, seed=42)
    assert rounds_plan(list(reversed(players)), rounds=3, table_size=4, seed=42) == first
    assert rounds_plan(players, rounds=3, table_size=4, seed=43) != first


def test_repeats_name_each_pair_who_meet_again_with_their_rounds():
    found = seating.repeats({1: [[1, 2, 3], [4, 5, 6]], 2: [[3, 2, 6], [1, 4, 5]], 3: [[2, 3, 4]]})
    assert found == [
        Repeat((2, 3), (1, 2, 3)),
        Repeat((4, 5), (1, 2)),
    ]
