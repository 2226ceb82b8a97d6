"""An aggregate event's standings in a browser: the desk's on a phone and a tablet, the
player's own total on a phone, and the big screen's Standings view."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.browser import PHONE, TABLET, check_page, log_in, snap
from tests.played import next_preliminary, night
from tournament.services.screens import screen_link_issue

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_standings_read_well_on_every_screen_they_show_on(live_server, new_page):
    n = night(advancement="aggregate", finalists=4)
    second = next_preliminary(n)
    for name, viewport in (("phone", PHONE), ("tablet", TABLET)):
        page = new_page(viewport=viewport)
        log_in(page, live_server.url, n.organiser.get_username())
        for path in (
            reverse("desk:rounds", args=[n.event.pk]),
            reverse("desk:results", args=[second.pk]),
        ):
            page.goto(live_server.url + path)
            page.get_by_role("heading", name="Aggregate after round 2").wait_for()
            check_page(page, f"{path} on a {name}")
        snap(page, f"aggregate/desk-results-{name}")

    player = second.results.order_by("seat__table__number", "rank").first().player
    page = new_page(viewport=PHONE)
    page.goto(f"{live_server.url}/p/{player.token}/")
    page.get_by_role("heading", name="Your aggregate").wait_for()
    check_page(page, "the player's page")
    snap(page, "aggregate/player-phone")

    event = screen_link_issue(event_id=n.event.pk)
    screen = new_page(viewport={"width": 1920, "height": 1080})
    url = reverse("event-screen", kwargs={"event_id": event.pk, "token": event.screen_token})
    screen.goto(live_server.url + url)
    screen.locator("body").press("ArrowRight")  # the leaderboard, then the standings
    standings = screen.locator("#view-standings")
    standings.wait_for()
    assert standings.get_by_role("row").count() == 9  # the heading's row and eight players
    snap(screen, "aggregate/screen-standings")
