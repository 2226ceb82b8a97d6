"""The bracket as data, and how to fit it on one landscape page.

Rounds are columns and tables are boxes. A player who went on is marked in their box
with the table they play at next, so a reader can carry them across. The type scales
down as the bracket grows, and the paper goes from A4 to A3, so that an event of up to
64 tables in a round still fits one page.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from tournament.models import Round
from tournament.results import selectors as result_selectors

PT = 0.3528  # millimetres in a typographic point
PAPERS = (("A4", 297.0, 210.0, 6.5), ("A3", 420.0, 297.0, 4.5))  # name, width, height, min pt
FONTS = (10.0, 9.0, 8.0, 7.5, 7.0, 6.5, 6.0, 5.5, 5.0, 4.5)
MARGIN = 10.0  # mm, each side (print.css)
HEADER = 16.0  # mm: the title band and the key
ROUND_GAP = 5.0  # mm between rounds, at the least
CONNECTOR_ROOM = 14.0  # mm between rounds when there is room: the lines from box to box
COLUMN_GAP = 2.0  # mm between the columns of one round
BOX_GAP = 1.2  # mm between boxes, at the least
CHARS = 30  # characters across a box: a name, the net worth, the arrow to the next table
MAX_BOX = 62.0  # mm: a box never grows wider than this


def _next_label(following: dict[str, Any] | None, table: int | None) -> str:
    if following is None or table is None:
        return ""
    if following["kind"] == Round.Kind.FINAL:
        return _("final") if table == 1 else _("final %(number)s") % {"number": table}
    return _("T%(number)s") % {"number": table}


def _seat(
    player: dict[str, Any], following: dict[str, Any] | None, next_table: dict[int, int]
) -> dict[str, Any]:
    """A seat of a box, with the table where its player plays next if they went on."""
    table = next_table.get(player["player_id"]) if player["advances"] else None
    return {**player, "next_table": table, "next_label": _next_label(following, table)}


def bracket_rounds(*, event_id: int) -> list[dict[str, Any]]:
    """Every round of the event with its tables and each seat's outcome, from the bracket
    the desk and the big screen show (tournament.results.selectors.bracket), plus where each player
    who went on plays next."""
    columns = result_selectors.bracket(event_id=event_id)["rounds"]
    out = []
    for index, column in enumerate(columns):
        following = columns[index + 1] if index + 1 < len(columns) else None
        next_table = {
            p["player_id"]: box["number"]
            for box in (following["tables"] if following else [])
            for p in box["players"]
        }
        boxes = [
            {
                "number": box["number"],
                "seats": [_seat(p, following, next_table) for p in box["players"]],
            }
            for box in column["tables"]
        ]
        if not boxes and column["waiting"]:
            seats = [
                {
                    "name": p["name"],
                    "net_worth": None,
                    "next_table": None,
                    "next_label": _("from T%(number)s") % {"number": p["from_table"]},
                }
                for p in column["waiting"]
            ]
            boxes = [{"number": None, "waiting": True, "seats": seats}]
        final = column["kind"] == Round.Kind.FINAL
        out.append(
            {
                "number": column["number"],
                "label": _("Final")
                if final
                else _("Round %(number)s") % {"number": column["number"]},
                "final": final,
                "status": column["status_label"],
                "ended": column["ended"],
                "tables": boxes,
            }
        )
    return out


def _box_height(table: dict[str, Any], size: float) -> float:
    return (len(table["seats"]) + 1) * size * 1.3 * PT + 1.2  # a line of text a seat, and one


@dataclass(frozen=True)
class Fit:
    paper: str
    width: float  # usable, mm
    height: float
    size: float  # pt
    box: float  # box width, mm
    gap: float  # between rounds, mm
    columns: list[int]


def _fit(rounds: list[dict[str, Any]]) -> Fit:
    """The first paper and largest type on which every round's boxes fit one page."""
    fit = None
    for paper, width, height, smallest in PAPERS:
        usable_w, usable_h = width - 2 * MARGIN, height - 2 * MARGIN - HEADER
        for size in FONTS:
            if size < smallest:
                break
            room = usable_h - _heading(size)
            columns = []
            for r in rounds:
                tallest = max((_box_height(t, size) for t in r["tables"]), default=0)
                per_column = max(1, math.floor(room / (tallest + BOX_GAP)))
                columns.append(max(1, math.ceil(len(r["tables"]) / per_column)))
            box = CHARS * size * 0.52 * PT
            inner = sum(columns) * box + sum(c - 1 for c in columns) * COLUMN_GAP
            fit = Fit(paper, usable_w, usable_h, size, box, ROUND_GAP, columns)
            if inner + (len(rounds) - 1) * ROUND_GAP <= usable_w:
                # Spare width widens the boxes (longer names), keeping room between rounds
                # for the connecting lines, then spreads the rounds apart.
                gaps = sum(c - 1 for c in columns) * COLUMN_GAP
                room_w = usable_w - gaps - (len(rounds) - 1) * CONNECTOR_ROOM
                box = min(MAX_BOX, max(box, room_w / sum(columns)))
                inner = sum(columns) * box + gaps
                gap = (usable_w - inner) / (len(rounds) - 1) if len(rounds) > 1 else 0
                return Fit(paper, usable_w, usable_h, size, box, gap, columns)
    assert fit is not None  # noqa: S101
    return fit


