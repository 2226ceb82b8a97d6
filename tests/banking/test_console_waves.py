"""The banker's console at a round played in waves: its clock is its table's wave's, and a
table whose wave has not started refuses entries and previews alike."""

from __future__ import annotations

import pytest

from tests.conftest import make_world
from tests.entries import post_entry
from tournament.models import Wave
from tournament.services.rounds import round_call_time, round_start
from tournament.services.waves import round_waves_set, wave_start

pytestmark = pytest.mark.django_db


@pytest.fixture
def waves():
    world = make_world(players=16, start=False)
    round_waves_set(round_id=world.round.pk, waves=2)
    round_start(round_id=world.round.pk)
    world.tables = list(world.round.tables.order_by("number"))
    return world


def state(world, table):
    return world.banker(table).get(f"/api/tables/{table.pk}/state/").json()


def test_a_wave_2_tables_console_waits_while_wave_1_plays(waves):
    first, second = waves.tables[0], waves.tables[3]
    playing = state(waves, first)
    wave_1 = Wave.objects.get(round=waves.round, number=1)
    assert (playing["wave"], playing["status"]) == (1, "running")
    assert playing["ends_at"] == wave_1.ends_at.isoformat().replace("+00:00", "Z")
    waiting = state(waves, second)
    assert (waiting["wave"], waiting["status"], waiting["ends_at"]) == (2, "waiting", None)
    assert waiting["last_turn"] is False
    preview = waves.banker(second).post(
        f"/api/tables/{second.pk}/preview/", {"kind": "pass_go", "seat": 1}, format="json"
    )
    assert (preview.status_code, preview.json()["error"]) == (409, "wave_not_started")


def test_the_console_follows_its_wave_to_its_own_clock(waves):
    second = waves.tables[3]
    round_call_time(round_id=waves.round.pk, wave=1, now_=True)
    assert state(waves, waves.tables[0])["last_turn"] is True
    assert state(waves, second)["status"] == "waiting"
    wave = wave_start(round_id=waves.round.pk, number=2)
    playing = state(waves, second)
    assert playing["status"] == "running"
    assert playing["ends_at"] == wave.ends_at.isoformat().replace("+00:00", "Z")
    assert post_entry(waves.banker(second), second, kind="pass_go", seat=1).status_code == 201


def test_the_console_page_names_the_tables_wave(waves, client):
    page = client.get(f"/console/{waves.tables[3].key}/").content.decode()
    assert "Round 1 · Wave 2" in page
    single = make_world()
    page = client.get(f"/console/{single.table.key}/").content.decode()
    assert "Wave" not in page
