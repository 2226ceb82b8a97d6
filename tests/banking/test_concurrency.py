"""Two tablets on one table never race: real threads against PostgreSQL."""

from __future__ import annotations

import threading
import uuid
from collections.abc import Callable

import pytest
from django.db import connection

from banking.actors import Actor
from banking.ledgers import replayed_state, rules_of
from banking.models import Entry, TableLedger
from banking.services.entries import entry_post
from games import engine
from tests.conftest import make_world
from tournament.errors import Refusal

pytestmark = pytest.mark.django_db(transaction=True)

BANKER = Actor(role=Actor.BANKER, name="banker")


def run_in_threads(count: int, work: Callable[[int], None]) -> list[BaseException]:
    errors: list[BaseException] = []
    start = threading.Barrier(count)

    def worker(index: int) -> None:
        try:
            start.wait()
            work(index)
        except BaseException as exc:
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return errors


def test_eight_tablets_posting_to_one_table_keep_seq_gapless_and_state_equal_to_replay():
    world = make_world()
    table = world.table

    def post(index: int) -> None:
        for _ in range(5):
            entry_post(
                table_id=table.pk,
                entry_id=uuid.uuid4(),
                payload={"kind": "pass_go", "seat": index % 4 + 1},
                actor=BANKER,
            )

    assert run_in_threads(8, post) == []
    seqs = list(Entry.objects.filter(table=table).order_by("seq").values_list("seq", flat=True))
    assert seqs == list(range(1, 41))
    ledger = TableLedger.objects.get(table=table)
    assert ledger.last_seq == 40
    replayed = replayed_state(table, rules_of(world.event)).as_dict()
    assert engine.TableState.from_dict(ledger.state).as_dict() == replayed
    assert sum(replayed["cash"].values()) == 4 * 1500 + 40 * 200


def test_twenty_tablets_sending_the_same_entry_id_make_one_entry():
    world = make_world()
    entry_id = uuid.uuid4()
    answers: list[bool] = []

    def post(index: int) -> None:
        posted = entry_post(
            table_id=world.table.pk,
            entry_id=entry_id,
            payload={"kind": "buy", "seat": 1, "space": 39},
            actor=BANKER,
        )
        answers.append(posted.new)

    assert run_in_threads(20, post) == []
    assert Entry.objects.filter(table=world.table).count() == 1
    assert sorted(answers) == [False] * 19 + [True]
    ledger = TableLedger.objects.get(table=world.table)
    assert ledger.state["cash"]["1"] == 1100


def test_the_same_id_sent_to_two_tables_at_once_is_recorded_once():
    world = make_world()
    entry_id = uuid.uuid4()

    def post(index: int) -> None:
        entry_post(
            table_id=world.tables[index % 2].pk,
            entry_id=entry_id,
            payload={"kind": "pass_go", "seat": 1},
            actor=BANKER,
        )

    errors = run_in_threads(6, post)
    assert Entry.objects.filter(pk=entry_id).count() == 1
    assert all(isinstance(e, Refusal) and e.code == "id_reused" for e in errors)
    assert len(errors) == 3
