"""The database protects the ledger: an entry's author cannot be deleted from under it,
TRUNCATE is refused, and the app can run under a role that does not own the tables."""

from __future__ import annotations

import os
import subprocess
import sys
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import psycopg
import pytest
from django.db import DatabaseError, connection, transaction
from django.db.models import ProtectedError
from django.test import Client

from banking.actors import Actor
from banking.models import Entry
from banking.services.entries import entry_post
from tests.conftest import World, database_url
from tests.entries import bank
from tournament.models import Table
from tournament.results.closing import table_close

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


# The role scripts/app-role.sh makes, and the database it is made on, owned by a role that
# may create roles but is no superuser: all made by the test and dropped after it.
committed = pytest.mark.django_db(transaction=True)
APP_ROLE = str(ROOT / "scripts" / "app-role.sh")


@dataclass
class OwnedCopy:
    owner: str
    database: str

    @property
    def site_role(self) -> str:
        """The name of the role the tests make for the site (dropped with the copy)."""
        return f"mn_app_{self.owner.removeprefix('mn_owner_')}"

    def two_urls(self) -> dict[str, str]:
        """The owner's URL and the site's, as the image's entrypoint is given them."""
        return {
            "OWNER_DATABASE_URL": self.url(self.owner),
            "DATABASE_URL": self.url(self.site_role, "from-the-url"),
        }

    def environment(self, **env: str) -> dict[str, str]:
        """app-role.sh's environment: the owner's DATABASE_URL unless `env` says else."""
        return {**os.environ, "DATABASE_URL": self.url(self.owner), "PYTHON": sys.executable, **env}

    def app_role(
        self, *arguments: str, password: str = "", **env: str
    ) -> subprocess.CompletedProcess[str]:
        """scripts/app-role.sh run as the owner, given `password` on its standard input."""
        return subprocess.run(  # noqa: S603 (our own script, fixed arguments)
            [APP_ROLE, *arguments],
            env=self.environment(**env),
            input=password,
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )

    def url(self, role: str, password: str = "") -> str:
        server = urlsplit(database_url(self.database))
        secret = f":{password}" if password else ""
        return server._replace(netloc=f"{role}{secret}@{server.netloc.rsplit('@', 1)[1]}").geturl()


@dataclass
class AppRole:
    role: str
    database: str
    done: subprocess.CompletedProcess[str]

    def connect(self) -> psycopg.Connection[Any]:
        """A connection as the site's role, autocommit: each statement stands alone."""
        return psycopg.connect(
            database_url(self.database), user=self.role, password="secret", autocommit=True
        )


def superuser(statement: str, *parameters: str) -> list[tuple[Any, ...]]:
    """A statement run as the test server's superuser; the rows it reads, if any."""
    with psycopg.connect(database_url("postgres"), autocommit=True) as admin:
        cursor = admin.execute(statement, parameters or None)
        return cursor.fetchall() if cursor.description else []


@pytest.fixture
def owned_copy(world: World) -> Iterator[OwnedCopy]:
    """A copy of the migrated test database with the world and one entry committed, its
    tables owned by a new role with CREATEROLE (no superuser) that owns the database too."""
    bank(world.table, kind="pass_go", seat=1)
    suffix = uuid.uuid4().hex[:8]
    copy = OwnedCopy(
        owner=f"mn_owner_{suffix}", database=f"{connection.settings_dict['NAME']}_role_{suffix}"
    )
    superuser(f'CREATE ROLE "{copy.owner}" LOGIN CREATEROLE')
    superuser(f'CREATE DATABASE "{copy.database}" OWNER "{copy.owner}"')
    try:
        dump = subprocess.run(  # noqa: S603 (fixed arguments)
            [  # noqa: S607
                "pg_dump",
                "--no-owner",
                "--no-privileges",
                database_url(connection.settings_dict["NAME"]),
            ],
            capture_output=True,
            timeout=60,
            check=True,
        )
        subprocess.run(  # noqa: S603 (fixed arguments)
            ["psql", "--quiet", "--set", "ON_ERROR_STOP=1", copy.url(copy.owner)],  # noqa: S607
            input=dump.stdout,
            capture_output=True,
            timeout=60,
            check=True,
        )
        yield copy
    finally:
        superuser(f'DROP DATABASE IF EXISTS "{copy.database}" WITH (FORCE)')
        for role in (copy.site_role, copy.owner):
            superuser(f'DROP ROLE IF EXISTS "{role}"')


@pytest.fixture
def app_role(owned_copy: OwnedCopy) -> AppRole:
    """scripts/app-role.sh run on the copy, as its owner, for a new role."""
    done = owned_copy.app_role(owned_copy.site_role, password="secret\n")
    return AppRole(role=owned_copy.site_role, database=owned_copy.database, done=done)


