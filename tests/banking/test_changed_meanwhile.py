"""A post reads its table without a lock and writes only if the table is still as read: when
something changed in between, it is decided again under the table's lock, on the table as it
is then. Here another connection commits a change at that very moment, between the post's
read and its write."""

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
from tests.conftest import World, make_world
from tests.entries import BANKER, bank, post_entry
from tournament.errors import Refusal
from tournament.models import Table
from tournament.results.closing import table_close
from tournament.services.tables import table_key_rotate

pytestmark = pytest.mark.django_db(transaction=True)  # the change commits, as another's does


@pytest.fixture
def meanwhile(monkeypatch: pytest.MonkeyPatch) -> Callable[[Callable[[], object]], None]:
    """meanwhile(change): `change` runs once, in the next post, after it has read the table
    and before it writes: on another connection, which commits it, as another post or a
    referee would at that moment."""

    def arrange(change: Callable[[], object]) -> None:
        real, done = engine.apply, []

        def elsewhere() -> None:
            try:
                change()
            finally:
                connection.close()

        def apply(*args: object, **kwargs: object) -> engine.Outcome:
            if not done:
                done.append(True)  # before the change, which may post too
                other = threading.Thread(target=elsewhere)
                other.start()
                other.join(timeout=30)
            return real(*args, **kwargs)

        monkeypatch.setattr(engine, "apply", apply)

    return arrange


@pytest.fixture
def world() -> World:
    return make_world()


@pytest.fixture
def table(world: World) -> Table:
    """The world's first table, its ledger opened by a first entry."""
    bank(world.table, kind="pass_go", seat=3)
    return world.table


def kinds(table) -> list[str]:
    return list(Entry.objects.filter(table=table).order_by("seq").values_list("kind", flat=True))


def test_an_entry_recorded_meanwhile_comes_first_and_the_post_is_worked_out_after_it(
    world, table, meanwhile
):
    meanwhile(lambda: bank(table, kind="buy", seat=2, space=39))
    entry = bank(table, kind="buy", seat=1, space=37)

    assert entry.seq == 3
    assert kinds(table) == ["pass_go", "buy", "buy"]
    ledger = TableLedger.objects.get(table=table)
    assert ledger.last_seq == 3
    assert ledger.state == replayed_state(table, rules_of(world.event)).as_dict()
    assert (ledger.state["cash"]["1"], ledger.state["cash"]["2"]) == (1150, 1100)


def test_a_move_the_entry_recorded_meanwhile_made_illegal_is_refused(table, meanwhile):
    meanwhile(lambda: bank(table, kind="buy", seat=2, space=39))
    with pytest.raises(engine.RuleViolation):
        bank(table, kind="buy", seat=1, space=39)  # read while Boardwalk was for sale

    assert kinds(table) == ["pass_go", "buy"]
    assert TableLedger.objects.get(table=table).state["cash"]["1"] == 1500


def test_a_table_closed_meanwhile_takes_nothing_more(table, meanwhile):
    meanwhile(lambda: table_close(table_id=table.pk))
    with pytest.raises(Refusal) as refused:
        bank(table, kind="pass_go", seat=1)

    assert refused.value.code == "table_closed"
    assert kinds(table) == ["pass_go"]
    assert TableLedger.objects.get(table=table).last_seq == 1


def test_a_key_rotated_meanwhile_no_longer_records(world, table, meanwhile):
    tablet = world.banker(table)  # with the key as it was
    meanwhile(lambda: table_key_rotate(table_id=table.pk, actor=world.organiser))
    response = post_entry(tablet, table, kind="pass_go", seat=1)

    assert response.status_code == 401, response.json()
    assert set(response.json()) == {"error", "detail"}
    assert kinds(table) == ["pass_go"]


def test_an_id_recorded_meanwhile_at_another_table_is_refused_here(world, table, meanwhile):
    entry_id = uuid.uuid4()
    other = world.tables[1]

    def same_id_elsewhere() -> None:
        entry_post(
            table_id=other.pk,
            entry_id=entry_id,
            payload={"kind": "pass_go", "seat": 2},
            actor=BANKER,
        )

    meanwhile(same_id_elsewhere)
    with pytest.raises(Refusal) as refused:
        entry_post(
            table_id=table.pk,
            entry_id=entry_id,
            payload={"kind": "pass_go", "seat": 1},
            actor=BANKER,
        )

    assert refused.value.code == "id_reused"
    assert Entry.objects.get(pk=entry_id).table_id == other.pk
    assert kinds(table) == ["pass_go"]
    assert TableLedger.objects.get(table=table).last_seq == 1


def test_the_same_post_recorded_meanwhile_answers_with_that_entry(table, meanwhile):
    entry_id = uuid.uuid4()
    payload = {"kind": "pass_go", "seat": 1}
    first: list[Entry] = []
    meanwhile(
        lambda: first.append(
            entry_post(table_id=table.pk, entry_id=entry_id, payload=payload, actor=BANKER).entry
        )
    )
    posted = entry_post(table_id=table.pk, entry_id=entry_id, payload=payload, actor=BANKER)

    assert (posted.new, posted.entry.pk, posted.entry.seq) == (False, entry_id, first[0].seq)
    assert kinds(table) == ["pass_go", "pass_go"]
    assert TableLedger.objects.get(table=table).state["cash"]["1"] == 1700
