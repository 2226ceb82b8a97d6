"""Security headers under the production settings, and CSRF on session-authenticated writes."""

from __future__ import annotations

import base64
import importlib
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from django.test import Client, override_settings
from django.urls import reverse
from rest_framework.test import APIClient

from tests.conftest import World
from tests.entries import post_entry
from tests.factories import PASSWORD
from tests.production.environment import PRODUCTION
from tournament.models import new_table_key

pytestmark = pytest.mark.django_db

SECURITY_SETTINGS = [
    "SECURE_PROXY_SSL_HEADER",
    "SECURE_SSL_REDIRECT",
    "SECURE_HSTS_SECONDS",
    "SECURE_HSTS_INCLUDE_SUBDOMAINS",
    "SECURE_HSTS_PRELOAD",
    "SECURE_CONTENT_TYPE_NOSNIFF",
    "SECURE_REFERRER_POLICY",
    "SECURE_CROSS_ORIGIN_OPENER_POLICY",
    "SESSION_COOKIE_SECURE",
    "CSRF_COOKIE_SECURE",
    "SESSION_COOKIE_HTTPONLY",
    "X_FRAME_OPTIONS",
    "MIDDLEWARE",
    "CONTENT_SECURITY_POLICY",
]


@pytest.fixture
def production(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The security settings of tournament.settings.production, over the test settings."""
    with production_security(monkeypatch, **PRODUCTION):
        yield


@contextmanager
def production_security(monkeypatch: pytest.MonkeyPatch, **env: str) -> Iterator[None]:
    """The security settings of tournament.settings.production loaded with `env` alone."""
    for name in ("BEHIND_PROXY", "SECURE_SSL_REDIRECT", "TRUSTED_PROXY_COUNT"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    sys.modules.pop("tournament.settings.production", None)
    module = importlib.import_module("tournament.settings.production")
    sys.modules.pop("tournament.settings.production", None)
    with override_settings(**{name: getattr(module, name) for name in SECURITY_SETTINGS}):
        yield


def assert_security_headers(response: Any) -> None:
    assert response["Strict-Transport-Security"] == "max-age=31536000; includeSubDomains; preload"
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Referrer-Policy"] == "same-origin"
    assert response["X-Frame-Options"] == "DENY"
    assert response["Cross-Origin-Opener-Policy"] == "same-origin"
    header = response["Content-Security-Policy"]
    policy = dict(directive.split(" ", 1) for directive in header.split("; "))
    assert policy["default-src"] == "'self'"
    assert policy["script-src"] == "'self'"  # no inline script, no eval
    assert policy["style-src"] == "'self'"
    assert policy["object-src"] == "'none'"
    assert policy["frame-ancestors"] == "'none'"


def test_a_page_answers_with_every_security_header(production, world: World):
    client = Client()
    client.force_login(world.organiser)
    response = client.get(reverse("desk:event", args=[world.event.pk]), secure=True)
    assert response.status_code == 200
    assert_security_headers(response)


def test_an_api_answer_carries_the_same_headers(production, world: World):
    client = APIClient()
    client.force_login(world.organiser)
    response = client.get(f"/api/events/{world.event.pk}/", secure=True)
    assert response.status_code == 200
    assert_security_headers(response)


def test_plain_http_is_sent_to_https(production):
    response = Client().get("/accounts/login/")
    assert response.status_code == 301
    assert response["Location"] == "https://testserver/accounts/login/"


@pytest.mark.parametrize("behind_proxy", [True, False], ids=["behind a proxy", "no proxy"])
def test_a_forwarded_https_header_is_believed_only_behind_a_proxy(monkeypatch, behind_proxy):
    """gunicorn may be reached directly (compose publishes it): there, anyone could send
    X-Forwarded-Proto. Only BEHIND_PROXY=true says an HTTPS proxy in front sets it."""
    env = {k: v for k, v in PRODUCTION.items() if k != "BEHIND_PROXY"}
    if behind_proxy:
        env["BEHIND_PROXY"] = "true"
    with production_security(monkeypatch, **env):
        response = Client().get("/accounts/login/", headers={"X-Forwarded-Proto": "https"})
    assert response.status_code == 200
    # HSTS is sent over HTTPS only: the forwarded header made the request HTTPS, or not.
    assert ("Strict-Transport-Security" in response) is behind_proxy


def test_the_session_and_csrf_cookies_only_travel_over_https(production, world: World):
    world.organiser.set_password(PASSWORD)
    world.organiser.save()
    client = Client()
    page = client.get("/accounts/login/", secure=True)
    assert page.cookies["csrftoken"]["secure"] is True
    response = client.post(
        "/accounts/login/",
        {"username": world.organiser.username, "password": PASSWORD},
        secure=True,
    )
    assert response.status_code == 302
    assert response.cookies["sessionid"]["secure"] is True
    assert response.cookies["sessionid"]["httponly"] is True


def test_the_api_docs_page_loads_swagger_ui_from_this_site_under_its_policy():
    response = Client().get("/api/docs/")
    assert response["Content-Security-Policy"] == Client().get("/")["Content-Security-Policy"]
    assert b"/static/drf_spectacular_sidecar/swagger-ui-dist/" in response.content
    assert b"https://" not in response.content  # nothing from another site: works offline
    assert b"<script>" not in response.content
    assert b"<style>" not in response.content


# ----------------------------------------------------------------------------- CSRF


def session_client(client_class: type[Client], user: Any) -> Any:
    """A browser that logged in: a session cookie, and the CSRF cookie a page gave it."""
    client = client_class(enforce_csrf_checks=True)
    client.force_login(user)
    client.get(reverse("login"))
    return client


def test_an_api_write_with_only_a_session_cookie_needs_the_csrf_token(world: World):
    client = session_client(APIClient, world.organiser)
    url = f"/api/events/{world.event.pk}/"
    refused = client.patch(url, {"name": "Renamed"}, format="json")
    assert refused.status_code == 403
    assert refused.json() == {
        "error": "permission_denied",
        "detail": "CSRF Failed: CSRF token missing.",
    }
    world.event.refresh_from_db()
    assert world.event.name != "Renamed"
    token = client.cookies["csrftoken"].value
    sent = client.patch(url, {"name": "Renamed"}, format="json", headers={"X-CSRFToken": token})
    assert sent.status_code == 200
    world.event.refresh_from_db()
    assert world.event.name == "Renamed"


@pytest.mark.parametrize("who", ["organiser", "referee"])
def test_a_desk_or_referee_form_without_the_csrf_token_is_refused_with_a_plain_page(
    world: World, who: str
):
    from banking.models import Entry
    from tournament.models import Player

    client = session_client(Client, getattr(world, who))
    if who == "organiser":
        player = Player.objects.filter(event=world.event).first()
        url, form = reverse("desk:player-check-in", args=[player.pk]), {"checked_in": "0"}
    else:
        post_pass_go(world)
        entry = Entry.objects.get(table=world.table)
        url = reverse(
            "referee-void",
            kwargs={"event_id": world.event.pk, "table_id": world.table.pk, "entry_id": entry.pk},
        )
        form = {"reason": "Passed GO twice"}
    refused = client.post(url, form)
    assert refused.status_code == 403
    page = refused.content.decode()
    assert "That was not sent" in page
    assert "reload the page and try again" in page
    sent = client.post(url, {**form, "csrfmiddlewaretoken": client.cookies["csrftoken"].value})
    assert sent.status_code in (200, 302)


def post_pass_go(world: World) -> Any:
    """A tablet: its table key in the Authorization header, no cookies, no CSRF token."""
    tablet = APIClient(enforce_csrf_checks=True)
    tablet.credentials(HTTP_AUTHORIZATION=f"Table {world.table.key}")
    return post_entry(tablet, world.table, kind="pass_go", seat=1)


def test_a_tablet_writes_with_its_table_key_and_no_csrf_token(world: World):
    response = post_pass_go(world)
    assert response.status_code == 201, response.json()


# ----------------------------------------------------------------------------- table keys
# Rotation and death after the round are in tests/test_permissions.py: a rotated key
# replaces the old one at once, a banker key stops working when its round ends.


def random_bytes_in(key: str) -> int:
    return len(base64.urlsafe_b64decode(key + "=" * (-len(key) % 4)))


def test_table_keys_and_rotated_keys_carry_256_random_bits(world: World):
    keys = [table.key for table in world.tables]
    rotated = world.organiser_client().post(f"/api/tables/{world.table.pk}/rotate-key/")
    keys.append(rotated.json()["key"])
    keys += [new_table_key() for _ in range(200)]
    assert {random_bytes_in(key) for key in keys} == {32}
    assert len(set(keys)) == len(keys)
