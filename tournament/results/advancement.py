"""Ranking a table at the end of a round, and who goes on (pure Python, no Django).

The rules (docs/rules.md, "Time-limited rounds"):

- At a table, players rank by net worth, highest first. A bankrupt player
  ranks below every player still in; among bankrupt players the later
  bankruptcy ranks higher. Ties on net worth go to the player with more cash;
  a tie that remains is the organiser's decision: the players share the
  better rank and are flagged `tied`.
- Placement points: at a table of n players, rank r gets n - r + 1 (first
  gets n, last gets 1); a bankrupt player gets 0.
- Knock-out: each table's winner goes on, plus, if the organiser sets them,
  wildcards: the best net worths among the rest who are still in (ties on net
  worth broken by cash).
- Points: after the preliminary rounds, the top K by total placement points,
  ties broken by total net worth, play the final.
- Aggregate: after the preliminary rounds, the top K by the sum of their net
  worths (a bankrupt round counts as recorded), ties broken by total cash,
  play the final.

Where the rules cannot separate players competing for the last places,
`Advancement.undecided` names them and `places_left` says how many of them
may still go on: the organiser decides.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import groupby


@dataclass(frozen=True, slots=True)
class SeatResult:
    """One player's result at a table when the round ends.

    `bankrupt_order` matters only for bankrupt players: a later bankruptcy has
    a larger number and ranks higher.
    """

    player_id: int
    table: int
    net_worth: int
    cash: int
    bankrupt: bool = False
    bankrupt_order: int = 0


@dataclass(frozen=True, slots=True)
class Ranked:
    """A result with its place at the table.

    `rank` is 1 for the best; players the rules cannot separate share the
    better rank and have `tied` set (the organiser decides between them).
    `points` are the placement points for the rank.
    """

    result: SeatResult
    rank: int
    points: int
    tied: bool


POINTS, AGGREGATE = "points", "aggregate"  # the formats that total the preliminary rounds


@dataclass(frozen=True, slots=True)
class Standing:
    """A player's totals over the preliminary rounds of a points or aggregate event."""

    player_id: int
    points: int
    total_net_worth: int
    rounds: int
    total_cash: int = 0

    def key(self, by: str) -> tuple[int, int]:
        """What places the player, larger is better: on points, the points, then the total
        net worth; on aggregate, the total net worth, then the total cash."""
        if by == POINTS:
            return (self.points, self.total_net_worth)
        return (self.total_net_worth, self.total_cash)


@dataclass(frozen=True, slots=True)
class Tie:
    """Players the rules cannot separate, competing for `places` of the next round: one
    decision of the organiser settles them all."""

    players: tuple[int, ...]
    places: int


@dataclass(frozen=True, slots=True)
class Advancement:
    """Who goes on to the next round.

    `advancing`: player ids the rules decide, in order of merit.
    `undecided`: tied players competing for the remaining places.
    `places_left`: how many of the undecided may still go on (the organiser decides).
    `ties`: the undecided, tie by tie, each with its own places.
    """

    advancing: tuple[int, ...]
    undecided: tuple[int, ...]
    places_left: int
    ties: tuple[Tie, ...] = ()


# --------------------------------------------------------------------------- a table


def rank_table(results: Sequence[SeatResult]) -> list[Ranked]:
    """Rank one table's results, best first (equal ranks by player id).

    Players still in rank by net worth, then by cash; bankrupt players rank
    below them, the later bankruptcy first. Players equal on all of that share
    the better rank ("1, 2, 2, 4"), get that rank's points and are flagged
    `tied`.
    """
    results = list(results)
    _check_table(results)
    by_id = sorted(results, key=lambda result: result.player_id)
    ordered = sorted(by_id, key=_table_key, reverse=True)  # stable: equal ones stay by id
    ranked: list[Ranked] = []
    position = 1
    for _, equal in groupby(ordered, key=_table_key):
        group = list(equal)
        for result in group:
            points = placement_points(position, len(results), result.bankrupt)
            ranked.append(Ranked(result, position, points, tied=len(group) > 1))
        position += len(group)
    return ranked


def tie_breaks(ranked: Sequence[Ranked]) -> dict[int, str]:
    """Player id -> the rule that placed each seat of a ranked table against seats level with
    it: "bankrupt" (ranks below every player still in), "cash" (level on net worth: more
    cash ranks higher), "organiser" (level on net worth and cash: the organiser decides), or
    "" where no tie-break was needed."""
    still_in = Counter(row.result.net_worth for row in ranked if not row.result.bankrupt)
    rules = {}
    for row in ranked:
        if row.result.bankrupt:
            rules[row.result.player_id] = "bankrupt"
        elif still_in[row.result.net_worth] > 1:
            rules[row.result.player_id] = "organiser" if row.tied else "cash"
        else:
            rules[row.result.player_id] = ""
    return rules


