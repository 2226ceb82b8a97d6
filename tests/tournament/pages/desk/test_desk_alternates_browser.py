"""Alternates in a real headless Chromium, at tablet and phone size: the desk orders its
alternates, its round page offers a vacant seat and the organiser confirms it; the
alternate's own page. Each page with axe-core and no sideways scrolling."""

from __future__ import annotations

import pytest

from tests.browser import PHONE, TABLET, check_page, log_in, snap
from tests.conftest import make_world
from tests.factories import PlayerFactory
from tournament.models import Player, Seat
from tournament.services.players import alternate_mark, player_remove

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize(("size", "viewport"), [("tablet", TABLET), ("phone", PHONE)])
def test_the_desk_orders_alternates_and_seats_the_next_in_a_vacant_seat(
    live_server, new_page, size, viewport
):
    world = make_world(players=8, start=False)
    world.event.players.update(checked_in=True)
    for name in ("Una Alternate-Longname", "Vic Alt"):
        player = PlayerFactory(event=world.event, name=name, checked_in=True)
        alternate_mark(player_id=player.pk)
    seat = world.tables[1].seats.get(number=2)
    player_remove(player_id=seat.player_id)  # withdraws after the seating
    page = new_page(viewport=viewport)
    log_in(page, live_server.url, world.organiser.get_username())

    page.goto(f"{live_server.url}/desk/events/{world.event.pk}/players/")
    vic = Player.objects.get(name="Vic Alt")
    page.locator(f"#alternate-{vic.pk} button[value=up]").click()
    page.wait_for_selector("text=Vic Alt is alternate 1.")
    snap(page, f"alternates/desk-players-{size}")
    check_page(page, "players")

    page.goto(f"{live_server.url}/desk/rounds/{world.round.pk}/")
    snap(page, f"alternates/desk-round-{size}")
    check_page(page, "round")
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Seat Vic Alt, alternate 1").click()
    page.wait_for_selector("text=Vic Alt steps in: table 2, seat 2.")
    assert Seat.objects.get(pk=seat.pk).player.name == "Vic Alt"

    una = Player.objects.get(name="Una Alternate-Longname")
    page.goto(f"{live_server.url}/p/{una.token}/")
    assert "You are alternate 1" in page.inner_text("#player-live")
    snap(page, f"alternates/player-{size}")
    check_page(page, "player")
