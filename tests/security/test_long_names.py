"""Names wrap on every page and document (`overflow-wrap: anywhere`, inherited from the
root of each stylesheet), and are cut to fit on badges and table cards beside the QR code."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.template.loader import render_to_string

ROOT = Path(__file__).resolve().parents[2]
LONG = "W" * 100  # one unbroken word


@pytest.mark.parametrize(
    ("sheet", "selector"),
    [("site.css", "html"), ("print.css", "body"), ("api-docs.css", "html")],
)
def test_every_stylesheet_wraps_long_words_from_its_root(sheet: str, selector: str):
    css = (ROOT / "static" / "css" / sheet).read_text()
    rule = re.search(rf"^{selector} {{([^}}]*)}}", css, re.M)
    assert rule is not None
    assert "overflow-wrap: anywhere" in rule.group(1)


def test_a_badge_cuts_a_long_name_and_team_to_fit_beside_the_qr_code():
    html = render_to_string(
        "print/badges.html",
        {
            "event": {"name": LONG, "date": None, "charity": ""},
            "badges": [{"name": LONG, "team": LONG, "qr": "", "link": ""}],
        },
    )
    assert LONG not in html
    assert "W" * 39 + "…" in html


def test_a_table_card_cuts_a_long_name():
    html = render_to_string(
        "print/table_card.html",
        {
            "event": {"name": "Night"},
            "table": {"number": 1},
            "seats": [{"number": 1, "name": LONG, "team": LONG}],
        },
    )
    assert LONG not in html
