"""Two tablets on one table never race: real threads against PostgreSQL."""

from __future__ import annotations

import threading
import uuid
from collections.abc import Callable

import pytest
from django.db import connection

from banking.ledgers import replayed_state, rules_of
from banking.models import Entry, TableLedger
from banking.services.entries import entry_post
from games import engine
from tests.conftest import make_world
from tests.entries import BANKER, bank
from tournament.errors import Refusal

pytestmark = pytest.mark.django_db(transaction=True)


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
            bank(table, kind="pass_go", seat=index % 4 + 1)

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


def _holding_the_table_lock(table_id: int):
    """Another connection that locks the table's row (as a post in progress does) until
    committed: the posts sent meanwhile wait for it, each with a statement already begun."""
    import psycopg

    settings = connection.settings_dict
    holder = psycopg.connect(
        dbname=settings["NAME"],
        user=settings["USER"],
        password=settings["PASSWORD"] or None,
        host=settings["HOST"] or None,
        port=settings["PORT"] or None,
    )
    holder.execute("SELECT 1 FROM tournament_table WHERE id = %s FOR UPDATE", [table_id])
    return holder


def _waiting_for_a_lock(holder) -> int:
    holder.execute("SELECT pg_stat_clear_snapshot()")  # a transaction's view is otherwise fixed
    row = holder.execute(
        "SELECT count(*) FROM pg_stat_activity "
        "WHERE datname = current_database() AND wait_event_type = 'Lock'"
    ).fetchone()
    return row[0]


@pytest.mark.parametrize(
    "payload",
    [{"kind": "pass_go", "seat": 2}, {"kind": "buy", "seat": 1, "space": 39}],
    ids=["pass_go", "buy"],
)
def test_a_retry_that_waits_for_the_lock_beside_its_original_gets_the_recorded_entry(payload):
    import time

    world = make_world()
    table = world.table
    entry_post(  # the ledger exists: the posts below lock it as every later post does
        table_id=table.pk,
        entry_id=uuid.uuid4(),
        payload={"kind": "pass_go", "seat": 1},
        actor=BANKER,
    )
    entry_id = uuid.uuid4()
    answers: list[tuple[bool, uuid.UUID]] = []
    holder = _holding_the_table_lock(table.pk)
    try:

        def post(index: int) -> None:
            posted = entry_post(
                table_id=table.pk, entry_id=entry_id, payload=dict(payload), actor=BANKER
            )
            answers.append((posted.new, posted.entry.pk))

        outcome: list[list[BaseException]] = []
        sends = threading.Thread(target=lambda: outcome.append(run_in_threads(2, post)))
        sends.start()
        deadline = time.monotonic() + 30
        while _waiting_for_a_lock(holder) < 2:  # both sends are waiting for the table
            assert time.monotonic() < deadline, "the two sends never waited for the lock"
            time.sleep(0.02)
    finally:
        holder.commit()
        holder.close()
    sends.join(timeout=60)
    assert outcome == [[]]
    assert sorted(answers) == [(False, entry_id), (True, entry_id)]
    assert Entry.objects.filter(table=table).count() == 2
    ledger = TableLedger.objects.get(table=table)
    assert ledger.last_seq == 2
    replayed = replayed_state(table, rules_of(world.event)).as_dict()
    assert engine.TableState.from_dict(ledger.state).as_dict() == replayed


def test_the_same_id_with_another_body_while_waiting_for_the_lock_is_refused():
    import time

    world = make_world()
    table = world.table
    entry_post(
        table_id=table.pk,
        entry_id=uuid.uuid4(),
        payload={"kind": "pass_go", "seat": 1},
        actor=BANKER,
    )
    entry_id = uuid.uuid4()
    holder = _holding_the_table_lock(table.pk)
    try:

        def post(index: int) -> None:
            entry_post(
                table_id=table.pk,
                entry_id=entry_id,
                payload={"kind": "pass_go", "seat": index + 2},
                actor=BANKER,
            )

        outcome: list[list[BaseException]] = []
        sends = threading.Thread(target=lambda: outcome.append(run_in_threads(2, post)))
        sends.start()
        deadline = time.monotonic() + 30
        while _waiting_for_a_lock(holder) < 2:
            assert time.monotonic() < deadline, "the two sends never waited for the lock"
            time.sleep(0.02)
    finally:
        holder.commit()
        holder.close()
    sends.join(timeout=60)
    [errors] = outcome
    assert len(errors) == 1
    assert isinstance(errors[0], Refusal)
    assert errors[0].code == "id_reused"
    assert Entry.objects.filter(table=table).count() == 2
