"""Posting entries through the API: the bank's answer, idempotency and refusals."""

from __future__ import annotations

import uuid

import pytest

from banking.models import Entry
from tournament.models import Table, Volunteer

pytestmark = pytest.mark.django_db


def test_a_banker_records_a_purchase_and_sees_the_new_balance(world, post_entry):
    response = post_entry(world.banker(), world.table, kind="buy", seat=1, space=39)
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["entry"]["seq"] == 1
    assert body["entry"]["kind"] == "buy"
    name = body["state"]["seats"][0]["name"]
    assert body["entry"]["transfers"] == [
        {"from": 1, "to": "bank", "amount": 400, "words": f"{name} pays the bank"}
    ]
    seat_one = body["state"]["seats"][0]
    assert seat_one["cash"] == 1100
    assert seat_one["net_worth"] == 1500
    boardwalk = next(s for s in body["state"]["spaces"] if s["space"] == 39)
    assert boardwalk["owner"] == 1


def test_a_post_that_says_it_was_previewed_is_recorded_as_any_post(world):
    """Earlier consoles sent `Prefer: previewed` after a preview: the header changes
    nothing, and the answer is the entry and the table as they are read back."""
    table, body = world.table, {"kind": "buy", "seat": 1, "space": 39}
    client = world.banker()
    assert client.post(f"/api/tables/{table.pk}/preview/", body, format="json").status_code == 200
    response = client.post(
        f"/api/tables/{table.pk}/entries/",
        {"id": str(uuid.uuid4()), **body},
        format="json",
        HTTP_PREFER="previewed",
    )
    assert response.status_code == 201, response.json()
    assert response.json()["state"] == client.get(f"/api/tables/{table.pk}/state/").json()
    assert [response.json()["entry"]] == client.get(f"/api/tables/{table.pk}/entries/").json()


def test_the_same_id_and_body_again_answers_200_and_writes_nothing(world, post_entry):
    entry_id = str(uuid.uuid4())
    first = post_entry(world.banker(), world.table, id=entry_id, kind="pass_go", seat=2)
    again = post_entry(world.banker(), world.table, id=entry_id, kind="pass_go", seat=2)
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json() == first.json()
    assert Entry.objects.filter(table=world.table).count() == 1


def test_the_same_id_with_another_body_is_a_conflict(world, post_entry):
    entry_id = str(uuid.uuid4())
    post_entry(world.banker(), world.table, id=entry_id, kind="pass_go", seat=2)
    response = post_entry(world.banker(), world.table, id=entry_id, kind="pass_go", seat=3)
    assert response.status_code == 409
    assert response.json()["error"] == "id_reused"
    assert Entry.objects.filter(table=world.table).count() == 1


def test_a_move_the_rules_forbid_is_refused_with_its_rule_and_changes_nothing(world, post_entry):
    post_entry(world.banker(), world.table, kind="buy", seat=1, space=39)
    before = world.banker().get(f"/api/tables/{world.table.pk}/state/").json()
    response = post_entry(world.banker(), world.table, kind="build", seat=1, space=39)
    assert response.status_code == 400
    assert response.json()["error"] == "incomplete_group"
    assert "Park Place" in response.json()["detail"] or "dark blue" in response.json()["detail"]
    after = world.banker().get(f"/api/tables/{world.table.pk}/state/").json()
    assert after == before


def test_a_void_reverses_the_money_and_the_deed(world, post_entry):
    bought = post_entry(world.banker(), world.table, kind="buy", seat=1, space=39).json()
    response = world.banker().post(
        f"/api/tables/{world.table.pk}/entries/{bought['entry']['id']}/void/",
        {"reason": "Wrong player"},
        format="json",
    )
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["entry"]["kind"] == "void"
    name = body["state"]["seats"][0]["name"]
    assert body["entry"]["transfers"] == [
        {"from": "bank", "to": 1, "amount": 400, "words": f"The bank pays {name}"}
    ]
    assert body["state"]["seats"][0]["cash"] == 1500
    assert next(s for s in body["state"]["spaces"] if s["space"] == 39)["owner"] is None
    ledger = world.banker().get(f"/api/tables/{world.table.pk}/entries/").json()
    assert [e["kind"] for e in ledger] == ["buy", "void"]
    assert ledger[0]["voided_by"] == 2


