"""The control room's judgement: each reason a table needs attention appears and clears at
the right time (the clock is an argument), tables needing attention sort first, and the
room for a hundred tables costs the same few queries as for two."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from banking.models import TableLedger
from banking.services.tablets import Report, tablet_heartbeat
from tests.conftest import make_world, session_for
from tests.entries import bank
from tournament.http.rows import read_all
from tournament.models import Round, Wave
from tournament.results.closing import table_close
from tournament.results.reviews import table_confirm, table_dispute
from tournament.room.selectors import desk_room, desk_rows_read, tables_needing_attention
from tournament.services.rounds import round_call_time, round_start
from tournament.services.waves import round_waves_set, wave_start

pytestmark = pytest.mark.django_db


def control_room(round_id, now=None):
    """The control room as the desk's round page reads it, at `now`."""
    round_ = Round.objects.select_related("event").get(pk=round_id)
    rows = read_all(desk_rows_read(round_id))[0]
    return desk_room(round_=round_, rows=rows, now=now or timezone.now())


def tile(world, number, now):
    room = control_room(round_id=world.round.pk, now=now)
    return next(t for t in room["tables"] if t["number"] == number)


def started_minutes_ago(world, minutes):
    start = timezone.now() - timedelta(minutes=minutes)
    clock = {"started_at": start, "ends_at": start + timedelta(minutes=90)}
    Round.objects.filter(pk=world.round.pk).update(**clock)
    Wave.objects.filter(round=world.round).update(**clock)  # its clock: wave 1's
    world.round.refresh_from_db()


def test_a_fresh_table_with_its_tablet_online_needs_nothing(world):
    now = timezone.now()
    tablet_heartbeat(table_id=world.table.pk, report=Report(), now=now)
    t = tile(world, 1, now)
    assert t["attention"] is False
    assert t["reasons"] == []
    assert t["status"] == "open"
    assert t["tablet"]["state"] == "online"
    assert t["tablet"]["words"] == "online"
    assert t["entries"] == 0
    assert t["leader"] is None


def test_a_console_never_opened_says_so(world):
    assert tile(world, 2, timezone.now())["tablet"]["words"] == "never opened"


def test_a_silent_tablet_is_offline_and_needs_attention_after_the_threshold(world):
    seen = timezone.now()
    tablet_heartbeat(
        table_id=world.table.pk, report=Report(online=False, outbox=3, synced_seconds=0), now=seen
    )
    # Within the threshold (2 min by default): offline, but no call for help yet.
    early = tile(world, 1, seen + timedelta(seconds=90))
    assert early["tablet"]["state"] == "offline"
    assert early["tablet"]["words"] == "offline 1 min, 3 entries waiting"
    assert early["attention"] is False
    late = tile(world, 1, seen + timedelta(minutes=4, seconds=5))
    assert late["reasons"] == ["tablet offline 4 min, 3 entries waiting"]
    # It comes back and sends what waited: the reason clears.
    back = seen + timedelta(minutes=4, seconds=10)
    tablet_heartbeat(
        table_id=world.table.pk,
        report=Report(outbox=3, synced_seconds=250, away_seconds=250),
        now=back,
    )
    tablet_heartbeat(table_id=world.table.pk, report=Report(synced_seconds=0), now=back)
    recovered = tile(world, 1, back + timedelta(seconds=2))
    assert recovered["tablet"]["state"] == "online"
    assert recovered["tablet"]["back"] == "back after 4 min"
    assert recovered["attention"] is False


def test_a_tablet_heard_but_unable_to_send_is_offline_since_its_last_sync(world):
    now = timezone.now()
    tablet_heartbeat(
        table_id=world.table.pk,
        report=Report(online=False, outbox=1, oldest_seconds=170, synced_seconds=180),
        now=now,
    )
    assert tile(world, 1, now)["reasons"] == ["tablet offline 3 min, 1 entry waiting"]


def test_the_offline_threshold_is_the_events(world):
    world.event.attention_offline_minutes = 10
    world.event.attention_quiet_minutes = 60
    world.event.save()
    seen = timezone.now()
    tablet_heartbeat(table_id=world.table.pk, report=Report(), now=seen)
    assert tile(world, 1, seen + timedelta(minutes=9))["attention"] is False
    assert tile(world, 1, seen + timedelta(minutes=10))["reasons"] == ["tablet offline 10 min"]


def every_tablet_open(world, now=None):
    """Each table's console has reported (a real night's tables, once the round runs)."""
    for table in world.tables:
        tablet_heartbeat(table_id=table.pk, report=Report(), now=now or timezone.now())


