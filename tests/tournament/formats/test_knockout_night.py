"""A knock-out night played through, from registration to the final's results: every
figure the results hold checked against the tables' ledgers. Run on both databases."""

from __future__ import annotations

import pytest

from tests.played import ledger_worths, played_round, registered
from tournament.models import Event, Result, Round
from tournament.services.players import player_add

pytestmark = [pytest.mark.django_db, pytest.mark.both_databases]


def test_table_winners_and_the_best_runner_up_play_the_final_the_best_there_wins():
    event, referee = registered(12, advancement=Event.Format.KNOCKOUT, wildcards=1)
    player_add(event_id=event.pk, name="Player 13")  # registered, never comes

    first = played_round(event, referee)
    worths = ledger_worths(first)
    assert len(worths) == 12
    results = {r.player_id: r for r in Result.objects.filter(round=first)}
    assert {p: r.net_worth for p, r in results.items()} == worths
    tables: dict[int, list[int]] = {}
    for player, result in results.items():
        tables.setdefault(result.seat.table.number, []).append(player)
    winners = set()
    for players in tables.values():
        best, second = sorted(players, key=worths.__getitem__, reverse=True)[:2]
        assert worths[best] > worths[second]  # nobody level: the rules decide alone
        winners.add(best)
    runner_up, next_best = sorted(set(worths) - winners, key=worths.__getitem__, reverse=True)[:2]
    assert worths[runner_up] > worths[next_best]
    assert {p for p, r in results.items() if r.advances} == winners | {runner_up}
    assert not any(r.undecided for r in results.values())

    final = played_round(event, referee, kind=Round.Kind.FINAL)
    final_worths = ledger_worths(final)
    assert set(final_worths) == winners | {runner_up}
    final_results = Result.objects.filter(round=final)
    assert {r.player_id: r.net_worth for r in final_results} == final_worths
    champion = final_results.get(rank=1)
    assert champion.player_id == max(final_worths, key=final_worths.__getitem__)
    assert final.status == Round.Status.ENDED