def test_a_void_preview_says_what_goes_back_and_writes_nothing(world, post_entry):
    bought = post_entry(world.banker(), world.table, kind="buy", seat=1, space=39).json()
    url = f"/api/tables/{world.table.pk}/entries/{bought['entry']['id']}/void/preview/"
    response = world.banker().get(url)
    assert response.status_code == 200, response.json()
    body = response.json()
    name = world.table.seats.get(number=1).player.name
    assert body["transfers"] == [
        {"from": "bank", "to": 1, "amount": 400, "words": f"The bank pays {name}"}
    ]
    assert body["balances"] == [
        {"seat": 1, "name": name, "before": 1100, "after": 1500, "change": 400}
    ]
    assert body["description"] == f"Undoes #1: {name} buys Boardwalk"
    assert Entry.objects.filter(table=world.table).count() == 1
    # A later entry that depends on it: the refusal the void would get.
    post_entry(world.banker(), world.table, kind="rent", seat=2, space=39)
    refused = world.banker().get(url)
    assert refused.status_code == 400
    assert refused.json()["error"] == "dependent_entries"


def test_a_void_is_refused_when_a_later_entry_depends_on_it(world, post_entry):
    bought = post_entry(world.banker(), world.table, kind="buy", seat=1, space=39).json()
    post_entry(world.banker(), world.table, kind="rent", seat=2, space=39)
    response = world.banker().post(
        f"/api/tables/{world.table.pk}/entries/{bought['entry']['id']}/void/",
        {"reason": "Wrong player"},
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["error"] == "dependent_entries"
    assert Entry.objects.filter(table=world.table).count() == 2


def test_a_referee_records_and_previews_only_adjustments(world, post_entry):
    """Referees correct a table with adjust and void only: a preview gives the refusal the
    post gets, and an adjustment is previewed and recorded."""
    referee, url = world.referee_client(), f"/api/tables/{world.table.pk}/preview/"
    move = {"kind": "pass_go", "seat": 1}
    for response in (
        post_entry(referee, world.table, **move),
        referee.post(url, move, format="json"),
    ):
        assert response.status_code == 403, response.json()
        assert response.json()["error"] == "permission_denied"
        assert response.json()["detail"] == "Referees correct tables with adjust and void only."
    adjust = {"kind": "adjust", "seat": 1, "amount": -20, "reason": "Paid twice"}
    assert referee.post(url, adjust, format="json").status_code == 200
    assert post_entry(referee, world.table, **adjust).status_code == 201
    assert Entry.objects.filter(table=world.table).count() == 1


def test_a_banker_neither_records_nor_previews_an_adjustment(world, post_entry):
    banker, url = world.banker(), f"/api/tables/{world.table.pk}/preview/"
    adjust = {"kind": "adjust", "seat": 1, "amount": -20, "reason": "Paid twice"}
    for response in (
        post_entry(banker, world.table, **adjust),
        banker.post(url, adjust, format="json"),
    ):
        assert response.status_code == 403, response.json()
        assert response.json()["error"] == "referee_only"
    assert not Entry.objects.filter(table=world.table).exists()


def test_an_entry_by_the_table_key_is_signed_by_the_tables_banker(world, post_entry):
    """The key opens the table with its banker: their name signs what the tablet records,
    the table's number where it has no banker."""
    first, second = world.tables
    banker = Volunteer.objects.get(event=world.event, role=Volunteer.Role.BANKER)
    Table.objects.filter(pk=first.pk).update(banker=banker)
    Table.objects.filter(pk=second.pk).update(banker=None)

    signed = post_entry(world.banker(first), first, kind="pass_go", seat=1)
    unsigned = post_entry(world.banker(second), second, kind="pass_go", seat=1)

    assert signed.json()["entry"]["author"] == banker.user.get_username()
    assert unsigned.json()["entry"]["author"] == f"Banker of table {second.number}"
    ledger = world.banker(first).get(f"/api/tables/{first.pk}/entries/").json()
    assert [(e["seq"], e["author"]) for e in ledger] == [(1, banker.user.get_username())]
