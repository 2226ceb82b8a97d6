"""An alternate's own page says where they stand in the list, and once they step into a
vacant seat, their table and seat as for any player."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.conftest import make_world
from tests.factories import PlayerFactory
from tests.tournament.pages.test_player_page import live, next_step
from tournament.services.players import alternate_mark, player_remove
from tournament.services.rounds import alternate_step_in, round_release

pytestmark = pytest.mark.django_db


def test_an_alternate_is_told_their_place_then_their_table_once_they_step_in():
    world = make_world(players=8, start=False)
    world.event.players.update(checked_in=True)
    for name in ("Una Alt", "Vic Alt"):
        player = PlayerFactory(event=world.event, name=name, checked_in=name == "Vic Alt")
        alternate_mark(player_id=player.pk)
    vic = world.event.players.get(name="Vic Alt")
    una = world.event.players.get(name="Una Alt")
    client = Client()

    waiting = live(client, vic)
    assert next_step(waiting) == (
        "alternate",
        "You are alternate 2: the desk calls you if a seat falls vacant before a round.",
    )
    assert "You have no table in round 1." in waiting  # not "Seating coming soon"
    assert next_step(live(client, una))[1] == (
        "You are alternate 1: the desk calls you if a seat falls vacant before a round. "
        "Check in at the desk first: show them the QR code on this page."
    )

    seat = world.tables[1].seats.get(number=4)
    player_remove(player_id=seat.player_id)
    round_release(round_id=world.round.pk, actor=world.organiser)
    alternate_step_in(round_id=world.round.pk, seat_id=seat.pk, player_id=vic.pk)

    shown = live(client, vic)
    assert "alternate" not in next_step(shown)[1]
    assert "Table 2, seat 4." in shown  # as the page says it for any player
    assert next_step(shown)[0] == "seated"
