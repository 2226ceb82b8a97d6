"""A banker's post of the entry they just previewed: recorded as the preview computed it, in
one statement, and only while the table is exactly as the preview read it."""

from __future__ import annotations

import datetime
import json
import uuid
from collections.abc import Callable
from typing import Any
from unittest import mock

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.db.models import F
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from rest_framework.renderers import JSONRenderer

from banking.models import Entry, PreviewedEntry, TableLedger
from banking.previewed import KEPT_FOR
from banking.reconciliation import ledger_differences
from tests.entries import bank, post_entry
from tournament.models import Event, Round, Table
from tournament.results.closing import table_close
from tournament.services.rounds import round_call_time
from tournament.services.tables import table_key_rotate

pytestmark = pytest.mark.django_db

BUY = {"kind": "buy", "seat": 1, "space": 39}  # Boardwalk, $400


@pytest.fixture
def table(world: Any) -> Table:
    """The world's first table, its ledger opened by an entry (a preview keeps nothing for a
    table with no ledger yet: its first post opens it)."""
    bank(world.table, kind="pass_go", seat=2)
    return world.table


def preview(client: Any, table: Table, body: dict[str, Any]) -> dict[str, Any]:
    response = client.post(f"/api/tables/{table.pk}/preview/", body, format="json")
    assert response.status_code == 200, response.json()
    return response.json()


def said_previewed(client: Any, table: Table, /, **body: Any) -> Any:
    """Post an entry with a fresh id, saying it was just previewed, as the console does."""
    body.setdefault("id", str(uuid.uuid4()))
    path = f"/api/tables/{table.pk}/entries/"
    return client.post(path, body, format="json", HTTP_PREFER="previewed")


def counted_post(client: Any, table: Table, body: dict[str, Any]) -> tuple[Any, int]:
    """said_previewed: the answer, and how many queries it cost."""
    with CaptureQueriesContext(connection) as captured:
        response = said_previewed(client, table, **body)
    return response, len(captured)


def test_a_previewed_entry_is_recorded_in_one_statement(world, table):
    client = world.banker()
    preview(client, table, BUY)
    response, queries = counted_post(client, table, BUY)
    assert response.status_code == 201, response.json()
    assert queries == 1
    ledger = TableLedger.objects.get(table=table)
    assert ledger.last_seq == 2
    assert response.json()["entry"]["seq"] == 2


def test_an_entry_posted_without_a_preview_takes_the_tables_lock(world, table):
    response, queries = counted_post(world.banker(), table, BUY)
    assert response.status_code == 201
    assert queries > 1


def test_a_post_not_said_previewed_goes_straight_to_the_lock(world, table):
    """No statement spent looking for a preview: the lock, then the write."""
    client = world.banker()
    preview(client, table, BUY)
    with CaptureQueriesContext(connection) as captured:
        response = post_entry(client, table, **BUY)
    assert response.status_code == 201
    statements = [q["sql"] for q in captured]
    assert not any("previewedentry" in sql for sql in statements)
    assert "FOR UPDATE OF l, t" in statements[1]


def test_the_answer_is_what_the_table_then_shows(world, table):
    client = world.banker()
    preview(client, table, BUY)
    response, queries = counted_post(client, table, BUY)
    assert queries == 1
    answer = response.json()
    assert answer["state"] == client.get(f"/api/tables/{table.pk}/state/").json()
    assert answer["entry"] == client.get(f"/api/tables/{table.pk}/entries/").json()[-1]
    buyer = answer["state"]["seats"][0]
    assert answer["entry"]["description"] == f"{buyer['name']} buys Boardwalk"
    assert buyer["cash"] == 1500 - 400


