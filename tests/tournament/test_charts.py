"""Charts drawn on the server: what a reader sees is what the numbers say, and a name is
text, never markup."""

from __future__ import annotations

import re

from tests.charts import chart_in, lines
from tournament.charts import Series, bar_chart, line_chart


def test_a_line_chart_draws_each_series_at_its_values_on_a_round_grid():
    svg = line_chart(
        [Series("Ada", [1500, 1700, 1340]), Series("Brook", [1500, 1500, 2210])],
        title="Net worth",
        value_text=lambda v: f"${v:,}",
        first="Start",
        last="Entry 2",
    )
    chart = chart_in(svg)
    assert lines(chart) == {"Ada": [1500, 1700, 1340], "Brook": [1500, 1500, 2210]}
    ticks = re.findall(r'text-anchor="end" fill="#444">\$([\d,]+)<', svg)
    assert ticks == ["1,000", "1,500", "2,000", "2,500"]  # round steps, beyond every value
    assert {"Start", "Entry 2", "Ada", "Brook"} <= {t.text for t in chart.iter() if t.text}


def test_names_are_written_as_text_not_markup():
    svg = line_chart([Series("<script>alert(1)</script>", [1, 2])], title="<b>", value_text=str)
    assert "<script>" not in svg
    assert "&lt;script&gt;" in svg
    assert "<b>" not in svg


def test_lines_are_told_apart_by_dash_as_well_as_colour():
    svg = line_chart([Series(str(n), [n, n + 1]) for n in range(4)], title="x", value_text=str)
    lines_drawn = re.findall(r"<polyline[^>]*>", svg)
    looks = {
        (re.search(r'stroke="([^"]+)"', line)[1], re.search(r'dasharray="([^"]+)"', line))
        for line in lines_drawn
    }
    assert len(lines_drawn) == 4
    dashes = [re.search(r'dasharray="([^"]+)"', line) for line in lines_drawn]
    assert len({d[1] if d else "" for d in dashes}) == 4  # one solid, three dashed apart
    assert len({colour for colour, _ in looks}) == 4


def test_a_bar_chart_holds_one_bar_a_step_with_its_value():
    svg = bar_chart([("21:00", 3), ("21:01", 0), ("21:02", 7)], title="Entries", value_text=str)
    assert re.findall(r'data-value="(\d+)"', svg) == ["3", "0", "7"]
    assert "21:00" in svg
    assert "21:02" in svg


def _contrast_on_white(colour: str) -> float:
    """WCAG's contrast ratio of a #rrggbb colour against white."""
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    luminance = 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    return 1.05 / (luminance + 0.05)


def test_every_line_and_name_reads_against_the_white_it_is_drawn_on():
    """Eight players: each name, written in its line's colour, at 4.5:1 or more (text);
    each line at 3:1 or more (a graphic)."""
    series = [Series(f"Player {n}", [1500, 1500 + 10 * n]) for n in range(8)]
    svg = str(line_chart(series, title="Net worth", value_text=str))
    names = re.findall(r'<text class="chart-name"[^>]* fill="(#[0-9a-f]{6})"', svg)
    strokes = re.findall(r'<polyline class="chart-line"[^>]* stroke="(#[0-9a-f]{6})"', svg)
    assert len(names) == len(strokes) == 8
    assert [c for c in names if _contrast_on_white(c) < 4.5] == []
    assert [c for c in strokes if _contrast_on_white(c) < 3] == []
