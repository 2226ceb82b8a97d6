"""The referees' overview and the big screen's snapshot are computed once per version of
what they show, and computed again as soon as any of it changes."""

from __future__ import annotations

import uuid

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from banking.actors import Actor
from banking.selectors import watched_versions
from banking.services.entries import entry_post
from tournament.models import Player, Table
from tournament.services.screens import screen_link_issue

pytestmark = pytest.mark.django_db

BANKER = Actor(role=Actor.BANKER, name="banker")


@pytest.fixture(autouse=True)
def _empty_cache():
    cache.clear()
    yield
    cache.clear()


def post(table: Table, **payload) -> None:
    entry_post(table_id=table.pk, entry_id=uuid.uuid4(), payload=payload, actor=BANKER)


def snapshot(client, event) -> dict:
    url = reverse("event-screen-snapshot", args=[event.pk, event.screen_token])
    response = client.get(url)
    assert response.status_code == 200
    return response.json()


def versions(world) -> dict[int, tuple[str, str]]:
    found = watched_versions(event_id=world.event.pk)
    return {tid: (watched, bracket) for tid, (_, watched, bracket) in found.tables.items()}


def test_a_tables_version_changes_with_what_the_pages_show_of_it(world):
    table, other = world.tables
    before = versions(world)
    assert set(before) == {table.pk, other.pk}
    assert versions(world) == before
    post(table, kind="pass_go", seat=1)
    after_entry = versions(world)
    assert after_entry[table.pk][0] != before[table.pk][0]
    assert after_entry[table.pk][1] == before[table.pk][1]  # the bracket shows no cash
    assert after_entry[other.pk] == before[other.pk]  # only the table that changed
    Table.objects.filter(pk=table.pk).update(review_note="Seat 2's rent")
    after_note = versions(world)
    assert after_note[table.pk][0] != after_entry[table.pk][0]
    seat = table.seats.select_related("player").first()
    Player.objects.filter(pk=seat.player_id).update(name="Renamed")
    renamed = versions(world)
    assert renamed[table.pk][0] != after_note[table.pk][0]
    assert renamed[table.pk][1] != after_note[table.pk][1]


def test_the_screen_snapshot_is_kept_until_an_entry_changes_it(client, world):
    event = screen_link_issue(event_id=world.event.pk)
    first = snapshot(client, event)
    with CaptureQueriesContext(connection) as captured:
        again = snapshot(client, event)
    assert len(captured) == 3  # the screen's token, the versions (two statements)
    assert {k: v for k, v in again.items() if k != "now"} == {
        k: v for k, v in first.items() if k != "now"
    }
    post(world.table, kind="pass_go", seat=1)
    changed = snapshot(client, event)
    seqs = {t["id"]: t["last_seq"] for t in changed["tables"]}
    assert seqs[world.table.pk] == 1


def test_the_referees_overview_is_kept_until_an_entry_changes_it(client, world):
    client.force_login(world.referee)
    url = reverse("referee-event", args=[world.event.pk])
    assert client.get(url).status_code == 200
    with CaptureQueriesContext(connection) as captured:
        kept = client.get(url)
    assert kept.status_code == 200
    # No table's state is read again (the attention list reads each ledger's latest entry
    # and leader, not its state).
    assert not any('"banking_tableledger"."state"' in q["sql"] for q in captured)
    assert not any('"banking_tableledger"."seats"' in q["sql"] for q in captured)
    post(world.table, kind="bank_payment", seat=1, amount=-37, memo="Fine")
    page = client.get(url).content.decode()
    assert "1,463" in page or "1463" in page  # seat 1's cash after the fine
