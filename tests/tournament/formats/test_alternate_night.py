"""A knock-out night played from registration to the final's results, where an alternate
steps into the seat of a player who withdrew between rounds: their results count as any
player's, take them through to the final and win it. Every net worth is checked against
the tables' ledgers. Services, selectors and the ORM only: run on both databases."""

from __future__ import annotations

import pytest

from tests.entries import bank
from tests.played import end, ledger_worths, play, played_round, registered
from tournament.lineups import next_alternate, vacancies
from tournament.models import Event, Player, Result, Round, Seat
from tournament.results import selectors as results
from tournament.services.players import (
    alternate_mark,
    player_add,
    player_check_in,
    player_remove,
)
from tournament.services.rounds import alternate_step_in, round_create, round_seat, round_start

pytestmark = [pytest.mark.django_db, pytest.mark.both_databases]


def seated(event: Event, kind: str = Round.Kind.PRELIMINARY) -> Round:
    """The event's next round, created and seated."""
    return round_seat(round_id=round_create(event_id=event.pk, kind=kind).pk, seed=7)


def played(round_: Round, referee: object, winner: Player) -> Round:
    """Start the seated round, play it with a beauty contest that puts `winner` first at
    their table, close and confirm every table, end it."""
    round_start(round_id=round_.pk)
    play(round_)
    seat = Seat.objects.get(table__round=round_, player=winner)
    bank(seat.table, kind="bank_payment", seat=seat.number, amount=2000, memo="Contest")
    return end(round_, referee)


def counted_as_the_ledger_says(round_: Round) -> None:
    figures = {r.player_id: r.net_worth for r in Result.objects.filter(round=round_)}
    assert figures == ledger_worths(round_)


def test_an_alternate_who_steps_in_between_rounds_goes_on_and_wins_the_final():
    event, referee = registered(12, advancement=Event.Format.KNOCKOUT, wildcards=3)
    zoe, yan = (player_add(event_id=event.pk, name=name) for name in ("Zoe", "Yan"))
    for alternate in (zoe, yan):
        player_check_in(player_id=alternate.pk, checked_in=True)
        alternate_mark(player_id=alternate.pk)

    # Round 1: the twelve at three tables; the alternates, checked in, wait.
    first = played_round(event, referee)
    counted_as_the_ledger_says(first)
    assert not Seat.objects.filter(player__in=[zoe, yan]).exists()
    assert Result.objects.filter(round=first, advances=True).count() == 6  # 3 winners, 3 wildcards

    # Round 2 is seated; then one of those who went through has to leave.
    second = seated(event)
    assert not Seat.objects.filter(player__in=[zoe, yan]).exists()  # nor late arrivals
    vacant = second.tables.get(number=1).seats.get(number=1)
    leaver = vacant.player
    player_remove(player_id=leaver.pk)  # withdrawn: they played round 1
    assert vacancies(second) == [vacant]
    assert next_alternate(second) == zoe
    alternate_step_in(round_id=second.pk, seat_id=vacant.pk, player_id=zoe.pk)
    played(second, referee, zoe)

    counted_as_the_ledger_says(second)
    zoes = Result.objects.get(round=second, player=zoe)
    assert (zoes.seat_id, zoes.rank, zoes.advances) == (vacant.pk, 1, True)
    assert not Result.objects.filter(round=second, player=leaver).exists()
    assert Result.objects.filter(round=first, player=leaver).exists()  # kept what they played

    # The final: Zoe went through as a table winner, and wins it.
    final = seated(event, Round.Kind.FINAL)
    assert Seat.objects.filter(table__round=final, player=zoe).exists()
    played(final, referee, zoe)

    counted_as_the_ledger_says(final)
    assert Result.objects.get(round=final, player=zoe).rank == 1
    assert [w["name"] for w in results.bracket(event_id=event.pk)["winners"]] == ["Zoe"]
    yan.refresh_from_db()
    assert (yan.alternate, yan.seats.count()) == (1, 0)  # never called: still waiting
