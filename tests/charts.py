"""Reading back what a server-drawn chart (tournament/charts.py) shows: each line's name and
the values its points stand for, from the points themselves and the chart's scale."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"


def chart_in(html: str) -> ET.Element:
    """The first chart in a page or a file."""
    found = re.search(r'<svg class="chart".*?</svg>', html, re.S)
    assert found, "no chart on the page"
    return ET.fromstring(found.group(0))  # noqa: S314 - our own page, in a test


def lines(svg: ET.Element) -> dict[str, list[int]]:
    """Each line's label and the values its points are drawn at (read from the y
    coordinates and the chart's scale), checked against the numbers the line carries."""
    low, high = float(svg.get("data-min")), float(svg.get("data-max"))
    top, bottom = float(svg.get("data-top")), float(svg.get("data-bottom"))
    drawn: dict[str, list[int]] = {}
    for line in svg.iter(f"{SVG}polyline"):
        ys = [float(point.split(",")[1]) for point in line.get("points").split()]
        values = [high - (y - top) / (bottom - top) * (high - low) for y in ys]
        carried = [int(v) for v in line.get("data-values").split(",")]
        tolerance = (high - low) / (bottom - top)  # a tenth of a pixel is rounded away
        assert all(abs(a - b) <= tolerance for a, b in zip(values, carried, strict=True))
        drawn[line.get("data-label")] = carried
    return drawn
