"""A points night whose three preliminary rounds are seated at once, before the first game,
played through to the final's results: nobody meets the same player twice, each round is
played as it was seated ahead, and every figure is checked against the tables' ledgers.
Run on both databases."""

from __future__ import annotations

from itertools import combinations

import pytest

from tests.played import end, ledger_worths, play, played_round, registered
from tournament.models import Event, Result, Round
from tournament.services.rounds import round_create, round_release, round_start, rounds_preseat

pytestmark = [pytest.mark.django_db, pytest.mark.both_databases]


def tables_of(round_: Round) -> list[list[int]]:
    return [[seat.player_id for seat in table.seats.all()] for table in round_.tables.all()]


def test_a_pre_seated_points_night_is_played_to_the_finals_results():
    event, referee = registered(16, advancement=Event.Format.POINTS, finalists=4)
    preliminaries = [round_create(event_id=event.pk) for _ in range(3)]

    rounds_preseat(event_id=event.pk, seed=2026, actor=None)
    seated_ahead = {}
    for round_ in preliminaries:
        round_.refresh_from_db()
        assert round_.status == Round.Status.SEATED
        seated_ahead[round_.number] = tables_of(round_)
    met = [
        tuple(sorted(pair))
        for tables in seated_ahead.values()
        for table in tables
        for pair in combinations(table, 2)
    ]
    assert len(met) == len(set(met)) == 3 * 4 * 6  # nobody meets the same player twice

    points: dict[int, int] = {}
    totals: dict[int, int] = {}
    for round_ in preliminaries:
        round_release(round_id=round_.pk, actor=None)
        round_start(round_id=round_.pk)
        play(round_)
        end(round_, referee)
        assert tables_of(round_) == seated_ahead[round_.number]  # played as seated ahead
        worths = ledger_worths(round_)
        assert len(worths) == 16
        results = Result.objects.filter(round=round_)
        assert {r.player_id: r.net_worth for r in results} == worths
        for result in results:
            points[result.player_id] = points.get(result.player_id, 0) + result.points
            totals[result.player_id] = totals.get(result.player_id, 0) + result.net_worth

    best = sorted(points, key=lambda p: (-points[p], -totals[p]))
    assert (points[best[3]], totals[best[3]]) != (points[best[4]], totals[best[4]])
    going = Result.objects.filter(round=preliminaries[-1], advances=True)
    assert {r.player_id for r in going} == set(best[:4])

    final = played_round(event, referee, kind=Round.Kind.FINAL)
    final_worths = ledger_worths(final)
    assert set(final_worths) == set(best[:4])
    results = Result.objects.filter(round=final)
    assert {r.player_id: r.net_worth for r in results} == final_worths
    champion = results.get(rank=1)
    assert final_worths[champion.player_id] == max(final_worths.values())
