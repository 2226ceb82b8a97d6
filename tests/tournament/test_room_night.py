"""The night across the room, as the desk charts it: the money raised as it came in, and
the entries a minute at every table."""

from __future__ import annotations

import re
from datetime import timedelta
from unittest.mock import patch

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.charts import chart_in, lines
from tests.entries import bank
from tests.factories import PlayerFactory
from tournament.room.night import MINUTES_SHOWN, entries_a_minute, money_over_the_night
from tournament.selectors import money_raised
from tournament.services.events import donation_add
from tournament.services.players import player_add, player_set_paid

pytestmark = pytest.mark.django_db


def overview(client, world) -> str:
    client.force_login(world.organiser)
    return client.get(reverse("desk:event", args=[world.event.pk])).content.decode()


def at(moment):
    """Entries recorded inside are recorded at `moment` (the ledger takes no other time)."""
    return patch("django.utils.timezone.now", return_value=moment)


def test_the_money_rises_with_each_fee_and_gift_and_ends_at_the_total(client, world):
    event = world.event
    PlayerFactory(event=event, paid=15)  # a fee with no time recorded: it counts from the start
    late = player_add(event_id=event.pk, name="Late Comer", paid=20)
    donation_add(event_id=event.pk, donor="The Corner Shop", amount=150)
    player_set_paid(player_id=late.pk, paid=25)
    raised = [amount for _, amount in money_over_the_night(event)]
    total = money_raised(event.pk)["total"]
    assert raised[-4:] == [total - 175, total - 155, total - 5, total]
    assert raised[0] == total - 175  # before the fee and gifts of the night
    assert lines(chart_in(overview(client, world))) == {"Raised": raised}


def test_nothing_raised_draws_no_chart(world):
    for player in world.event.players.all():
        player_set_paid(player_id=player.pk, paid=0)
    assert money_over_the_night(world.event) == []


def test_entries_are_counted_minute_by_minute_over_the_last_hour(client, world):
    latest = timezone.now().replace(second=30, microsecond=0)
    with at(latest - timedelta(hours=3)):
        bank(world.table, kind="pass_go", seat=3)
    with at(latest - timedelta(minutes=5)):
        bank(world.table, kind="pass_go", seat=2)
    with at(latest):
        for _ in range(3):
            bank(world.table, kind="pass_go", seat=1)
    minutes = entries_a_minute(world.event, now=timezone.now() + timedelta(hours=2))
    assert len(minutes) == MINUTES_SHOWN
    assert minutes[-1] == (latest.replace(second=0), 3)  # ends at the latest entry
    assert minutes[-6][1] == 1
    assert sum(count for _, count in minutes) == 4  # the one three hours before is not shown
    page = overview(client, world)
    assert "Entries a minute" in page
    bars = [int(v) for v in re.findall(r'data-value="(\d+)"', page)]
    assert sum(bars) == 4


def test_before_any_entry_there_is_no_entries_chart(client, world):
    assert entries_a_minute(world.event) == []
    assert "Entries a minute" not in overview(client, world)
