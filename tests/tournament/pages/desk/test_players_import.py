"""Importing the registration sheet again: existing players are found (by email, else by
name), updated or left as they are, line by line; nobody is added twice."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.conftest import session_for
from tests.factories import EventFactory, PlayerFactory, VolunteerFactory
from tournament import selectors
from tournament.models import Volunteer

SHEET = (
    "name,email,team,paid\n"
    "Ada Lovelace,ada@example.org,Reds,25\n"
    "Brook Taylor,,Blues,20\n"
    "Cy Young,cy@example.org,,0\n"
)


@pytest.fixture
def desk(db):
    event = EventFactory()
    organiser = VolunteerFactory(event=event, role=Volunteer.Role.ORGANISER).user
    return event, session_for(organiser)


def send(desk, text: str):
    event, client = desk
    return client.post(reverse("desk:players-import", args=[event.pk]), {"text": text}, follow=True)


def test_importing_the_same_sheet_again_adds_nobody_and_counts_no_fee_twice(desk):
    event, _ = desk
    send(desk, SHEET)
    raised = selectors.money_raised(event.pk)["fees"]
    assert raised == 45

    page = send(desk, SHEET).content.decode()

    assert event.players.count() == 3
    assert selectors.money_raised(event.pk)["fees"] == 45
    assert "No player added" in page
    for line, name in ((2, "Ada Lovelace"), (3, "Brook Taylor"), (4, "Cy Young")):
        assert f"Line {line}: {name} — already registered, unchanged" in page


def test_a_sheet_with_new_and_changed_players_says_what_it_did_line_by_line(desk):
    event, _ = desk
    send(desk, SHEET)
    changed = (
        "name,email,team,paid\n"
        "Ada L.,ada@example.org,Reds,25\n"  # found by her email: renamed
        "brook taylor,brook@example.org,Greens,20\n"  # found by name: email and team
        "Dee Dee,,,10\n"  # new
    )

    page = send(desk, changed).content.decode()

    assert "Added 1 player, updated 2" in page
    assert "Line 2: Ada L. — updated: name Ada Lovelace → Ada L." in page
    assert "Line 3: brook taylor — updated: email → brook@example.org, team Blues → Greens" in page
    assert "Line 4:" not in page  # an added player is in the count, not a line of its own
    assert event.players.count() == 4
    brook = event.players.get(email="brook@example.org")
    assert (brook.name, brook.team) == ("Brook Taylor", "Greens")  # the desk's spelling kept
    assert selectors.money_raised(event.pk)["fees"] == 55


def test_a_sheet_never_takes_back_money_the_desk_took(desk):
    event, _ = desk
    PlayerFactory(event=event, name="Ada Lovelace", email="ada@example.org", paid=40)

    page = send(desk, "name,email,paid\nAda Lovelace,ada@example.org,25\n").content.decode()

    assert event.players.get().paid == 40
    assert "paid stays 40 (the sheet says 25)" in page


def test_one_person_twice_in_a_sheet_is_a_line_to_fix_and_changes_nothing(desk):
    event, _ = desk
    twice = "name,email\nAda,ada@example.org\nAda Lovelace,ADA@example.org\n"

    response = send(desk, twice)

    assert response.status_code == 400
    page = response.content.decode()
    assert "Line 3:" in page
    assert "line 2" in page
    assert event.players.count() == 0


@pytest.mark.django_db
def test_the_api_reports_what_it_added_updated_and_left(world):
    from tests.conftest import client_for

    api = client_for(world.organiser)
    url = f"/api/events/{world.event.pk}/players/import/"
    existing = world.event.players.order_by("pk").first()
    text = f"name,team\n{existing.name},Yellows\nNew Person,\n"

    body = api.post(url, text, content_type="text/csv").json()

    assert body["created"] == 1
    assert body["updated"] == 1
    assert body["unchanged"] == 0
    assert [line["outcome"] for line in body["lines"]] == ["updated", "added"]
