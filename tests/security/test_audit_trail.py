"""Every write that changes an outcome, money or access leaves an audit row, in the same
transaction, naming who did it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import Permission

from tests.conftest import World, make_world
from tests.factories import UserFactory
from tournament.models import AuditEvent, Player, Volunteer

pytestmark = pytest.mark.django_db


def _event_update(world: World) -> Any:
    return world.organiser_client().patch(
        f"/api/events/{world.event.pk}/", {"venue": "Guild Hall"}, format="json"
    )


def _round_seat(world: World) -> Any:
    return world.organiser_client().post(
        f"/api/rounds/{world.round.pk}/seat/", {"seed": 3, "include_all": True}, format="json"
    )


def _round_start(world: World) -> Any:
    return world.organiser_client().post(f"/api/rounds/{world.round.pk}/start/")


def _call_time(world: World) -> Any:
    return world.organiser_client().post(f"/api/rounds/{world.round.pk}/call-time/")


def _round_waves(world: World) -> Any:
    return world.organiser_client().post(
        f"/api/rounds/{world.round.pk}/waves/", {"waves": 2}, format="json"
    )


def _wave_start(world: World) -> Any:
    return world.organiser_client().post(
        f"/api/rounds/{world.round.pk}/start-wave/", {"wave": 1}, format="json"
    )


def _table_wave(world: World) -> Any:
    return world.organiser_client().post(
        f"/api/tables/{world.table.pk}/wave/", {"wave": 1}, format="json"
    )


def _table_assign(world: World) -> Any:
    banker = world.event.volunteers.get(role=Volunteer.Role.BANKER)
    return world.organiser_client().patch(
        f"/api/tables/{world.table.pk}/", {"banker": banker.pk}, format="json"
    )


def _volunteer_add(world: World) -> Any:
    return world.organiser_client().post(
        f"/api/events/{world.event.pk}/volunteers/",
        {"username": UserFactory().username, "role": "referee"},
        format="json",
    )


def _donation_add(world: World) -> Any:
    return world.organiser_client().post(
        f"/api/events/{world.event.pk}/donations/", {"donor": "Shop", "amount": 50}, format="json"
    )


def _player_add(world: World) -> Any:
    return world.organiser_client().post(
        f"/api/events/{world.event.pk}/players/", {"name": "Zed", "paid": 20}, format="json"
    )


def _players_import(world: World) -> Any:
    return world.organiser_client().post(
        f"/api/events/{world.event.pk}/players/import/",
        "name,email,team,paid\nZed,,,20\n",
        content_type="text/csv",
    )


def _event_create(world: World) -> Any:
    world.organiser.user_permissions.add(Permission.objects.get(codename="add_event"))
    world.organiser = type(world.organiser).objects.get(pk=world.organiser.pk)
    return world.organiser_client().post(
        "/api/events/", {"name": "Spring", "date": "2027-04-10", "edition": "us"}, format="json"
    )


WRITES: list[tuple[str, Callable[[World], Any], str, bool]] = [
    # (name, the call, the action recorded, whether the round must be seated, not running)
    ("event_update", _event_update, "event_updated", False),
    ("round_seat", _round_seat, "round_seated", True),
    ("round_start", _round_start, "round_started", True),
    ("round_call_time", _call_time, "time_called", False),
    ("round_waves", _round_waves, "round_waves_set", True),
    ("wave_start", _wave_start, "round_started", True),
    ("table_wave", _table_wave, "table_wave_moved", True),
    ("table_assign", _table_assign, "table_assigned", False),
    ("volunteer_add", _volunteer_add, "volunteer_added", False),
    ("donation_add", _donation_add, "donation_added", False),
    ("player_add", _player_add, "player_added", False),
    ("players_import", _players_import, "players_imported", False),
    ("event_create", _event_create, "event_created", False),
]


@pytest.mark.parametrize(("name", "call", "action", "seated"), WRITES, ids=[w[0] for w in WRITES])
def test_an_api_write_leaves_an_audit_row_naming_who(db, name, call, action, seated):
    world = make_world(start=not seated)
    response = call(world)
    assert response.status_code in (200, 201), response.content[:300]
    row = AuditEvent.objects.filter(action=action).latest("created_at")
    assert row.actor_id == world.organiser.pk


def test_the_desks_writes_leave_audit_rows(world: World):
    from django.test import Client

    client = Client()
    client.force_login(world.organiser)
    player = Player.objects.filter(event=world.event).first()
    client.post(f"/desk/players/{player.pk}/paid/", {"paid": "15"})
    row = AuditEvent.objects.get(action="player_paid")
    assert (row.actor_id, row.data["paid"], row.data["was"]) == (world.organiser.pk, 15, 0)
    client.post(
        f"/desk/events/{world.event.pk}/volunteers/", {"username": "newbie", "role": "banker"}
    )
    row = AuditEvent.objects.get(action="volunteer_added")
    assert row.data["account_created"] is True
    assert row.actor_id == world.organiser.pk


def test_checking_in_out_and_by_scan_and_creating_a_round_and_the_briefing_are_audited(
    world: World,
):
    from django.test import Client

    client = Client()
    client.force_login(world.organiser)
    player, scanned = Player.objects.filter(event=world.event).order_by("pk")[:2]

    client.post(f"/desk/players/{player.pk}/check-in/", {"checked_in": "1"})
    client.post(f"/desk/players/{player.pk}/check-in/", {"checked_in": "0"})
    client.post(f"/desk/events/{world.event.pk}/check-in/scan/", {"code": scanned.token})
    client.post(f"/faq/events/{world.event.pk}/briefing/edit/", {"reset": "1"})
    world.organiser_client().post(
        f"/api/events/{world.event.pk}/rounds/", {"table_size": 4}, format="json"
    )

    rows = AuditEvent.objects.filter(event=world.event).order_by("created_at", "pk")
    done = [(row.action, row.subject) for row in rows if row.actor_id == world.organiser.pk]
    assert ("player_checked_in", player.name) in done
    assert ("player_checked_out", player.name) in done
    assert ("player_checked_in", scanned.name) in done
    scan = rows.get(action="player_checked_in", subject=scanned.name)
    assert scan.data["by"] == "scan"
    assert any(action == "briefing_set" for action, _ in done)
    assert any(action == "round_created" for action, _ in done)
