"""Reading a table and posting an entry cost the same few queries at 10 and at 1,000 entries."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from banking.ledgers import leader_in, rules_of, standings_of
from banking.models import Entry, TableLedger
from banking.reconciliation import ledger_differences
from banking.services.entries import body_hash
from games import engine
from tests.entries import bank

pytestmark = pytest.mark.django_db


def fill(table, count: int) -> None:
    """Give the table `count` more entries quickly: the first through the service, the rest
    written in bulk with the state the engine computes, so the ledger still replays."""
    bank(table, kind="pass_go", seat=1)
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
    ledger.standings = standings_of(state, ledger.seats, rules)
    ledger.leader = leader_in(ledger.standings, ledger.seats)
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


@pytest.mark.django_db(transaction=True)
def test_a_bankers_post_is_one_locking_read_and_one_write(post_entry):
    """The round trips of a post by the table's key, pinned: the query that locks the table
    also checks the key and looks up the id, and one statement inserts the entry and moves
    the ledger, between BEGIN and COMMIT: four round trips, no health check, no separate
    query for the key."""
    from tests.conftest import make_world

    world = make_world()
    client = world.banker()
    post_entry(client, world.table, kind="pass_go", seat=1)  # the ledger exists from here
    with CaptureQueriesContext(connection) as captured:
        response = post_entry(client, world.table, kind="pass_go", seat=2)
    assert response.status_code == 201, response.content
    statements = [q["sql"] for q in captured]
    assert len(statements) == 4, statements
    assert (statements[0], statements[-1]) == ("BEGIN", "COMMIT")
    assert statements[1].startswith("SELECT")
    assert "FOR UPDATE" in statements[1]
    assert 't."key"' in statements[1]  # the key is checked by this query
    assert statements[2].startswith("WITH recorded AS (INSERT")
    assert not connection.settings_dict["CONN_HEALTH_CHECKS"]


@pytest.mark.django_db(transaction=True)
def test_a_resent_entry_is_answered_with_what_voids_it_read_with_it(post_entry):
    """A tablet's resend of an entry the bank has recorded (its answer lost) is answered
    as first recorded, from the locking query and one read of the entry with the entry
    that voids it, if any: no query of its own for that."""
    from tests.conftest import make_world

    world = make_world()
    client = world.banker()
    first = post_entry(client, world.table, kind="pass_go", seat=1)
    assert first.status_code == 201, first.content
    body = {"id": first.json()["entry"]["id"], "kind": "pass_go", "seat": 1}
    with CaptureQueriesContext(connection) as captured:
        again = post_entry(client, world.table, **body)
    assert again.status_code == 200, again.content
    assert again.json() == first.json() | {"state": again.json()["state"]}
    statements = [q["sql"] for q in captured]
    assert len(statements) == 4, statements
    assert (statements[0], statements[-1]) == ("BEGIN", "COMMIT")


def test_the_latest_entries_are_each_tables_newest_with_what_voids_them(world):
    """The referees' overview reads each table's newest entries with the tables, newest
    first, each with the entry that voids it, in one statement that reads only them, at 3
    entries as at 1,000."""
    from banking.actors import Actor
    from banking.selectors import watched_tables
    from banking.services.entries import entry_void

    def latest(recent):
        tables = watched_tables([table.pk, other.pk], recent=recent)
        return {t["id"]: t["latest"] for t in tables}

    table, other = world.tables
    bank(table, kind="pass_go", seat=1)
    bought = bank(table, kind="buy", seat=1, space=39)
    entry_void(
        table_id=table.pk, entry_id=bought.pk, reason="Misheard", actor=Actor("referee", "ref")
    )
    found = latest(2)
    assert [e.seq for e in found[table.pk]] == [3, 2]
    assert [e.kind for e in found[table.pk]] == ["void", "buy"]
    assert found[table.pk][1].voided_by.seq == 3
    assert getattr(found[table.pk][0], "voided_by", None) is None
    assert found[other.pk] == []
    fill(other, 1000)
    with CaptureQueriesContext(connection) as captured:
        found = latest(1)
    reading_entries = [q["sql"] for q in captured if "banking_entry" in q["sql"]]
    assert len(reading_entries) == 1
    assert [e.seq for e in found[other.pk]] == [1000]
    assert [e.seq for e in found[table.pk]] == [3]
