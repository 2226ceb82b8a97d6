"""The admin lists every model, and an organiser can open each list and an event page."""

from __future__ import annotations

import pytest
from django.apps import apps
from django.contrib import admin

from tests.factories import PlayerFactory
from tournament.models import AuditEvent

pytestmark = pytest.mark.django_db

OUR_APPS = ("tournament", "banking", "games")


def test_every_model_of_ours_is_in_the_admin():
    missing = [
        model.__name__
        for app in OUR_APPS
        for model in apps.get_app_config(app).get_models()
        if model not in admin.site._registry
    ]
    assert missing == []


@pytest.mark.parametrize(
    "model", [m for a in OUR_APPS for m in apps.get_app_config(a).get_models()], ids=str
)
def test_each_admin_list_opens_for_a_superuser(client, admin_user, world, model):
    client.force_login(admin_user)
    meta = model._meta
    response = client.get(f"/admin/{meta.app_label}/{meta.model_name}/")
    assert response.status_code == 200


def test_an_event_page_shows_its_players_and_volunteers(client, admin_user, world):
    client.force_login(admin_user)
    response = client.get(f"/admin/tournament/event/{world.event.pk}/change/")
    assert response.status_code == 200
    assert b"Ada" in response.content


def test_a_player_deleted_in_the_admin_is_named_in_the_audit_trail(client, admin_user, world):
    player = PlayerFactory(event=world.event, name="Registered By Mistake")
    client.force_login(admin_user)
    url = f"/admin/tournament/player/{player.pk}/delete/"
    assert client.post(url, {"post": "yes"}).status_code == 302
    (row,) = AuditEvent.objects.filter(event=world.event, action="admin_deleted")
    assert row.data["was"]["name"] == "Registered By Mistake"
