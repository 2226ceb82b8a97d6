"""The bank speaks the event's currency (banking/ledgers.py `rules_of`): its previews, its
refusals, its ledger's words and a bankruptcy's lines, on the console, the referee's page and
the scoresheet, name the event's money, in the language of whoever reads them; the rules
engine itself is given the way to write it and stays plain Python."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils import translation

from banking.ledgers import rules_of
from tests.banking.test_bankruptcy_words import names, recorded, referee_ledger, scoresheet
from tests.conftest import World, make_world
from tests.entries import posted
from tournament.models import Event

pytestmark = pytest.mark.django_db

NBSP = "\N{NO-BREAK SPACE}"


@pytest.fixture
def euros() -> World:
    return make_world(currency="EUR", language="de")


def test_the_events_rules_write_its_currency_in_the_language_spoken(euros):
    rules = rules_of(euros.event)
    assert rules.money(1500) == "€1,500"
    with translation.override("de"):
        assert rules.money(-70) == f"\N{MINUS SIGN}70{NBSP}€"
    Event.objects.filter(pk=euros.event.pk).update(currency="CHF")
    euros.event.refresh_from_db()
    assert rules_of(euros.event).money(1500) == f"CHF{NBSP}1,500"


def test_a_bankruptcys_lines_are_in_the_events_currency_everywhere(
    euros, settings: Any, tmp_path: Any
):
    n, banker = names(euros), euros.banker()
    posted(banker, euros.table, kind="buy", seat=2, space=39)
    posted(banker, euros.table, kind="bank_payment", seat=1, amount=-1470, memo="Fine")
    posted(banker, euros.table, kind="rent", seat=1, space=39)  # €50 on €30: owes €20

    preview = banker.post(
        f"/api/tables/{euros.table.pk}/preview/",
        {"kind": "bankrupt", "seat": 1, "creditor": 2},
        format="json",
    ).json()
    assert preview["total"]["words"] == f"Total: {n[2]} pays €20"
    recorded(euros, 2)
    words = [
        t["words"]
        for t in banker.get(f"/api/tables/{euros.table.pk}/entries/").json()[-1]["transfers"]
    ]
    assert words == [f"{n[2]} gives back the part of the debt {n[1]} cannot pay"]
    referee = referee_ledger(euros)
    assert f"{words[0]} €20" in referee
    assert "$" not in referee.split("Ledger", 1)[-1]
    printed = scoresheet(euros, settings, tmp_path)
    # On paper, in the event's German, whoever printed it.
    said_in_german = f"{n[2]} gibt den Teil der Schuld zurück, den {n[1]} nicht zahlen kann 20 €."
    assert said_in_german in printed
    assert "$" not in printed


def test_a_refusal_names_the_events_money(euros):
    answer = euros.banker().post(
        f"/api/tables/{euros.table.pk}/preview/",
        {"kind": "buy", "seat": 1, "space": 39},
        format="json",
    )
    assert answer.status_code == 200
    posted(euros.banker(), euros.table, kind="bank_payment", seat=1, amount=-1450, memo="Fine")
    refused = euros.banker().post(
        f"/api/tables/{euros.table.pk}/preview/",
        {"kind": "buy", "seat": 1, "space": 39},
        format="json",
    )
    assert refused.status_code == 400
    assert "€50" in refused.json()["detail"]
    assert "€400" in refused.json()["detail"]
    assert "$" not in refused.json()["detail"]
