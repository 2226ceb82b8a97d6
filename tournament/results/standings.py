"""Standings: which results count, and a table's seats in order while it is played.

A result counts once a second person has confirmed its table, or once the round has
ended (a forced end takes unconfirmed tables in as they stand: those are marked).

How each number was made is stored on the Result when its table closed (each deed, the
tie-break rule) and shaped by tournament/results/shape.py: nothing here reads the audit
trail.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from typing import Any

from django.db.models import QuerySet

from banking.ledgers import standing_key
from tournament.models import Result, Round, Table
from tournament.money import money
from tournament.results import advancement


def counts(*, round_status: str, review: str) -> bool:
    """Whether the results of a table whose round is in `round_status` and whose review is
    `review` count: its table is confirmed, or its round has ended."""
    return review == Table.Review.CONFIRMED or round_status == Round.Status.ENDED


def counted(results: QuerySet[Result]) -> list[Result]:
    """The results that count (`counts`), in their order; each read with its seat's table
    and its round."""
    return [
        result
        for result in results.select_related("seat__table", "round")
        if counts(round_status=result.round.status, review=result.seat.table.review)
    ]


def is_forced(result: Result) -> bool:
    """Taken in by a forced end: the round ended without its table being confirmed."""
    table = result.seat.table
    return result.round.status == Round.Status.ENDED and table.review != Table.Review.CONFIRMED


def wins_table(result: Result) -> bool:
    """Whether a result is its table's winner (takes_first)."""
    decided = bool(result.override_reason)
    return takes_first(
        rank=result.rank, tied=result.tied, decided=decided, advances=result.advances
    )


def takes_first(*, rank: int | None, tied: bool, decided: bool, advances: bool) -> bool:
    """Whether a seat's result wins its table: ranked first, unless the first place was
    tied and the organiser decided (`decided`) this player does not go on (the decision
    settles the tie: only those sent on are its winners)."""
    return rank == 1 and not (tied and decided and not advances)


def leaderboard(seats: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """A table's seats by net worth, best first: more cash breaks a tie, bankrupt seats
    come last. Seats still level share a place."""
    ordered = sorted(seats, key=standing_key)
    keys = [(seat["bankrupt"], seat["net_worth"], seat["cash"]) for seat in ordered]
    return [
        {
            "place": place,
            "seat": seat["seat"],
            "name": seat["name"],
            "cash": seat["cash"],
            "net_worth": seat["net_worth"],
            "bankrupt": seat["bankrupt"],
            "deeds": len(seat.get("deeds", ())),
        }
        for place, seat in zip(shared_places(keys), ordered, strict=True)
    ]


def shared_places(keys: Iterable[Hashable]) -> list[int]:
    """The places, from 1, of rows in order with these keys: rows with the same key (next to
    each other) share the first one's place ("1, 2, 2, 4")."""
    first: dict[Hashable, int] = {}
    return [first.setdefault(key, index) for index, key in enumerate(keys, start=1)]


def stored_ranking(results: Iterable[Result]) -> list[advancement.Ranked]:
    """Stored results as the rules rank them (advancement.Ranked), in the order given; each
    read with its seat's table."""
    return [
        advancement.Ranked(
            result=advancement.SeatResult(
                player_id=r.player_id,
                table=r.seat.table.number,
                net_worth=r.net_worth,
                cash=r.cash,
                bankrupt=r.bankrupt,
            ),
            rank=r.rank,
            points=r.points,
            tied=r.tied,
        )
        for r in results
    ]


def summed(net_worths: Iterable[int | None], total: int, currency: str) -> str:
    """How a running total of net worths was made, round by round: "$1,200 + $980 =
    $2,180" (in the event's `currency`); a round not played (None) is left out."""
    played = [money(worth, currency) for worth in net_worths if worth is not None]
    return f"{' + '.join(played) or money(0, currency)} = {money(total, currency)}"
