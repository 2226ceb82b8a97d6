"""A player who checks in after the seating is seated at an open seat (or a table of their
own) without touching anyone else's seat or console key, before the round starts and
after it, at a table that has recorded nothing yet."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.conftest import World, make_world, session_for
from tests.entries import bank
from tournament.models import AuditEvent, Seat, Table
from tournament.services.players import player_check_in


def seating(world: World) -> dict[int, tuple[int, int, str]]:
    """Every seat of the round: player id -> (table number, seat number, table's key)."""
    seats = Seat.objects.filter(table__round=world.round).select_related("table")
    return {s.player_id: (s.table.number, s.number, s.table.key) for s in seats}


def arrive(world: World, name: str = "Late Lou"):
    player = world.event.players.create(name=name)
    player_check_in(player_id=player.pk, checked_in=True)
    return player


def round_page(world: World) -> str:
    return (
        session_for(world.organiser)
        .get(reverse("desk:round", args=[world.round.pk]))
        .content.decode()
    )


def seat_late(world: World, player) -> object:
    return session_for(world.organiser).post(
        reverse("desk:seat-late", args=[world.round.pk]), {"player": player.pk}, follow=True
    )


@pytest.mark.django_db
def test_a_late_arrival_before_the_start_takes_an_open_seat_and_moves_nobody():
    world = make_world(players=7, start=False)  # tables of 4 and 3: one open seat
    before = seating(world)
    late = arrive(world)
    page = round_page(world)
    assert "Late Lou" in page
    assert reverse("desk:seat-late", args=[world.round.pk]) in page

    answer = seat_late(world, late).content.decode()

    after = seating(world)
    assert {p: after[p] for p in before} == before  # every seat and key as it was
    table, seat, _ = after[late.pk]
    assert Table.objects.get(round=world.round, number=table).seats.count() == 4
    assert f"Late Lou: table {table}, seat {seat}" in answer
    row = AuditEvent.objects.get(action="late_arrival_seated")
    assert row.actor_id == world.organiser.pk


@pytest.mark.django_db
def test_once_started_a_late_arrival_joins_a_table_that_has_recorded_nothing():
    world = make_world(players=8, table_size=4)  # two tables of 4, each with room for 5
    first, second = world.tables
    bank(first, kind="pass_go", seat=1)  # this one has begun
    late = arrive(world)

    seat_late(world, late)

    assert seating(world)[late.pk][:2] == (second.number, 5)


@pytest.mark.django_db
def test_with_no_open_seat_a_late_arrival_gets_a_new_table_with_its_own_key():
    world = make_world(players=10, start=False)  # two tables of 5: the largest the round has
    before = seating(world)
    late = arrive(world)

    answer = seat_late(world, late).content.decode()

    table, seat, key = seating(world)[late.pk]
    assert (table, seat) == (3, 1)
    assert key not in {k for _, _, k in before.values()}
    assert "table 3 (a new table)" in answer


@pytest.mark.django_db
def test_someone_already_seated_is_refused_and_nothing_changes(world):
    seated = world.table.seats.first().player
    before = seating(world)
    answer = seat_late(world, seated).content.decode()
    assert "already seated" in answer
    assert seating(world) == before
