"""Alternates through the services: the ordered list, and an alternate stepping into a
vacant seat (a no-show's, a withdrawn player's) before a round starts, never mid-game."""

from __future__ import annotations

import pytest

from tests.alternates import (
    alternate,
    final_of_six_with_an_alternate_in,
    played_first_round,
    seated_world,
)
from tests.conftest import World, make_world
from tournament.errors import Conflict
from tournament.lineups import round_entrants, vacancies
from tournament.models import AuditEvent, Player, Round, Seat
from tournament.room.late_arrivals import waiting
from tournament.services import events, rounds
from tournament.services.players import (
    alternate_mark,
    alternate_move,
    alternate_unmark,
    player_check_in,
    player_remove,
)
from tournament.services.rounds import alternate_step_in, round_start

pytestmark = pytest.mark.django_db


def places(world: World) -> list[tuple[str, int]]:
    listed = world.event.players.filter(alternate__isnull=False).order_by("alternate")
    return [(p.name, p.alternate) for p in listed]


def seating(world: World) -> dict[int, tuple[int, int, int, str]]:
    """Every seat of the round: seat id -> (player id, table number, seat number, key)."""
    seats = Seat.objects.filter(table__round=world.round).select_related("table")
    return {s.pk: (s.player_id, s.table.number, s.number, s.table.key) for s in seats}


def test_the_list_is_kept_in_order_with_no_gaps():
    world = seated_world()
    for name in ("Una", "Vic", "Wes"):
        alternate(world, name)
    assert places(world) == [("Una", 1), ("Vic", 2), ("Wes", 3)]

    alternate_move(player_id=Player.objects.get(name="Wes").pk, place=1, actor=world.organiser)
    assert places(world) == [("Wes", 1), ("Una", 2), ("Vic", 3)]
    alternate_unmark(player_id=Player.objects.get(name="Una").pk, actor=world.organiser)
    assert places(world) == [("Wes", 1), ("Vic", 2)]
    player_remove(player_id=Player.objects.get(name="Wes").pk)  # registered by mistake
    assert places(world) == [("Vic", 1)]

    actions = AuditEvent.objects.filter(event=world.event, action__startswith="alternate_")
    assert sorted(actions.values_list("action", flat=True)) == [
        *["alternate_marked"] * 3,
        "alternate_moved",
        "alternate_unmarked",
    ]


def test_a_player_who_has_a_seat_is_not_made_an_alternate():
    world = seated_world()
    seated = world.table.seats.first().player
    with pytest.raises(Conflict) as refused:
        alternate_mark(player_id=seated.pk, actor=world.organiser)
    assert refused.value.code == "already_seated"
    assert places(world) == []


def test_an_alternate_checked_in_is_no_entrant_nor_late_arrival():
    world = make_world(players=8, start=False)
    una = alternate(world, "Una")
    assert una.pk not in {p.pk for p in round_entrants(world.round, include_all=True)}
    assert una not in waiting(world.round)  # checked in after the seating, yet not late


def test_a_withdrawn_players_seat_goes_to_the_next_alternate_checked_in():
    world = seated_world()
    alternate(world, "Una", checked_in=False)  # first in order, but not here
    vic = alternate(world, "Vic")
    alternate(world, "Wes")
    seat = world.tables[1].seats.get(number=2)
    player_remove(player_id=seat.player_id, actor=world.organiser)  # withdraws: has a seat
    before = seating(world)

    assert vacancies(world.round) == [seat]
    alternate_step_in(
        round_id=world.round.pk, seat_id=seat.pk, player_id=vic.pk, actor=world.organiser
    )

    after = seating(world)
    assert after[seat.pk] == (vic.pk, *before[seat.pk][1:])  # same table, seat and key
    assert {k: v for k, v in after.items() if k != seat.pk} == {
        k: v for k, v in before.items() if k != seat.pk
    }
    assert places(world) == [("Una", 1), ("Wes", 2)]  # Vic plays: off the list
    assert vacancies(world.round) == []
    row = AuditEvent.objects.get(event=world.event, action="alternate_stepped_in")
    assert row.actor_id == world.organiser.pk
    assert row.subject == "Round 1"
    facts = {"player": "Vic", "table": 2, "seat": 2, "place": 2, "why": "withdrawn"}
    assert row.data | facts == row.data


def test_only_the_next_alternate_is_put_in():
    world = seated_world()
    alternate(world, "Una")
    wes = alternate(world, "Wes")
    seat = world.table.seats.get(number=1)
    player_check_in(player_id=seat.player_id, checked_in=False)  # a no-show
    with pytest.raises(Conflict) as refused:
        alternate_step_in(round_id=world.round.pk, seat_id=seat.pk, player_id=wes.pk)
    assert refused.value.code == "not_next_alternate"
    assert "Una is the next alternate" in refused.value.detail
    assert Seat.objects.get(pk=seat.pk).player_id == seat.player_id


