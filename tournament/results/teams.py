"""Team competition: a team's score each round and over the night, summed from its
members' net worths (docs/rules.md, "Teams"). Plain Python: the selector
(tournament.results.selectors.team_standings) reads the players and the results that count,
and every reader (the desk, the big screen, the results PDF, the night in numbers) shows
what this gives.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from tournament.results.standings import shared_places


@dataclass(frozen=True, slots=True)
class Member:
    player_id: int
    name: str
    team: str


@dataclass(frozen=True, slots=True)
class Score:
    """A member's net worth in a round, from their stored result."""

    player_id: int
    round: int  # the round's number
    net_worth: int


def by_team(members: Iterable[Member]) -> dict[str, list[Member]]:
    """The members of each team, by its name; those of no team (a blank name) left out."""
    teams: dict[str, list[Member]] = {}
    for member in members:
        if member.team:
            teams.setdefault(member.team, []).append(member)
    return teams


def has_teams(members: Iterable[Member]) -> bool:
    """Whether there is a team competition: at least two teams with members."""
    return len(by_team(members)) >= 2


def team_standings(
    members: Iterable[Member], scores: Iterable[Score], *, best: int = 0
) -> list[dict[str, Any]]:
    """The teams, best first: each with its place (teams level on their total share one:
    `shared`), its members with their net worth each round (None: not played) and whether
    it counted, its score each round and its total. `best`: a team counts its best this
    many members each round; 0, all of them. Empty unless at least two teams have members:
    an event without teams shows no team standings."""
    members = list(members)
    if not has_teams(members):
        return []
    teams = by_team(members)
    worth: dict[tuple[int, int], int] = {}
    for score in scores:
        worth[score.player_id, score.round] = score.net_worth
    rounds = sorted({r for _, r in worth})
    rows = []
    for name, people in teams.items():
        counted: set[tuple[int, int]] = set()
        by_round = []
        for number in rounds:
            played = [p.player_id for p in people if (p.player_id, number) in worth]
            played.sort(key=lambda pid: -worth[pid, number])
            kept = played[:best] if best else played
            counted.update((pid, number) for pid in kept)
            by_round.append({"round": number, "score": sum(worth[pid, number] for pid in kept)})
        rows.append(
            {
                "name": name,
                "members": [
                    {
                        "player_id": p.player_id,
                        "name": p.name,
                        "rounds": [
                            {
                                "round": number,
                                "net_worth": worth.get((p.player_id, number)),
                                "counted": (p.player_id, number) in counted,
                            }
                            for number in rounds
                        ],
                    }
                    for p in sorted(people, key=lambda p: (p.name, p.player_id))
                ],
                "rounds": by_round,
                "total": sum(r["score"] for r in by_round),
            }
        )
    rows.sort(key=lambda row: (-row["total"], row["name"]))
    totals = [row["total"] for row in rows]
    for row, place in zip(rows, shared_places(totals), strict=True):
        row["place"] = place
        row["shared"] = totals.count(row["total"]) > 1
    return rows
