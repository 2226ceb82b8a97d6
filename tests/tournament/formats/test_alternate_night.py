"""A knock-out night played from registration to the final's results, where an alternate
steps into the seat of a player who withdrew between rounds: their results count as any
player's, take them through to the final and win it. Every figure is checked against the
ledger. Services, selectors and the ORM only: it runs on PostgreSQL and on SQLite."""

from __future__ import annotations

import pytest

from banking.ledgers import replayed_state, rules_of
from games import engine
from tests.entries import bank
from tests.factories import EventFactory, UserFactory, VolunteerFactory
from tests.played import end, play
from tournament.lineups import next_alternate, vacancies
from tournament.models import Event, Player, Result, Round, Seat, Volunteer
from tournament.results import selectors as results
from tournament.services import players
from tournament.services.rounds import (
    alternate_step_in,
    round_create,
    round_seat,
    round_start,
)

NAMES = ["Ada", "Bea", "Cal", "Dot", "Eve", "Fox", "Gil", "Hum", "Ike", "Joy", "Kim", "Lee"]


def played(round_: Round, referee: object, *, bonus: dict[int, int] | None = None) -> Round:
    """Start the seated round, play it (with a beauty contest of `bonus` for a player id),
    close and confirm every table, end it."""
    round_start(round_id=round_.pk)
    play(round_)
    for player_id, amount in (bonus or {}).items():
        seat = Seat.objects.get(table__round=round_, player_id=player_id)
        bank(seat.table, kind="bank_payment", seat=seat.number, amount=amount, memo="Contest")
    return end(round_, referee)


@pytest.mark.both_databases
@pytest.mark.django_db
def test_an_alternate_who_steps_in_between_rounds_goes_on_and_wins_the_final():
    event = EventFactory(advancement=Event.Format.KNOCKOUT, wildcards=3)
    organiser = VolunteerFactory(event=event, role=Volunteer.Role.ORGANISER).user
    referee = UserFactory()
    VolunteerFactory(event=event, role=Volunteer.Role.REFEREE, user=referee)
    VolunteerFactory(event=event, role=Volunteer.Role.BANKER)
    for name in [*NAMES, "Zoe", "Yan"]:
        player = players.player_add(event_id=event.pk, name=name, actor=organiser)
        players.player_check_in(player_id=player.pk, checked_in=True, actor=organiser)
    zoe, yan = (Player.objects.get(event=event, name=name) for name in ("Zoe", "Yan"))
    for alternate in (zoe, yan):
        players.alternate_mark(player_id=alternate.pk, actor=organiser)

    # Round 1: twelve at three tables; the alternates wait.
    first = round_create(event_id=event.pk)
    round_seat(round_id=first.pk, seed=7)
    assert Player.objects.filter(seats__table__round=first).count() == 12
    played(first, referee)
    through = list(Result.objects.filter(round=first, advances=True))
    assert len(through) == 6  # three table winners and three wildcards

    # Round 2 is seated; then one of those who went through has to leave.
    second = round_create(event_id=event.pk)
    second = round_seat(round_id=second.pk, seed=7)
    assert not Player.objects.filter(pk__in=[zoe.pk, yan.pk], seats__isnull=False).exists()
    vacant = second.tables.order_by("number").first().seats.get(number=1)
    leaver = vacant.player
    players.player_remove(player_id=leaver.pk, actor=organiser)
    assert vacancies(second) == [vacant]
    assert next_alternate(second) == zoe
    alternate_step_in(round_id=second.pk, seat_id=vacant.pk, player_id=zoe.pk, actor=organiser)
    played(second, referee, bonus={zoe.pk: 2000})

    zoes = Result.objects.get(round=second, player=zoe)
    assert (zoes.seat_id, zoes.rank, zoes.advances) == (vacant.pk, 1, True)
    assert not Result.objects.filter(round=second, player=leaver).exists()
    assert Result.objects.filter(round=first, player=leaver).exists()  # kept what they played

    # The final: Zoe is among those who went through, and wins it.
    final = round_create(event_id=event.pk, kind=Round.Kind.FINAL)
    round_seat(round_id=final.pk, seed=7)
    finalists = set(Player.objects.filter(seats__table__round=final).values_list("name", flat=True))
    assert "Zoe" in finalists
    assert "Yan" not in finalists
    played(final, referee, bonus={zoe.pk: 2000})

    winners = results.bracket(event_id=event.pk)["winners"]
    assert [w["name"] for w in winners] == ["Zoe"]
    assert Result.objects.get(round=final, player=zoe).rank == 1
    yan.refresh_from_db()
    assert (yan.alternate, yan.seats.count()) == (1, 0)  # never called: still waiting

    # Every result, the alternate's among them, is what its table's ledger says.
    rules = rules_of(event)
    for result in Result.objects.filter(round__event=event).select_related("seat__table"):
        state = replayed_state(result.seat.table, rules)
        worth = engine.net_worth(state, rules, result.seat.number)
        figures = (result.cash, result.property_value, result.building_value, result.net_worth)
        assert figures == (*worth, worth.total)
