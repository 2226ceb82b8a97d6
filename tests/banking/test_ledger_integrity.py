"""The ledger is append-only, and the stored state is proven against a replay."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.db import DatabaseError, transaction

from banking.models import Entry, TableLedger
from banking.selectors import table_state
from banking.services.entries import entry_void
from tests.entries import BANKER, bank

pytestmark = pytest.mark.django_db


@pytest.fixture
def entry(world):
    return bank(world.table, kind="buy", seat=1, space=39)


def test_postgres_refuses_to_change_an_entry(entry):
    with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
        Entry.objects.filter(pk=entry.pk).update(kind="pass_go")


def test_postgres_refuses_to_delete_an_entry(entry):
    with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
        Entry.objects.filter(pk=entry.pk).delete()


def test_verify_ledgers_passes_when_every_table_matches_its_replay(world, entry, capsys):
    entry_void(table_id=world.table.pk, entry_id=entry.pk, reason="Wrong seat", actor=BANKER)
    call_command("verify_ledgers")
    assert "all match a replay" in capsys.readouterr().out


def test_verify_ledgers_reports_a_tampered_state_and_exits_1(world, entry, capsys):
    ledger = TableLedger.objects.get(table=world.table)
    ledger.state["cash"]["1"] += 1000
    ledger.save()
    with pytest.raises(SystemExit) as exited:
        call_command("verify_ledgers")
    assert exited.value.code == 1
    assert "cash" in capsys.readouterr().err


@pytest.fixture
def rent_debt(world):
    """Seat 2 pays rent to seat 1 beyond its cash: owed to seat 1."""
    bank(world.table, kind="buy", seat=1, space=39)
    bank(world.table, kind="bank_payment", seat=2, amount=-1490)
    bank(world.table, kind="rent", seat=2, space=39)
    ledger = TableLedger.objects.get(table=world.table)
    assert ledger.state["owed_to"] == {"2": 1}
    return ledger


def test_verify_ledgers_reports_a_stored_creditor_that_differs(rent_debt, capsys):
    rent_debt.state["owed_to"] = {"2": None}
    rent_debt.save()
    with pytest.raises(SystemExit):
        call_command("verify_ledgers")
    assert "owed_to" in capsys.readouterr().err


def test_a_state_stored_before_creditors_were_recorded_still_verifies(rent_debt, capsys):
    """Older databases: no `owed_to`, and debts whose creditor was never stored."""
    del rent_debt.state["owed_to"]
    rent_debt.save()
    call_command("verify_ledgers")
    assert "all match a replay" in capsys.readouterr().out


def test_each_entry_keeps_its_tables_leader_in_the_projection(world, entry):
    bank(world.table, kind="bank_payment", seat=1, amount=-300)
    bank(world.table, kind="bank_payment", seat=3, amount=250)
    ledger = TableLedger.objects.get(table=world.table)
    seats = table_state(world.table)["seats"]
    best = max(seats, key=lambda s: (s["net_worth"], -s["seat"]))
    assert best["seat"] == 3
    assert ledger.leader == {"seat": 3, "name": best["name"], "net_worth": best["net_worth"]}


def test_each_entry_keeps_its_tables_standings_in_the_projection(world, entry):
    """The big screen's leaderboards read them: each seat's cash, net worth and deeds, ranked
    by net worth, then cash."""
    bank(world.table, kind="bank_payment", seat=1, amount=-300)
    bank(world.table, kind="bank_payment", seat=3, amount=250)
    standings = TableLedger.objects.get(table=world.table).standings
    console = {s["seat"]: s for s in table_state(world.table)["seats"]}
    assert [row["seat"] for row in standings] == [3, 2, 4, 1]
    for row in standings:
        seat = console[row["seat"]]
        assert (row["cash"], row["net_worth"], row["bankrupt"]) == (
            seat["cash"],
            seat["net_worth"],
            seat["bankrupt"],
        )
    assert {row["seat"]: row["deeds"] for row in standings} == {3: [], 2: [], 4: [], 1: [39]}


def test_verify_ledgers_reports_stored_standings_that_differ(world, entry, capsys):
    ledger = TableLedger.objects.get(table=world.table)
    ledger.standings[0]["net_worth"] += 1
    ledger.save()
    with pytest.raises(SystemExit):
        call_command("verify_ledgers")
    assert "standings" in capsys.readouterr().err


def test_verify_ledgers_reports_a_stored_leader_that_differs(world, entry, capsys):
    ledger = TableLedger.objects.get(table=world.table)
    ledger.leader = {"seat": 1, "name": ledger.seats["1"][1], "net_worth": 9999}
    ledger.save()
    with pytest.raises(SystemExit):
        call_command("verify_ledgers")
    assert "leader" in capsys.readouterr().err


def test_verify_ledgers_reports_a_ledger_with_entries_and_no_leader(world, entry, capsys):
    TableLedger.objects.filter(table=world.table).update(leader=None)
    with pytest.raises(SystemExit):
        call_command("verify_ledgers")
    assert "leader" in capsys.readouterr().err


def test_the_migration_gives_every_ledger_with_entries_its_leader(capsys):
    """A ledger last written before leaders were kept has none; one written since, in a
    tie, kept the lowest seat (seat 1, who holds Boardwalk instead of $400 cash). The
    migration stores the leader every leaderboard names: the one with more cash."""
    import importlib

    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    from tests.conftest import make_world

    worlds = [make_world(), make_world()]
    for world in worlds:
        bank(world.table, kind="buy", seat=1, space=39)
    expected = [TableLedger.objects.get(table=w.table).leader for w in worlds]
    assert [leader["seat"] for leader in expected] == [2, 2]
    TableLedger.objects.filter(table=worlds[0].table).update(leader=None)
    stale = {**expected[1], "seat": 1, "name": worlds[1].table.ledger.seats["1"][1]}
    TableLedger.objects.filter(table=worlds[1].table).update(leader=stale)
    migration = importlib.import_module("banking.migrations.0009_every_ledger_keeps_its_leader")
    apps = (
        MigrationExecutor(connection)
        .loader.project_state([("banking", "0009_every_ledger_keeps_its_leader")])
        .apps
    )
    migration.fill(apps, None)
    assert [TableLedger.objects.get(table=w.table).leader for w in worlds] == expected
    call_command("verify_ledgers")
    assert "all match" in capsys.readouterr().out


def test_the_migration_gives_every_ledger_with_entries_its_standings(world, entry, capsys):
    import importlib

    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    expected = TableLedger.objects.get(table=world.table).standings
    TableLedger.objects.filter(table=world.table).update(standings=None)
    name = "0011_every_ledger_keeps_its_standings"
    migration = importlib.import_module(f"banking.migrations.{name}")
    apps = MigrationExecutor(connection).loader.project_state([("banking", name)]).apps
    migration.fill(apps, None)
    assert TableLedger.objects.get(table=world.table).standings == expected
    call_command("verify_ledgers")
    assert "all match" in capsys.readouterr().out
