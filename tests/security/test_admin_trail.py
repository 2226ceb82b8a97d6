"""The admin cannot change the ledger, the results or the audit trail; what it may change
(a round's settings, a volunteer, a player's details) leaves an audit row, and a round's or
table's status moves only through the services (its actions), never by editing the field."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.apps import apps
from django.contrib import admin
from django.forms.models import model_to_dict
from django.test import Client

from banking.actors import Actor
from banking.models import Entry
from banking.services.entries import entry_post
from banking.services.tablets import Report, tablet_heartbeat
from games.models import FaqEntry
from tests.conftest import World, close_and_confirm
from tournament.http.tokens import token_issue
from tournament.models import AuditEvent, Donation, PrintJob, Round, Table
from tournament.results.closing import round_end
from tournament.services.briefings import briefing_set
from tournament.services.events import donation_add, team_sponsor_set
from tournament.services.rounds import round_create

pytestmark = pytest.mark.django_db

OUR_APPS = ("tournament", "banking", "games")
# Nobody changes these in the admin: the ledger, what is made from it, the trail, and money
# given (a mistaken donation is put right at the desk, where it is audited).
SEALED = {
    "Entry",
    "TableLedger",
    "Result",
    "AuditEvent",
    "Donation",
    "Seat",
}


@pytest.fixture
def ended(world: World) -> World:
    entry_post(
        table_id=world.table.pk,
        entry_id=uuid.uuid4(),
        payload={"kind": "buy", "seat": 1, "space": 39},
        actor=Actor(role=Actor.BANKER, name="banker"),
    )
    donation_add(event_id=world.event.pk, donor="Shop", amount=50)
    world.event.players.filter(pk=world.table.seats.first().player_id).update(team="Reds")
    team_sponsor_set(event_id=world.event.pk, name="Reds", sponsor="The Harbour Cafe")
    tablet_heartbeat(table_id=world.table.pk, report=Report(outbox=0))
    briefing_set(event_id=world.event.pk, faq_ids=[FaqEntry.objects.order_by("pk")[0].pk])
    close_and_confirm(world.round, by=world.referee)
    round_end(round_id=world.round.pk)
    PrintJob.objects.create(event=world.event, kind="results", round=world.round)
    token_issue(world.organiser, "results script")
    return world


def _admin(admin_user: Any) -> Client:
    client = Client()
    client.force_login(admin_user)
    return client


def _url(model: Any, what: str, pk: Any = None) -> str:
    meta = model._meta
    base = f"/admin/{meta.app_label}/{meta.model_name}/"
    return base + (f"{pk}/{what}/" if pk is not None else f"{what}/")


def _form_data(obj: Any) -> dict[str, Any]:
    """Every field of the object, each changed where a change is easy to make."""
    data: dict[str, Any] = {}
    for name, value in model_to_dict(obj).items():
        if isinstance(value, bool):
            data[name] = "" if value else "on"
        elif isinstance(value, int):
            data[name] = str(value + 999)
        elif isinstance(value, str):
            data[name] = value + "X"
        elif value is None:
            continue
        else:
            data[name] = str(value)
    return data


MODELS = [m for a in OUR_APPS for m in apps.get_app_config(a).get_models()]


@pytest.mark.parametrize("model", MODELS, ids=lambda m: m.__name__)
def test_every_change_form_opens_and_sealed_ones_change_nothing(ended, admin_user, model):
    obj = model.objects.order_by("pk").first()
    assert obj is not None, f"the scene has no {model.__name__}: add one to `ended`"
    client = _admin(admin_user)
    page = client.get(_url(model, "change", obj.pk))
    assert page.status_code == 200
    if model.__name__ not in SEALED:
        return
    before = model_to_dict(model.objects.get(pk=obj.pk))
    client.post(_url(model, "change", obj.pk), _form_data(obj))
    assert model_to_dict(model.objects.get(pk=obj.pk)) == before
    assert client.get(_url(model, "add")).status_code == 403
    assert client.post(_url(model, "delete", obj.pk), {"post": "yes"}).status_code == 403
    assert model.objects.filter(pk=obj.pk).exists()
    model_admin = admin.site._registry[model]
    assert "delete_selected" not in model_admin.get_actions(page.wsgi_request)


def test_an_ended_round_cannot_be_set_running_again(ended, admin_user):
    client = _admin(admin_user)
    round_ = ended.round
    data = {
        "event": round_.event_id, "number": round_.number, "kind": round_.kind,
        "time_limit_minutes": 90, "table_size": 4, "status": "running",
        "tables-TOTAL_FORMS": "0", "tables-INITIAL_FORMS": "0",
        "waves-TOTAL_FORMS": "0", "waves-INITIAL_FORMS": "0",
    }  # fmt: skip
    client.post(_url(Round, "change", round_.pk), data)
    round_.refresh_from_db()
    assert round_.status == Round.Status.ENDED
    table = ended.table
    key_works = Client().get(
        f"/api/tables/{table.pk}/state/", HTTP_AUTHORIZATION=f"Table {table.key}"
    )
    assert key_works.status_code == 401


def test_the_admin_calls_time_through_the_service_and_it_is_audited(world: World, admin_user):
    client = _admin(admin_user)
    response = client.post(
        "/admin/tournament/round/",
        {"action": "call_time", "_selected_action": [world.round.pk]},
    )
    assert response.status_code == 302
    world.round.refresh_from_db()
    assert world.round.status == Round.Status.TIME_CALLED
    row = AuditEvent.objects.get(action="time_called")
    assert row.actor_id == admin_user.pk


def test_a_change_in_the_admin_leaves_an_audit_row(world: World, admin_user):
    client = _admin(admin_user)
    round_ = round_create(event_id=world.event.pk)  # planned: its settings may change
    table = world.table
    data = {
        "event": round_.event_id, "number": round_.number, "kind": round_.kind,
        "time_limit_minutes": 45, "table_size": round_.table_size,
        "tables-TOTAL_FORMS": "0", "tables-INITIAL_FORMS": "0",
        "waves-TOTAL_FORMS": "0", "waves-INITIAL_FORMS": "0",
    }  # fmt: skip
    client.post(_url(Round, "change", round_.pk), data)
    round_.refresh_from_db()
    assert round_.time_limit_minutes == 45
    row = AuditEvent.objects.get(action="admin_changed")
    assert row.actor_id == admin_user.pk
    assert row.data["changed"]["time_limit_minutes"] == [90, 45]
    assert Table.objects.get(pk=table.pk).status == Table.Status.OPEN


def test_an_audit_row_or_entry_cannot_be_added_in_the_admin(world, admin_user):
    client = _admin(admin_user)
    for model in (AuditEvent, Entry, Donation):
        assert client.get(_url(model, "add")).status_code == 403


def _admin_client() -> Client:
    from tests.factories import UserFactory

    boss = UserFactory(is_staff=True, is_superuser=True)
    client = Client()
    client.force_login(boss)
    return client


def test_deleting_a_user_who_acted_at_an_event_deactivates_them_and_keeps_who_did_what(
    world: World,
):
    close_and_confirm(world.round, by=world.referee)  # the referee confirmed the tables
    referee = world.referee
    url = f"/admin/auth/user/{referee.pk}/delete/"

    response = _admin_client().post(url, {"post": "yes"}, follow=True)

    assert response.status_code == 200
    referee.refresh_from_db()  # still there
    assert not referee.is_active
    assert Table.objects.filter(reviewed_by=referee).exists()  # who confirmed: kept
    row = AuditEvent.objects.get(action="user_deactivated")
    assert row.subject == referee.username
    assert row.event_id == world.event.pk


def test_deleting_a_user_who_never_acted_is_audited_at_their_events(world: World):
    from tests.factories import UserFactory, VolunteerFactory

    idle = UserFactory()
    VolunteerFactory(event=world.event, user=idle, role="banker")

    _admin_client().post(f"/admin/auth/user/{idle.pk}/delete/", {"post": "yes"})

    assert not type(idle).objects.filter(pk=idle.pk).exists()
    row = AuditEvent.objects.get(action="user_deleted")
    assert (row.subject, row.event_id) == (idle.username, world.event.pk)


def test_an_event_is_never_deleted_its_ledger_and_trail_stay(ended, admin_user):
    """The ledger and the audit trail only grow (the database refuses otherwise): the admin
    offers no deletion of an event, rather than failing one half done."""
    client = _admin(admin_user)
    event = ended.event
    assert client.get(_url(type(event), "delete", event.pk)).status_code == 403
    assert client.post(_url(type(event), "delete", event.pk), {"post": "yes"}).status_code == 403
    page = client.get(_url(type(event), "change", event.pk))
    assert "delete_selected" not in admin.site._registry[type(event)].get_actions(page.wsgi_request)
    assert type(event).objects.filter(pk=event.pk).exists()
    assert AuditEvent.objects.filter(event=event).exists()
