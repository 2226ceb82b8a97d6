"""The alternates' tests' world: a round seated with everyone at it checked in, a first
round played and ended, a final with an alternate in a no-show's seat, and alternates added
to the event's list."""

from __future__ import annotations

from tests.conftest import World, close_and_confirm, make_world
from tests.factories import PlayerFactory
from tournament.models import Player, Result, Round
from tournament.results.closing import round_end
from tournament.services import rounds
from tournament.services.players import alternate_mark, player_check_in
from tournament.services.rounds import alternate_step_in


def seated_world() -> World:
    """Two tables of four seated, not started, everyone at them checked in."""
    world = make_world(players=8, start=False)
    world.event.players.update(checked_in=True)
    return world


def alternate(world: World, name: str, *, checked_in: bool = True) -> Player:
    """A new player made the last alternate by the event's organiser."""
    player = PlayerFactory(event=world.event, name=name, checked_in=checked_in)
    return alternate_mark(player_id=player.pk, actor=world.organiser)


def played_first_round() -> World:
    """Round 1 played and ended, everyone checked in: the four of table 1 go on."""
    world = make_world(players=8)
    world.event.players.update(checked_in=True)
    close_and_confirm(world.round, by=world.referee)
    round_end(round_id=world.round.pk)
    results = Result.objects.filter(round=world.round)
    results.update(advances=False, undecided=False)
    results.filter(seat__table=world.tables[0]).update(advances=True)
    return world


def final_of_six_with_an_alternate_in() -> tuple[World, Round, Player, Player]:
    """Round 1 played, six went on and the final seated at one table of six; its seat 1 a
    no-show, into which the next alternate, Una, stepped: the world, the final, Una and
    the no-show."""
    world = played_first_round()
    results = Result.objects.filter(round=world.round)
    results.filter(seat__table=world.tables[1], seat__number__lte=2).update(advances=True)
    final = rounds.round_create(event_id=world.event.pk, kind=Round.Kind.FINAL)
    rounds.round_seat(round_id=final.pk, seed=7)  # six finalists at one table
    una = alternate(world, "Una")
    seat = final.tables.get().seats.get(number=1)
    no_show = seat.player
    player_check_in(player_id=no_show.pk, checked_in=False)
    alternate_step_in(round_id=final.pk, seat_id=seat.pk, player_id=una.pk)
    return world, final, una, no_show
