"""The night in numbers: every figure equals what the ledgers, the trail, the tablets and
the money say, counted here another way."""

from __future__ import annotations

import uuid
from datetime import timedelta

import pytest
from django.utils import timezone

from banking.actors import Actor
from banking.models import Entry
from banking.services.entries import entry_post, entry_void
from banking.services.tablets import Report, tablet_heartbeat
from tests.entries import bank
from tests.played import night
from tournament.models import Donation, Player, Result, Table
from tournament.results.closing import table_close
from tournament.results.night import night_in_numbers
from tournament.results.reviews import table_dispute

pytestmark = pytest.mark.django_db

REFEREE = Actor(role=Actor.REFEREE, name="Rita Referee")


def figures(event_id: int) -> dict[str, int | str]:
    return {f.key: f.value for f in night_in_numbers(event_id=event_id)}


def test_a_played_night_in_numbers_equals_its_ledgers_and_money():
    n = night(players=8, final=True)
    tables = n.tables()
    tablet_heartbeat(table_id=tables[0].pk, report=Report(outbox=3, away_seconds=150))
    tablet_heartbeat(table_id=tables[1].pk, report=Report(outbox=1, away_seconds=30))
    got = figures(n.event.pk)

    players = list(Player.objects.filter(event=n.event))
    entries = [e for t in n.event.rounds.all() for tb in t.tables.all() for e in tb.entries.all()]
    paid = sum(p.paid for p in players)
    given = sum(d.amount for d in Donation.objects.filter(event=n.event))
    final = n.rounds[-1].results.order_by("rank", "-net_worth").first()
    assert got["players"] == len(players) == 8
    assert got["players_played"] == 8
    assert got["rounds"] == 2
    assert got["tables"] == sum(len(n.tables(r)) for r in n.rounds)
    assert got["entries"] == len([e for e in entries if e.author_role == Actor.BANKER]) > 0
    assert got["tablet_minutes_offline"] == 3  # 150 s and 30 s
    assert got["entries_caught_up"] == 4
    assert (got["raised_fees"], got["raised_donations"]) == (paid, given)
    assert got["raised_total"] == paid + given == 8 * 20 + 150
    assert got["winner"] == final.player.name


def test_voids_adjustments_and_disputes_are_counted():
    n = night(players=8, ended=False)
    table = n.tables()[0]
    bought = bank(table, kind="buy", seat=1, space=39)
    entry_void(table_id=table.pk, entry_id=bought.pk, reason="wrong street", actor=REFEREE)
    bank(table, kind="pass_go", seat=2)
    table_close(table_id=table.pk)
    table_dispute(table_id=table.pk, user=n.referee, reason="rent missed")
    entry_post(
        table_id=table.pk,
        entry_id=uuid.uuid4(),
        payload={"kind": "adjust", "seat": 2, "amount": 50, "reason": "rent missed"},
        actor=REFEREE,
    )
    got = figures(n.event.pk)
    assert (got["voids"], got["adjustments"], got["disputes"]) == (1, 1, 1)
    # The buy and the pass of GO are the bankers'; the void and the adjustment the referee's.
    ledger = Entry.objects.filter(table__round__event=n.event)
    assert got["entries"] == ledger.filter(author_role=Actor.BANKER).count() == 2
    assert ledger.count() == 4
    assert got["winner"] == ""  # no final yet


def test_a_tablet_away_counts_until_its_table_closed_not_after():
    n = night(players=8, ended=False)
    first, second = n.tables()
    now = timezone.now()
    heard = now - timedelta(hours=1)
    tablet_heartbeat(table_id=first.pk, report=Report(outbox=1), now=heard)
    tablet_heartbeat(table_id=second.pk, report=Report(outbox=0), now=heard)
    # Table 1 closed three minutes after its tablet went silent; table 2 was closed from
    # its tablet, whose silence after is no time away.
    Table.objects.filter(pk=first.pk).update(closed_at=heard + timedelta(minutes=3))
    Table.objects.filter(pk=second.pk).update(closed_at=heard + timedelta(seconds=5))
    got = {f.key: f.value for f in night_in_numbers(event_id=n.event.pk, now=now)}
    assert got["tablet_minutes_offline"] == 3


def test_an_event_with_teams_ends_its_night_in_numbers_on_the_team_standings():
    n = night(players=8, final=True, teams=("Reds", "Blues"))
    totals = {
        team: sum(
            Result.objects.filter(round__event=n.event, player__team=team).values_list(
                "net_worth", flat=True
            )
        )
        for team in ("Reds", "Blues")
    }
    best, other = sorted(totals, key=lambda team: -totals[team])
    listed = night_in_numbers(event_id=n.event.pk)
    assert [(f.key, f.label, f.value) for f in listed[-4:]] == [
        ("teams", "Teams", 2),
        ("team_winner", "Winning team", best),
        ("team_1", f"1. {best}", totals[best]),
        ("team_2", f"2. {other}", totals[other]),
    ]
    assert not any(f.key.startswith("team") for f in night_in_numbers(event_id=night().event.pk))
