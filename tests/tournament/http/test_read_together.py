"""Reads that do not depend on each other go to PostgreSQL together: one round trip for
all of them (tournament/http/rows.py, read_together). Under an event's load a round trip
costs more than a small query's own work."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import ProgrammingError, transaction

from banking.ledgers import rules_of
from banking.selectors import (
    table_seats,
    table_standings,
    watched_tables,
)
from tests.entries import bank
from tests.round_trips import round_trips
from tournament.access import event_with_roles_read
from tournament.http.rows import prepared_cursor, read_all, read_together
from tournament.watched.selectors import watched_versions_read

pytestmark = pytest.mark.django_db

STATEMENTS = [("SELECT %s::int + 1", [1]), ("SELECT 'two'", []), ("SELECT %s::int * 3", [3])]


def one_after_another() -> list[list[tuple[Any, ...]]]:
    found = []
    with prepared_cursor() as cursor:
        for sql, params in STATEMENTS:
            cursor.execute(sql, params)
            found.append(cursor.fetchall())
    return found


def test_statements_read_together_give_each_its_rows_in_one_round_trip():
    assert read_together(*STATEMENTS) == one_after_another() == [[(2,)], [("two",)], [(9,)]]
    assert round_trips(one_after_another) == 3
    assert round_trips(lambda: read_together(*STATEMENTS)) == 1


def test_an_error_in_one_statement_is_djangos_and_the_connection_goes_on():
    with pytest.raises(ProgrammingError, match="no_such_table"), transaction.atomic():
        read_together(("SELECT 1", []), ("SELECT * FROM no_such_table", []))
    assert read_together(("SELECT 2", [])) == [[(2,)]]


def test_the_watched_tables_and_their_latest_entries_are_read_in_one_round_trip(world):
    bank(world.table, kind="pass_go", seat=1)
    ids = [t.pk for t in world.tables]
    tables = watched_tables(ids, recent=1)
    assert [t["id"] for t in tables] == ids
    assert [e.kind for e in tables[0]["latest"]] == ["pass_go"]
    assert tables[1]["latest"] == []
    assert round_trips(lambda: watched_tables(ids, recent=1)) == 1


def test_the_screens_standings_are_read_in_one_round_trip(world):
    ids = [t.pk for t in world.tables]
    rules, seated = rules_of(world.event), table_seats(ids)
    assert [t["id"] for t in table_standings(ids, rules=rules, seated=seated)] == ids
    assert round_trips(lambda: table_standings(ids, rules=rules, seated=seated)) == 1


def test_reads_from_different_modules_go_together_each_with_its_result(world):
    reads = (
        event_with_roles_read(world.referee, world.event.pk),
        watched_versions_read(world.event.pk),
    )
    (event, roles), versions = read_all(*reads)
    assert event == world.event
    assert roles == {"referee"}
    assert set(versions.tables) == {t.pk for t in world.tables}
    assert round_trips(lambda: read_all(*reads)) == 1
