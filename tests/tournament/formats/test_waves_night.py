"""A knock-out night whose first round plays in two waves, from registration to the final's
results: wave 2's tables refuse entries while only wave 1 plays, each wave runs and has its
time called on its own clock, the round ends once both have played, and every net worth is
checked against the tables' ledgers. Run on both databases."""

from __future__ import annotations

import uuid

import pytest

from banking.models import Entry
from banking.services.entries import entry_post
from tests.conftest import client_for, run_out
from tests.entries import BANKER, bank, post_entry
from tests.played import ledger_worths, play, played_round, registered
from tournament.errors import Conflict
from tournament.models import AuditEvent, Event, Result, Round, Wave
from tournament.results.closing import round_end, table_close
from tournament.results.reviews import table_confirm
from tournament.services.rounds import round_create, round_release, round_seat, round_start
from tournament.services.waves import round_waves_set, wave_start
from tournament.tasks import call_time

pytestmark = [pytest.mark.django_db, pytest.mark.both_databases]


def test_a_round_in_two_waves_then_the_final():
    event, referee = registered(16, advancement=Event.Format.KNOCKOUT)
    first = round_create(event_id=event.pk)
    round_seat(round_id=first.pk, seed=7)
    round_waves_set(round_id=first.pk, waves=2)
    round_release(round_id=first.pk, actor=None)
    round_start(round_id=first.pk)  # wave 1
    tables = list(first.tables.order_by("number"))
    early, late = [t for t in tables if t.wave == 1], [t for t in tables if t.wave == 2]
    assert (len(early), len(late)) == (2, 2)

    # Only wave 1 plays: a wave-2 table refuses every entry, by its key or otherwise.
    refused = post_entry(client_for(table_key=late[0].key), late[0], kind="pass_go", seat=1)
    assert (refused.status_code, refused.json()["error"]) == (409, "wave_not_started")
    assert set(refused.json()) == {"error", "detail"}
    with pytest.raises(Conflict) as by_service:
        entry_post(
            table_id=late[1].pk,
            entry_id=uuid.uuid4(),
            payload={"kind": "pass_go", "seat": 2},
            actor=BANKER,
        )
    assert by_service.value.code == "wave_not_started"
    assert not Entry.objects.filter(table__in=late).exists()

    play(first, wave=1)
    # Wave 1's clock runs out with no worker about: its next entry calls time there alone.
    run_out(first, wave=1)
    bank(early[0], kind="pass_go", seat=3)  # the last turn, taken
    assert Wave.objects.get(round=first, number=1).status == Wave.Status.TIME_CALLED
    first.refresh_from_db()
    assert first.status == Round.Status.RUNNING  # wave 2 still to play
    for table in early:
        table_close(table_id=table.pk, actor=BANKER)
        table_confirm(table_id=table.pk, user=referee)
    with pytest.raises(Conflict) as not_yet:
        round_end(round_id=first.pk)
    assert not_yet.value.code == "waves_not_played"

    second = wave_start(round_id=first.pk, number=2)
    assert second.started_at >= Wave.objects.get(round=first, number=1).ends_at
    play(first, wave=2)
    run_out(first, wave=2)
    call_time.apply(args=(first.pk, 2))  # the worker, this time
    first.refresh_from_db()
    assert first.status == Round.Status.TIME_CALLED
    for table in late:
        table_close(table_id=table.pk, actor=BANKER)
        table_confirm(table_id=table.pk, user=referee)
    first = round_end(round_id=first.pk)
    assert first.status == Round.Status.ENDED
    assert [a.data["wave"] for a in AuditEvent.objects.filter(action="time_called")] == [2, 1]

    worths = ledger_worths(first)
    assert len(worths) == 16
    results = list(Result.objects.filter(round=first).select_related("seat__table"))
    assert {r.player_id: r.net_worth for r in results} == worths
    winners = set()
    for table in tables:
        players = [r.player_id for r in results if r.seat.table_id == table.pk]
        best, runner_up = sorted(players, key=worths.__getitem__, reverse=True)[:2]
        assert worths[best] > worths[runner_up]
        winners.add(best)
    assert {r.player_id for r in results if r.advances} == winners

    final = played_round(event, referee, kind=Round.Kind.FINAL)
    assert final.wave_count == 1
    final_worths = ledger_worths(final)
    assert set(final_worths) == winners
    final_results = Result.objects.filter(round=final)
    assert {r.player_id: r.net_worth for r in final_results} == final_worths
    champion = final_results.get(rank=1)
    assert champion.player_id == max(final_worths, key=final_worths.__getitem__)
    assert final.status == Round.Status.ENDED
