"""The printed figures against what they are counted from: each figure of the results and
of the night in numbers, read from the PDF's text, equals the ledger, the audit trail or
the tablets' heartbeats, counted here another way."""

from __future__ import annotations

import re
import uuid
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.utils import timezone

from banking.actors import Actor
from banking.models import Entry, TableLedger, TabletHeartbeat
from banking.services.entries import entry_post, entry_void
from banking.services.tablets import Report, tablet_heartbeat
from tests.entries import BANKER, bank
from tests.factories import PlayerFactory
from tests.pdfs import pdf_text
from tests.played import Night, final_tie_decided, night, play, tie_decided
from tests.print_jobs import job_for, make
from tests.tournament.test_room import control_room
from tournament.models import (
    AuditEvent,
    Donation,
    Player,
    PrintJob,
    Result,
    Round,
    Seat,
    Table,
    Volunteer,
)
from tournament.money import money
from tournament.results.closing import round_end, table_close
from tournament.results.reviews import table_confirm, table_dispute

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def media(settings: Any, tmp_path: Path) -> Path:
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


def printed(n: Night, kind: str) -> str:
    """The document's text, on one line: what a reader sees, whatever the layout's breaks."""
    job = make(job_for(n, kind))
    assert job.status == PrintJob.Status.DONE, job.error
    return re.sub(r"\s+", " ", pdf_text(job.file.path))


def between(text: str, start: str, stop: str) -> str:
    return text[text.index(start) : text.index(stop, text.index(start))]


# -- The results -----------------------------------------------------------------------------


def test_a_decided_tie_shows_only_who_goes_on_as_the_tables_winner():
    n = night(ended=False)
    decision = tie_decided(n)
    text = printed(n, "results")

    winners = between(text, "Round winners", "Thank you")
    second = n.tables()[1]
    names = dict(Result.objects.filter(seat__table=second).values_list("player_id", "player__name"))
    assert decision.data["advances"] is True
    assert sorted(decision.data["settled"]) == sorted(set(names) - {decision.data["player_id"]})
    assert f"{names[decision.data['player_id']]} (T2)" in winners
    for player_id in decision.data["settled"]:
        assert names[player_id] not in winners
    first_winner = Result.objects.get(seat__table=n.tables()[0], rank=1)
    assert f"{first_winner.player.name} (T1)" in winners


def test_a_final_tied_and_decided_has_one_winner_the_one_decided():
    n = night()
    winner, tied = final_tie_decided(n)
    name, others = winner.player.name, [r.player.name for r in tied]

    results = printed(n, "results")
    champion = between(results, "WINNER OF THE FINAL", "Money raised")
    assert name in champion
    assert not any(other in champion for other in others)
    standings = between(results, "Final standings", "Round winners")
    assert standings.count("WINNER") == 1
    assert re.search(rf"{name} 1 #1= at table (\$[\d,]+ ){{4}}WINNER", standings)
    final_winners = between(results, "Final (", "Thank you")
    assert name in final_winners
    assert not any(other in final_winners for other in others)
    night_page = printed(n, "night")
    assert name in between(night_page, "WINNER OF THE FINAL", "The evening")
    assert not any(other in night_page for other in others)


def test_every_figure_of_the_results_equals_the_ledger_and_the_money():
    n = night(players=8)
    text = printed(n, "results")

    event, cur = n.event, n.event.currency
    fees = sum(Player.objects.filter(event=event).values_list("paid", flat=True))
    given = sum(Donation.objects.filter(event=event).values_list("amount", flat=True))
    raised = between(text, "Money raised", "Standings after")
    assert raised.endswith(f"{money(fees, cur)} {money(given, cur)} {money(fees + given, cur)} ")

    # Each seat as its table's ledger left it: rank at the table, cash, net worth.
    seats = []
    for table in n.tables():
        names = dict(table.seats.values_list("number", "player__name"))
        for rank, row in enumerate(TableLedger.objects.get(table=table).standings, start=1):
            seats.append({**row, "table": table.number, "rank": rank, "name": names[row["seat"]]})
    winners = [s for s in seats if s["rank"] == 1]
    wildcard = max((s for s in seats if s["rank"] > 1), key=lambda s: (s["net_worth"], s["cash"]))
    going = {s["name"] for s in [*winners, wildcard]}
    standings = between(text, "Standings after round 1", "Round winners")
    by_table = between(text, "Results by table", "Round 1 · tables 1 to 2")
    for s in seats:
        cash, worth = money(s["cash"], cur), money(s["net_worth"], cur)
        row = rf"{s['name']} {s['table']} #{s['rank']} at table {re.escape(cash)} "
        row += rf"\$[\d,]+ \$[\d,]+ {re.escape(worth)}( GOES ON)?"
        found = re.search(row, standings)
        assert found, row
        assert bool(found.group(1)) == (s["name"] in going)
        assert f"{s['rank']}. {s['name']}{' ▸' if s['name'] in going else ''} {worth}" in by_table
    ordered = sorted(seats, key=lambda s: (s["rank"], -s["net_worth"], s["name"]))
    positions = [standings.index(f" {s['name']} ") for s in ordered]
    assert positions == sorted(positions)
    assert standings.count("GOES ON") == len(going) == len(winners) + event.wildcards

    tables = len(n.tables())
    line = ", ".join(f"{s['name']} (T{s['table']})" for s in winners)
    assert f"Round 1 ({tables} tables, {len(seats)} players): {line} Thank you" in text
    volunteers = Volunteer.objects.filter(event=event).values("user").distinct().count()
    players = Player.objects.filter(event=event).count()
    assert f"Thank you to the {players} players, {volunteers} volunteers and 1 donor " in text
    assert f"{players} players · 1 round played" in text
    for table in n.tables():
        assert f"Table {table.number} {table.verification_code}" in by_table


