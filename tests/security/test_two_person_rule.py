"""Nobody checks their own work: who may void whose entry, and who may confirm a table."""

from __future__ import annotations

import uuid

import pytest

from banking.models import Entry
from tests.conftest import World, client_for
from tests.factories import VolunteerFactory
from tournament.models import Table, Volunteer

pytestmark = pytest.mark.django_db


def _adjust(client, world: World) -> dict:
    response = client.post(
        f"/api/tables/{world.table.pk}/entries/",
        {"id": str(uuid.uuid4()), "kind": "adjust", "seat": 1, "amount": -300,
         "reason": "Paid Boardwalk rent twice"},
        format="json",
    )  # fmt: skip
    assert response.status_code == 201, response.json()
    return response.json()["entry"]


def _void(client, world: World, entry_id: str):
    return client.post(
        f"/api/tables/{world.table.pk}/entries/{entry_id}/void/",
        {"reason": "Not a mistake"},
        format="json",
    )


@pytest.mark.parametrize("author", ["referee", "organiser"])
def test_a_banker_key_cannot_void_a_referees_or_organisers_entry(world: World, author: str):
    client = world.referee_client() if author == "referee" else world.organiser_client()
    adjusted = _adjust(client, world)
    refused = _void(world.banker(), world, adjusted["id"])
    assert refused.status_code == 403, refused.json()
    assert refused.json()["error"] == "referee_entry"
    assert not Entry.objects.filter(kind=Entry.VOID).exists()


def test_a_referee_may_void_a_referees_entry_and_a_banker_its_own(world: World, post_entry):
    adjusted = _adjust(world.referee_client(), world)
    assert _void(world.organiser_client(), world, adjusted["id"]).status_code == 201
    bought = post_entry(world.banker(), world.table, kind="buy", seat=1, space=39).json()
    assert _void(world.banker(), world, bought["entry"]["id"]).status_code == 201


def _confirm(client, world: World):
    return client.post(f"/api/tables/{world.table.pk}/confirm/")


def test_whoever_closed_a_table_cannot_confirm_it(world: World):
    closed = world.organiser_client().post(f"/api/tables/{world.table.pk}/close/")
    assert closed.status_code == 200, closed.json()
    refused = _confirm(world.organiser_client(), world)
    assert refused.status_code == 403
    assert refused.json()["error"] == "own_closing"
    world.table.refresh_from_db()
    assert world.table.review == Table.Review.AWAITING
    assert _confirm(world.referee_client(), world).status_code == 200


def test_whoever_recorded_entries_at_a_table_cannot_confirm_it(world: World, post_entry):
    _adjust(world.referee_client(), world)
    assert world.banker().post(f"/api/tables/{world.table.pk}/close/").status_code == 200
    refused = _confirm(world.referee_client(), world)
    assert refused.status_code == 403
    assert refused.json()["error"] == "own_entries"
    other = VolunteerFactory(event=world.event, role=Volunteer.Role.REFEREE).user
    assert _confirm(client_for(other), world).status_code == 200


def test_the_recorder_cannot_dispute_their_own_table_either(world: World):
    _adjust(world.referee_client(), world)
    world.banker().post(f"/api/tables/{world.table.pk}/close/")
    refused = world.referee_client().post(
        f"/api/tables/{world.table.pk}/dispute/", {"reason": "Hm"}, format="json"
    )
    assert refused.status_code == 403


def test_a_banker_who_also_referees_cannot_confirm_the_table_once_another_banks_it(
    world: World, post_entry
):
    banker = world.table.banker
    assert banker is not None  # the seating gave table 1 its banker
    VolunteerFactory(event=world.event, user=banker.user, role=Volunteer.Role.REFEREE)
    post_entry(world.banker(), world.table, kind="pass_go", seat=1)  # by the table's key
    assert world.banker().post(f"/api/tables/{world.table.pk}/close/").status_code == 200
    # The table's banker is changed afterwards: the key's entries and closing were theirs.
    Table.objects.filter(pk=world.table.pk).update(
        banker=VolunteerFactory(event=world.event, role=Volunteer.Role.BANKER)
    )

    refused = _confirm(client_for(banker.user), world)

    assert refused.status_code == 403
    assert refused.json()["error"] in {"own_entries", "own_closing"}
    entry = Entry.objects.get(table=world.table, kind="pass_go")
    assert entry.author_id == banker.user_id  # who held the key then
