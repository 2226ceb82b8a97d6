"""An aggregate event played through, from registration to the final's results: every player
plays both preliminary rounds, and the final takes the four best sums of net worth.

Every figure is checked against the bank's ledger, replayed entry by entry: each seat's net
worth in each round, each player's aggregate, and who goes to the final.
"""

from __future__ import annotations

import datetime

import pytest

from banking.ledgers import read_ledger, replayed_state, rules_of
from games import engine
from tests.conftest import client_for
from tests.entries import BANKER, bank
from tests.factories import UserFactory
from tournament.models import Event, Result, Round, Seat, Volunteer
from tournament.money import money
from tournament.results import advancement
from tournament.results.closing import round_end, table_close
from tournament.results.reviews import table_confirm
from tournament.results.selectors import preliminary_standings
from tournament.services.events import event_create, volunteer_add
from tournament.services.players import player_add, player_check_in
from tournament.services.rounds import round_create, round_release, round_seat, round_start

pytestmark = [pytest.mark.django_db, pytest.mark.both_databases]

NAMES = ["Ada", "Brook", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal"]
# What the bank pays each player (in the order above) in each preliminary round: Ada leads
# after round 1; Eli and Fay come through in round 2; Brook and Cy end level on aggregate,
# and Cy's deed bought in round 2 leaves him less cash: Brook takes the last place.
PAID = {1: [800, 700, 600, 500, 400, 300, 200, 100], 2: [5, 50, 150, 150, 700, 650, 20, 10]}
FINALISTS = ["Eli", "Fay", "Ada", "Brook"]


def test_an_aggregate_night_sends_the_best_sums_of_net_worth_to_the_final() -> None:
    organiser = UserFactory(username="organiser", is_staff=True)
    event = event_create(
        creator=organiser,
        name="Aggregate Night",
        date=datetime.date(2026, 11, 28),
        edition="us",
        advancement={"format": "aggregate", "finalists": 4},
    )
    assert event.advancement == Event.Format.AGGREGATE
    assert event.plays_every_preliminary
    referee = UserFactory(username="referee")
    volunteer_add(event_id=event.pk, username="referee", role=Volunteer.Role.REFEREE)
    players = {}
    for name in NAMES:
        player = player_add(event_id=event.pk, name=name, actor=organiser)
        player_check_in(player_id=player.pk, checked_in=True, actor=organiser)
        players[name] = player.pk

    worths: dict[int, dict[str, int]] = {}  # round number -> name -> net worth, by the ledger
    cash: dict[str, int] = dict.fromkeys(NAMES, 0)
    for number in (1, 2):
        round_ = round_create(event_id=event.pk, actor=organiser)
        round_seat(round_id=round_.pk, seed=number, actor=organiser)
        seated = Seat.objects.filter(table__round=round_).select_related("table")
        assert sorted(s.player.name for s in seated) == sorted(NAMES)  # everyone plays
        round_release(round_id=round_.pk, actor=organiser)
        round_start(round_id=round_.pk, actor=organiser)
        for seat in seated:
            paid = PAID[number][NAMES.index(seat.player.name)]
            bank(seat.table, kind="bank_payment", seat=seat.number, amount=paid, memo="Prize")
            if number == 2 and seat.player.name == "Cy":
                bank(seat.table, kind="buy", seat=seat.number, space=1)  # cash into a deed
        for table in round_.tables.order_by("number"):
            table_close(table_id=table.pk, actor=BANKER)
            table_confirm(table_id=table.pk, user=referee)
        round_end(round_id=round_.pk, actor=organiser)
        worths[number] = {}
        for seat in seated:
            figures = ledger_worth(seat)
            worths[number][seat.player.name] = figures.total
            cash[seat.player.name] += figures.cash
            result = Result.objects.get(seat=seat)
            assert (result.net_worth, result.cash) == (figures.total, figures.cash)
            paid = PAID[number][NAMES.index(seat.player.name)]
            assert figures.total == opening_worth(seat) + paid

        standings = preliminary_standings(event=event)
        assert standings["rounds"] == list(range(1, number + 1))
        totals = {n: sum(worths[r][n] for r in worths) for n in NAMES}
        by_aggregate = sorted(NAMES, key=lambda n: (totals[n], cash[n]), reverse=True)
        assert [row["name"] for row in standings["rows"]] == by_aggregate
        for row in standings["rows"]:
            name = row["name"]
            assert row["net_worths"] == [worths[r][name] for r in worths]
            assert row["total"] == totals[name] == sum(row["net_worths"])
            assert row["cash"] == cash[name]
        going = {row["name"] for row in standings["rows"] if row["advances"]}
        assert going == set(by_aggregate[:4])
        stored = Result.objects.filter(round=round_, advances=True)
        assert {r.player.name for r in stored} == going

    # Brook and Cy are level on aggregate; Cy holds less cash, so Brook goes on.
    assert totals["Brook"] == totals["Cy"]
    assert cash["Brook"] > cash["Cy"]
    assert by_aggregate[:4] == FINALISTS
    rows = {row["name"]: row for row in standings["rows"]}
    assert (rows["Brook"]["place"], rows["Cy"]["place"]) == (4, 5)
    said = [money(w, "USD") for w in (worths[1]["Ada"], worths[2]["Ada"], totals["Ada"])]
    assert rows["Ada"]["how"] == f"{said[0]} + {said[1]} = {said[2]}"

    final = round_create(event_id=event.pk, kind=Round.Kind.FINAL, actor=organiser)
    round_seat(round_id=final.pk, seed=3, actor=organiser)
    seated = list(Seat.objects.filter(table__round=final).select_related("table", "player"))
    assert sorted(s.player.name for s in seated) == sorted(FINALISTS)
    round_release(round_id=final.pk, actor=organiser)
    round_start(round_id=final.pk, actor=organiser)
    for seat in seated:
        paid = 100 * (FINALISTS.index(seat.player.name) + 1)  # Brook, the fourth, wins it
        bank(seat.table, kind="bank_payment", seat=seat.number, amount=paid, memo="Final prize")
    (table,) = {seat.table for seat in seated}
    table_close(table_id=table.pk, actor=BANKER)
    table_confirm(table_id=table.pk, user=referee)
    round_end(round_id=final.pk, actor=organiser)

    results = {r.player.name: r for r in Result.objects.filter(round=final)}
    for seat in seated:
        assert results[seat.player.name].net_worth == ledger_worth(seat).total
    winner = max(seated, key=lambda seat: ledger_worth(seat).total)
    assert winner.player.name == "Brook"
    assert results["Brook"].rank == 1
    assert not results["Brook"].tied
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED
    # The final counts in no aggregate: the standings stay those of the preliminary rounds.
    assert preliminary_standings(event=event)["rounds"] == [1, 2]


def ledger_worth(seat: Seat) -> engine.NetWorth:
    """The seat's net worth as the table's ledger, replayed from its start, makes it."""
    rules = rules_of(seat.table.round.event)
    return engine.net_worth(replayed_state(seat.table, rules), rules, seat.number)


def opening_worth(seat: Seat) -> int:
    """The seat's net worth before any entry: its starting cash."""
    rules = rules_of(seat.table.round.event)
    start = engine.TableState.from_dict(read_ledger(seat.table, rules).start)
    return engine.net_worth(start, rules, seat.number).total


def test_an_organiser_makes_an_aggregate_event_through_the_api() -> None:
    client = client_for(UserFactory(username="api-organiser", is_staff=True))
    body = {
        "name": "Aggregate Night",
        "date": "2026-11-28",
        "edition": "us",
        "advancement": {"format": "aggregate", "finalists": 4},
    }
    response = client.post("/api/events/", body, format="json")
    assert response.status_code == 201, response.json()
    assert response.json()["advancement"] == {
        "format": "aggregate",
        "wildcards": 0,
        "finalists": 4,
    }
    event = Event.objects.get(pk=response.json()["id"])
    assert event.plays_every_preliminary
    body["advancement"] = {"format": "Aggregate"}
    assert client.post("/api/events/", body, format="json").status_code == 400


def test_the_rules_total_the_rounds_of_every_format_where_everyone_plays_on() -> None:
    every = {f for f in Event.Format.values if Event(advancement=f).plays_every_preliminary}
    assert every == {advancement.POINTS, advancement.AGGREGATE} == {"points", "aggregate"}
