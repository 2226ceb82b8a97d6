"""Printed documents that need the bank's books: the scoresheets, and checking their codes.

A scoresheet shows each seat's cash, deeds (mortgaged ones marked), buildings and the
breakdown of its net worth, read from the table's stored state, with the rank and who
goes on (the Result rows written when the round ended) and the table's verification
code. This module builds that as plain dicts and registers the document with the event
side's print machinery (tournament.printing), which renders it: imports go one way.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.db.models import QuerySet

from games import engine
from tournament.errors import Refusal
from tournament.models import PrintJob, Result, Round, Table
from tournament.printing.documents import person, round_head, round_of, table_pages
from tournament.printing.registry import Parts, document
from tournament.printing.render import figure, qr_png, site_url

from .ledgers import rules_of, start_state
from .models import TableLedger
from .verification import ledger_code

CODE_CHARACTERS = re.compile(r"[A-Z2-7]{10}")
CROWDED = 5  # more seats than this, and a scoresheet sets its rows tighter to keep one page


# -- Scoresheets ------------------------------------------------------------------------------


def _deed(space: engine.Space, deed: engine.Deed, rules: engine.Rules) -> dict[str, Any]:
    level = deed.level(rules.houses_per_hotel)
    if deed.hotel:
        buildings = "hotel"
    elif deed.houses:
        buildings = f"{deed.houses} house{'s' if deed.houses != 1 else ''}"
    else:
        buildings = ""
    return {
        "name": space.name,
        "group": space.group or "",
        "mortgaged": deed.mortgaged,
        "value": space.price // 2 if deed.mortgaged else space.price,
        "buildings": buildings,
        "building_value": space.house_cost * level,
    }


def scoresheet_table(
    *,
    number: int,
    seats: Sequence[Mapping[str, Any]],
    state: engine.TableState,
    rules: engine.Rules,
    code: str,
    closed_at: datetime | None = None,
    banker: str = "",
    referee: str = "",
) -> dict[str, Any]:
    """One table's scoresheet as plain data: seats in rank order, their holdings and worth.

    `seats` are the seats' results as the round's end recorded them (seat, name, team, cash,
    property_value, building_value, net_worth, rank, points, tied, advances, undecided,
    bankrupt); the deeds and buildings behind the figures come from the table's state, so
    the sheet shows how each total was made.
    """
    rows = []
    for seat in seats:
        owned = sorted(state.owned_by(seat["seat"]))
        rows.append(
            {
                **seat,
                "deeds": [
                    _deed(rules.edition.space(position), state.deeds[position], rules)
                    for position in owned
                ],
                "figures": {
                    key: figure(seat[key], rules.edition.currency)
                    for key in ("cash", "property_value", "building_value", "net_worth")
                },
                "houses": sum(state.deeds[p].houses for p in owned),
                "hotels": sum(state.deeds[p].hotel for p in owned),
            }
        )
    rows.sort(key=lambda s: (s["rank"], s["seat"]))
    verify_url = site_url(f"/verify/?code={code}") if code else ""
    crowded = len(rows) > CROWDED
    return {
        "table": number,
        "currency": rules.edition.currency,
        "seats": rows,
        "crowded": crowded,
        "row_mm": 8 if crowded else 10,
        "banker": banker,
        "referee": referee,
        "closed_at": closed_at,
        "code": code,
        "verify_url": verify_url,
        "verify_page": site_url("/verify/"),
        "qr": qr_png(verify_url) if verify_url else "",
    }


def _results_of(table: Table) -> list[dict[str, Any]]:
    seats = []
    for seat in sorted(table.seats.all(), key=lambda s: s.number):
        result: Result | None = getattr(seat, "result", None)
        if result is None:
            raise Refusal(
                "no_results",
                f"Table {table.number} has no result for {seat.player.name}: "
                "end the round before printing its scoresheets.",
            )
        seats.append(
            {
                "seat": seat.number,
                "name": seat.player.name,
                "team": seat.player.team,
                "cash": result.cash,
                "property_value": result.property_value,
                "building_value": result.building_value,
                "net_worth": result.net_worth,
                "rank": result.rank,
                "points": result.points,
                "tied": result.tied,
                "advances": result.advances,
                "undecided": result.undecided,
                "bankrupt": result.bankrupt,
            }
        )
    return seats


def _state_of(table: Table, rules: engine.Rules) -> engine.TableState:
    try:
        return engine.TableState.from_dict(table.ledger.state)
    except TableLedger.DoesNotExist:
        # No entry was ever recorded: the table ended as it started.
        return start_state(table, rules)


def _tables(round_: Round) -> QuerySet[Table]:
    return (
        Table.objects.filter(round=round_)
        .select_related("ledger", "banker__user", "referee__user")
        .prefetch_related("seats__player", "seats__result")
        .order_by("number")
    )


@document(
    PrintJob.Kind.SCORESHEETS,
    title="Scoresheets",
    template="print/scoresheet.html",
    needs_round=True,
    description="After the round, one page per table to sign: each seat's cash, deeds and "
    "buildings, its net worth and rank, who goes on, and the table's verification code.",
    chunk=12,
)
def scoresheets(job: PrintJob) -> Parts:
    round_ = round_of(job, "scoresheets")
    label = round_head(round_)["label"]
    if not Result.objects.filter(round=round_).exists():
        raise Refusal(
            "no_results",
            f"{label} has no results yet: end the round before printing its scoresheets.",
        )
    rules = rules_of(round_.event)

    def page(table: Table) -> dict[str, Any]:
        return scoresheet_table(
            number=table.number,
            seats=_results_of(table),
            state=_state_of(table, rules),
            rules=rules,
            code=table.verification_code,
            closed_at=table.closed_at,
            banker=person(table.banker),
            referee=person(table.referee),
        )

    return table_pages(round_, _tables(round_), page)


# -- Checking a scoresheet's code -------------------------------------------------------------


@dataclass(frozen=True)
class Verification:
    """A table whose printed code was typed in, and whether its ledger still gives that code."""

    code: str
    event: str
    event_date: Any
    round: str
    table: int
    closed_at: datetime | None
    matches: bool
    standings: list[dict[str, Any]] = field(default_factory=list)


def normalise_code(text: str) -> str | None:
    """ABCDE-FGHIJ from what a person typed (any case, spaces or dashes), or None."""
    letters = re.sub(r"[\s\-_.]", "", text or "").upper()
    if not CODE_CHARACTERS.fullmatch(letters):
        return None
    return f"{letters[:5]}-{letters[5:]}"


def scoresheet_check(*, code: str) -> list[Verification]:
    """The tables printed with this code, each recomputed from its ledger as it is now.

    Refuses a code that cannot be one; an empty list means no table has it.
    """
    normal = normalise_code(code)
    if normal is None:
        raise Refusal(
            "invalid_code",
            "That is not a verification code: a code has ten letters and digits, "
            "like ABCDE-FGH23, printed at the foot of the scoresheet.",
        )
    tables = (
        Table.objects.filter(verification_code=normal).select_related("round__event").order_by("pk")
    )
    found = []
    for table in tables:
        results = (
            Result.objects.filter(seat__table=table)
            .select_related("player", "seat")
            .order_by("rank", "seat__number")
        )
        found.append(
            Verification(
                code=normal,
                event=table.round.event.name,
                event_date=table.round.event.date,
                round=round_head(table.round)["label"],
                table=table.number,
                closed_at=table.closed_at,
                matches=ledger_code(table.id) == normal,
                standings=[
                    {"rank": r.rank, "name": r.player.name, "net_worth": r.net_worth}
                    for r in results
                ],
            )
        )
    return found
