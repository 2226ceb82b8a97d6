"""The alternates' tests' world: a round seated with everyone at it checked in, and
alternates added to the event's list."""

from __future__ import annotations

from tests.conftest import World, make_world
from tests.factories import PlayerFactory
from tournament.models import Player
from tournament.services.players import alternate_mark


def seated_world() -> World:
    """Two tables of four seated, not started, everyone at them checked in."""
    world = make_world(players=8, start=False)
    world.event.players.update(checked_in=True)
    return world


def alternate(world: World, name: str, *, checked_in: bool = True) -> Player:
    """A new player made the last alternate by the event's organiser."""
    player = PlayerFactory(event=world.event, name=name, checked_in=checked_in)
    return alternate_mark(player_id=player.pk, actor=world.organiser)
