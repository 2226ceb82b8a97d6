"""The database protects the ledger: an entry's author cannot be deleted from under it,
TRUNCATE is refused, and the app can run under a role that does not own the tables."""

from __future__ import annotations

import uuid
from pathlib import Path

import pytest
from django.db import DatabaseError, connection, transaction
from django.db.models import ProtectedError
from django.test import Client

from banking.actors import Actor
from banking.models import Entry
from banking.services.entries import entry_post
from tests.conftest import World

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def adjusted(world: World) -> Entry:
    return entry_post(
        table_id=world.table.pk,
        entry_id=uuid.uuid4(),
        payload={"kind": "adjust", "seat": 1, "amount": 5, "reason": "Short change"},
        actor=Actor(role=Actor.REFEREE, name=world.referee.username, user=world.referee),
    ).entry


def test_a_person_who_recorded_entries_cannot_be_deleted(world: World, adjusted: Entry):
    with pytest.raises(ProtectedError), transaction.atomic():
        world.referee.delete()
    assert Entry.objects.filter(pk=adjusted.pk, author=world.referee).exists()


def test_the_admin_says_why_instead_of_a_server_error(world: World, adjusted: Entry, admin_user):
    client = Client()
    client.force_login(admin_user)
    url = f"/admin/auth/user/{world.referee.pk}/delete/"
    page = client.post(url, {"post": "yes"})
    assert page.status_code == 200
    assert "Cannot delete user" in page.content.decode()
    assert type(world.referee).objects.filter(pk=world.referee.pk).exists()


def test_postgres_refuses_to_truncate_the_ledger(adjusted: Entry):
    with transaction.atomic(), connection.cursor() as cursor:
        # The test settings allow TRUNCATE, so that the suite can empty its database
        # between browser tests; a production connection never sets this.
        cursor.execute("SET LOCAL monopoly_night.allow_ledger_truncate = 'off'")
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")  # the test's inserts are checked
        with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
            cursor.execute("TRUNCATE banking_entry CASCADE")
    assert Entry.objects.filter(pk=adjusted.pk).exists()


def test_a_script_creates_the_apps_role_without_ownership():
    script = (ROOT / "scripts" / "app-role.sh").read_text()
    assert "NOSUPERUSER" in script
    assert "REVOKE UPDATE, DELETE, TRUNCATE ON banking_entry" in script
    operations = (ROOT / "docs" / "operations.md").read_text()
    assert "scripts/app-role.sh" in operations
