"""Each role, from the home page, reaches by links every page it may open, and no page it
reaches fails: on PostgreSQL, with Django's test client (tests/crawl.py; the same crawl runs
on SQLite against `make run` in tests/production/test_make_run.py).

The night: two teams, round 1 played and ended (results, bracket, team standings,
scoresheets to print), its final seated and started (consoles and the control room live)."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from django.test import Client

from tests import crawl
from tests.entries import bank
from tests.factories import PASSWORD
from tests.played import night
from tournament.models import Player, Round, Table, Volunteer
from tournament.services.rounds import round_create, round_release, round_seat, round_start

BASE = "http://testserver"
TEAMS = ("Reds", "Blues")


def browser(user: Any = None) -> tuple[Client, crawl.Open]:
    """A browser logged in as `user` through the login form (nobody's if None), and how it
    opens an address, following redirects as a browser does."""
    client = Client()
    if user is not None:
        login = {"username": user.get_username(), "password": PASSWORD}
        assert client.post("/accounts/login/", login).status_code == 302

    def open_(url: str) -> crawl.Answer:
        parts = urlsplit(url)
        response = client.get(parts.path, parse_qs(parts.query), follow=True)
        landed = response.redirect_chain[-1][0] if response.redirect_chain else parts.path
        body = b"" if response.streaming else response.content
        return crawl.Answer(
            response.status_code,
            response.headers,
            body,
            landed if landed.startswith("http") else BASE + landed,
        )

    return client, open_


@pytest.mark.django_db
def test_each_role_reaches_every_page_it_may_open_and_none_fails():
    n = night(teams=TEAMS)
    final = round_create(event_id=n.event.pk, kind=Round.Kind.FINAL)
    round_seat(round_id=final.pk, seed=7)
    round_release(round_id=final.pk, actor=n.organiser)
    round_start(round_id=final.pk)
    table = final.tables.get()
    bank(table, kind="pass_go", seat=1)
    player = table.seats.order_by("number").first().player
    banker = table.banker.user
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

    roles: dict[str, tuple[Any, list[str], dict[str, list[Any]]]] = {
        "anonymous": (None, ["/"], {}),
        "organiser": (n.organiser, ["/"], {}),
        "referee": (n.referee, ["/"], {}),
        # The banker opens the console from the table card's link (its key), or from home.
        "banker": (banker, ["/", f"/console/{table.key}/"], {"key": [table.key]}),
        # A player has no login: their page's link is all they are given.
        "player": (None, [f"/p/{player.token}/"], {"token": [player.token]}),
    }
    failures, missed = {}, {}
    for role, (user, starts, secrets) in roles.items():
        _, open_ = browser(user)
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
