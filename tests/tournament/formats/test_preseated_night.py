"""A points night whose three preliminary rounds are seated at once, before the first game,
played through to the final's results; every figure checked against the ledger."""

from __future__ import annotations

from itertools import combinations
from typing import Any

import pytest

from banking.ledgers import replayed_state, rules_of
from banking.reconciliation import ledger_differences
from banking.selectors import seat_row
from tests.factories import EventFactory, PlayerFactory, UserFactory, VolunteerFactory
from tests.played import end, play
from tournament.models import Event, Result, Round, Volunteer
from tournament.services.rounds import (
    round_create,
    round_release,
    round_seat,
    round_start,
    rounds_preseat,
)

pytestmark = [pytest.mark.django_db, pytest.mark.both_databases]


def played(round_: Round, organiser: Any, referee: Any) -> None:
    """The round released, started, played and ended, as the desk and the tables do."""
    round_release(round_id=round_.pk, actor=organiser)
    round_start(round_id=round_.pk, actor=organiser)
    play(round_)
    end(round_, referee)
    round_.refresh_from_db()
    assert round_.status == Round.Status.ENDED


def test_a_pre_seated_points_night_is_played_to_the_finals_results():
    event = EventFactory(name="Pre-seated Night", advancement=Event.Format.POINTS, finalists=4)
    organiser = VolunteerFactory(event=event, role=Volunteer.Role.ORGANISER).user
    referee = UserFactory(username="rita")
    VolunteerFactory(event=event, role=Volunteer.Role.REFEREE, user=referee)
    VolunteerFactory(event=event, role=Volunteer.Role.BANKER)
    players = [PlayerFactory(event=event, name=f"P{n:02d}", checked_in=True) for n in range(16)]
    preliminaries = [round_create(event_id=event.pk) for _ in range(3)]

    rounds_preseat(event_id=event.pk, seed=2026, actor=organiser)
    seatings = {}
    for round_ in preliminaries:
        round_.refresh_from_db()
        assert round_.status == Round.Status.SEATED
        seatings[round_.number] = [
            [seat.player_id for seat in table.seats.all()] for table in round_.tables.all()
        ]
    # Every player knows their three tables before the first game; nobody meets twice.
    met = [
        tuple(sorted(pair))
        for tables in seatings.values()
        for table in tables
        for pair in combinations(table, 2)
    ]
    assert len(met) == len(set(met)) == 3 * 4 * 6

    for round_ in preliminaries:
        played(round_, organiser, referee)
        tables = [[seat.player_id for seat in table.seats.all()] for table in round_.tables.all()]
        assert tables == seatings[round_.number]  # played as it was seated ahead
        assert Result.objects.filter(round=round_).count() == len(players)

    # The final: the top four on points over the three rounds, ties on net worth.
    totals: dict[int, list[int]] = {}
    for result in Result.objects.filter(round__in=preliminaries):
        total = totals.setdefault(result.player_id, [0, 0])
        total[0] += result.points
        total[1] += result.net_worth
    ranked = sorted(totals, key=lambda pid: (-totals[pid][0], -totals[pid][1]))
    assert totals[ranked[3]] != totals[ranked[4]]  # no tie for the last place in the final
    top = set(ranked[:4])
    going = Result.objects.filter(round=preliminaries[-1], advances=True)
    assert {result.player_id for result in going} == top
    final = round_create(event_id=event.pk, kind=Round.Kind.FINAL)
    round_seat(round_id=final.pk, seed=1, actor=organiser)
    assert {seat.player_id for seat in final.tables.get().seats.all()} == top
    played(final, organiser, referee)
    assert Result.objects.filter(round=final).count() == 4
    assert Result.objects.filter(round=final, rank=1).exists()

    # Every result is the ledger's: cash and net worth as its table's entries replay.
    rules = rules_of(event)
    for result in Result.objects.filter(round__event=event).select_related("seat__table"):
        state = replayed_state(result.seat.table, rules)
        row = seat_row(state, rules, result.seat.number, result.player_id, "")
        assert (result.cash, result.net_worth) == (row["cash"], row["net_worth"])
    assert list(ledger_differences(event.pk)) == []
