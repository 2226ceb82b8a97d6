"""Printed documents that need the bank's books: the scoresheets, and checking their codes.

A scoresheet shows each seat's cash, deeds (mortgaged ones marked), buildings and the
breakdown of its net worth, with the rank and who goes on: the Result rows written when
the table closed, shaped by tournament.results.shape, and the table's verification code.
This module builds that as plain dicts and registers the document with the event side's
print machinery (tournament.printing), which renders it: imports go one way.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from banking.ledgers import rules_of
from banking.selectors import bankruptcies, table_seats
from banking.verification import ledger_code
from banking.worth import WorthSeries, worth_chart, worth_series
from tournament.charts import line_key
from tournament.errors import Refusal
from tournament.models import PrintJob, Result, Table
from tournament.printing.documents import person, round_head, table_pages
from tournament.printing.registry import Parts, document
from tournament.printing.render import figure, qr_png, site_url
from tournament.results.selectors import table_results
from tournament.results.shape import result_rows

CODE_CHARACTERS = re.compile(r"[A-Z2-7]{10}")
# The net worth chart's size, in its own units: as wide as the page leaves beside its key
# (print.css: .st-chart), and high enough for a scale of a few steps; 5 more for each
# player over six, as the key beside it grows.
CHART_WIDTH = 460
CHART_HEIGHT = 120
# The boxes of what each seat holds: three columns of them, and a box's height besides its
# deeds (its heading, its signature, its border), in lines of deeds.
HOLDING_COLUMNS = 3
HOLDING_LINES = 7
WIDE_DEEDS = 14
BANKRUPTCY_CHARACTERS = 44  # a line of a bankruptcy's words in a box, at 7pt
# Holdings taller than this, in lines, leave less room to sign in each box (print.css: tight).
TIGHT_LINES = 30


# -- Scoresheets ------------------------------------------------------------------------------


def scoresheet_chart(series: WorthSeries) -> dict[str, Any]:
    """The sheet's chart of each seat's net worth over the round (`svg`), its lines named in
    a key beside it (`key`), where the page lays out each name, in any script."""
    more = max(0, len(series.seats) - 6)
    return {
        "svg": worth_chart(series, width=CHART_WIDTH, height=CHART_HEIGHT + 5 * more, named=False),
        "key": line_key([seat.name for seat in series.seats]),
    }


def scoresheet_table(
    *,
    number: int,
    seats: Sequence[Mapping[str, Any]],
    currency: str,
    code: str,
    closed_at: datetime | None = None,
    banker: str = "",
    chart: Mapping[str, Any] | None = None,
    bankrupt: Mapping[int, Mapping[str, Any]] | None = None,
) -> dict[str, Any]:
    """One table's scoresheet as plain data: seats in rank order, their holdings and worth,
    `chart`, each seat's net worth over the round (`scoresheet_chart`), and each bankrupt
    seat's bankruptcy in the ledger's words (`bankrupt`, by seat: banking.selectors.
    bankruptcies).

    `seats` are the seats' results as stored when the table closed, shaped by
    tournament.results.shape.result_row (cash, deeds with their buildings, net worth, rank,
    points, tie, who goes on), so the sheet shows how each total was made.
    """
    rows = []
    for seat in seats:
        deeds = seat["deeds"] or []
        rows.append(
            {
                **seat,
                "deeds": deeds,
                "figures": {
                    key: figure(seat[key], currency)
                    for key in ("cash", "property_value", "building_value", "net_worth")
                },
                "held": held(deeds),
                "bankruptcy": (bankrupt or {}).get(seat["seat"]),
                "deed_columns": deed_columns(deeds),
            }
        )
    rows.sort(key=lambda s: (s["rank"], s["seat"]))
    verify_url = site_url(f"/verify/?code={code}") if code else ""
    wide = [seat for seat in rows if len(seat["deed_columns"]) > 1]
    columns = holding_columns([seat for seat in rows if len(seat["deed_columns"]) <= 1])
    tallest = sum(box_lines(seat) for seat in wide) + max(
        (sum(box_lines(seat) for seat in column) for column in columns), default=0
    )
    return {
        "table": number,
        "currency": currency,
        "seats": rows,
        "holdings": [
            *({"kind": "wide", "seats": [seat]} for seat in wide),
            *({"kind": "column", "seats": column} for column in columns),
        ],
        "tight": tallest > TIGHT_LINES,
        "row_mm": row_mm(len(rows)),
        "banker": banker,
        "closed_at": closed_at,
        "code": code,
        "verify_page": site_url("/verify/"),
        "qr": qr_png(verify_url) if verify_url else "",
        "chart": chart,
    }


def held(deeds: Sequence[Mapping[str, Any]]) -> str:
    """What a seat holds, as its box's heading says it: "2 deeds, 3 houses, 1 hotel" (no
    houses or hotels named when it has none)."""
    houses = sum(d["houses"] for d in deeds)
    hotels = sum(d["hotel"] for d in deeds)
    said = [ngettext("%(count)s deed", "%(count)s deeds", len(deeds)) % {"count": len(deeds)}]
    if houses:
        said.append(ngettext("%(houses)s house", "%(houses)s houses", houses) % {"houses": houses})
    if hotels:
        said.append(ngettext("%(count)s hotel", "%(count)s hotels", hotels) % {"count": hotels})
    return ", ".join(said)


def row_mm(seats: int) -> int:
    """The height of the standings' rows, in millimetres: 9 for four seats or fewer, 8 for
    five, 7 for more."""
    return 9 if seats <= 4 else 8 if seats == 5 else 7


def deed_columns(deeds: Sequence[Mapping[str, Any]]) -> list[Sequence[Mapping[str, Any]]]:
    """A seat's deeds as its box lists them: one column, or, for a seat holding more than
    WIDE_DEEDS (the winner of a table whose others went bankrupt holds them all), a box the
    page's width with its deeds in HOLDING_COLUMNS columns. None for a seat with none."""
    if not deeds:
        return []
    if len(deeds) <= WIDE_DEEDS:
        return [deeds]
    size = -(-len(deeds) // HOLDING_COLUMNS)
    return [deeds[start : start + size] for start in range(0, len(deeds), size)]


def holding_columns(seats: Sequence[Mapping[str, Any]]) -> list[list[Mapping[str, Any]]]:
    """The seats' boxes of holdings (but the wide ones) in HOLDING_COLUMNS columns, in rank
    order, each box put under the column that is shortest so far: a player holding many
    deeds takes one long box and the others stack beside it, rather than rows as tall as
    their tallest box."""
    columns: list[list[Mapping[str, Any]]] = [[] for _ in range(HOLDING_COLUMNS)]
    heights = [0] * HOLDING_COLUMNS
    for seat in seats:
        shortest = heights.index(min(heights))
        columns[shortest].append(seat)
        heights[shortest] += box_lines(seat)
    return [column for column in columns if column]


def box_lines(seat: Mapping[str, Any]) -> int:
    """About how tall a seat's box of holdings is, in lines of deeds: its heading and
    signature, its longest column of deeds, and any bankruptcy's words."""
    deeds = max((len(column) for column in seat["deed_columns"]), default=1)
    said = 0
    if bankruptcy := seat["bankruptcy"]:
        words = len(bankruptcy["sentence"]) + sum(len(line) + 1 for line in bankruptcy["money"])
        said = -(-words // BANKRUPTCY_CHARACTERS)
    return HOLDING_LINES + deeds + said


def _results_of(table: Table) -> list[dict[str, Any]]:
    results = []
    for seat in sorted(table.seats.all(), key=lambda s: s.number):
        result: Result | None = getattr(seat, "result", None)
        if result is None:
            raise Refusal(
                "no_results",
                _(
                    "Table %(number)s has no result for %(name)s: "
                    "end the round before printing its scoresheets."
                )
                % {"number": table.number, "name": seat.player.name},
            )
        result.seat, result.player, result.round = seat, seat.player, table.round
        results.append(result)
    return result_rows(results)


@document(
    PrintJob.Kind.SCORESHEETS,
    title=gettext_lazy("Scoresheets"),
    template="print/scoresheet.html",
    needs_round=True,
    description=gettext_lazy(
        "After the round, one page per table to sign: each seat's cash, deeds and "
        "buildings, its net worth and rank, who goes on, and the table's verification code."
    ),
    chunk=12,
)
def scoresheets(job: PrintJob) -> Parts:
    round_ = job.round
    label = round_head(round_)["label"]
    if not Result.objects.filter(round=round_).exists():
        raise Refusal(
            "no_results",
            _("%(round)s has no results yet: end the round before printing its scoresheets.")
            % {"round": label},
        )
    currency = round_.event.currency
    table_ids = list(Table.objects.filter(round=round_).values_list("pk", flat=True))
    bankrupt = bankruptcies(table_ids, seated=table_seats(table_ids), rules=rules_of(round_.event))

    def page(table: Table) -> dict[str, Any]:
        table.round = round_
        return scoresheet_table(
            number=table.number,
            seats=_results_of(table),
            currency=currency,
            code=table.verification_code,
            closed_at=table.closed_at,
            banker=person(table.banker),
            chart=scoresheet_chart(worth_series(table)),
            bankrupt=bankrupt.get(table.pk),
        )

    tables = (
        Table.objects.filter(round=round_)
        .select_related("ledger", "banker__user")
        .prefetch_related("seats__player", "seats__result")
        .order_by("number")
    )
    return table_pages(round_, tables, page)


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
            _(
                "That is not a verification code: a code has ten letters and digits, "
                "like ABCDE-FGH23, printed at the foot of the scoresheet."
            ),
        )
    tables = (
        Table.objects.filter(verification_code=normal).select_related("round__event").order_by("pk")
    )
    return [
        Verification(
            code=normal,
            event=table.round.event.name,
            event_date=table.round.event.date,
            round=round_head(table.round)["label"],
            table=table.number,
            closed_at=table.closed_at,
            matches=ledger_code(table.id) == normal,
            standings=[
                {"rank": r["rank"], "name": r["name"], "net_worth": r["net_worth"]}
                for r in table_results(table.pk)
            ],
        )
        for table in tables
    ]