def _heading(size: float) -> float:
    return size * 1.6 * PT + 2.0


def _connectors(
    rounds: list[dict[str, Any]], columns: list[int], box: float
) -> list[dict[str, float]]:
    """Elbow lines from each table to the tables its players went on to, between rounds
    drawn in one column (with more columns, the arrows in the boxes say it alone)."""
    lines = []
    for index in range(len(rounds) - 1):
        here, there = rounds[index], rounds[index + 1]
        if columns[index] != 1:
            continue
        targets = {t["number"]: t for t in there["tables"]}
        for table in here["tables"]:
            start_x, start_y = table["x"] + box, table["y"] + table["h"] / 2
            for number in sorted({s["next_table"] for s in table["seats"] if s["next_table"]}):
                target = targets.get(number)
                if target is None:
                    continue
                end_x, end_y = target["x"], target["y"] + target["h"] / 2
                middle = (start_x + end_x) / 2
                top, bottom = sorted((start_y, end_y))
                lines += [
                    {"x": start_x, "y": start_y, "w": middle - start_x, "h": 0},
                    {"x": middle, "y": top, "w": 0, "h": bottom - top},
                    {"x": middle, "y": end_y, "w": end_x - middle, "h": 0},
                ]
    unique = {tuple(round(v, 2) for v in line.values()) for line in lines}
    return [dict(zip(("x", "y", "w", "h"), line, strict=True)) for line in sorted(unique)]


def bracket_layout(*, event_id: int) -> dict[str, Any]:
    """The bracket, laid out: where each round's heading and each table's box go, in mm
    from the top left of the drawing area (absolute positions lay out fast and exactly)."""
    rounds = bracket_rounds(event_id=event_id)
    if not any(r["tables"] for r in rounds):
        return {"rounds": []}
    fit = _fit(rounds)
    heading = _heading(fit.size)
    x = 0.0
    for round_, count in zip(rounds, fit.columns, strict=True):
        tables = round_["tables"]
        per_column = max(1, math.ceil(len(tables) / count))
        round_["x"] = round(x, 2)
        round_["width"] = round(count * fit.box + (count - 1) * COLUMN_GAP, 2)
        for c in range(count):
            column = tables[c * per_column : (c + 1) * per_column]
            slot = (fit.height - heading) / max(1, len(column))
            for i, table in enumerate(column):
                table["h"] = round(_box_height(table, fit.size), 2)
                table["x"] = round(x + c * (fit.box + COLUMN_GAP), 2)
                table["y"] = round(heading + slot * i + (slot - table["h"]) / 2, 2)
        x += round_["width"] + fit.gap
    return {
        "page": f"{fit.paper.lower()}-landscape",
        "font_pt": fit.size,
        "box_width": round(fit.box, 2),
        "height": round(fit.height, 2),
        "heading": round(heading, 2),
        "rounds": rounds,
        "lines": _connectors(rounds, fit.columns, fit.box),
        "tables": sum(len(r["tables"]) for r in rounds),
    }