# -- The night in numbers ----------------------------------------------------------------------


def figure(text: str, label: str) -> str:
    """The value printed beside a figure's label on the night in numbers."""
    found = re.search(rf"{re.escape(label)} (\S+(?: min)?)", text)
    assert found, f"{label!r} is not on the page"
    return found.group(1)


def adjust(table: Table, referee: Actor) -> None:
    """The referee gives seat 2 the rent it missed."""
    payload = {"kind": "adjust", "seat": 2, "amount": 50, "reason": "Rent missed"}
    entry_post(table_id=table.pk, entry_id=uuid.uuid4(), payload=payload, actor=referee)


def test_the_bankers_entries_are_counted_apart_from_the_referees_corrections():
    n = night(ended=False)
    table = n.tables()[0]
    referee = Actor(role=Actor.REFEREE, name="Rita Referee", user=n.referee)
    bought = bank(table, kind="buy", seat=1, space=39)
    paid = bank(table, kind="bank_payment", seat=2, amount=-50, memo="Wrong seat")
    entry_void(table_id=table.pk, entry_id=paid.pk, reason="Wrong seat", actor=BANKER)  # undone
    entry_void(table_id=table.pk, entry_id=bought.pk, reason="Not bought", actor=referee)
    adjust(table, referee)
    bank(n.tables()[1], kind="pass_go", seat=3)
    text = printed(n, "night")

    ledger = Entry.objects.filter(table__round__event=n.event)
    by_bankers = ledger.filter(author_role=Actor.BANKER)
    by_referees = ledger.filter(author_role=Actor.REFEREE)
    assert figure(text, "Entries recorded by the bankers") == str(by_bankers.count()) == "4"
    assert figure(text, "Entries voided by a referee") == str(
        by_referees.filter(kind=Entry.VOID).count()
    )
    assert figure(text, "Adjustments by a referee") == str(
        by_referees.filter(kind="adjust").count()
    )
    assert by_referees.count() == 2


def test_the_minutes_offline_are_the_tablets_time_away_as_their_heartbeats_recorded_it():
    n = night(ended=False)
    first, second = n.tables()
    now = timezone.now()
    # Table 1's tablet was last heard 4 minutes ago, unable to send: the control room
    # shows it offline. Table 2's came back after 2 minutes away and is online.
    gone = now - timedelta(minutes=4)
    tablet_heartbeat(table_id=first.pk, report=Report(online=False, outbox=3), now=gone)
    tablet_heartbeat(table_id=second.pk, report=Report(away_seconds=120, outbox=2), now=now)
    room = {t["number"]: t for t in control_room(round_id=n.round.pk, now=now)["tables"]}
    assert room[1]["tablet"]["words"] == "offline 4 min, 3 entries waiting"
    assert room[2]["tablet"]["back"] == "back after 2 min"
    text = printed(n, "night")

    beats = {b.table_id: b for b in TabletHeartbeat.objects.all()}
    away_now = timezone.now() - beats[first.pk].seen_at
    away = beats[second.pk].away_seconds + away_now.total_seconds()
    assert figure(text, "Minutes tablets spent offline") == f"{round(away / 60)} min" == "6 min"
    assert figure(text, "Entries tablets sent once back online") == str(beats[second.pk].caught_up)


