"""Money is written one way: thousands separated, a real minus sign before the currency."""

from __future__ import annotations

from games import engine
from games.engine.money import money


def test_money_is_written_one_way():
    assert money(1500, "$") == "$1,500"
    assert money(-50, "$") == "\N{MINUS SIGN}$50"
    assert money(0, "£") == "£0"
    assert money(12345) == "12,345"
    assert engine.rules_for("us", {}).money(-1500) == "\N{MINUS SIGN}$1,500"