def test_the_answer_goes_out_as_the_statement_wrote_it(world, table):
    """The kept answer is written out by PostgreSQL with the post's id, seq and time: the
    post renders nothing of it (the table's whole state) in Python."""
    client = world.banker()
    preview(client, table, BUY)
    body = json.dumps({**BUY, "id": str(uuid.uuid4())})  # sent as the console sends it
    path = f"/api/tables/{table.pk}/entries/"
    with (
        mock.patch.object(JSONRenderer, "render", side_effect=AssertionError("rendered")),
        CaptureQueriesContext(connection) as captured,
    ):
        response = client.post(path, body, content_type="application/json", HTTP_PREFER="previewed")
    assert (response.status_code, len(captured)) == (201, 1)
    assert response["Content-Type"] == "application/json"
    answer = response.json()
    assert answer["state"] == client.get(f"/api/tables/{table.pk}/state/").json()
    assert answer["entry"] == client.get(f"/api/tables/{table.pk}/entries/").json()[-1]


def test_previewed_entries_keep_the_projection_equal_to_a_replay(world, table):
    client = world.banker()
    moves = [
        BUY,
        {"kind": "buy", "seat": 1, "space": 37},
        {"kind": "rent", "seat": 2, "space": 39},
        {"kind": "pass_go", "seat": 3},
        {"kind": "tax", "seat": 4, "space": 4},
    ]
    for move in moves:
        preview(client, table, move)
        response, queries = counted_post(client, table, move)
        assert response.status_code == 201, response.json()
        assert queries == 1
    assert list(ledger_differences(world.event.pk)) == []
    seqs = Entry.objects.filter(table=table).order_by("seq").values_list("seq", flat=True)
    assert list(seqs) == [1, 2, 3, 4, 5, 6]


def test_sending_the_same_id_again_answers_the_entry_as_first_recorded(world, table):
    client = world.banker()
    preview(client, table, BUY)
    body = {**BUY, "id": str(uuid.uuid4())}
    first = said_previewed(client, table, **body)
    again = said_previewed(client, table, **body)
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json()["entry"] == first.json()["entry"]
    assert Entry.objects.filter(table=table).count() == 2


def test_an_id_already_used_for_another_entry_is_refused(world, table):
    client = world.banker()
    ident = str(uuid.uuid4())
    assert post_entry(client, table, id=ident, kind="pass_go", seat=1).status_code == 201
    preview(client, table, BUY)
    response = said_previewed(client, table, id=ident, **BUY)
    assert response.status_code == 409
    assert response.json()["error"] == "id_reused"
    assert TableLedger.objects.get(table=table).last_seq == 2


def _another_entry(world: Any, table: Table) -> None:
    bank(table, kind="pass_go", seat=1)


def _time_called(world: Any, table: Table) -> None:
    round_call_time(round_id=world.round.pk, now_=True)


def _clock_ran_out(world: Any, table: Table) -> None:
    Round.objects.filter(pk=world.round.pk).update(
        ends_at=timezone.now() - datetime.timedelta(seconds=1)
    )


def _end_moved(world: Any, table: Table) -> None:
    Round.objects.filter(pk=world.round.pk).update(
        ends_at=F("ends_at") + datetime.timedelta(minutes=10)
    )


def _banker_renamed(world: Any, table: Table) -> None:
    get_user_model().objects.filter(pk=table.banker.user_id).update(username="renamed-banker")


def _modern_rules(world: Any, table: Table) -> None:
    Event.objects.filter(pk=world.event.pk).update(variants={"modern_us": True})


LUXURY_TAX = {"kind": "tax", "seat": 1, "space": 38}

# Something changed between the preview and the post: the post is recorded as any post is,
# under the table's lock, never as the preview computed it.
ACCEPTED: dict[str, tuple[dict[str, Any], Callable[[Any, Table], None], Callable[..., bool]]] = {
    "another entry in between": (BUY, _another_entry, lambda a: a["entry"]["seq"] == 3),
    "time called": (BUY, _time_called, lambda a: a["state"]["status"] == "time_called"),
    "the clock ran out": (
        BUY,
        _clock_ran_out,
        lambda a: a["state"]["last_turn"] and a["state"]["status"] == "time_called",
    ),
    "the round's end moved": (BUY, _end_moved, lambda a: a["entry"]["seq"] == 2),
    "the banker renamed": (
        BUY,
        _banker_renamed,
        lambda a: a["entry"]["author"] == "renamed-banker",
    ),
    "the house rules changed": (
        LUXURY_TAX,
        _modern_rules,
        lambda a: [t["amount"] for t in a["entry"]["transfers"]] == [100],
    ),
}


