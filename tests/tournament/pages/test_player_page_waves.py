"""A player's page at a round played in waves: the clock is their table's wave's, and a
player whose wave has not started reads which wave they play in and about when."""

from __future__ import annotations

import html
from zoneinfo import ZoneInfo

import pytest
from django.utils import timezone

from tests.conftest import make_world
from tests.tournament.pages.test_player_page import live, next_step, poll, seated_player
from tournament.models import Wave
from tournament.services.rounds import round_call_time, round_start
from tournament.services.waves import round_waves_set, wave_start

pytestmark = pytest.mark.django_db


@pytest.fixture
def waves():
    world = make_world(players=16, start=False, time_zone="Europe/Paris")
    round_waves_set(round_id=world.round.pk, waves=2)
    world.tables = list(world.round.tables.order_by("number"))
    return world


def at(moment) -> str:
    return f"{timezone.localtime(moment, ZoneInfo('Europe/Paris')):%H:%M}"


def test_before_the_round_starts_a_wave_2_player_reads_their_wave(client, waves):
    shown = html.unescape(live(client, seated_player(waves, 3)))
    assert "Your table plays in wave 2." in shown
    assert "Your table plays in wave 1." in html.unescape(live(client, seated_player(waves, 0)))


def test_while_wave_1_plays_a_wave_2_player_waits_with_the_time_it_should_start(client, waves):
    round_start(round_id=waves.round.pk)
    first = Wave.objects.get(round=waves.round, number=1)
    playing = live(client, seated_player(waves, 0))
    assert 'class="p-clock"' in playing
    assert f'data-ends-at="{first.ends_at.isoformat()}"' in playing
    waiting = html.unescape(live(client, seated_player(waves, 3)))
    assert 'class="p-clock"' not in waiting
    assert f"Your table plays in wave 2, from about {at(first.ends_at)}." in waiting
    assert "Waiting" in waiting
    state, sentence = next_step(waiting)
    assert state == "seated"
    assert "later wave" in sentence


def test_a_wave_2_players_clock_runs_from_its_own_start(client, waves):
    player = seated_player(waves, 3)
    round_start(round_id=waves.round.pk)
    before = poll(client, player)["ETag"]
    round_call_time(round_id=waves.round.pk, wave=1, now_=True)
    called = Wave.objects.get(round=waves.round, number=1)
    assert f"from about {at(called.ends_at)}" in html.unescape(live(client, player))
    assert poll(client, player, before).status_code == 200  # time called in wave 1: news
    second = wave_start(round_id=waves.round.pk, number=2)
    shown = live(client, player)
    assert f'data-ends-at="{second.ends_at.isoformat()}"' in shown
    assert f"Time is called at {at(second.ends_at)}." in html.unescape(shown)
    assert next_step(shown)[0] == "playing"
