"""The ledger is append-only, and the stored state is proven against a replay."""

from __future__ import annotations

import uuid

import pytest
from django.core.management import call_command
from django.db import DatabaseError, transaction

from banking.actors import Actor
from banking.models import Entry, TableLedger
from banking.services.entries import entry_post, entry_void

pytestmark = pytest.mark.django_db

BANKER = Actor(role=Actor.BANKER, name="banker")


@pytest.fixture
def entry(world):
    return entry_post(
        table_id=world.table.pk,
        entry_id=uuid.uuid4(),
        payload={"kind": "buy", "seat": 1, "space": 39},
        actor=BANKER,
    ).entry


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
