"""Rounds through the services: seating, the clock, ending, advancement and overrides."""

from __future__ import annotations

import uuid
from datetime import timedelta

import pytest
from django.utils import timezone

from banking.services.entries import entry_post
from tests.conftest import close_and_confirm, make_world, play_round_one, run_out
from tests.entries import BANKER, bank
from tests.factories import PlayerFactory, UserFactory, VolunteerFactory
from tournament.errors import Conflict, Refusal
from tournament.lineups import round_entrants
from tournament.models import AuditEvent, Result, Round, Volunteer
from tournament.results.closing import round_end, table_close
from tournament.results.overrides import result_override
from tournament.services.rounds import (
    round_call_time,
    round_create,
    round_seat,
    round_start,
)
from tournament.tasks import call_time

pytestmark = pytest.mark.django_db


def seating(round_):
    return [
        [seat.player_id for seat in table.seats.order_by("number")]
        for table in round_.tables.order_by("number")
    ]


def test_the_same_seed_gives_the_same_seating():
    world = make_world(players=13, start=False)
    first = seating(world.round)
    round_seat(round_id=world.round.pk, seed=7, include_all=True)
    assert seating(world.round) == first
    assert sorted(len(t) for t in first) == [4, 4, 5]


def test_a_round_can_be_seated_again_until_it_starts():
    world = make_world(players=8, start=False)
    round_seat(round_id=world.round.pk, seed=99, include_all=True)
    round_start(round_id=world.round.pk)
    with pytest.raises(Conflict) as refused:
        round_seat(round_id=world.round.pk, seed=1)
    assert refused.value.code == "round_started"


def test_starting_a_round_sets_its_end_by_the_time_limit():
    world = make_world(start=False)
    before = timezone.now()
    round_ = round_start(round_id=world.round.pk)
    assert round_.status == Round.Status.RUNNING
    assert (
        before + timedelta(minutes=90) <= round_.ends_at <= timezone.now() + timedelta(minutes=90)
    )


def test_the_clock_task_calls_time_only_once_the_time_is_up_and_can_run_twice():
    world = make_world()
    call_time.apply(args=(world.round.pk,))
    world.round.refresh_from_db()
    assert world.round.status == Round.Status.RUNNING
    run_out(world.round, ago=timedelta(seconds=1))
    call_time.apply(args=(world.round.pk,))
    call_time.apply(args=(world.round.pk,))
    world.round.refresh_from_db()
    assert world.round.status == Round.Status.TIME_CALLED


def test_bankers_may_still_record_the_last_turn_after_time_is_called():
    world = make_world()
    round_call_time(round_id=world.round.pk, now_=True)
    posted = entry_post(
        table_id=world.table.pk,
        entry_id=uuid.uuid4(),
        payload={"kind": "pass_go", "seat": 1},
        actor=BANKER,
    )
    assert posted.new


def test_a_closed_table_takes_no_more_entries():
    world = make_world()
    table_close(table_id=world.table.pk)
    with pytest.raises(Conflict) as refused:
        bank(world.table, kind="pass_go", seat=1)
    assert refused.value.code == "table_closed"


def test_ending_a_round_ranks_each_table_by_net_worth_and_sends_the_winners_on():
    world = make_world(players=8)
    first, second = world.tables
    bank(first, kind="buy", seat=2, space=39)  # seat 2: 1100 cash + 400 deed = 1500
    bank(first, kind="pass_go", seat=3)  # seat 3: 1700
    bank(second, kind="bank_payment", seat=4, amount=-100, memo="fine")  # seat 4: 1400
    close_and_confirm(world.round, by=world.referee)
    round_end(round_id=world.round.pk)
    world.round.refresh_from_db()
    assert world.round.status == Round.Status.ENDED
    results = {
        (r.seat.table.number, r.seat.number): r
        for r in Result.objects.select_related("seat__table")
    }
    assert results[(1, 3)].rank == 1
    assert results[(1, 3)].net_worth == 1700
    assert results[(1, 2)].net_worth == 1500
    assert results[(1, 2)].property_value == 400
    assert results[(1, 3)].advances
    assert results[(2, 4)].rank == 4
    # the other three at table 2 tie on 1500 cash: nobody can be sent on by the rules
    tied = [r for (t, _), r in results.items() if t == 2 and r.rank == 1]
    assert len(tied) == 3
    assert all(r.tied and r.undecided for r in tied)
    assert all(t.status == "closed" and t.verification_code for t in world.round.tables.all())


