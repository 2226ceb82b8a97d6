"""A round staged in waves through the services: setting the waves, moving a table between
them, each wave's start and clock, entries refused at a table whose wave has not started,
and the round over once every wave has played."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from tests.conftest import close_and_confirm, make_world, run_out
from tests.entries import bank
from tournament.errors import Conflict, NotFound, Refusal
from tournament.models import AuditEvent, Round, Wave
from tournament.results.closing import round_end, table_close
from tournament.services.rounds import round_call_time, round_create, round_seat, round_start
from tournament.services.waves import round_waves_set, table_wave_move, wave_start
from tournament.tasks import call_time

pytestmark = pytest.mark.django_db


def in_two_waves(players: int = 16):
    """A round of four tables set to play in two waves, seated, not started."""
    world = make_world(players=players, start=False)
    round_waves_set(round_id=world.round.pk, waves=2, actor=world.organiser)
    world.round.refresh_from_db()
    world.tables = list(world.round.tables.order_by("number"))
    return world


def test_a_round_plays_in_one_wave_unless_the_organiser_sets_more():
    world = make_world(players=16)
    assert world.round.wave_count == 1
    assert [t.wave for t in world.tables] == [1, 1, 1, 1]
    (wave,) = world.round.waves.all()
    assert (wave.number, wave.started_at, wave.ends_at) == (
        1,
        world.round.started_at,
        world.round.ends_at,
    )


def test_setting_two_waves_spreads_the_tables_evenly_and_is_audited():
    world = in_two_waves()
    assert world.round.wave_count == 2
    assert [t.wave for t in world.tables] == [1, 1, 2, 2]
    record = AuditEvent.objects.get(action="round_waves_set")
    assert record.data == {"round_id": world.round.pk, "waves": 2}


def test_seating_again_keeps_the_waves_spread():
    world = in_two_waves(players=20)
    round_seat(round_id=world.round.pk, seed=3, include_all=True)
    waves = world.round.tables.order_by("number").values_list("wave", flat=True)
    assert list(waves) == [1, 1, 1, 2, 2]


def test_waves_are_refused_once_the_round_has_started_and_for_a_final():
    world = make_world(players=16)
    with pytest.raises(Conflict) as refused:
        round_waves_set(round_id=world.round.pk, waves=2)
    assert refused.value.code == "round_started"
    final = round_create(event_id=world.event.pk, kind=Round.Kind.FINAL)
    with pytest.raises(Refusal) as refused:
        round_waves_set(round_id=final.pk, waves=2)
    assert refused.value.code == "final_one_wave"
    fresh = make_world(players=8, start=False)
    with pytest.raises(Refusal) as refused:
        round_waves_set(round_id=fresh.round.pk, waves=3)  # two tables
    assert refused.value.code == "invalid"


def test_the_desk_moves_a_table_to_another_wave_until_either_starts():
    world = in_two_waves()
    third = world.tables[2]
    table_wave_move(table_id=third.pk, wave=1, actor=world.organiser)
    third.refresh_from_db()
    assert third.wave == 1
    assert AuditEvent.objects.filter(action="table_wave_moved").count() == 1
    with pytest.raises(NotFound):
        table_wave_move(table_id=third.pk, wave=3)
    round_start(round_id=world.round.pk)  # wave 1
    with pytest.raises(Conflict) as refused:
        table_wave_move(table_id=world.tables[3].pk, wave=1)
    assert refused.value.code == "wave_started"
    with pytest.raises(Conflict) as refused:
        table_wave_move(table_id=third.pk, wave=2)
    assert refused.value.code == "wave_started"


def test_starting_the_round_starts_wave_1_only_and_wave_2_tables_refuse_entries():
    world = in_two_waves()
    before = timezone.now()
    round_ = round_start(round_id=world.round.pk)
    assert round_.status == Round.Status.RUNNING
    assert round_.started_at >= before
    assert round_.ends_at is None  # the round ends with its last wave
    (wave,) = round_.waves.all()
    assert wave.number == 1
    assert wave.ends_at - wave.started_at == timedelta(minutes=90)
    bank(world.tables[0], kind="pass_go", seat=1)
    with pytest.raises(Conflict) as refused:
        bank(world.tables[2], kind="pass_go", seat=1)
    assert refused.value.code == "wave_not_started"
    assert "wave 2" in refused.value.detail
    with pytest.raises(Conflict) as refused:
        table_close(table_id=world.tables[2].pk)
    assert refused.value.code == "wave_not_started"


def test_wave_2_starts_once_wave_1_has_its_time_called_with_its_own_clock():
    world = in_two_waves()
    round_start(round_id=world.round.pk)
    with pytest.raises(Conflict) as refused:
        wave_start(round_id=world.round.pk, number=2)
    assert refused.value.code == "previous_wave_running"
    with pytest.raises(NotFound):
        wave_start(round_id=world.round.pk, number=3)
    round_call_time(round_id=world.round.pk, wave=1, now_=True)
    world.round.refresh_from_db()
    assert world.round.status == Round.Status.RUNNING  # wave 2 still to play
    bank(world.tables[0], kind="pass_go", seat=1)  # wave 1's last turn
    second = wave_start(round_id=world.round.pk, number=2, actor=world.organiser)
    assert second.number == 2
    world.round.refresh_from_db()
    assert world.round.ends_at == second.ends_at
    bank(world.tables[3], kind="pass_go", seat=1)
    assert AuditEvent.objects.filter(action="wave_started", data__wave=2).exists()
    with pytest.raises(Conflict) as refused:
        wave_start(round_id=world.round.pk, number=2)
    assert refused.value.code == "wave_started"


def test_the_clock_task_calls_time_in_its_wave_alone():
    world = in_two_waves()
    round_start(round_id=world.round.pk)
    run_out(world.round, wave=1)
    call_time.apply(args=(world.round.pk, 1))
    assert Wave.objects.get(round=world.round, number=1).status == Wave.Status.TIME_CALLED
    world.round.refresh_from_db()
    assert world.round.status == Round.Status.RUNNING
    wave_start(round_id=world.round.pk, number=2)
    call_time.apply(args=(world.round.pk, 2))  # not due yet
    assert Wave.objects.get(round=world.round, number=2).status == Wave.Status.RUNNING
    run_out(world.round, wave=2)
    bank(world.tables[2], kind="pass_go", seat=1)  # the next entry calls time, and is taken
    world.round.refresh_from_db()
    assert world.round.status == Round.Status.TIME_CALLED
    assert list(AuditEvent.objects.filter(action="time_called").values_list("data__wave")) == [
        (2,),
        (1,),
    ]


def test_the_round_ends_only_once_every_wave_has_played():
    world = in_two_waves()
    round_start(round_id=world.round.pk)
    for table in world.tables[:2]:
        table_close(table_id=table.pk)
    with pytest.raises(Conflict) as refused:
        round_end(round_id=world.round.pk, force=True, reason="the hall closes")
    assert refused.value.code == "waves_not_played"
    round_call_time(round_id=world.round.pk, now_=True)
    wave_start(round_id=world.round.pk, number=2)
    close_and_confirm(world.round, by=world.referee)
    round_end(round_id=world.round.pk)
    world.round.refresh_from_db()
    assert world.round.status == Round.Status.ENDED


def test_a_wave_waits_for_the_one_before_it_even_two_back():
    world = make_world(players=16, start=False)
    round_waves_set(round_id=world.round.pk, waves=3)
    round_start(round_id=world.round.pk)
    with pytest.raises(Conflict) as refused:
        wave_start(round_id=world.round.pk, number=3)
    assert refused.value.code == "previous_wave_running"


def test_a_wave_whose_clock_ran_out_lets_the_next_start_and_records_its_time_called():
    world = in_two_waves()
    round_start(round_id=world.round.pk)
    run_out(world.round, wave=1)
    wave_start(round_id=world.round.pk, number=2)
    assert Wave.objects.get(round=world.round, number=1).status == Wave.Status.TIME_CALLED
    assert AuditEvent.objects.filter(action="time_called", data__wave=1).exists()
