"""Each role lands, after login, on its own start page, and reaches its pages by links."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import PASSWORD, UserFactory, VolunteerFactory
from tournament.models import Volunteer


def logged_in(user) -> tuple[Client, str]:
    """A browser that logged in as `user` through the login form, and where it landed."""
    client = Client()
    response = client.post(
        reverse("login"), {"username": user.get_username(), "password": PASSWORD}, follow=True
    )
    assert response.status_code == 200
    return client, response.redirect_chain[-1][0]


def links(html: str) -> set[str]:
    return set(re.findall(r'href="([^"#]+)', html))


@pytest.mark.django_db
def test_a_referee_lands_on_their_events_and_clicks_through_to_every_page(world):
    client, landed = logged_in(world.referee)

    assert landed == reverse("referee-home")
    event = world.event.pk
    home = client.get(landed).content.decode()
    assert reverse("referee-event", args=[event]) in links(home)

    overview = client.get(reverse("referee-event", args=[event])).content.decode()
    table = reverse("referee-table", args=[event, world.table.pk])
    assert table in links(overview)
    assert reverse("faq-event", args=[event]) in links(overview)
    assert reverse("faq-briefing", args=[event]) in links(overview)
    # The start page of the site lists their event with the referee's pages too.
    start = client.get("/").content.decode()
    assert reverse("referee-event", args=[event]) in links(start)
    assert reverse("desk:event", args=[event]) not in links(start)


@pytest.mark.django_db
def test_a_referee_sent_to_the_desk_is_shown_the_way_to_the_referees_pages(world):
    client, _ = logged_in(world.referee)

    response = client.get(reverse("desk:event", args=[world.event.pk]))

    assert response.status_code == 403
    page = response.content.decode()
    assert "ask one of its organisers to add you" not in page.lower()
    assert reverse("referee-event", args=[world.event.pk]) in links(page)


@pytest.mark.django_db
def test_an_organiser_lands_on_their_events_with_the_desk(world):
    client, landed = logged_in(world.organiser)

    assert landed == "/"
    page = client.get(landed).content.decode()
    assert reverse("desk:event", args=[world.event.pk]) in links(page)
    assert reverse("referee-event", args=[world.event.pk]) in links(page)


@pytest.mark.django_db
def test_a_banker_with_an_account_finds_their_tables_console(world):
    banker = world.table.banker
    assert banker is not None  # seating gives each table a banker
    client, landed = logged_in(banker.user)

    page = client.get(landed).content.decode()
    assert reverse("console", args=[world.table.key]) in links(page)
    assert reverse("faq-event", args=[world.event.pk]) in links(page)
    # Another table's console is not theirs to open.
    for other in world.tables[1:]:
        if other.banker_id != banker.pk:
            assert other.key not in page


@pytest.mark.django_db
def test_someone_in_no_event_is_told_so_and_offered_no_event_they_cannot_open():
    user = UserFactory()
    VolunteerFactory(role=Volunteer.Role.REFEREE)  # someone else's event

    client, landed = logged_in(user)

    assert landed == "/"
    page = client.get(landed).content.decode()
    assert "not part of an event yet" in page
    assert reverse("desk:event-new") not in links(page)  # they may not set one up
