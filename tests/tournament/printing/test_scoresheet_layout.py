"""A scoresheet is one page a table, however full the table: 4 to 6 players with long
names, from a few deeds to all 28, and its net worth chart still reads (no two of its
words drawn over each other, none off its edge).

The sheets are made as the print task makes them (tournament.printing.scoresheets, from
results ranked by the rules engine) and rendered by the real renderer; the chart's words
are measured in the font the chart names (DejaVu Sans), as WeasyPrint draws them.
"""

from __future__ import annotations

import importlib.util
import io
import re
import xml.etree.ElementTree as ET
from functools import lru_cache
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from PIL import ImageFont
from pypdf import PdfReader

from banking.worth import SeatWorth, WorthSeries
from games import engine
from tests.charts import SVG, chart_in
from tournament.models import Player
from tournament.printing.registry import DOCUMENTS, Parts
from tournament.printing.render import render
from tournament.printing.scoresheets import scoresheet_chart, scoresheet_table

LONG = "Bartholomew Featherstonehaugh-Wolfeschlegelsteinhausen"
TEAM = "The Extraordinarily Long-Named Accountants"
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
ROOT = Path(__file__).resolve().parents[3]


def _bench() -> ModuleType:
    """bench/print.py, whose seat_rows make a table's results as its closing writes them."""
    spec = importlib.util.spec_from_file_location("bench_print", ROOT / "bench" / "print.py")
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


BENCH = _bench()


