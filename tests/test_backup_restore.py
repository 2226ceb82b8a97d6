"""Backup and restore as an organiser runs them (scripts/backup.sh, scripts/restore.sh), against
the test database: a played event comes back in a new database with the same ledgers and
results, its ledgers verified, and the ledger still refusing changes."""

from __future__ import annotations

import os
import subprocess
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest
from django.db import connection

from tests.conftest import database_url, make_world
from tests.played import play_round

# The scripts run in their own processes: they see committed rows only.
committed = pytest.mark.django_db(transaction=True)

ROOT = Path(__file__).resolve().parent.parent

# What must come back unchanged, oldest first.
SNAPSHOT = {
    "entries": "SELECT id, table_id, seq, kind, fields::text, transfers::text, voids_id, "
    "author_name FROM banking_entry ORDER BY table_id, seq",
    "ledgers": "SELECT table_id, state::text, last_seq FROM banking_tableledger ORDER BY table_id",
    "rounds": "SELECT id, status FROM tournament_round ORDER BY id",
    "tables": "SELECT id, status, review, verification_code FROM tournament_table ORDER BY id",
    "results": "SELECT seat_id, player_id, cash, property_value, building_value, net_worth, "
    "rank, points, advances FROM tournament_result ORDER BY seat_id",
}


def _run(*command: str) -> subprocess.CompletedProcess[str]:
    """A script run as at an event: DATABASE_URL names the (test) database, base settings."""
    env = {
        **os.environ,
        "DATABASE_URL": database_url(connection.settings_dict["NAME"]),
        "DJANGO_SETTINGS_MODULE": "tournament.settings.base",
    }
    return subprocess.run(  # noqa: S603 (our own scripts, fixed arguments)
        [str(ROOT / "scripts" / command[0]), *command[1:]],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def _snapshot(cursor: Any) -> dict[str, list[tuple[Any, ...]]]:
    found = {}
    for part, query in SNAPSHOT.items():
        cursor.execute(query)
        found[part] = [tuple(row) for row in cursor.fetchall()]
    return found


@pytest.fixture
def backup(tmp_path: Path) -> Path:
    """A played round (with a void) committed, then backed up with scripts/backup.sh."""
    play_round(make_world())
    done = _run("backup.sh", str(tmp_path))
    assert done.returncode == 0, done.stderr
    dump = Path(done.stdout.splitlines()[-1])
    assert dump.parent == tmp_path
    assert dump.name.startswith(f"monopoly-{connection.settings_dict['NAME']}-")
    return dump


@pytest.fixture
def fresh_name() -> Iterator[str]:
    """A name for the restored database, dropped after the test."""
    name = f"{connection.settings_dict['NAME']}_restored_{uuid.uuid4().hex[:8]}"
    yield name
    with psycopg.connect(database_url("postgres"), autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@committed
def test_a_backup_restores_into_a_new_database_with_the_same_ledgers_and_results(
    backup, fresh_name
):
    done = _run("restore.sh", str(backup), fresh_name)

    assert done.returncode == 0, done.stdout + done.stderr
    assert "2 ledger(s) checked: all match a replay." in done.stdout
    with connection.cursor() as cursor:
        original = _snapshot(cursor)
    with psycopg.connect(database_url(fresh_name)) as restored, restored.cursor() as cursor:
        assert _snapshot(cursor) == original
        # The ledger still refuses changes: the append-only trigger came back.
        with pytest.raises(psycopg.errors.IntegrityConstraintViolation, match="append-only"):
            cursor.execute("UPDATE banking_entry SET kind = 'pass_go'")
        restored.rollback()
        with pytest.raises(psycopg.errors.IntegrityConstraintViolation, match="append-only"):
            cursor.execute("DELETE FROM banking_entry")
    assert len(original["entries"]) == 5
    assert [row[3] for row in original["entries"]].count("void") == 1
    assert len(original["results"]) == 8
    assert {row[1] for row in original["rounds"]} == {"ended"}


@committed
def test_a_restore_into_a_database_that_exists_is_refused_and_changes_nothing(backup):
    with connection.cursor() as cursor:
        before = _snapshot(cursor)

    done = _run("restore.sh", str(backup), connection.settings_dict["NAME"])

    assert done.returncode == 1
    assert "already exists" in done.stderr
    assert "nothing was changed" in done.stderr
    with connection.cursor() as cursor:
        assert _snapshot(cursor) == before


@pytest.mark.django_db
def test_a_file_that_is_not_a_backup_is_refused_before_any_database_is_made(tmp_path, fresh_name):
    not_a_backup = tmp_path / "results.csv"
    not_a_backup.write_text("name,net_worth\nAda,1550\n")

    done = _run("restore.sh", str(not_a_backup), fresh_name)

    assert done.returncode == 2
    assert "is not a backup made by scripts/backup.sh" in done.stderr
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1 FROM pg_database WHERE datname = %s", [fresh_name])
        assert cursor.fetchone() is None