def send_on(world, player_id: int, reason: str) -> None:
    """The organiser overrides the rules: this player advances, for this reason."""
    result_override(
        round_id=world.round.pk,
        player_id=player_id,
        advances=True,
        reason=reason,
        actor=world.organiser,
    )


def test_the_refusal_names_the_tied_players_each_in_their_own_direction():
    world = make_world(players=8)
    close_and_confirm(world.round, by=world.referee)
    round_end(round_id=world.round.pk)
    tied = Result.objects.filter(round=world.round, undecided=True).order_by("id")
    arabic, latin = (result.player for result in tied[:2])
    arabic.name = "محمد العلي"
    arabic.save()
    final = round_create(event_id=world.event.pk, kind=Round.Kind.FINAL)
    with pytest.raises(Conflict) as refused:
        round_seat(round_id=final.pk, seed=1)
    assert "\u2068محمد العلي\u2069" in refused.value.detail
    assert f"{latin.name}," in refused.value.detail or f"{latin.name} are" in refused.value.detail


def test_the_next_round_waits_until_ties_are_decided_and_the_override_is_recorded():
    world = make_world(players=8)
    close_and_confirm(world.round, by=world.referee)
    round_end(round_id=world.round.pk)
    final = round_create(event_id=world.event.pk, kind=Round.Kind.FINAL)
    with pytest.raises(Conflict) as refused:
        round_seat(round_id=final.pk, seed=1)
    assert refused.value.code == "ties_undecided"
    for result in Result.objects.filter(round=world.round, undecided=True)[:3]:
        send_on(world, result.player_id, "Coin toss")
    Result.objects.filter(round=world.round, undecided=True).update(undecided=False)
    round_seat(round_id=final.pk, seed=1)
    finalists = {seat.player_id for seat in final.tables.get().seats.all()}
    assert finalists == set(
        Result.objects.filter(round=world.round, advances=True).values_list("player_id", flat=True)
    )
    assert AuditEvent.objects.filter(action="advancement_override", reason="Coin toss").count() == 3


def test_one_override_settles_a_tie_for_the_last_place_and_the_final_can_be_seated():
    world = make_world(players=8, wildcards=1)
    first, second = world.tables
    bank(first, kind="pass_go", seat=1)  # the two table winners: 1,700 each
    bank(second, kind="pass_go", seat=1)
    for table, seat in ((first, 4), (second, 3), (second, 4)):
        bank(table, kind="bank_payment", seat=seat, amount=-10, memo="fine")
    # Three players level at 1,500 for the one wildcard.
    close_and_confirm(world.round, by=world.referee)
    round_end(round_id=world.round.pk)
    tied = list(Result.objects.filter(round=world.round, undecided=True).select_related("player"))
    assert len(tied) == 3
    chosen, *others = tied
    send_on(world, chosen.player_id, "Coin toss")
    settled = {r.player_id: r for r in Result.objects.filter(round=world.round)}
    assert not any(r.undecided for r in settled.values())
    assert settled[chosen.player_id].advances
    for other in others:
        assert not settled[other.player_id].advances
        assert settled[other.player_id].override_reason == (
            f"Tie settled with {chosen.player.name}: Coin toss"
        )
    decision = AuditEvent.objects.get(action="advancement_override")
    assert sorted(decision.data["settled"]) == sorted(o.player_id for o in others)
    final = round_create(event_id=world.event.pk, kind=Round.Kind.FINAL)
    round_seat(round_id=final.pk, seed=1)
    assert len(final.tables.get().seats.all()) == 3


def test_an_override_needs_a_reason():
    world = make_world(players=8)
    close_and_confirm(world.round, by=world.referee)
    round_end(round_id=world.round.pk)
    result = Result.objects.filter(round=world.round).first()
    with pytest.raises(Refusal) as refused:
        send_on(world, result.player_id, " ")
    assert refused.value.code == "reason_required"


def test_points_events_seat_every_player_again_and_send_the_top_points_to_the_final():
    world = make_world(players=8, advancement="points", finalists=4)
    bank(world.tables[0], kind="pass_go", seat=1)
    bank(world.tables[1], kind="pass_go", seat=2)
    close_and_confirm(world.round, by=world.referee)
    round_end(round_id=world.round.pk)
    second = round_create(event_id=world.event.pk)
    round_seat(round_id=second.pk, seed=3)
    assert sum(len(t) for t in seating(second)) == 8
    winners = Result.objects.filter(round=world.round, rank=1, tied=False)
    assert winners.count() == 2
    assert all(r.points == 4 for r in winners)


