"""The desk keeps the alternates' list on its players pages, and on a round's page offers
each vacant seat to the next alternate before the round starts."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.alternates import alternate, final_of_six_with_an_alternate_in, seated_world
from tests.conftest import World, make_world, session_for
from tests.factories import PlayerFactory
from tournament.models import Player, Seat
from tournament.services.players import player_remove
from tournament.services.rounds import round_start

pytestmark = pytest.mark.django_db


def post(world: World, name: str, pk: int, data: dict, **options):
    return session_for(world.organiser).post(reverse(name, args=[pk]), data, **options)


def page(world: World, name: str, pk: int) -> str:
    return session_for(world.organiser).get(reverse(name, args=[pk])).content.decode()


def step_in(world: World, seat: Seat, player: Player) -> str:
    """The organiser confirms `player` for `seat`: the page they land on."""
    data = {"seat": seat.pk, "player": player.pk}
    answer = post(world, "desk:alternate-step-in", world.round.pk, data, follow=True)
    return answer.content.decode()


def test_the_desk_makes_alternates_and_orders_them_on_its_players_pages():
    world = seated_world()
    una = PlayerFactory(event=world.event, name="Una Alt")
    vic = PlayerFactory(event=world.event, name="Vic Alt")
    assert "Make Una Alt an alternate" in page(world, "desk:player-edit", una.pk)
    seated = world.table.seats.first().player
    assert "an alternate" not in page(world, "desk:player-edit", seated.pk)  # has a seat

    for player in (una, vic):
        answer = post(world, "desk:player-alternate", player.pk, {"action": "mark"}, follow=True)
    assert "Vic Alt is alternate 2." in answer.content.decode()
    answer = post(world, "desk:player-alternate", vic.pk, {"action": "up"}, follow=True)

    text = answer.content.decode()
    assert "Vic Alt is alternate 1." in text
    assert text.index("<strong>1.</strong> Vic Alt") < text.index("<strong>2.</strong> Una Alt")
    assert "Alternate 2</span>" in text  # Una's row in the list of players
    assert "Put Una Alt in the draw" in page(world, "desk:player-edit", una.pk)

    post(world, "desk:player-alternate", una.pk, {"action": "unmark"})
    assert list(world.event.players.exclude(alternate=None).values_list("name", "alternate")) == [
        ("Vic Alt", 1)
    ]
    assert post(world, "desk:player-alternate", una.pk, {"action": "jump"}).status_code == 400


def test_the_round_page_offers_a_vacant_seat_to_the_next_alternate_and_seats_them():
    world = seated_world()
    alternate(world, "Una Alt", checked_in=False)  # first, but not here: passed over
    alternate(world, "Vic Alt")
    seat = world.tables[1].seats.get(number=3)
    gone = seat.player
    player_remove(player_id=gone.pk)  # withdraws after the seating

    text = page(world, "desk:round", world.round.pk)
    assert f"Table 2, seat 3</strong>: {gone.name} withdrew" in text
    assert "Seat Vic Alt, alternate 2" in text
    assert "Una Alt" not in text

    vic = Player.objects.get(name="Vic Alt")
    answer = step_in(world, seat, vic)

    assert "Vic Alt steps in: table 2, seat 3." in answer
    assert Seat.objects.get(pk=seat.pk).player == vic
    assert "Vacant seats" not in answer
    assert "Vic Alt" in answer  # at table 2 among the tables' players


def test_once_the_round_starts_nobody_steps_in():
    world = seated_world()
    una = alternate(world, "Una Alt")
    seat = world.table.seats.get(number=1)
    player_remove(player_id=seat.player_id)
    round_start(round_id=world.round.pk)

    assert "Vacant seats" not in page(world, "desk:round", world.round.pk)
    assert "never mid-game" in step_in(world, seat, una)
    assert Seat.objects.get(pk=seat.pk).player_id == seat.player_id


def test_a_night_without_alternates_lists_no_vacant_seat():
    world = make_world(players=8, start=False)  # everyone seated, nobody checked in
    assert "Vacant seats" not in page(world, "desk:round", world.round.pk)


def test_the_first_rounds_preview_counts_alternates_apart_from_the_players_left_out():
    world = make_world(players=8, start=False)  # seated, nobody checked in
    world.event.players.filter(pk__in=[s.player_id for s in world.table.seats.all()]).update(
        checked_in=True
    )  # four checked in, four not
    alternate(world, "Una Alt")
    alternate(world, "Vic Alt", checked_in=False)  # an alternate, not a player left out

    answer = session_for(world.organiser).get(
        reverse("desk:seat", args=[world.round.pk]) + "?seed=7"
    )
    text = " ".join(answer.content.decode().split())
    assert "Only the 4 players checked in are seated: 4 not checked in are left out." in text
    assert "2 alternates are not seated:" in text


def test_the_desk_seats_a_final_again_without_the_no_show_an_alternate_replaced():
    world, final, una, no_show = final_of_six_with_an_alternate_in()
    preview = session_for(world.organiser).get(reverse("desk:seat", args=[final.pk]), {"seed": 8})
    text = preview.content.decode()
    assert "do not fit" not in text
    assert "Una" in text
    assert no_show.name not in text

    seated = session_for(world.organiser).post(
        reverse("desk:seat-confirm", args=[final.pk]), {"seed": 8}, follow=True
    )
    assert f"Round {final.number} is seated" in seated.content.decode()
    players = Player.objects.filter(seats__table__round=final)
    assert una in players
    assert no_show not in players
