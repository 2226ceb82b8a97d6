"""Selectors for standings: which results count, and how each number was computed.

A result counts once a second person has confirmed its table, or once the round has
ended (a forced end takes unconfirmed tables in as they stand: those are marked).

How a net worth was made is read from what the bank wrote when the table was closed: the
Result row keeps cash, deeds and buildings; the closing's audit record keeps each deed
(price, mortgaged at half, buildings at cost). So the desk reads this app alone.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from typing import Any

from django.db.models import Q, QuerySet

from .models import AuditEvent, Result, Round, Table

CLOSED = "table_closed"  # the audit action banking writes when a table is closed


def counted(results: QuerySet[Result]) -> QuerySet[Result]:
    """Results that count: their table is confirmed, or their round has ended."""
    return results.filter(
        Q(round__status=Round.Status.ENDED) | Q(seat__table__review=Table.Review.CONFIRMED)
    )


def is_forced(result: Result) -> bool:
    """Taken in by a forced end: the round ended without its table being confirmed."""
    table = result.seat.table
    return result.round.status == Round.Status.ENDED and table.review != Table.Review.CONFIRMED


def _n(amount: int) -> str:
    return f"{amount:,}"


def _deed_words(deed: dict[str, Any]) -> str:
    mortgaged = " mortgaged" if deed.get("mortgaged") else ""
    return f"{deed['name']}{mortgaged} {_n(deed['value'])}"


def _building_words(deed: dict[str, Any]) -> str:
    if deed.get("hotel"):
        what = "hotel"
    else:
        houses = deed.get("houses", 0)
        what = f"{houses} house{'s' if houses != 1 else ''}"
    return f"{deed['name']} {what} {_n(deed['building_value'])}"


def how(result: Result, deeds: Sequence[dict[str, Any]] | None) -> str:
    """'cash 1,120 + deeds 600 (Boardwalk 400, Park Place mortgaged 175) + buildings 400
    (Boardwalk 2 houses 400) = 2,295'. Without the closing's deeds, the totals alone."""
    deed_part = f"deeds {_n(result.property_value)}"
    building_part = f"buildings {_n(result.building_value)}"
    if deeds:
        deed_part += f" ({', '.join(_deed_words(d) for d in deeds)})"
        built = [d for d in deeds if d.get("building_value")]
        if built:
            building_part += f" ({', '.join(_building_words(d) for d in built)})"
    return f"cash {_n(result.cash)} + {deed_part} + {building_part} = {_n(result.net_worth)}"


def tie_break(result: Result, table: Sequence[Result]) -> str:
    """The rule that placed this seat against others level with it, if any (RULES.md:
    bankrupt last; ties on net worth go to more cash, then to the organiser)."""
    if result.bankrupt:
        return "bankrupt: ranks below every player still in"
    level = [
        r for r in table if r.pk != result.pk and not r.bankrupt and r.net_worth == result.net_worth
    ]
    if not level:
        return ""
    names = ", ".join(r.player.name for r in level)
    if result.tied:
        same = [r for r in level if r.cash == result.cash]
        names = ", ".join(r.player.name for r in same) or names
        return f"tied with {names} on net worth and cash: organiser's decision"
    return f"level with {names} on net worth: more cash ranks higher"


def _closing_deeds(round_: Round, table_ids: Iterable[int]) -> dict[tuple[int, int], Any]:
    """(table id, seat) -> the deeds and net worth of the latest closing of each table."""
    wanted = set(table_ids)
    closings = AuditEvent.objects.filter(
        event_id=round_.event_id, action=CLOSED, subject__startswith=f"Round {round_.number}, "
    ).order_by("id")
    found: dict[tuple[int, int], Any] = {}
    for closing in closings.only("data"):
        data = closing.data or {}
        if data.get("table_id") not in wanted:
            continue
        for seat in data.get("seats", ()):
            found[(data["table_id"], seat.get("seat"))] = seat
    return found


def with_how(round_: Round, results: Sequence[Result]) -> list[Result]:
    """Give each result `how` (the sum that makes its net worth), `tie_break` (the rule
    applied against seats level with it, if any) and `forced`. Two queries."""
    results = list(results)
    closings = _closing_deeds(round_, {r.seat.table_id for r in results})
    by_table: dict[int, list[Result]] = defaultdict(list)
    for result in results:
        by_table[result.seat.table_id].append(result)
    for result in results:
        closed = closings.get((result.seat.table_id, result.seat.number))
        same = closed is not None and closed.get("net_worth") == result.net_worth
        result.how = how(result, closed.get("deeds") if same else None)
        result.tie_break = tie_break(result, by_table[result.seat.table_id])
        result.round = round_
        result.forced = is_forced(result)
    return results
