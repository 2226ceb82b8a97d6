"""A tablet that sends its whole outbox again, twice (a lost answer, a reload, a bug in the
console): nothing is recorded twice, and each replay gets the answer the first send got.

The outbox is what the console keeps in IndexedDB: each item a URL and a body whose id the
tablet made before the first send.
"""

from __future__ import annotations

import random
import threading
import uuid
from typing import Any

import pytest
from django.db import connection

from banking.reconciliation import ledger_differences
from tests.conftest import World, make_world
from tournament.models import Result

pytestmark = pytest.mark.faults

Outbox = list[tuple[str, dict[str, Any]]]


def outbox_of(world: World) -> Outbox:
    """A banker's evening in miniature: every common kind of entry, and a void."""
    entries = f"/api/tables/{world.table.pk}/entries/"
    bodies: list[dict[str, Any]] = [
        {"kind": "pass_go", "seat": 1},
        {"kind": "buy", "seat": 1, "space": 39},
        {"kind": "buy", "seat": 2, "space": 37},
        {"kind": "rent", "seat": 2, "space": 39},
        {"kind": "pay_player", "seat": 3, "to_seat": 4, "amount": 50, "memo": "Lunch"},
        {"kind": "tax", "seat": 4, "space": 4},
        {"kind": "mortgage", "seat": 2, "space": 37},
        {"kind": "jail_fine", "seat": 1},
        {"kind": "bank_payment", "seat": 3, "amount": 100, "memo": "Free parking"},
    ]
    items: Outbox = [(entries, {"id": str(uuid.uuid4()), **body}) for body in bodies]
    mistake = items[-1][1]["id"]
    void = f"{entries}{mistake}/void/"
    items.append((void, {"id": str(uuid.uuid4()), "reason": "Free parking is not a rule here"}))
    items.append((entries, {"id": str(uuid.uuid4()), "kind": "unmortgage", "seat": 2, "space": 37}))
    return items


def send(world: World, outbox: Outbox) -> list[tuple[int, dict[str, Any]]]:
    banker = world.banker()
    answers = []
    for url, body in outbox:
        response = banker.post(url, body, format="json")
        answers.append((response.status_code, response.json()))
    return answers


def without_void(entry: dict[str, Any]) -> dict[str, Any]:
    """The entry without what changes once it is voided."""
    return {k: v for k, v in entry.items() if k not in ("voided_by", "banker_may_undo")}


def books(world: World) -> dict[str, Any]:
    """What a referee or an organiser would check: the ledger, the state, the results."""
    referee = world.referee_client()
    return {
        "ledger": referee.get(f"/api/tables/{world.table.pk}/entries/").json(),
        "state": referee.get(f"/api/tables/{world.table.pk}/state/").json(),
        "results": list(
            Result.objects.filter(round=world.round)
            .order_by("player_id")
            .values("player_id", "cash", "net_worth", "rank")
        ),
    }


def sent_once(world: World) -> tuple[Outbox, list[tuple[int, dict[str, Any]]], dict[str, Any]]:
    """The outbox sent the first time, every item recorded; its answers and the books."""
    outbox = outbox_of(world)
    first = send(world, outbox)
    assert [status for status, _ in first] == [201] * len(outbox), first
    return outbox, first, books(world)


@pytest.mark.django_db
def test_an_outbox_sent_again_twice_in_order_records_nothing_twice():
    world = make_world()
    outbox, first, before = sent_once(world)
    assert [e["seq"] for e in before["ledger"]] == list(range(1, len(outbox) + 1))
    assert before["ledger"][-2]["voids"] == outbox[-3][1]["id"]

    for _ in range(2):
        again = send(world, outbox)
        assert [status for status, _ in again] == [200] * len(outbox)
        # The entry as first recorded, as it stands now (the voided one says so since).
        assert [a["entry"] for _, a in again] == before["ledger"]
        assert [without_void(a["entry"]) for _, a in again] == [
            without_void(a["entry"]) for _, a in first
        ]
        assert books(world) == before
    assert list(ledger_differences(world.event.pk)) == []

    # The table closes, its result is written; the outbox comes in once more: still nothing.
    assert world.banker().post(f"/api/tables/{world.table.pk}/close/").status_code == 200
    closed = books(world)
    assert len(closed["results"]) == 4
    again = send(world, outbox)
    assert [status for status, _ in again] == [200] * len(outbox)
    assert books(world) == closed


@pytest.mark.django_db(transaction=True)
def test_four_tablets_replaying_one_outbox_at_once_in_any_order_record_nothing_twice():
    world = make_world()
    outbox, _, before = sent_once(world)
    entry_by_id = {entry["id"]: entry for entry in before["ledger"]}

    answers: list[tuple[int, dict[str, Any]]] = []
    errors: list[BaseException] = []
    start = threading.Barrier(4)

    def replay(seed: int) -> None:
        shuffled = outbox[:]
        random.Random(seed).shuffle(shuffled)
        try:
            start.wait()
            answers.extend(send(world, shuffled))
        except BaseException as exc:
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=replay, args=(seed,)) for seed in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert errors == []
    assert len(answers) == 4 * len(outbox)
    assert {status for status, _ in answers} == {200}
    assert all(a["entry"] == entry_by_id[a["entry"]["id"]] for _, a in answers)
    assert books(world) == before
    assert list(ledger_differences(world.event.pk)) == []
