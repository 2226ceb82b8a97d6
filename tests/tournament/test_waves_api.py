"""A round's waves through the API: set them, read them on the round and each table, move a
table, start each wave, and the refusal a table key gets at a wave that has not started."""

from __future__ import annotations

import pytest

from tests.conftest import make_world
from tests.entries import post_entry

pytestmark = pytest.mark.django_db


def test_a_round_reads_one_wave_waiting_until_it_starts_then_running():
    world = make_world(start=False)
    client = world.organiser_client()
    shown = client.get(f"/api/rounds/{world.round.pk}/").json()
    assert shown["wave_count"] == 1
    assert shown["waves"] == [
        {"number": 1, "status": "waiting", "started_at": None, "ends_at": None}
    ]
    started = client.post(f"/api/rounds/{world.round.pk}/start/").json()
    (wave,) = started["waves"]
    assert wave["status"] == "running"
    assert wave["ends_at"] == started["ends_at"]


def test_two_waves_through_the_api():
    world = make_world(players=16, start=False)
    client = world.organiser_client()
    url = f"/api/rounds/{world.round.pk}/"
    set_ = client.post(f"{url}waves/", {"waves": 2}, format="json")
    assert set_.status_code == 200, set_.json()
    assert [w["status"] for w in set_.json()["waves"]] == ["waiting", "waiting"]
    tables = client.get(f"{url}tables/").json()["tables"]
    assert [t["wave"] for t in tables] == [1, 1, 2, 2]
    moved = client.post(f"/api/tables/{tables[1]['id']}/wave/", {"wave": 2}, format="json")
    assert moved.json()["wave"] == 2
    started = client.post(f"{url}start-wave/", {"wave": 1}, format="json").json()
    assert [w["status"] for w in started["waves"]] == ["running", "waiting"]
    second = world.round.tables.get(number=2)
    refused = post_entry(world.banker(second), second, kind="pass_go", seat=1)
    assert refused.status_code == 409
    assert refused.json()["error"] == "wave_not_started"
    early = client.post(f"{url}start-wave/", {"wave": 2}, format="json")
    assert (early.status_code, early.json()["error"]) == (409, "previous_wave_running")
    called = client.post(f"{url}call-time/", {"wave": 1}, format="json").json()
    assert [w["status"] for w in called["waves"]] == ["time_called", "waiting"]
    assert called["status"] == "running"
    started = client.post(f"{url}start-wave/", {"wave": 2}, format="json").json()
    assert [w["status"] for w in started["waves"]] == ["time_called", "running"]
    assert post_entry(world.banker(second), second, kind="pass_go", seat=1).status_code == 201


def test_bad_wave_input_is_refused_in_the_documented_shape():
    world = make_world(start=False)
    client = world.organiser_client()
    url = f"/api/rounds/{world.round.pk}/"
    too_many = client.post(f"{url}waves/", {"waves": 9}, format="json")
    assert too_many.status_code == 400
    assert too_many.json()["error"] == "invalid"
    more_than_tables = client.post(f"{url}waves/", {"waves": 3}, format="json")
    assert (more_than_tables.status_code, more_than_tables.json()["error"]) == (400, "invalid")
    unknown = client.post(f"{url}start-wave/", {"wave": 2}, format="json")
    assert (unknown.status_code, unknown.json()["error"]) == (404, "unknown_wave")