def held(players: int, deeds: int, spread: str) -> dict[int, int]:
    """Which seat holds each of the first `deeds` deeds. "leader": seat 1 every other one,
    the rest in turn among the others; "winner": seat 1 all of them."""
    others = list(range(2, players + 1))
    if spread == "winner":
        return dict.fromkeys(range(deeds), 1)
    return {
        index: 1 if index % 2 == 0 else others[(index // 2) % len(others)] for index in range(deeds)
    }


def bankrupt(names: dict[int, str]) -> dict[int, dict[str, Any]]:
    """Every seat but 1 gone bankrupt to seat 1, in the ledger's words."""
    return {
        seat: {
            "sentence": f"{name} goes bankrupt to {names[1]}, who takes {name}'s cash and deeds",
            "money": [f"{name} pays {names[1]} $12 (bankruptcy)"],
        }
        for seat, name in names.items()
        if seat != 1
    }


def series(players: int) -> WorthSeries:
    """A long round's net worth: 180 entries, lines that cross and end close together."""
    steps = range(181)
    return WorthSeries(
        table_id=1,
        last_seq=180,
        currency="USD",
        seqs=tuple(steps),
        seats=tuple(
            SeatWorth(seat, f"{LONG} {seat}", tuple(1500 + (k * seat * 37) % 900 for k in steps))
            for seat in range(1, players + 1)
        ),
    )


def sheet(
    players: int,
    deeds: int,
    spread: str = "leader",
    *,
    name: str = LONG,
    bankruptcies: bool = False,
) -> dict[str, Any]:
    """One table's scoresheet: `deeds` deeds (every fifth mortgaged) held as `spread` says,
    each seat valued and ranked by the engine, as the print task hands it to the renderer;
    the players named `name` and their seat, and with `bankruptcies`, all but seat 1 gone
    bankrupt to it."""
    names = {n: f"{name} {n}" for n in range(1, players + 1)}
    rules = engine.rules_for("us")
    state = engine.new_table(rules, {n: f"Seat {n}" for n in range(1, players + 1)})
    owned = dict(state.deeds)
    positions = [deed.position for deed in rules.edition.deeds]
    for index, owner in held(players, deeds, spread).items():
        owned[positions[index]] = engine.Deed(owner=owner, mortgaged=index % 5 == 4)
    state.deeds = owned
    seats = BENCH.seat_rows(state, rules, 1, lambda n: Player(pk=n, name=names[n], team=TEAM))
    assert sum(len(seat["deeds"]) for seat in seats) == deeds
    return {
        "event": {"name": "Monopoly Night for the Children's Hospital", "date": None},
        "round": {"number": 1, "kind": "Preliminary", "final": False, "label": "Round 1"},
        "printed_at": "5 Dec 2026, 21:30",
        **scoresheet_table(
            number=1,
            seats=seats,
            currency="USD",
            code="ABCDE-FGH23",
            banker=f"{LONG} the banker",
            chart=scoresheet_chart(series(players)),
            bankrupt=bankrupt(names) if bankruptcies else None,
        ),
    }


def printed(part: dict[str, Any]) -> tuple[int, str]:
    """The sheet's page count, and its text on one line (a name broken at its hyphen
    joined again)."""
    document = DOCUMENTS["scoresheets"]
    assert document is not None
    out = io.BytesIO()
    pages = render(document, Parts(1, iter([part])), out)
    text = " ".join(page.extract_text() for page in PdfReader(out).pages)
    return pages, re.sub(r"-\s+", "-", re.sub(r"\s+", " ", text))


@pytest.mark.parametrize("spread", ["leader", "winner"])
@pytest.mark.parametrize("deeds", [7, 28])
@pytest.mark.parametrize("players", [4, 5, 6])
def test_a_full_table_with_long_names_fits_one_page(players, deeds, spread):
    pages, text = printed(sheet(players, deeds, spread))
    assert pages == 1
    for seat in range(1, players + 1):  # every seat's box, to the signature
        assert f"Signed, {LONG} {seat}" in text
    assert "Signed, the banker" in text
    assert "ABCDE-FGH23" in text


@pytest.mark.parametrize("players", [4, 5, 6])
def test_a_table_won_by_bankrupting_everyone_else_fits_one_page(players):
    """The winner holds all 28 deeds; each other seat's box says, in the ledger's words,
    how it went bankrupt."""
    pages, text = printed(
        sheet(players, 28, "winner", name="Alexandra Montgomery", bankruptcies=True)
    )
    assert pages == 1
    for seat in range(2, players + 1):
        assert f"Alexandra Montgomery {seat} goes bankrupt to Alexandra Montgomery 1" in text
    assert "Signed, the banker" in text


# -- The chart's words --------------------------------------------------------------------


@lru_cache(maxsize=8)
def font(size: float) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(FONT, size)


def boxes(svg: ET.Element) -> list[tuple[str, tuple[float, float, float, float]]]:
    """Each word of the chart and the box it is drawn in (left, top, right, bottom), in the
    chart's own units: its width in the chart's font, from its anchor; its height from the
    font's ascent above the baseline to its descent below."""
    size = float(svg.get("font-size"))
    face = font(size)
    ascent, descent = face.getmetrics()
    drawn = []
    for text in svg.iter(f"{SVG}text"):
        words = text.text or ""
        if not words:
            continue
        x, y = float(text.get("x")), float(text.get("y"))
        width = face.getlength(words)
        anchor = text.get("text-anchor", "start")
        left = x - width if anchor == "end" else x - width / 2 if anchor == "middle" else x
        drawn.append((words, (left, y - ascent, left + width, y + descent)))
    return drawn


def overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("players", [4, 5, 6, 8])
def test_the_charts_lines_are_named_in_its_key_and_its_labels_neither_overlap_nor_leave_it(
    players,
):
    chart = scoresheet_chart(series(players))
    svg = chart_in(chart["svg"])
    _, _, width, height = (float(v) for v in svg.get("viewBox").split())
    drawn = boxes(svg)
    assert not [words for words, _ in drawn if words.startswith("Bartholomew")]
    drawn_lines = [(line.get("stroke"), line.get("stroke-dasharray", "")) for line in lines_in(svg)]
    key = [(line["colour"], line["dash"]) for line in chart["key"]]
    assert key == drawn_lines  # each line's colour and dash, as drawn
    assert [line["label"] for line in chart["key"]] == [s.name for s in series(players).seats]
    ticks = [words for words, _ in drawn if re.fullmatch(r"\$[\d,]+", words)]
    assert len(ticks) >= 3  # a scale to read the lines by
    for words, (left, top, right, bottom) in drawn:
        assert 0 <= left < right <= width, words
        assert 0 <= top < bottom <= height, words
    for index, (words, box) in enumerate(drawn):
        for other, other_box in drawn[index + 1 :]:
            assert not overlap(box, other_box), (words, other)


def lines_in(svg: ET.Element) -> list[ET.Element]:
    return svg.findall(f"{SVG}polyline")


def test_a_long_name_is_cut_short_clear_of_the_figures_beside_it():
    from weasyprint import HTML

    from tournament.printing.render import _weasy, html_of

    fonts, stylesheet, fetcher = _weasy()
    html = html_of(DOCUMENTS["scoresheets"], [sheet(4, 7)])
    laid = HTML(string=html, url_fetcher=fetcher).render(
        stylesheets=[stylesheet], font_config=fonts
    )
    placed = {
        box.element.get("class"): box
        for box in laid.pages[0]._page_box.descendants()
        if getattr(box, "element", None) is not None
    }
    names, figures = placed["st-col st-name"], placed["st-figures"]
    millimetre = 96 / 25.4  # WeasyPrint lays out in CSS pixels
    assert names.position_x + names.width + millimetre <= figures.position_x
