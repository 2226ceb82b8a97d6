"""The control room on the desk's round page: a tile per table, those needing attention
first with the reason in words; the page's poll (htmx) gets it again, with an ETag; the
thresholds are the event's, set on the desk's event form and through the API."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from banking.models import TabletHeartbeat
from banking.services.tablets import Report, tablet_heartbeat
from tests.conftest import make_world, session_for
from tests.entries import bank
from tests.round_trips import round_trips
from tournament.models import Event

pytestmark = pytest.mark.django_db

POLL = {"HTTP_HX_REQUEST": "true"}  # as htmx asks for the round page's live part


def silent_since(table, minutes, outbox=0):
    tablet_heartbeat(
        table_id=table.pk,
        report=Report(outbox=outbox, oldest_seconds=10 if outbox else None, synced_seconds=5),
        now=timezone.now() - timedelta(minutes=minutes),
    )


def test_the_round_page_shows_a_tile_per_table_with_the_troubled_one_first(world):
    bank(world.tables[0], kind="buy", seat=1, space=39)
    tablet_heartbeat(table_id=world.tables[0].pk, report=Report())
    silent_since(world.tables[1], 4, outbox=3)  # nothing reached the bank since
    page = session_for(world.organiser).get(reverse("desk:round", args=[world.round.pk]))
    html = page.content.decode()
    assert "Control room" in html
    assert "1 needs attention" in html
    assert html.index(f'data-room-tile="{world.tables[1].pk}"') < html.index(
        f'data-room-tile="{world.tables[0].pk}"'
    )
    assert "tablet offline 4 min, 3 entries waiting" in html
    assert "$1,500" in html  # the leader's net worth, as the money filter writes it
    assert ">online<" in html


def test_the_poll_carries_the_room_and_answers_304_while_nothing_changes(world):
    client = session_for(world.organiser)
    url = reverse("desk:round", args=[world.round.pk])
    first = client.get(url, **POLL)
    assert first.status_code == 200
    html = first.content.decode()
    assert html.index(f'data-room-tile="{world.tables[0].pk}"') < html.index(
        f'data-room-tile="{world.tables[1].pk}"'
    )
    assert ">never opened<" in html
    etag = first["ETag"]
    assert client.get(url, HTTP_IF_NONE_MATCH=etag, **POLL).status_code == 304
    bank(world.table, kind="pass_go", seat=1)
    changed = client.get(url, HTTP_IF_NONE_MATCH=etag, **POLL)
    assert changed.status_code == 200
    assert 'data-field="entries">1</dd>' in changed.content.decode()


def test_a_tablet_polling_every_few_seconds_does_not_change_the_etag(world):
    client = session_for(world.organiser)
    url = reverse("desk:round", args=[world.round.pk])
    tablet_heartbeat(table_id=world.table.pk, report=Report(synced_seconds=0))
    etag = client.get(url, **POLL)["ETag"]
    TabletHeartbeat.objects.update(seen_at=timezone.now() - timedelta(seconds=1))
    tablet_heartbeat(table_id=world.table.pk, report=Report(synced_seconds=0))
    assert client.get(url, HTTP_IF_NONE_MATCH=etag, **POLL).status_code == 304


def test_the_control_room_costs_the_same_queries_for_a_hundred_tables():
    def queries(players: int) -> int:
        world = make_world(players=players)
        for table in world.tables:
            tablet_heartbeat(table_id=table.pk, report=Report())
            bank(table, kind="pass_go", seat=1)
        client = session_for(world.organiser)
        url = reverse("desk:round", args=[world.round.pk])
        with CaptureQueriesContext(connection) as captured:
            assert client.get(url, **POLL).status_code == 200
        return len(captured)

    assert queries(players=8) == queries(players=400)


def test_the_event_form_sets_the_thresholds(world):
    client = session_for(world.organiser)
    url = reverse("desk:event-edit", args=[world.event.pk])
    page = client.get(url).content.decode()
    assert 'name="attention_quiet_minutes"' in page
    form = {
        "name": world.event.name,
        "date": world.event.date.isoformat(),
        "venue": "",
        "charity": "",
        "entry_fee": 0,
        "edition": world.event.edition,
        "advancement": world.event.advancement,
        "wildcards": 0,
        "finalists": 6,
        "attention_offline_minutes": 3,
        "attention_quiet_minutes": 15,
        "attention_last_turn_minutes": 8,
    }
    response = client.post(url, form)
    assert response.status_code == 302, response.content.decode()[:2000]
    event = Event.objects.get(pk=world.event.pk)
    assert (
        event.attention_offline_minutes,
        event.attention_quiet_minutes,
        event.attention_last_turn_minutes,
    ) == (3, 15, 8)


def test_the_event_api_reads_and_changes_the_thresholds(world):
    world.organiser.is_staff = True  # staff set events up
    world.organiser.save(update_fields=["is_staff"])
    client = world.organiser_client()
    url = f"/api/events/{world.event.pk}/"
    assert client.get(url).json()["attention_quiet_minutes"] == 10
    changed = client.patch(url, {"attention_quiet_minutes": 20}, format="json")
    assert changed.status_code == 200
    assert changed.json()["attention_quiet_minutes"] == 20
    refused = client.patch(url, {"attention_quiet_minutes": 0}, format="json")
    assert refused.status_code == 400
    created = client.post(
        "/api/events/",
        {"name": "Spring", "date": "2027-04-01", "edition": "us", "attention_offline_minutes": 5},
        format="json",
    )
    assert created.status_code == 201
    assert created.json()["attention_offline_minutes"] == 5


def test_the_desks_poll_reads_the_rounds_tables_once(world):
    bank(world.table, kind="buy", seat=1, space=39)
    client = session_for(world.organiser)
    url = reverse("desk:round", args=[world.round.pk])
    client.get(url, **POLL)  # the leaders are kept from here on
    with CaptureQueriesContext(connection) as captured:
        html = client.get(url, **POLL).content.decode()
    tables = [q["sql"] for q in captured if 'FROM "tournament_table"' in q["sql"]]
    assert len(tables) == 1, tables
    assert 'data-field="last-entry">Buy, ' in html
    assert 'data-field="entries">1</dd>' in html


def test_the_desks_poll_takes_two_round_trips_to_postgresql(world):
    """The login's user; then the round with its event, the organiser's roles in it and
    the round's tables, read together (the desk polls every 5 s)."""
    bank(world.table, kind="buy", seat=1, space=39)
    tablet_heartbeat(table_id=world.table.pk, report=Report())
    client = session_for(world.organiser)
    url = reverse("desk:round", args=[world.round.pk])
    assert client.get(url, **POLL).status_code == 200
    assert round_trips(lambda: client.get(url, **POLL)) == 2