def placement_points(rank: int, table_players: int, bankrupt: bool) -> int:
    """Placement points: at a table of n, rank r gets n - r + 1; a bankrupt player 0.

    So the winner of a table of four gets 4 and the last player still in gets 1.
    """
    _check_whole(table_players, "The number of players at a table")
    _check_whole(rank, "A rank")
    if table_players < 1:
        raise ValueError("A table needs at least one player to give placement points.")
    if not 1 <= rank <= table_players:
        raise ValueError(
            f"A rank at a table of {table_players} must be between 1 and {table_players}, "
            f"not {rank}."
        )
    return 0 if bankrupt else table_players - rank + 1


def _table_key(result: SeatResult) -> tuple[int, int, int]:
    """Larger is better: players still in above bankrupt ones, then worth and cash or order."""
    if result.bankrupt:
        return (0, result.bankrupt_order, 0)
    return (1, result.net_worth, result.cash)


def _check_table(results: Sequence[SeatResult]) -> None:
    """A table has results, each a SeatResult for a different player, all at the same table."""
    if not results:
        raise ValueError("A table needs at least one result to be ranked; this one is empty.")
    for result in results:
        if not isinstance(result, SeatResult):
            raise ValueError(f"Only seat results can be ranked, not {result!r}.")
    numbers = sorted({result.table for result in results})
    if len(numbers) > 1:
        raise ValueError(
            "Results from different tables cannot be ranked together "
            f"(tables {', '.join(str(n) for n in numbers)})."
        )
    _check_unique((result.player_id for result in results), where="at the table")


# --------------------------------------------------------------------------- knock-out


def knockout(tables: Sequence[Sequence[Ranked]], *, wildcards: int = 0) -> Advancement:
    """Knock-out advancement: each table's winner goes on, plus `wildcards` of the rest.

    A table whose top place is tied sends none of its tied players for
    certain: they are undecided, competing for that table's one place.
    Wildcards go to the best net worths (then cash) among everyone else who
    is not bankrupt, including the tied players of a table who do not take its
    place. Where wildcard candidates are equal at the last wildcard places,
    they are undecided too.

    `advancing` lists the table winners first, then the wildcards, each by
    net worth and cash, best first.
    """
    _check_count(wildcards, "The number of wildcards")
    _check_rounds_tables(tables)
    _check_unique(
        (ranked.result.player_id for table in tables for ranked in table), where="in the round"
    )

    winners: list[Ranked] = []
    tied_tops: list[list[Ranked]] = []
    rest: list[Ranked] = []
    for table in tables:
        best = min(ranked.rank for ranked in table)
        top = [ranked for ranked in table if ranked.rank == best]
        if len(top) == 1:
            winners.extend(top)
        else:
            tied_tops.append(top)
        rest.extend(ranked for ranked in table if ranked.rank != best)

    wild, ties = _award_wildcards(rest, tied_tops, wildcards)
    return Advancement(
        advancing=_ids_by_merit(winners) + _ids_by_merit(wild),
        undecided=_ids_by_merit(ranked for tie in ties for ranked in tie[0]),
        places_left=sum(places for _, places in ties),
        ties=tuple(Tie(_ids_by_merit(players), places) for players, places in ties),
    )


@dataclass(frozen=True, slots=True)
class _Candidates:
    """Players who compete for wildcards as one: a single player, or a table's tied top.

    A tied top of g players holds its table's place and needs g - 1 wildcards
    besides to send all of them on.
    """

    key: tuple[int, int]
    players: tuple[Ranked, ...]
    holds_table_place: bool

    @property
    def wildcards_needed(self) -> int:
        return len(self.players) - 1 if self.holds_table_place else len(self.players)


def _award_wildcards(
    rest: Sequence[Ranked], tied_tops: Sequence[Sequence[Ranked]], wildcards: int
) -> tuple[list[Ranked], list[tuple[list[Ranked], int]]]:
    """Hand out the wildcards level by level of (net worth, cash), best level first.

    A level goes on whole when the wildcards left cover it. The first level
    they do not cover is the boundary: its players are undecided, competing
    for the wildcards left (plus the places of any tied top among them).
    Tied tops that no wildcard settled stay undecided with their table's one
    place; bankrupt players are no wildcard candidates. Returns the players
    who go on by wildcard, and the ties: each with its players and places.
    """
    candidates = [
        _Candidates(_wildcard_key(ranked.result), (ranked,), holds_table_place=False)
        for ranked in rest
        if not ranked.result.bankrupt
    ]
    unsettled: list[Sequence[Ranked]] = []
    for top in tied_tops:
        if any(ranked.result.bankrupt for ranked in top):
            unsettled.append(top)  # no wildcard candidates: only the table's place is open
        else:
            key = min(_wildcard_key(ranked.result) for ranked in top)
            candidates.append(_Candidates(key, tuple(top), holds_table_place=True))

    going: list[Ranked] = []
    ties: list[tuple[list[Ranked], int]] = []
    left = wildcards
    candidates.sort(key=lambda candidate: candidate.key, reverse=True)
    for _, level in groupby(candidates, key=lambda candidate: candidate.key):
        at_level = list(level)
        needed = sum(candidate.wildcards_needed for candidate in at_level)
        if left == 0:
            unsettled.extend(c.players for c in at_level if c.holds_table_place)
        elif needed <= left:
            going.extend(ranked for candidate in at_level for ranked in candidate.players)
            left -= needed
        else:
            players = [ranked for candidate in at_level for ranked in candidate.players]
            ties.append((players, left + sum(1 for c in at_level if c.holds_table_place)))
            left = 0
    ties.extend((list(players), 1) for players in unsettled)
    return going, ties