def test_the_finals_banker_is_never_one_of_its_players():
    world = make_world(players=4)
    playing = world.round.tables.get().seats.first().player
    VolunteerFactory(
        event=world.event,
        role=Volunteer.Role.BANKER,
        player=playing,
        user=UserFactory(username="banker-who-plays"),
    )
    bank(world.table, kind="pass_go", seat=1)
    close_and_confirm(world.round, by=world.referee)
    round_end(round_id=world.round.pk)
    Result.objects.filter(round=world.round).update(advances=True, undecided=False)
    final = round_create(event_id=world.event.pk, kind=Round.Kind.FINAL)
    round_seat(round_id=final.pk, seed=5)
    table = final.tables.get()
    assert table.banker is not None
    assert table.banker.player_id != playing.pk


def test_a_final_of_more_than_six_needs_more_tables():
    world = make_world(players=8)
    close_and_confirm(world.round, by=world.referee)
    round_end(round_id=world.round.pk)
    Result.objects.filter(round=world.round).update(advances=True, undecided=False)
    final = round_create(event_id=world.event.pk, kind=Round.Kind.FINAL)
    with pytest.raises(Refusal) as refused:
        round_seat(round_id=final.pk, seed=1)
    assert refused.value.code == "final_too_big"
    round_seat(round_id=final.pk, seed=1, tables=2)
    assert final.tables.count() == 2


def test_nothing_follows_the_final():
    world = make_world(players=4)
    round_create(event_id=world.event.pk, kind=Round.Kind.FINAL)
    with pytest.raises(Conflict):
        round_create(event_id=world.event.pk)


def test_players_registered_after_seating_wait_for_the_next_seating():
    world = make_world(players=8, start=False)
    PlayerFactory(event=world.event, name="Late Lou")
    assert sum(len(t) for t in seating(world.round)) == 8
    round_seat(round_id=world.round.pk, seed=7, include_all=True)
    assert sum(len(t) for t in seating(world.round)) == 9


def test_a_late_arrival_checked_in_after_round_one_joins_the_next_preliminary_round():
    world = make_world(players=8)
    late = PlayerFactory(event=world.event, name="Late Lou", checked_in=True)
    second = play_round_one(world)
    round_seat(round_id=second.pk, seed=1)
    seated = {pid for table in seating(second) for pid in table}
    winners = set(
        Result.objects.filter(round=world.round, advances=True).values_list("player_id", flat=True)
    )
    assert seated == winners | {late.pk}
    # Not into a final: a finalist has played the rounds before it.
    round_start(round_id=second.pk)
    for table in second.tables.all():
        bank(table, kind="pass_go", seat=1)
    close_and_confirm(second, by=world.referee)
    round_end(round_id=second.pk)
    later = PlayerFactory(event=world.event, name="Later Liz", checked_in=True)
    final = round_create(event_id=world.event.pk, kind=Round.Kind.FINAL)
    finalists = {p.pk for p in round_entrants(final)}
    assert later.pk not in finalists
    assert finalists == set(
        Result.objects.filter(round=second, advances=True).values_list("player_id", flat=True)
    )


def _clock_ran_out(world):
    run_out(world.round, ago=timedelta(seconds=1))


def test_once_the_clock_ran_out_with_no_worker_reads_say_time_called_and_write_nothing(world):
    _clock_ran_out(world)
    state = world.banker().get(f"/api/tables/{world.table.pk}/state/").json()
    assert state["status"] == "time_called"
    assert state["last_turn"] is True
    assert Round.objects.get(pk=world.round.pk).status == Round.Status.RUNNING


def test_the_next_entry_after_the_clock_ran_out_records_time_called_and_is_the_last_turn(world):
    _clock_ran_out(world)
    posted = entry_post(
        table_id=world.table.pk,
        entry_id=uuid.uuid4(),
        payload={"kind": "pass_go", "seat": 1},
        actor=BANKER,
    )
    assert posted.new
    assert Round.objects.get(pk=world.round.pk).status == Round.Status.TIME_CALLED


def test_closing_a_table_after_the_clock_ran_out_records_time_called(world):
    _clock_ran_out(world)
    table_close(table_id=world.table.pk)
    assert Round.objects.get(pk=world.round.pk).status == Round.Status.TIME_CALLED
