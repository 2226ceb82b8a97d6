"""Each seat's net worth after each entry, as the charts draw it, equals what the engine
values the table at after replaying the ledger up to that entry; a void takes its entry
out from then on."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from banking.actors import Actor
from banking.ledgers import read_ledger, rules_of
from banking.models import TableLedger
from banking.services.entries import entry_void
from banking.worth import worth_chart, worth_series
from games import engine
from tests.charts import chart_in, lines
from tests.conftest import World
from tests.entries import bank
from tournament.money import money

pytestmark = pytest.mark.django_db

GAME = [
    {"kind": "pass_go", "seat": 1},
    {"kind": "buy", "seat": 1, "space": 39},
    {"kind": "buy", "seat": 2, "space": 37},
    {"kind": "rent", "seat": 3, "space": 39},
    {"kind": "tax", "seat": 2, "space": 4},
    {"kind": "pass_go", "seat": 3},
]


def by_hand(world: World, payloads: list[dict]) -> dict[int, list[int]]:
    """The net worth per seat after each payload, replayed here entry by entry."""
    rules = rules_of(world.event)
    state = engine.TableState.from_dict(read_ledger(world.table, rules).start)
    seats = sorted(state.cash)
    worth = {seat: [engine.net_worth(state, rules, seat).total] for seat in seats}
    for payload in payloads:
        state = engine.apply(state, engine.parse_entry(payload), rules).state
        for seat in seats:
            worth[seat].append(engine.net_worth(state, rules, seat).total)
    return worth


def void(entry: Any) -> None:
    actor = Actor(role=Actor.REFEREE, name="Rita")
    entry_void(table_id=entry.table_id, entry_id=entry.pk, reason="twice", actor=actor)


def test_the_series_is_the_engines_net_worth_after_each_entry(world):
    for payload in GAME:
        bank(world.table, **payload)
    series = worth_series(world.table)
    expected = by_hand(world, GAME)
    assert series.seqs == tuple(range(len(GAME) + 1))
    assert {s.seat: list(s.values) for s in series.seats} == expected
    names = {s.number: s.player.name for s in world.table.seats.select_related("player")}
    drawn = lines(chart_in(worth_chart(series)))
    assert drawn == {names[seat]: values for seat, values in expected.items()}


def test_after_a_void_the_series_goes_on_without_the_voided_entry(world):
    first = bank(world.table, kind="pass_go", seat=1)
    bank(world.table, kind="pass_go", seat=2)
    void(first)
    seat_one = next(s for s in worth_series(world.table).seats if s.seat == 1)
    assert list(seat_one.values) == [1500, 1700, 1700, 1500]


def test_a_new_entry_gives_a_new_series(world):
    bank(world.table, kind="pass_go", seat=1)
    before = worth_series(world.table)
    bank(world.table, kind="pass_go", seat=1)
    after = worth_series(world.table)
    assert len(after.seqs) == len(before.seqs) + 1
    assert after.seats[0].values[-1] == 1900


def test_a_kept_series_is_extended_with_the_entries_after_it(world):
    """A table's page, its player's chart and the screen draw the series after each new
    entry: it replays only the entries since the kept series, not the whole ledger."""
    for payload in GAME[:4]:
        bank(world.table, **payload)
    worth_series(world.table)
    for payload in GAME[4:]:
        bank(world.table, **payload)
    with CaptureQueriesContext(connection) as captured:
        series = worth_series(world.table)
    entries = [q["sql"] for q in captured if 'FROM "banking_entry"' in q["sql"]]
    assert len(entries) == 1
    assert '"banking_entry"."seq" > 4' in entries[0]
    assert series.seqs == tuple(range(len(GAME) + 1))
    assert {s.seat: list(s.values) for s in series.seats} == by_hand(world, GAME)


def test_a_void_after_the_kept_series_is_replayed_from_the_start(world):
    first = bank(world.table, kind="pass_go", seat=1)
    worth_series(world.table)
    bank(world.table, kind="pass_go", seat=2)
    void(first)
    series = worth_series(world.table)
    assert series.seqs == (0, 1, 2, 3)
    assert list(series.seats[0].values) == [1500, 1700, 1700, 1500]
    assert list(series.seats[1].values) == [1500, 1500, 1700, 1700]


def test_a_series_kept_beyond_a_reading_gives_that_reading_its_own_entries(world):
    """A reader whose ledger read is older than the kept series gets the series up to its
    own last entry, as it read it."""
    for payload in GAME:
        bank(world.table, **payload)
    full = worth_series(world.table)
    TableLedger.objects.filter(table=world.table).update(last_seq=3)
    older = worth_series(world.table)
    assert older.seqs == (0, 1, 2, 3)
    assert older.last_seq == 3
    assert [s.values for s in older.seats] == [s.values[:4] for s in full.seats]


def test_the_charts_money_is_written_as_the_readers_language_writes_it(world):
    """The side's amounts go through the pages' money: "$1,500" in English, "1.500 $" in
    German."""
    series = worth_series(world.table)
    with translation.override("en"):
        assert ">$1,500<" in worth_chart(series)
    with translation.override("de"):
        german = worth_chart(series)
    assert f">{money(1500, 'USD', 'de')}<" in german
    assert ">$1,500<" not in german