def test_every_figure_of_the_night_equals_the_ledger_the_trail_the_tablets_and_the_money():
    n = night(ended=False)
    PlayerFactory(event=n.event, name="Late Larry", checked_in=False, paid=0)  # never played
    play(n.round)
    first, second = n.tables()
    referee = Actor(role=Actor.REFEREE, name="Rita Referee", user=n.referee)
    table_close(table_id=first.pk, actor=BANKER)
    table_dispute(table_id=first.pk, user=n.referee, reason="Rent missed")
    wrong = Entry.objects.filter(table=first, kind="bank_payment").order_by("seq").first()
    entry_void(table_id=first.pk, entry_id=wrong.pk, reason="Not paid", actor=referee)
    adjust(first, referee)
    table_close(table_id=first.pk, actor=BANKER)
    table_confirm(table_id=first.pk, user=n.organiser)
    table_close(table_id=second.pk, actor=BANKER)
    table_confirm(table_id=second.pk, user=n.referee)
    round_end(round_id=n.round.pk)
    tablet_heartbeat(table_id=second.pk, report=Report(outbox=4, away_seconds=300))
    text = printed(n, "night")

    event = n.event
    players = Player.objects.filter(event=event)
    ledger = Entry.objects.filter(table__round__event=event)
    corrections = ledger.filter(author_role=Actor.REFEREE)
    fees = sum(players.values_list("paid", flat=True))
    given = sum(Donation.objects.filter(event=event).values_list("amount", flat=True))
    beat = TabletHeartbeat.objects.get(table=second)
    expected = {
        "Players registered": players.count(),
        "Players checked in": players.filter(checked_in=True).count(),
        "Players who played": Seat.objects.filter(table__round__event=event)
        .values("player")
        .distinct()
        .count(),
        "Rounds played": event.rounds.filter(status=Round.Status.ENDED).count(),
        "Tables": Table.objects.filter(round__event=event).count(),
        "Entries recorded by the bankers": ledger.filter(author_role=Actor.BANKER).count(),
        "Entries voided by a referee": corrections.filter(kind=Entry.VOID).count(),
        "Adjustments by a referee": corrections.filter(kind="adjust").count(),
        "Results disputed": AuditEvent.objects.filter(event=event, action="table_disputed").count(),
        "Minutes tablets spent offline": f"{beat.away_seconds // 60} min",
        "Entries tablets sent once back online": beat.caught_up,
        "Raised from entry fees": money(fees, event.currency),
        "Raised from donations": money(given, event.currency),
        "Raised in all": money(fees + given, event.currency),
    }
    assert {label: figure(text, label) for label in expected} == {
        label: str(value) for label, value in expected.items()
    }
    assert (players.count(), ledger.count(), corrections.count()) == (9, 22, 2)
    assert "Not decided yet" in text  # no final


# -- Teams -------------------------------------------------------------------------------------


def team_totals(n: Night) -> list[tuple[str, int]]:
    """Each team's total, best first: its members' net worths from their stored results."""
    totals: dict[str, int] = {}
    for result in Result.objects.filter(round__event=n.event).select_related("player"):
        totals[result.player.team] = totals.get(result.player.team, 0) + result.net_worth
    return sorted(totals.items(), key=lambda item: (-item[1], item[0]))


def test_the_results_and_the_night_in_numbers_print_the_team_standings():
    n = night(players=8, final=True, teams=("Reds", "Blues", "Greens"))
    cur = n.event.currency
    totals = team_totals(n)
    by_round = {
        (team, number): sum(
            Result.objects.filter(
                round__event=n.event, round__number=number, player__team=team
            ).values_list("net_worth", flat=True)
        )
        for team, _ in totals
        for number in (1, 2)
    }
    results = between(printed(n, "results"), "Team standings", "Thank you")
    for place, (team, total) in enumerate(totals, start=1):
        rounds = " ".join(money(by_round[team, number], cur) for number in (1, 2))
        assert f"{place} {team} {rounds} {money(total, cur)}" in results
    assert "every member's net worth, summed" in results

    page = printed(n, "night")
    assert page.count("· the night in numbers · printed") == 1  # still one page
    teams = page[page.index("Money raised") :]
    assert figure(teams, "Teams") == "3"
    assert figure(teams, "Winning team") == totals[0][0]
    for place, (team, total) in enumerate(totals, start=1):
        assert f"{place}. {team} {money(total, cur)}" in teams

    alone = night(players=8)  # without teams, nothing is printed of them
    assert "Team standings" not in printed(alone, "results")
    assert "Team" not in printed(alone, "night")
