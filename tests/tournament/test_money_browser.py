"""The browser writes money as the server does: static/js/format.js (Intl.NumberFormat in the
page's language) against tournament/money.py (Babel), over every language the product
speaks, every currency an event may take, and amounts small, large, nothing and owed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.conf import settings

from tournament.money import Currency, money

pytestmark = pytest.mark.browser

FORMAT_JS = Path(__file__).resolve().parents[2] / "static" / "js" / "format.js"
AMOUNTS = [0, 1, 5, 50, 999, 1000, 1091, 1500, 12_345, 1_000_000, -1, -50, -1091, -250_000]


def test_the_browser_and_the_server_write_every_amount_alike(chromium: Any) -> None:
    page = chromium.new_page()
    try:
        page.set_content("<!doctype html><html lang='en'><head></head><body></body></html>")
        page.add_script_tag(path=str(FORMAT_JS))
        table = [
            (language, currency, amount)
            for language, _name in settings.LANGUAGES
            for currency in Currency.values
            for amount in AMOUNTS
        ]
        written = page.evaluate(
            """(table) => table.map(([language, currency, amount]) => {
                 document.documentElement.lang = language;
                 return MonopolyNight.money(amount, currency);
               })""",
            table,
        )
    finally:
        page.close()
    expected = [money(amount, currency, language) for language, currency, amount in table]
    differ = [(row, b, s) for row, b, s in zip(table, written, expected, strict=True) if b != s]
    assert differ == [], differ[:5]
    assert len(table) == len(settings.LANGUAGES) * len(Currency.values) * len(AMOUNTS)
