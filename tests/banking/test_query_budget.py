"""Reading a table and posting an entry cost the same few queries at 10 and at 1,000 entries."""

from __future__ import annotations

import uuid

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from banking.actors import Actor
from banking.ledgers import rules_of
from banking.models import Entry, TableLedger
from banking.reconciliation import ledger_differences
from banking.services.entries import body_hash, entry_post
from games import engine

pytestmark = pytest.mark.django_db

BANKER = Actor(role=Actor.BANKER, name="banker")


def fill(table, count: int) -> None:
    """Give the table `count` more entries quickly: the first through the service, the rest
    written in bulk with the state the engine computes, so the ledger still replays."""
    entry_post(
        table_id=table.pk,
        entry_id=uuid.uuid4(),
        payload={"kind": "pass_go", "seat": 1},
        actor=BANKER,
    )
    ledger = TableLedger.objects.get(table=table)
    rules = rules_of(table.round.event)
    state = engine.TableState.from_dict(ledger.state)
    rows = []
    for n in range(1, count):
        payload = {"kind": "pass_go", "seat": n % 4 + 1}
        outcome = engine.apply(state, engine.parse_entry(payload), rules)
        state = outcome.state
        rows.append(
            Entry(
                table=table,
                seq=ledger.last_seq + n,
                kind="pass_go",
                fields={"seat": n % 4 + 1},
                transfers=[t.as_dict() for t in outcome.transfers],
                body_hash=body_hash(payload),
                author_role="banker",
                author_name="banker",
            )
        )
    Entry.objects.bulk_create(rows)
    ledger.state = state.as_dict()
    ledger.last_seq += count - 1
    ledger.save()


def queries(callable_) -> int:
    with CaptureQueriesContext(connection) as captured:
        response = callable_()
    assert response.status_code in (200, 201), response.content
    return len(captured)


@pytest.mark.parametrize("entries", [10, 1000])
def test_reading_a_table_costs_a_fixed_number_of_queries(world, entries):
    fill(world.table, entries)
    assert TableLedger.objects.get(table=world.table).last_seq == entries
    client = world.banker()
    client.get(f"/api/tables/{world.table.pk}/state/")  # warm caches shared by both sizes
    count = queries(lambda: client.get(f"/api/tables/{world.table.pk}/state/"))
    assert count <= 4


@pytest.mark.parametrize("entries", [10, 1000])
def test_posting_an_entry_costs_a_fixed_number_of_queries(world, entries, post_entry):
    fill(world.table, entries)
    client = world.banker()
    count = queries(lambda: post_entry(client, world.table, kind="pass_go", seat=1))
    assert count <= 12  # includes the savepoints of the test transaction


def test_the_query_count_does_not_grow_with_the_ledger(world, post_entry):
    client = world.banker()
    fill(world.table, 10)
    small = queries(lambda: post_entry(client, world.table, kind="pass_go", seat=1))
    small_read = queries(lambda: client.get(f"/api/tables/{world.table.pk}/state/"))
    fill(world.table, 500)
    assert list(ledger_differences()) == []  # the bulk-written ledger replays to its state
    large = queries(lambda: post_entry(client, world.table, kind="pass_go", seat=1))
    large_read = queries(lambda: client.get(f"/api/tables/{world.table.pk}/state/"))
    assert (large, large_read) == (small, small_read)
