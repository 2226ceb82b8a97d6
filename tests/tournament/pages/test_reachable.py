"""Each role, from the home page, reaches by links every page it may open, and no page it
reaches fails: on PostgreSQL, with Django's test client (tests/crawl.py; the same crawl runs
on SQLite against `make run` in tests/production/test_make_run.py).

The night: two teams, round 1 played and ended (results, bracket, team standings,
scoresheets to print), its final seated and started (consoles and the control room live)."""

from __future__ import annotations

import pytest

from tests import crawl
from tests.played import final_started, night
from tournament.models import Player, Table, Volunteer

BASE = crawl.TEST_CLIENT
TEAMS = ("Reds", "Blues")


@pytest.mark.django_db
def test_each_role_reaches_every_page_it_may_open_and_none_fails():
    n = night(teams=TEAMS)
    table = final_started(n)
    visitors = crawl.visitors(n.organiser, n.referee, table)
    player = table.seats.order_by("number").first().player
    event = n.event
    objects = {
        "event_id": [event.pk],
        "round_id": list(event.rounds.values_list("pk", flat=True)),
        "table_id": list(Table.objects.filter(round__event=event).values_list("pk", flat=True)),
        "player_id": [player.pk],
        "volunteer_id": list(Volunteer.objects.filter(event=event).values_list("pk", flat=True)),
        "donation_id": list(event.donations.values_list("pk", flat=True)),
        "name": list(TEAMS),  # a team's page, by its name
    }
    assert Player.objects.filter(event=event).count() == 8

    failures, missed = {}, {}
    for role, (user, starts, secrets) in visitors.items():
        _, open_ = crawl.browser(user)
        opened = crawl.crawl(open_, *starts, base=BASE)
        if crawl.failed(opened):
            failures[role] = crawl.failed(opened)
        # Nobody's browser knows of no event: an event's open pages (its FAQ) are reached
        # from the pages of the people in it (a player's page).
        fill = {**objects, **secrets} if user or secrets else {}
        lost = crawl.unreachable(open_, fill, opened, base=BASE, logged_in=user is not None)
        if lost:
            missed[role] = sorted(lost)
    assert failures == {}
    assert missed == {}, "\n".join(f"{r}: {p}" for r, p in missed.items())
