"""The templates write money as the engine does (tests/games/test_money.py)."""

from __future__ import annotations

from games import engine
from tournament.templatetags.money import money as money_filter


def test_the_templates_write_money_as_the_engine_does():
    assert money_filter(-1500, "$") == engine.rules_for("us", {}).money(-1500)
    assert money_filter(1500, "$") == "$1,500"
    assert money_filter(None, "$") == ""
