"""A round played in waves on the desk's round page: setting the waves, moving a table, each
wave's start, clock and call-time button, audited as the desk's other round actions."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.conftest import make_world, session_for
from tournament.models import AuditEvent, Round, Wave

pytestmark = pytest.mark.django_db


def test_a_round_of_one_wave_shows_no_waves_but_offers_to_set_them():
    world = make_world(players=16, start=False)
    page = session_for(world.organiser).get(reverse("desk:round", args=[world.round.pk]))
    html = page.content.decode()
    assert 'id="round-start"' in html
    assert "data-waves" not in html
    assert 'action="{}"'.format(reverse("desk:round-waves", args=[world.round.pk])) in html


def test_two_waves_on_the_desk_from_setting_them_to_wave_2s_clock():
    world = make_world(players=16, start=False)
    client = session_for(world.organiser)
    round_url = reverse("desk:round", args=[world.round.pk])
    response = client.post(
        reverse("desk:round-waves", args=[world.round.pk]), {"waves": "2"}, follow=True
    )
    html = response.content.decode()
    assert "plays in 2 waves" in html
    assert 'data-wave="1" data-wave-status="waiting"' in html
    assert "Tables 1, 2" in html
    assert "Tables 3, 4" in html
    assert 'id="wave-start-1"' in html
    assert 'id="wave-start-2"' not in html  # wave 1 first
    assert 'id="round-start"' not in html  # the round starts with its wave 1

    second = world.round.tables.get(number=2)
    client.post(reverse("desk:table-wave", args=[second.pk]), {"wave": "2"})
    assert AuditEvent.objects.get(action="table_wave_moved").actor_id == world.organiser.pk
    html = client.get(round_url).content.decode()
    assert "Table 1<" in html
    assert "Tables 2, 3, 4" in html

    response = client.post(
        reverse("desk:wave-start", args=[world.round.pk]), {"wave": "1"}, follow=True
    )
    html = response.content.decode()
    assert "Wave 1 has started" in html
    assert 'data-wave="1" data-wave-status="running"' in html
    assert len(re.findall(r'class="countdown"', html)) == 1
    assert "1:29:5" in html  # wave 1's clock, before desk.js ticks it
    assert 'id="wave-call-time-1"' in html

    refused = client.post(
        reverse("desk:wave-start", args=[world.round.pk]), {"wave": "2"}, follow=True
    )
    assert "Wave 1 is still playing" in refused.content.decode()
    client.post(reverse("desk:round-call-time", args=[world.round.pk]), {"wave": "1"})
    assert Wave.objects.get(round=world.round, number=1).status == Wave.Status.TIME_CALLED
    html = client.get(round_url).content.decode()
    assert 'data-wave="1" data-wave-status="time_called"' in html
    assert 'id="wave-start-2"' in html
    client.post(reverse("desk:wave-start", args=[world.round.pk]), {"wave": "2"})
    assert AuditEvent.objects.get(action="wave_started").actor_id == world.organiser.pk
    poll = client.get(round_url, HTTP_HX_REQUEST="true").content.decode()
    assert 'data-wave="2" data-wave-status="running"' in poll
    assert Round.objects.get(pk=world.round.pk).status == Round.Status.RUNNING


def test_a_bad_wave_is_refused_with_a_sentence_and_changes_nothing():
    world = make_world(players=8, start=False)
    client = session_for(world.organiser)
    response = client.post(
        reverse("desk:round-waves", args=[world.round.pk]), {"waves": "5"}, follow=True
    )
    assert "can play in 1 to 2 waves" in response.content.decode()
    response = client.post(
        reverse("desk:wave-start", args=[world.round.pk]), {"wave": "x"}, follow=True
    )
    assert "Choose a wave by its number" in response.content.decode()
    world.round.refresh_from_db()
    assert (world.round.wave_count, world.round.status) == (1, Round.Status.SEATED)
