"""The admin lists every model, and an organiser can open each list and an event page."""

from __future__ import annotations

import pytest
from django.apps import apps
from django.contrib import admin
from django.utils import translation

from tests.factories import PlayerFactory
from tournament.models import AuditEvent, Event

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


def admin_event_form(request, **data):
    """The admin's form for a new event, filled with each field's default and `data`."""
    model_admin = admin.site._registry[Event]
    form_class = model_admin.get_form(request)
    filled = {
        name: field.initial() if callable(field.initial) else field.initial
        for name, field in form_class.base_fields.items()
        if field.initial is not None
    }
    return form_class({**filled, **data})


def test_an_event_made_in_the_admin_takes_its_makers_language_and_editions_currency(rf, admin_user):
    request = rf.post("/admin/tournament/event/add/")
    request.user = admin_user
    model_admin = admin.site._registry[Event]
    for data, speaks, expected in (
        ({"edition": "uk"}, "de", ("de", "GBP")),
        ({"edition": "us"}, "en", ("en", "USD")),
        ({"edition": "uk", "language": "fr", "currency": "EUR"}, "de", ("fr", "EUR")),
    ):
        form = admin_event_form(request, name="Gala", date="2026-12-05", variants="{}", **data)
        assert form.is_valid(), form.errors
        event = form.save(commit=False)
        with translation.override(speaks):
            model_admin.save_model(request, event, form, change=False)
        event.refresh_from_db()
        assert (event.language, event.currency) == expected