@committed
def test_the_apps_role_adds_entries_but_cannot_change_delete_or_truncate_them(app_role):
    assert app_role.done.returncode == 0, app_role.done.stderr
    assert f"postgres://{app_role.role}:<password>@" in app_role.done.stdout
    with app_role.connect() as site:
        # What the site does: read, add an entry, move the table's state on, write other rows.
        site.execute(
            "INSERT INTO banking_entry (id, table_id, seq, kind, fields, transfers, body_hash,"
            " author_role, author_name, created_at)"
            " SELECT gen_random_uuid(), table_id, seq + 1, kind, fields, transfers, body_hash,"
            " author_role, author_name, now() FROM banking_entry WHERE seq = 1"
        )
        site.execute("UPDATE banking_tableledger SET last_seq = 2 WHERE last_seq = 1")
        site.execute("UPDATE tournament_player SET name = name || '!'")
        site.execute("DELETE FROM banking_tabletheartbeat")
        count = site.execute("SELECT count(*) FROM banking_entry").fetchone()
        assert count == (2,)

        # What it must never do to the ledger. The refusal is the role's, not only the
        # append-only triggers': the truncate trigger gives way to a setting any role may set.
        site.execute("SET monopoly_night.allow_ledger_truncate = 'on'")
        for change in (
            "UPDATE banking_entry SET kind = 'pass_go'",
            "DELETE FROM banking_entry",
            "TRUNCATE banking_entry CASCADE",
        ):
            with pytest.raises(psycopg.errors.InsufficientPrivilege, match="banking_entry"):
                site.execute(change)
        # It owns no table: it cannot switch the triggers off or drop the ledger.
        for change in (
            "ALTER TABLE banking_entry DISABLE TRIGGER USER",
            "DROP TABLE banking_entry CASCADE",
        ):
            with pytest.raises(psycopg.errors.InsufficientPrivilege, match="must be owner"):
                site.execute(change)
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            site.execute("CREATE ROLE someone_else")
        assert site.execute("SELECT count(*) FROM banking_entry").fetchone() == (2,)


@pytest.fixture
def table_closed(world: World) -> Table:
    """The second table closed, its results written and awaiting a check (before the copy
    is made: ask for this first)."""
    table = world.tables[1]
    table_close(table_id=table.pk)
    return table


@committed
def test_the_apps_role_cannot_rewrite_the_trail_a_result_or_a_check(table_closed, app_role):
    assert app_role.done.returncode == 0, app_role.done.stderr
    banker = table_closed.banker.user_id
    with app_role.connect() as site:
        trail = site.execute("SELECT count(*) FROM tournament_auditevent").fetchone()
        assert trail[0] > 0
        for change in ("DELETE FROM tournament_auditevent", "TRUNCATE tournament_auditevent"):
            with pytest.raises(psycopg.errors.InsufficientPrivilege, match="auditevent"):
                site.execute(change)
        refusals = (
            ("UPDATE tournament_auditevent SET reason = 'Nothing happened'", "only grows"),
            ("UPDATE tournament_result SET net_worth = 99999, cash = 99999", "written once"),
            (
                f"UPDATE tournament_table SET review = 'confirmed', reviewed_by_id = {banker}"  # noqa: S608 (the test's own ids)
                f" WHERE id = {table_closed.pk}",
                "banked",
            ),
        )
        for change, why in refusals:
            with pytest.raises(psycopg.errors.IntegrityConstraintViolation, match=why):
                site.execute(change)
        # What deleting a seat or a person no record names sends: it changes nothing.
        site.execute("UPDATE tournament_auditevent SET decided_seat_id = NULL WHERE false")
        # Who goes through is decided after the tables close.
        site.execute("UPDATE tournament_result SET advances = true")
        assert site.execute("SELECT count(*) FROM tournament_auditevent").fetchone() == trail
        reviews = site.execute("SELECT DISTINCT review FROM tournament_table").fetchall()
        assert set(reviews) <= {("",), ("awaiting",)}


@committed
def test_the_sites_url_names_the_role_and_its_password_without_a_question(owned_copy):
    """As the image's entrypoint runs it: the owner's URL and the site's, nothing typed."""
    role = owned_copy.site_role
    done = owned_copy.app_role(**owned_copy.two_urls())
    assert done.returncode == 0, done.stderr
    assert superuser(
        "SELECT rolcanlogin, rolpassword IS NOT NULL FROM pg_authid WHERE rolname = %s", role
    ) == [(True, True)]
    with psycopg.connect(database_url(owned_copy.database), user=role, autocommit=True) as site:
        assert site.execute("SELECT count(*) FROM banking_entry").fetchone() == (1,)
        with pytest.raises(psycopg.errors.InsufficientPrivilege, match="banking_entry"):
            site.execute("DELETE FROM banking_entry")


@committed
def test_a_superuser_or_the_tables_owner_is_refused_and_left_as_it_was(owned_copy):
    server_superuser = connection.settings_dict["USER"]
    for role, reason in (
        (server_superuser, "is a superuser"),
        (owned_copy.owner, "owns the tables"),
    ):
        done = owned_copy.app_role(role, password="secret\n")
        assert done.returncode == 1
        assert f"{role} {reason}" in done.stderr
        assert "Nothing was changed." in done.stderr
    assert superuser(
        "SELECT rolsuper, rolcreaterole FROM pg_roles WHERE rolname = %s", owned_copy.owner
    ) == [(False, True)]


@committed
def test_web_servers_starting_together_each_make_the_role(owned_copy):
    """Each web container runs app-role.sh as it starts: runs at once take turns."""
    runs = [
        subprocess.Popen(  # noqa: S603 (our own script, fixed arguments)
            [APP_ROLE],
            env=owned_copy.environment(**owned_copy.two_urls()),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(3)
    ]
    errors = [run.communicate(timeout=60)[1] for run in runs]
    assert [run.returncode for run in runs] == [0, 0, 0], errors


def test_the_operations_guide_tells_how_to_make_the_apps_role():
    assert "scripts/app-role.sh" in (ROOT / "docs" / "operations.md").read_text()