def test_a_checked_in_players_seat_is_not_vacant():
    world = seated_world()
    una = alternate(world, "Una")
    seat = world.table.seats.get(number=1)
    before = seating(world)
    assert vacancies(world.round) == []
    with pytest.raises(Conflict) as refused:
        alternate_step_in(round_id=world.round.pk, seat_id=seat.pk, player_id=una.pk)
    assert refused.value.code == "not_vacant"
    assert seating(world) == before
    assert places(world) == [("Una", 1)]


def test_mid_game_an_alternate_is_refused_and_nothing_changes():
    world = seated_world()
    una = alternate(world, "Una")
    seat = world.table.seats.get(number=1)
    player_remove(player_id=seat.player_id)
    round_start(round_id=world.round.pk)
    before = seating(world)

    assert vacancies(Round.objects.get(pk=world.round.pk)) == []
    with pytest.raises(Conflict) as refused:
        alternate_step_in(round_id=world.round.pk, seat_id=seat.pk, player_id=una.pk)

    assert refused.value.code == "round_started"
    assert refused.value.detail == (
        "Round 1 has started: an alternate steps in between games, never mid-game."
    )
    assert seating(world) == before
    assert places(world) == [("Una", 1)]
    assert not AuditEvent.objects.filter(action="alternate_stepped_in").exists()


def test_the_audit_record_is_written_with_the_change_or_nothing_is(monkeypatch):
    world = seated_world()
    una = alternate(world, "Una")
    seat = world.table.seats.get(number=1)
    player_remove(player_id=seat.player_id)
    before = seating(world)

    def broken(**_: object) -> None:
        raise RuntimeError("the audit trail is unreachable")

    monkeypatch.setattr(events, "audit", broken)  # round_audit writes through it
    with pytest.raises(RuntimeError):
        alternate_step_in(round_id=world.round.pk, seat_id=seat.pk, player_id=una.pk)
    assert seating(world) == before
    assert places(world) == [("Una", 1)]


def test_the_api_gives_each_players_place_among_the_alternates():
    world = seated_world()
    alternate(world, "Una")
    answer = world.organiser_client().get(f"/api/events/{world.event.pk}/players/")
    places_given = {p["name"]: p["alternate"] for p in answer.json()}
    assert places_given["Una"] == 1
    assert places_given[world.table.seats.first().player.name] is None


def stepped_in_and_seated_again(world: World, round_: Round) -> Player:
    """A player of the seated `round_` withdraws, the next alternate takes their seat, and
    the round is seated again with another seed: the alternate."""
    una = alternate(world, "Una")
    seat = Seat.objects.filter(table__round=round_).order_by("table__number", "number").first()
    player_remove(player_id=seat.player_id, actor=world.organiser)  # withdrawn: has a seat
    alternate_step_in(round_id=round_.pk, seat_id=seat.pk, player_id=una.pk)
    rounds.round_seat(round_id=round_.pk, seed=8)
    return una


def test_an_alternate_who_stepped_in_keeps_playing_when_round_one_is_seated_again():
    world = seated_world()
    una = stepped_in_and_seated_again(world, world.round)
    assert Seat.objects.filter(table__round=world.round, player=una).exists()
    assert vacancies(world.round) == []


@pytest.mark.parametrize("kind", [Round.Kind.PRELIMINARY, Round.Kind.FINAL])
def test_an_alternate_who_stepped_in_keeps_playing_when_a_later_round_is_seated_again(kind):
    world = played_first_round()
    following = rounds.round_create(event_id=world.event.pk, kind=kind)
    rounds.round_seat(round_id=following.pk, seed=7)

    una = stepped_in_and_seated_again(world, following)

    seated = Player.objects.filter(seats__table__round=following)
    assert una in seated
    assert sorted(p.name for p in seated) == sorted(p.name for p in round_entrants(following))
    assert seated.count() == 4  # the three who went on and stayed, and Una


def test_a_final_seated_again_after_an_alternate_stepped_in_leaves_the_no_show_out():
    world, final, una, no_show = final_of_six_with_an_alternate_in()
    assert no_show not in round_entrants(final)
    assert len(round_entrants(final)) == 6

    player_check_in(player_id=no_show.pk, checked_in=True)  # late: the seat is Una's now
    rounds.round_seat(round_id=final.pk, seed=8)
    seated = Player.objects.filter(seats__table__round=final)
    assert una in seated
    assert no_show not in seated
    assert seated.count() == 6
    assert vacancies(final) == []
    record = AuditEvent.objects.get(event=world.event, action="alternate_stepped_in")
    assert record.data["replaced_id"] == no_show.pk
