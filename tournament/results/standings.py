"""Standings: which results count, and a table's seats in order while it is played.

A result counts once a second person has confirmed its table, or once the round has
ended (a forced end takes unconfirmed tables in as they stand: those are marked).

How each number was made is stored on the Result when its table closed (each deed, the
tie-break rule) and shaped by tournament/results/shape.py: nothing here reads the audit
trail.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.db.models import Q, QuerySet

from games import engine
from tournament.models import Result, Round, Table


def counted(results: QuerySet[Result]) -> QuerySet[Result]:
    """Results that count: their table is confirmed, or their round has ended."""
    return results.filter(
        Q(round__status=Round.Status.ENDED) | Q(seat__table__review=Table.Review.CONFIRMED)
    )


def is_forced(result: Result) -> bool:
    """Taken in by a forced end: the round ended without its table being confirmed."""
    table = result.seat.table
    return result.round.status == Round.Status.ENDED and table.review != Table.Review.CONFIRMED


def leaderboard(seats: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """A table's seats by net worth, best first: more cash breaks a tie, bankrupt seats
    come last. Seats still level share a place."""
    ordered = sorted(
        seats,
        key=lambda s: engine.standing(
            bankrupt=s["bankrupt"], net_worth=s["net_worth"], cash=s["cash"], seat=s["seat"]
        ),
    )
    rows: list[dict[str, Any]] = []
    for index, seat in enumerate(ordered):
        place = index + 1
        if rows:
            before = ordered[index - 1]
            level = (before["bankrupt"], before["net_worth"], before["cash"]) == (
                seat["bankrupt"],
                seat["net_worth"],
                seat["cash"],
            )
            place = rows[-1]["place"] if level else place
        rows.append(
            {
                "place": place,
                "seat": seat["seat"],
                "name": seat["name"],
                "cash": seat["cash"],
                "net_worth": seat["net_worth"],
                "bankrupt": seat["bankrupt"],
                "deeds": len(seat.get("deeds", ())),
            }
        )
    return rows
