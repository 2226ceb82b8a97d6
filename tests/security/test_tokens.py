"""API tokens: a new one for each login, named, listed and revoked one by one; they expire
(API_TOKEN_HOURS, 12 by default) and are dropped when the password changes; the database
keeps only their digests, so nothing read from it opens the API."""

from __future__ import annotations

import datetime
import importlib
import io

import pytest
from django.core.management import call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import override_settings
from rest_framework.test import APIClient

from tests.conftest import World, organiser_elsewhere
from tournament.models import ApiToken

pytestmark = pytest.mark.django_db

PASSWORD = "correct-horse-battery"


def _login(world: World, **extra: str) -> dict:
    response = APIClient().post(
        "/api/auth/token/",
        {"username": world.organiser.username, "password": PASSWORD, **extra},
        format="json",
    )
    assert response.status_code == 200, response.json()
    return response.json()


def _token(world: World, **extra: str) -> str:
    return _login(world, **extra)["token"]


def _with(token: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return client


def _events(token: str):
    return _with(token).get("/api/events/")


def _age(hours: float, minutes: float = 0) -> None:
    ApiToken.objects.update(
        created=datetime.datetime.now(datetime.UTC)
        - datetime.timedelta(hours=hours, minutes=minutes)
    )


def test_a_token_expires_after_the_configured_hours(world: World):
    token = _token(world)
    assert _events(token).status_code == 200
    _age(12, 1)
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
    _age(1, 1)
    assert _events(token).status_code == 401


@override_settings(API_TOKEN_HOURS=1)
def test_a_token_is_listed_exactly_while_it_works(world: World):
    older = _login(world, name="older")
    _age(1, 1)
    newer = _login(world, name="newer")
    ApiToken.objects.filter(pk=newer["id"]).update(
        created=datetime.datetime.now(datetime.UTC) - datetime.timedelta(minutes=59)
    )

    (only,) = _with(newer["token"]).get("/api/auth/tokens/").json()

    assert only["id"] == newer["id"]
    created = datetime.datetime.fromisoformat(only["created"])
    expires = datetime.datetime.fromisoformat(only["expires"])
    assert expires - created == datetime.timedelta(hours=1)
    assert _events(older["token"]).status_code == 401


def test_a_password_change_drops_the_users_tokens(world: World):
    tokens = [_token(world), _token(world)]
    world.organiser.set_password("another-long-passphrase")
    world.organiser.save()
    assert [_events(t).status_code for t in tokens] == [401, 401]
    assert not ApiToken.objects.filter(user=world.organiser).exists()


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


# The database keeps digests only.


def test_nothing_read_from_the_database_opens_the_api(world: World):
    token = _token(world)
    dump = io.StringIO()
    call_command("dumpdata", stdout=dump)
    assert token not in dump.getvalue()  # nor in a backup, which holds the same rows
    stored = [
        str(value)
        for row in ApiToken.objects.values()
        for value in row.values()
        if value is not None
    ]
    assert stored
    assert {_events(value).status_code for value in stored} == {401}
    assert _events(token).status_code == 200


# A token for each login.


def test_each_login_gives_a_new_token_and_logging_out_ends_only_that_one(world: World):
    results = _token(world, name="results script")
    badges = _token(world, name="badges script")
    assert results != badges
    assert _events(results).status_code == 200
    assert _events(badges).status_code == 200

    assert _with(results).post("/api/auth/logout/").status_code == 204

    assert _events(results).status_code == 401
    assert _events(badges).status_code == 200


def test_a_token_is_named_by_its_login_else_by_its_client(world: World):
    assert _login(world, name="results script")["name"] == "results script"
    by_agent = APIClient(HTTP_USER_AGENT="python-requests/2.32")
    answer = by_agent.post(
        "/api/auth/token/",
        {"username": world.organiser.username, "password": PASSWORD},
        format="json",
    )
    assert answer.json()["name"] == "python-requests/2.32"
    assert _login(world)["name"] == "API token"


def test_a_name_with_a_control_character_is_refused(world: World):
    response = APIClient().post(
        "/api/auth/token/",
        {"username": world.organiser.username, "password": PASSWORD, "name": "a\u0000b"},
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["error"] == "invalid"
    assert "name" in response.json()["fields"]
    assert not ApiToken.objects.exists()


# Listing and revoking one's tokens.


def test_a_person_lists_their_working_tokens(world: World):
    first = _login(world, name="results script")
    _age(12, 1)  # expired: not listed
    second = _login(world, name="badges script")
    APIClient().post(  # another person's token is not theirs to see
        "/api/auth/token/",
        {"username": world.referee.username, "password": PASSWORD, "name": "referee"},
        format="json",
    )

    listed = _with(second["token"]).get("/api/auth/tokens/")

    assert listed.status_code == 200
    (only,) = listed.json()
    assert only["id"] == second["id"] != first["id"]
    assert only["name"] == "badges script"
    assert only["current"] is True
    created = datetime.datetime.fromisoformat(only["created"])
    expires = datetime.datetime.fromisoformat(only["expires"])
    assert expires - created == datetime.timedelta(hours=12)
    assert only["last_used"] is not None
    assert "token" not in only


def test_a_person_revokes_one_of_their_tokens_by_id(world: World):
    keep = _token(world, name="results script")
    revoked = _login(world, name="lost laptop")

    response = _with(keep).delete(f"/api/auth/tokens/{revoked['id']}/")

    assert response.status_code == 204
    assert _events(revoked["token"]).status_code == 401
    assert _events(keep).status_code == 200
    assert [t["name"] for t in _with(keep).get("/api/auth/tokens/").json()] == ["results script"]


def test_someone_elses_token_cannot_be_revoked(world: World):
    theirs = _login(world, name="results script")
    stranger = organiser_elsewhere()
    response = APIClient().post(
        "/api/auth/token/",
        {"username": stranger.username, "password": PASSWORD},
        format="json",
    )
    mine = response.json()["token"]

    for token_id in (theirs["id"], 999999):
        refused = _with(mine).delete(f"/api/auth/tokens/{token_id}/")
        assert refused.status_code == 404
        assert refused.json()["error"] == "not_found"
        assert refused.json()["detail"]
    assert _events(theirs["token"]).status_code == 200


def test_listing_tokens_needs_a_login():
    refused = APIClient().get("/api/auth/tokens/")
    assert refused.status_code == 401
    assert set(refused.json()) == {"error", "detail"}


# Tokens given before digests were kept.


def test_a_token_given_before_the_upgrade_keeps_working_and_leaves_no_copy(world: World):
    old_key = "0123456789abcdef0123456789abcdef01234567"
    with connection.cursor() as cursor:
        cursor.execute(
            "CREATE TABLE authtoken_token (key varchar(40) PRIMARY KEY, "
            "created timestamp with time zone NOT NULL, user_id integer NOT NULL)"
        )
        cursor.execute(
            "INSERT INTO authtoken_token VALUES (%s, now(), %s)", [old_key, world.organiser.pk]
        )
    migration = importlib.import_module("tournament.migrations.0017_api_tokens")
    state = MigrationExecutor(connection).loader.project_state(("tournament", "0017_api_tokens"))
    with connection.schema_editor() as editor:
        migration.carry_over(state.apps, editor)

    assert "authtoken_token" not in connection.introspection.table_names()
    assert _events(old_key).status_code == 200
    dump = io.StringIO()
    call_command("dumpdata", stdout=dump)
    assert old_key not in dump.getvalue()
