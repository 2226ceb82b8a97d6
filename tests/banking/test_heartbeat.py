"""The tablet's heartbeat: the console reports on itself in the headers of its state poll,
and the bank keeps the latest report per table, with one cheap write."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from banking.models import Entry, TabletHeartbeat
from banking.services.tablets import Report, tablet_heartbeat

pytestmark = pytest.mark.django_db


def poll(client, table, **headers):
    meta = {f"HTTP_X_CONSOLE_{name.upper()}": str(value) for name, value in headers.items()}
    return client.get(f"/api/tables/{table.pk}/state/", **meta)


def test_the_console_poll_keeps_its_report(world):
    before = timezone.now()
    response = poll(world.banker(), world.table, online=1, outbox=3, oldest=90, synced=120)
    assert response.status_code == 200
    beat = TabletHeartbeat.objects.get(table=world.table)
    assert beat.online is True
    assert beat.outbox == 3
    assert beat.seen_at >= before
    assert beat.oldest_at == beat.seen_at - timedelta(seconds=90)
    assert beat.synced_at == beat.seen_at - timedelta(seconds=120)


def test_a_later_poll_overwrites_the_report_with_one_write(world):
    client = world.banker()
    poll(client, world.table, online=0, outbox=2, oldest=30, synced=40)
    with CaptureQueriesContext(connection) as queries:
        poll(client, world.table, online=1, outbox=0, synced=0)
    sql = [q["sql"].lstrip().upper() for q in queries]
    writes = [q for q in sql if q.startswith(("INSERT", "UPDATE"))]
    assert len(writes) == 1
    assert TabletHeartbeat.objects.count() == 1
    beat = TabletHeartbeat.objects.get(table=world.table)
    assert (beat.online, beat.outbox, beat.oldest_at) == (True, 0, None)


def test_the_write_is_one_statement_postgresql_prepares_once(world):
    """Every console polls every 5 s: its report's write is written once per process and
    planned once per connection, not compiled by the ORM at each poll."""
    client = world.banker()
    for outbox in (0, 1, 0):
        poll(client, world.table, online=1, outbox=outbox, synced=0)
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT statement FROM pg_prepared_statements WHERE statement LIKE %s",
            ["%banking_tabletheartbeat%"],
        )
        assert len(cursor.fetchall()) == 1


def test_coming_back_adds_the_time_away(world):
    client = world.banker()
    poll(client, world.table, online=1, outbox=0, synced=0)
    poll(client, world.table, online=1, outbox=3, oldest=70, synced=75, away=65)
    poll(client, world.table, online=1, outbox=0, synced=0)
    poll(client, world.table, online=1, outbox=1, oldest=20, synced=25, away=20)
    beat = TabletHeartbeat.objects.get(table=world.table)
    assert beat.last_away_seconds == 20
    assert beat.away_seconds == 85
    assert beat.back_at == beat.seen_at
    assert beat.caught_up == 4  # what waited on each return: 3, then 1


def test_a_first_report_after_an_absence_is_counted_too(world):
    tablet_heartbeat(table_id=world.table.pk, report=Report(outbox=2, away_seconds=30))
    beat = TabletHeartbeat.objects.get(table=world.table)
    assert (beat.away_seconds, beat.last_away_seconds, beat.caught_up) == (30, 30, 2)


def test_reads_by_referees_and_scripts_are_no_heartbeat(world):
    poll(world.referee_client(), world.table, online=1, outbox=0)
    poll(world.organiser_client(), world.table, online=1, outbox=0)
    world.banker().get(f"/api/tables/{world.table.pk}/state/")  # no report in it
    assert not TabletHeartbeat.objects.exists()


@pytest.mark.parametrize(
    "headers",
    [{"outbox": "many"}, {"outbox": "-1"}, {"outbox": "2", "oldest": "soon"}],
    ids=["words", "negative", "bad age"],
)
def test_a_report_that_cannot_be_read_is_ignored_and_the_poll_answers(world, headers):
    response = poll(world.banker(), world.table, **headers)
    assert response.status_code == 200
    assert response.json()["table"] == world.table.pk
    assert not TabletHeartbeat.objects.exists()


def test_absurd_numbers_are_capped(world):
    poll(world.banker(), world.table, outbox=10**9, oldest=10**12, away=10**12)
    beat = TabletHeartbeat.objects.get(table=world.table)
    assert beat.outbox == 100_000
    assert beat.last_away_seconds == 7 * 24 * 3600


def test_the_heartbeat_is_not_in_the_ledger(world):
    poll(world.banker(), world.table, online=0, outbox=5, oldest=60)
    assert not Entry.objects.exists()
    assert world.banker().get(f"/api/tables/{world.table.pk}/state/").json()["last_seq"] == 0
