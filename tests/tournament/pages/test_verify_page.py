"""/verify/: anyone types a scoresheet's code and is told, yes or no, whether it still
matches the table's ledger, and which event, round and table it belongs to."""

from __future__ import annotations

import uuid

import pytest
from django.urls import reverse

from banking.models import Entry
from tests.browser import PHONE, no_horizontal_scroll, serious_accessibility_violations, snap
from tests.played import night
from tournament.printing.scoresheets import normalise_code

pytestmark = pytest.mark.django_db


def check(client, code: str):
    return client.get(reverse("verify"), {"code": code})


def test_the_page_asks_for_a_code_and_nothing_else(client):
    page = client.get(reverse("verify"))
    assert page.status_code == 200
    html = page.content.decode()
    assert 'name="code"' in html
    assert "<select" not in html


def test_a_code_from_a_scoresheet_matches_its_ledger(client):
    n = night()
    table = n.round.tables.order_by("number").first()
    typed = table.verification_code.lower().replace("-", " ")  # as a person might type it
    page = check(client, typed)
    assert page.status_code == 200
    html = page.content.decode()
    assert "Yes: this scoresheet matches the ledger" in html
    assert n.event.name in html
    assert "Round 1" in html
    assert f"<dt>Table</dt><dd>{table.number}</dd>" in html
    for seat in table.seats.select_related("player"):
        assert seat.player.name in html


def test_a_ledger_changed_after_printing_no_longer_matches(client):
    n = night()
    table = n.round.tables.order_by("number").first()
    code = table.verification_code
    last = Entry.objects.filter(table=table).order_by("-seq").first()
    Entry.objects.create(  # an entry slipped in behind the bank's back
        id=uuid.uuid4(),
        table=table,
        seq=last.seq + 1,
        kind="bank_payment",
        fields={"seat": 1, "amount": 500, "memo": "Found it under the board"},
        transfers=[{"from": "bank", "to": 1, "amount": 500}],
        body_hash="0" * 64,
        author_role="banker",
        author_name="someone",
    )
    page = check(client, code)
    assert page.status_code == 200
    html = page.content.decode()
    assert "No: the ledger has changed since this sheet was printed" in html
    assert "Yes:" not in html
    assert f"<dt>Table</dt><dd>{table.number}</dd>" in html


def test_a_code_no_table_has_is_refused_clearly(client):
    night()
    page = check(client, "AAAAA-BBBBB")
    assert page.status_code == 404
    html = page.content.decode()
    assert "No: no table has this code" in html
    assert "AAAAA-BBBBB" in html
    assert "Yes:" not in html


def test_something_that_cannot_be_a_code_is_refused_clearly(client):
    page = check(client, "hello!")
    assert page.status_code == 400
    assert "That is not a verification code" in page.content.decode()


@pytest.mark.parametrize(
    ("typed", "code"),
    [
        ("ABCDE-FGH23", "ABCDE-FGH23"),
        ("abcde fgh23", "ABCDE-FGH23"),
        (" abcdefgh23 ", "ABCDE-FGH23"),
        ("ABCDE-FGH21", None),  # 1 is not in the alphabet of the codes
        ("ABCD-FGH23", None),
        ("", None),
    ],
)
def test_codes_are_read_the_way_people_type_them(typed, code):
    assert normalise_code(typed) == code


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_verify_page_reads_well_on_a_phone(live_server, new_page):
    page = new_page(viewport=PHONE)
    page.goto(f"{live_server.url}/verify/?code=AAAAA-BBBBB")
    assert page.get_by_role("heading", name="No: no table has this code").is_visible()
    assert serious_accessibility_violations(page) == []
    assert no_horizontal_scroll(page)
    snap(page, "verify-unknown-phone")
