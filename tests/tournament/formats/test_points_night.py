"""A points night played through, from registration to the final's results: every player
plays both preliminary rounds, placement points and net worths are totalled, the best play
the final; every figure checked against the tables' ledgers. Run on both databases."""

from __future__ import annotations

import pytest

from tests.played import ledger_worths, played_round, registered
from tournament.models import Event, Result, Round

pytestmark = [pytest.mark.django_db, pytest.mark.both_databases]


def test_every_player_plays_each_preliminary_and_the_most_points_play_the_final():
    event, referee = registered(12, advancement=Event.Format.POINTS, finalists=4)

    points: dict[int, int] = {}
    totals: dict[int, int] = {}
    for seed in (7, 8):
        round_ = played_round(event, referee, seed=seed)
        worths = ledger_worths(round_)
        assert len(worths) == 12  # everyone plays every preliminary round
        results = list(Result.objects.filter(round=round_).select_related("seat"))
        assert {r.player_id: r.net_worth for r in results} == worths
        for result in results:
            table = [w for w in results if w.seat.table_id == result.seat.table_id]
            better = sum(worths[o.player_id] > worths[result.player_id] for o in table)
            assert result.points == len(table) - better  # first of four gets 4, last 1
            points[result.player_id] = points.get(result.player_id, 0) + result.points
            totals[result.player_id] = totals.get(result.player_id, 0) + worths[result.player_id]

    best = sorted(points, key=lambda p: (-points[p], -totals[p]))
    assert (points[best[3]], totals[best[3]]) != (points[best[4]], totals[best[4]])
    assert {r.player_id for r in results if r.advances} == set(best[:4])

    final = played_round(event, referee, kind=Round.Kind.FINAL)
    final_worths = ledger_worths(final)
    assert set(final_worths) == set(best[:4])
    champion = Result.objects.get(round=final, rank=1)
    assert champion.player_id == max(final_worths, key=final_worths.__getitem__)
    assert champion.net_worth == final_worths[champion.player_id]