def test_a_quiet_table_needs_attention_after_the_threshold(world):
    started_minutes_ago(world, 0)
    every_tablet_open(world, timezone.now() + timedelta(minutes=12))
    bank(world.table, kind="buy", seat=1, space=39)
    t = tile(world, 1, timezone.now())
    assert t["attention"] is False
    assert t["entries"] == 1
    assert t["quiet_minutes"] == 0
    later = timezone.now() + timedelta(minutes=12, seconds=3)
    assert tile(world, 1, later)["reasons"] == ["no entry for 12 min"]
    assert tile(world, 2, later)["reasons"] == ["no entry since the start, 12 min ago"]
    bank(world.table, kind="pass_go", seat=1)
    assert tile(world, 1, timezone.now() + timedelta(minutes=9))["attention"] is False


def test_the_leader_is_the_best_net_worth(world):
    bank(world.table, kind="buy", seat=2, space=39)  # Boardwalk: cash for a deed, worth less
    t = tile(world, 1, timezone.now())
    assert t["leader"]["seat"] != 2
    assert t["leader"]["net_worth"] == 1500


def test_in_a_tie_the_leader_is_the_player_the_big_screen_puts_first(world):
    """All four worth $1,500; seat 1 holds Boardwalk instead of cash. More cash breaks the
    tie, on the desk's tile as on the big screen."""
    from banking.selectors import watched_tables
    from tournament.results.standings import leaderboard

    bank(world.table, kind="buy", seat=1, space=39)
    first = leaderboard(watched_tables([world.table.pk])[0]["seats"])[0]
    assert first["seat"] == 2
    assert tile(world, 1, timezone.now())["leader"]["seat"] == first["seat"]


def test_a_dispute_waiting_needs_attention(world):
    table_close(table_id=world.table.pk)
    assert tile(world, 1, timezone.now())["status"] == "awaiting"
    table_dispute(table_id=world.table.pk, user=world.referee, reason="Rent on Boardwalk")
    t = tile(world, 1, timezone.now())
    assert t["status"] == "disputed"
    assert t["status_label"] == "Disputed"
    assert "dispute waiting" in t["reasons"]


def test_a_confirmed_table_needs_nothing(world):
    table_close(table_id=world.table.pk)
    table_confirm(table_id=world.table.pk, user=world.referee)
    t = tile(world, 1, timezone.now() + timedelta(hours=3))
    assert (t["status"], t["status_label"], t["attention"]) == ("confirmed", "Confirmed", False)


def test_time_called_with_the_table_still_open_needs_attention_after_the_last_turn(world):
    world.event.attention_quiet_minutes = 120
    world.event.save()
    started_minutes_ago(world, 0)
    ends = world.round.ends_at
    for table in world.tables:
        bank(table, kind="pass_go", seat=1)
    every_tablet_open(world, ends + timedelta(minutes=5))
    assert tile(world, 1, ends + timedelta(minutes=4))["attention"] is False
    t = tile(world, 1, ends + timedelta(minutes=5))
    assert t["reasons"] == ["time called, still open"]
    table_close(table_id=world.tables[1].pk)
    assert tile(world, 2, ends + timedelta(minutes=5))["attention"] is False


def test_tables_needing_attention_come_first_in_table_order(db):
    world = make_world(players=12, table_size=3)
    for table in world.tables:
        bank(table, kind="pass_go", seat=1)
    now = timezone.now()  # each tablet reports after its entry
    for table in world.tables:
        tablet_heartbeat(table_id=table.pk, report=Report(), now=now)
    tablet_heartbeat(table_id=world.tables[2].pk, report=Report(outbox=2), now=now)
    table_close(table_id=world.tables[3].pk)
    table_dispute(table_id=world.tables[3].pk, user=world.referee, reason="Wrong seat")
    # Three minutes on, every tablet has polled but table 3's, silent since with 2 waiting;
    # table 4 is disputed.
    later = now + timedelta(minutes=3)
    for table in (world.tables[0], world.tables[1], world.tables[3]):
        tablet_heartbeat(table_id=table.pk, report=Report(), now=later)
    room = control_room(round_id=world.round.pk, now=later)
    assert [t["number"] for t in room["tables"]] == [3, 4, 1, 2]
    assert room["attention"] == 2
    assert room["tables"][0]["reason_words"] == "tablet offline 3 min, 2 entries waiting"
    assert room["tables"][1]["reason_words"] == "dispute waiting"
    referee = tables_needing_attention(event_id=world.event.pk, now=later)
    assert [t["number"] for t in referee] == [3, 4]


def test_nothing_needs_attention_once_the_round_has_ended_or_before_it_starts(db):
    seated = make_world(start=False)
    assert control_room(round_id=seated.round.pk, now=timezone.now())["attention"] == 0
    assert tables_needing_attention(event_id=seated.event.pk) == []