def _wildcard_key(result: SeatResult) -> tuple[int, int]:
    """Wildcards go by net worth, ties broken by cash; larger is better."""
    return (result.net_worth, result.cash)


def _ids_by_merit(players: Iterable[Ranked]) -> tuple[int, ...]:
    """Player ids by net worth then cash, best first (bankrupt last), equal ones by id."""
    ordered = sorted(
        players,
        key=lambda ranked: (
            ranked.result.bankrupt,
            -ranked.result.net_worth,
            -ranked.result.cash,
            ranked.result.player_id,
        ),
    )
    return tuple(ranked.result.player_id for ranked in ordered)


# --------------------------------------------------------------------------- points, aggregate


def totals_table(rounds: Sequence[Sequence[Ranked]], *, by: str) -> list[Standing]:
    """Total placement points, net worth and cash per player over the preliminary rounds.

    Each round is every ranked seat of that round (all its tables); a bankrupt seat counts
    its net worth and cash as recorded. Ordered `by` POINTS or AGGREGATE (Standing.key),
    best first; players equal on both by id. A player who missed a round simply has
    fewer rounds.
    """
    if by not in (POINTS, AGGREGATE):
        raise ValueError(f"Only points and aggregate total the rounds, not {by!r}.")
    totals: dict[int, list[int]] = {}
    for number, round_results in enumerate(rounds, start=1):
        round_results = list(round_results)
        for ranked in round_results:
            if not isinstance(ranked, Ranked):
                raise ValueError(f"Only ranked results can be totalled, not {ranked!r}.")
        _check_unique(
            (ranked.result.player_id for ranked in round_results), where=f"in round {number}"
        )
        for ranked in round_results:
            total = totals.setdefault(ranked.result.player_id, [0, 0, 0, 0])
            total[0] += ranked.points
            total[1] += ranked.result.net_worth
            total[2] += 1
            total[3] += ranked.result.cash
    standings = [Standing(player_id, *total) for player_id, total in totals.items()]
    standings.sort(key=lambda s: s.player_id)
    standings.sort(key=lambda s: s.key(by), reverse=True)  # stable: equal ones stay by id
    return standings


def totals_advance(rounds: Sequence[Sequence[Ranked]], *, finalists: int, by: str) -> Advancement:
    """Points or aggregate advancement: the top `finalists` of the totals (totals_table).

    Players equal at the boundary on what places them are undecided, competing for the
    places that remain (the organiser decides).
    """
    _check_count(finalists, "The number of finalists")
    advancing: list[int] = []
    left = finalists
    standings = totals_table(rounds, by=by)
    for _, level in groupby(standings, key=lambda s: s.key(by)):
        if left == 0:
            break
        players = [standing.player_id for standing in level]
        if len(players) > left:
            return Advancement(tuple(advancing), tuple(players), left, (Tie(tuple(players), left),))
        advancing.extend(players)
        left -= len(players)
    return Advancement(tuple(advancing), (), 0)


# --------------------------------------------------------------------------- input


def _check_rounds_tables(tables: Sequence[Sequence[Ranked]]) -> None:
    """Every table has at least one ranked result."""
    for number, table in enumerate(tables, start=1):
        if len(table) == 0:
            raise ValueError(
                f"Table {number} of the round has no results; it cannot have a winner."
            )
        for ranked in table:
            if not isinstance(ranked, Ranked):
                raise ValueError(f"Only ranked results can advance, not {ranked!r}.")


def _check_unique(player_ids: Iterable[int], *, where: str) -> None:
    if twice := [player for player, count in Counter(player_ids).items() if count > 1]:
        raise ValueError(f"Player {twice[0]} appears twice {where}.")


def _check_whole(value: int, what: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{what} must be a whole number, not {value!r}.")


def _check_count(value: int, what: str) -> None:
    _check_whole(value, what)
    if value < 0:
        raise ValueError(f"{what} cannot be negative ({value}).")
