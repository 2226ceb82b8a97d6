"""A team's score (tournament/results/teams.py): each round the sum of its members' net
worths, or of its best K; its total the sum of its rounds; teams level on it share a place."""

from __future__ import annotations

from tournament.results.teams import Member, Score, team_standings

MEMBERS = [
    Member(1, "Ada", "Reds"),
    Member(2, "Brook", "Reds"),
    Member(3, "Cy", "Reds"),
    Member(4, "Dee", "Blues"),
    Member(5, "Eli", "Blues"),
    Member(6, "Fay", ""),  # plays for no team
]
SCORES = [
    *(Score(1, 1, 1500), Score(2, 1, 1200), Score(3, 1, 900)),
    *(Score(4, 1, 2000), Score(5, 1, 1000), Score(6, 1, 5000)),
    *(Score(1, 2, 1700), Score(4, 2, 1600), Score(5, 2, 100)),  # Brook and Cy missed round 2
]


def by_name(rows: list[dict]) -> dict[str, dict]:
    return {row["name"]: row for row in rows}


def test_a_team_counts_every_member_each_round_and_sums_its_rounds():
    rows = team_standings(MEMBERS, SCORES)
    assert [(r["name"], r["place"], r["shared"]) for r in rows] == [
        ("Reds", 1, False),
        ("Blues", 2, False),
    ]
    reds, blues = by_name(rows)["Reds"], by_name(rows)["Blues"]
    assert [(r["round"], r["score"]) for r in reds["rounds"]] == [(1, 3600), (2, 1700)]
    assert reds["total"] == 5300
    assert [(r["round"], r["score"]) for r in blues["rounds"]] == [(1, 3000), (2, 1700)]
    assert blues["total"] == 4700


def test_a_member_who_missed_a_round_adds_nothing_to_it_and_is_shown_so():
    reds = by_name(team_standings(MEMBERS, SCORES))["Reds"]
    brook = next(m for m in reds["members"] if m["name"] == "Brook")
    assert brook["rounds"] == [
        {"round": 1, "net_worth": 1200, "counted": True},
        {"round": 2, "net_worth": None, "counted": False},
    ]


def test_best_k_counts_only_the_k_highest_net_worths_of_each_round():
    rows = by_name(team_standings(MEMBERS, SCORES, best=2))
    reds = rows["Reds"]
    assert [r["score"] for r in reds["rounds"]] == [1500 + 1200, 1700]
    assert reds["total"] == 4400
    cy = next(m for m in reds["members"] if m["name"] == "Cy")
    assert cy["rounds"][0] == {"round": 1, "net_worth": 900, "counted": False}
    assert rows["Blues"]["total"] == 3000 + 1700
    assert [r["name"] for r in team_standings(MEMBERS, SCORES, best=2)] == ["Blues", "Reds"]


def test_teams_level_on_their_total_share_a_place():
    members = [*MEMBERS, Member(7, "Gus", "Greens")]
    scores = [*SCORES, Score(7, 1, 4700)]
    rows = team_standings(members, scores)
    assert [(r["name"], r["place"], r["shared"]) for r in rows] == [
        ("Reds", 1, False),
        ("Blues", 2, True),
        ("Greens", 2, True),
    ]


def test_an_event_needs_two_teams_with_members_for_team_standings():
    alone = [m for m in MEMBERS if m.team != "Blues"]
    assert team_standings(alone, SCORES) == []
    assert team_standings([Member(6, "Fay", "")], SCORES) == []