@pytest.mark.parametrize("change", ACCEPTED.keys())
def test_a_change_after_the_preview_is_seen_by_the_post(world, table, change):
    body, make_change, shows_it = ACCEPTED[change]
    client = world.banker()
    preview(client, table, body)
    make_change(world, table)
    response, queries = counted_post(client, table, body)
    assert response.status_code == 201, response.json()
    assert queries > 1
    assert shows_it(response.json())
    assert response.json()["state"] == client.get(f"/api/tables/{table.pk}/state/").json()
    assert list(ledger_differences(world.event.pk)) == []


def test_a_clock_that_runs_out_before_the_post_calls_time_as_any_post_does(world, table):
    Round.objects.filter(pk=world.round.pk).update(
        ends_at=timezone.now() - datetime.timedelta(seconds=1)
    )
    client = world.banker()
    preview(client, table, BUY)  # still running in the database: the post calls time
    response = said_previewed(client, table, **BUY)
    assert response.status_code == 201, response.json()
    assert Round.objects.get(pk=world.round.pk).status == Round.Status.TIME_CALLED
    assert response.json()["state"]["last_turn"] is True


def _closed(world: Any, table: Table) -> None:
    table_close(table_id=table.pk)


def _key_rotated(world: Any, table: Table) -> None:
    table_key_rotate(table_id=table.pk, actor=world.organiser)


REFUSED: dict[str, tuple[Callable[[Any, Table], None], int]] = {
    "the table closed": (_closed, 409),
    "the table's key replaced": (_key_rotated, 401),
}


@pytest.mark.parametrize("change", REFUSED.keys())
def test_a_post_the_table_no_longer_takes_is_refused_though_previewed(world, table, change):
    make_change, status = REFUSED[change]
    client = world.banker()
    preview(client, table, BUY)
    make_change(world, table)
    response = said_previewed(client, table, **BUY)
    assert response.status_code == status, response.json()
    assert TableLedger.objects.get(table=table).last_seq == 1


def test_a_referees_preview_of_an_adjust_does_not_let_the_banker_post_it(world, table):
    adjust = {"kind": "adjust", "seat": 1, "amount": 500, "reason": "miscount"}
    preview(world.referee_client(), table, adjust)
    response = said_previewed(world.banker(), table, **adjust)
    assert response.status_code == 403
    assert response.json()["error"] == "referee_only"
    assert TableLedger.objects.get(table=table).last_seq == 1


def test_a_preview_kept_for_one_table_is_not_posted_at_another(world, table):
    other = world.tables[1]
    bank(other, kind="pass_go", seat=2)
    preview(world.banker(), table, BUY)
    response, queries = counted_post(world.banker(other), other, BUY)
    assert response.status_code == 201
    assert queries > 1
    assert response.json()["state"]["table"] == other.pk
    assert TableLedger.objects.get(table=table).last_seq == 1


def test_an_outcome_kept_with_other_facts_is_not_used(world, table):
    """As kept by a server of another release, which reads other facts: the post is
    recorded as any post is, not refused."""
    client = world.banker()
    preview(client, table, BUY)
    kept = PreviewedEntry.objects.get(table=table)
    PreviewedEntry.objects.filter(table=table).update(facts=kept.facts[1:])
    response, queries = counted_post(client, table, BUY)
    assert response.status_code == 201, response.json()
    assert queries > 1


def test_an_outcome_kept_longer_than_a_minute_is_not_used(world, table):
    client = world.banker()
    preview(client, table, BUY)
    PreviewedEntry.objects.filter(table=table).update(
        kept_at=timezone.now() - datetime.timedelta(seconds=KEPT_FOR + 1)
    )
    response, queries = counted_post(client, table, BUY)
    assert response.status_code == 201, response.json()
    assert queries > 1


def test_a_preview_of_another_body_is_not_used(world, table):
    client = world.banker()
    preview(client, table, {"kind": "buy", "seat": 1, "space": 37})
    response, queries = counted_post(client, table, BUY)
    assert response.status_code == 201, response.json()
    assert queries > 1
    assert response.json()["entry"]["space"] == 39