def test_the_control_room_costs_the_same_queries_for_a_hundred_tables(db):
    small = make_world(players=8, table_size=4)
    large = make_world(players=400, table_size=4)
    for world in (small, large):
        for table in world.tables:
            tablet_heartbeat(table_id=table.pk, report=Report())
            bank(table, kind="pass_go", seat=1)
    assert len(large.tables) == 100
    counts = []
    for world in (small, large):
        with CaptureQueriesContext(connection) as queries:
            room = control_room(round_id=world.round.pk)
        assert len(room["tables"]) == len(world.tables)
        counts.append(len(queries))
    assert counts[0] == counts[1] <= 3


def test_a_tables_leader_is_valued_again_only_after_its_ledger_moves(world):
    bank(world.table, kind="pass_go", seat=3)
    assert tile(world, 1, timezone.now())["leader"]["seat"] == 3
    with CaptureQueriesContext(connection) as queries:
        again = tile(world, 1, timezone.now())
    assert again["leader"]["seat"] == 3
    assert not [q for q in queries if '"state"' in q["sql"]]  # no state read: it was kept
    bank(world.table, kind="pass_go", seat=2)
    bank(world.table, kind="pass_go", seat=2)
    assert tile(world, 1, timezone.now())["leader"] == {
        "seat": 2,
        "name": world.table.seats.get(number=2).player.name,
        "net_worth": 1900,
    }


def test_the_tile_says_how_long_ago_the_last_entry_was_in_the_servers_words(world):
    """The desk's round page, and its poll, show each table's tile with how long ago its
    last entry was (and its kind), as the server words it."""
    bank(world.table, kind="pass_go", seat=1)
    entry_at = TableLedger.objects.get(table=world.table).last_entry_at

    def words(number, at):
        return tile(world, number, at)["last_entry_words"]

    assert words(1, entry_at + timedelta(seconds=12)) == "Pass GO, 12 s ago"
    assert words(1, entry_at + timedelta(minutes=4)) == "Pass GO, 4 min ago"
    later = entry_at + timedelta(minutes=65, seconds=3)
    assert words(1, later) == "Pass GO, 1 h 5 min ago"
    assert words(2, later) == "none yet"

    client = session_for(world.organiser)
    url = reverse("desk:round", args=[world.round.pk])
    for answer in (client.get(url), client.get(url, HTTP_HX_REQUEST="true")):
        html = answer.content.decode()
        assert re.search(r'data-field="last-entry">Pass GO, \d+ s ago</dd>', html)
        assert 'data-field="last-entry">none yet</dd>' in html


def test_a_table_whose_tablet_never_opened_needs_attention_once_the_round_runs(world):
    now = timezone.now()
    for table in world.tables[1:]:
        tablet_heartbeat(table_id=table.pk, report=Report(), now=now)
    never = tile(world, 1, now)
    assert never["attention"] is True
    assert never["reasons"] == ["no tablet yet"]
    assert tile(world, 2, now)["attention"] is False


def test_entries_that_arrive_after_an_offline_report_bring_the_tile_up_to_date(world):
    seen = timezone.now() - timedelta(minutes=3)
    tablet_heartbeat(
        table_id=world.table.pk, report=Report(online=False, outbox=3, synced_seconds=0), now=seen
    )
    stale = tile(world, 1, timezone.now())
    assert stale["tablet"]["words"] == "offline 3 min, 3 entries waiting"
    for _ in range(3):  # the three waiting entries arrive, before the next report
        bank(world.table, kind="pass_go", seat=1)

    fresh = tile(world, 1, timezone.now())

    assert fresh["tablet"]["state"] == "online"
    assert "waiting" not in fresh["tablet"]["words"]
    assert fresh["attention"] is False


def test_starting_a_round_says_which_tables_have_no_tablet_open(db):
    world = make_world(players=12, start=False)
    now = timezone.now()
    tablet_heartbeat(table_id=world.tables[0].pk, report=Report(), now=now)

    page = session_for(world.organiser).post(
        reverse("desk:round-start", args=[world.round.pk]), follow=True
    )

    said = page.content.decode()
    assert "Round 1 has started" in said
    assert "Tables 2 and 3 have no tablet open yet" in said


def test_a_table_waiting_for_its_wave_needs_nothing_until_its_wave_runs(db):
    """In a round of two waves, a wave-2 table is not quiet while wave 1 plays: its clock,
    and the control room's, start with its wave."""
    world = make_world(players=16, start=False)
    round_waves_set(round_id=world.round.pk, waves=2)
    round_start(round_id=world.round.pk)
    world.tables = list(world.round.tables.order_by("number"))
    later = timezone.now() + timedelta(minutes=30)
    every_tablet_open(world, later)
    assert tile(world, 1, later)["reasons"] == ["no entry since the start, 30 min ago"]
    assert tile(world, 4, later)["attention"] is False
    round_call_time(round_id=world.round.pk, wave=1, now_=True)
    second = wave_start(round_id=world.round.pk, number=2)
    later = second.started_at + timedelta(minutes=30)
    every_tablet_open(world, later)
    assert tile(world, 4, later)["reasons"] == ["no entry since the start, 30 min ago"]
