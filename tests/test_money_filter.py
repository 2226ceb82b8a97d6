"""The templates write money as the engine does, in English dollars (tests/games/test_money.py);
every language and currency: tests/tournament/test_event_money.py."""

from __future__ import annotations

from games import engine
from tournament.templatetags.money import money as money_filter


def test_the_templates_write_money_as_the_engine_does():
    assert money_filter(-1500, "USD") == engine.rules_for("us", {}).money(-1500)
    assert money_filter(1500, "USD") == "$1,500"
    assert money_filter(1500, "GBP") == engine.rules_for("uk", {}).money(1500)
    assert money_filter(None, "USD") == ""
