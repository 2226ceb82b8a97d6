"""The big screen at a round played in waves: each wave's clock and tables, kept up to date
by its poll as each wave starts and has its time called."""

from __future__ import annotations

import re
from html import unescape

import pytest

from tests.browser import check_page
from tests.conftest import make_world
from tests.tournament.pages.test_screen import FULL_HD, poll, screen_url
from tournament.models import Wave
from tournament.services.rounds import round_call_time, round_start
from tournament.services.screens import screen_link_issue
from tournament.services.waves import round_waves_set, wave_start

pytestmark = pytest.mark.django_db


def wave_clock(page: str, number: int) -> str:
    found = re.search(rf'<li class="clock-wave[^"]*" data-wave="{number}">(.*?)</li>', page, re.S)
    assert found, page
    return unescape(found.group(1))


def test_the_screen_shows_each_waves_clock_and_tables(client):
    world = make_world(players=16, start=False)
    round_waves_set(round_id=world.round.pk, waves=2)
    round_start(round_id=world.round.pk)
    event = screen_link_issue(event_id=world.event.pk)
    page = client.get(screen_url(event)).content.decode()
    first, second = wave_clock(page, 1), wave_clock(page, 2)
    wave_1 = Wave.objects.get(round=world.round, number=1)
    assert f'data-ends-at="{wave_1.ends_at.isoformat()}"' in first
    assert "1:29:5" in first
    assert "Tables 1, 2" in first
    assert "Starts later" in second
    assert "1:30:00" in second
    assert "Tables 3, 4" in second
    assert "data-ends-at" not in second

    round_call_time(round_id=world.round.pk, wave=1, now_=True)
    wave_2 = wave_start(round_id=world.round.pk, number=2)
    polled = poll(client, event).content.decode()
    assert "Last turn" in wave_clock(polled, 1)
    assert f'data-ends-at="{wave_2.ends_at.isoformat()}"' in wave_clock(polled, 2)


def test_a_round_of_one_wave_shows_one_clock_as_before(client):
    world = make_world()
    event = screen_link_issue(event_id=world.event.pk)
    page = client.get(screen_url(event)).content.decode()
    assert "clock-waves" not in page
    assert 'id="clock-time" data-ends-at=' in page


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_screen_ticks_the_running_waves_clock_in_chromium(live_server, new_page):
    world = make_world(players=16, start=False)
    round_waves_set(round_id=world.round.pk, waves=2)
    round_start(round_id=world.round.pk)
    event = screen_link_issue(event_id=world.event.pk)
    page = new_page(viewport=FULL_HD)
    page.goto(f"{live_server.url}{screen_url(event)}")
    running = page.locator("[data-wave='1'] .clock-time")
    first = running.inner_text()
    page.wait_for_function(
        "shown => document.querySelector(\"[data-wave='1'] .clock-time\").textContent !== shown",
        arg=first,
        timeout=5_000,
    )
    assert page.locator("[data-wave='2'] .clock-time").inner_text() == "1:30:00"
    check_page(page, "screen in waves", labels=False)
