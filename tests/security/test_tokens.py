"""API tokens expire (API_TOKEN_HOURS, 12 by default), are dropped when the password
changes, and can be revoked with POST /api/auth/logout/."""

from __future__ import annotations

import datetime

import pytest
from django.test import override_settings
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.conftest import World

pytestmark = pytest.mark.django_db

PASSWORD = "correct-horse-battery"


def _token(world: World) -> str:
    response = APIClient().post(
        "/api/auth/token/",
        {"username": world.organiser.username, "password": PASSWORD},
        format="json",
    )
    assert response.status_code == 200, response.json()
    return response.json()["token"]


def _with(token: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return client


def _events(token: str):
    return _with(token).get("/api/events/")


def test_a_token_expires_after_the_configured_hours(world: World):
    token = _token(world)
    assert _events(token).status_code == 200
    Token.objects.filter(key=token).update(
        created=datetime.datetime.now(datetime.UTC) - datetime.timedelta(hours=12, minutes=1)
    )
    refused = _events(token)
    assert refused.status_code == 401
    assert refused.json()["error"] == "authentication_failed"
    assert "expired" in refused.json()["detail"]
    fresh = _token(world)  # logging in again gives a new token
    assert fresh != token
    assert _events(fresh).status_code == 200


@override_settings(API_TOKEN_HOURS=1)
def test_the_lifetime_is_configurable(world: World):
    token = _token(world)
    Token.objects.filter(key=token).update(
        created=datetime.datetime.now(datetime.UTC) - datetime.timedelta(minutes=61)
    )
    assert _events(token).status_code == 401


def test_a_password_change_drops_the_users_tokens(world: World):
    token = _token(world)
    world.organiser.set_password("another-long-passphrase")
    world.organiser.save()
    assert _events(token).status_code == 401
    assert not Token.objects.filter(user=world.organiser).exists()


def test_saving_a_user_without_changing_the_password_keeps_the_token(world: World):
    token = _token(world)
    world.organiser.first_name = "Olive"
    world.organiser.save()
    assert _events(token).status_code == 200


def test_logging_out_revokes_the_token(world: World):
    token = _token(world)
    response = _with(token).post("/api/auth/logout/")
    assert response.status_code == 204
    assert _events(token).status_code == 401
    assert _with(token).post("/api/auth/logout/").status_code == 401
    assert APIClient().post("/api/auth/logout/").status_code == 401
