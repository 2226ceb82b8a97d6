"""The big screen speaks to the whole room in the event's language, whatever the browser
that shows it says, and writes money in the event's currency as that language writes it;
each person's own pages keep their browser's language, with the event's currency."""

from __future__ import annotations

from html import unescape

import pytest
from django.test import Client

from tests.conftest import World, make_world
from tests.tournament.pages.test_player_page import page_url, seated_player
from tests.tournament.pages.test_screen import chart_url, final_running, poll, screen_url
from tournament.models import Event
from tournament.services.screens import screen_link_issue

pytestmark = pytest.mark.django_db

NBSP = "\N{NO-BREAK SPACE}"
NARROW = "\N{NARROW NO-BREAK SPACE}"
START_DE = f"1.500{NBSP}€"  # the starting cash, in German
START_FR = f"1{NARROW}500{NBSP}€"  # in French
START_EN = "€1,500"  # in English


@pytest.fixture
def euros_in_german() -> World:
    world = make_world(players=4, language="de", currency="EUR")
    world.event = screen_link_issue(event_id=world.event.pk)
    return world


def screen(client: Client, event: Event, **headers: str) -> tuple[str, str]:
    response = client.get(screen_url(event), headers=headers)
    assert response.status_code == 200
    return unescape(response.content.decode()), response["Content-Language"]


@pytest.mark.parametrize("asked", ["fr-FR,fr;q=0.9", "en-GB,en;q=0.9", "es", ""])
def test_the_screen_speaks_the_events_language_whatever_the_browser(euros_in_german, asked):
    client = Client(headers={"Accept-Language": asked} if asked else {})
    page, language = screen(client, euros_in_german.event)

    assert language == "de"
    assert '<html lang="de">' in page
    assert START_DE in page
    assert START_FR not in page
    assert START_EN not in page
    assert "$" not in page.split("<main", 1)[-1]  # no edition's dollar on the boards


def test_the_screens_poll_speaks_it_too(euros_in_german):
    client = Client(headers={"Accept-Language": "fr"})
    polled = poll(client, euros_in_german.event)
    assert polled.status_code == 200
    assert polled["Content-Language"] == "de"
    assert START_DE in unescape(polled.content.decode())


def test_a_change_of_language_or_currency_shows_at_the_next_look(euros_in_german):
    """The screen's kept boards are named by the language and the currency they were
    written in: a change is seen at once, not when a table next moves."""
    client = Client(headers={"Accept-Language": "fr"})
    assert START_DE in screen(client, euros_in_german.event)[0]
    Event.objects.filter(pk=euros_in_german.event.pk).update(language="fr", currency="CHF")
    page, language = screen(client, euros_in_german.event)
    assert language == "fr"
    assert f"1{NARROW}500{NBSP}CHF" in page
    assert START_DE not in page


def test_a_players_own_page_keeps_their_language_with_the_events_currency(euros_in_german):
    player = seated_player(euros_in_german)
    for asked, start in (("fr", START_FR), ("en", START_EN), ("de", START_DE)):
        response = Client(headers={"Accept-Language": asked}).get(page_url(player))
        page = unescape(response.content.decode())
        assert f'<html lang="{asked}">' in page
        assert start in page, asked


def test_the_finals_chart_is_drawn_anew_for_a_new_language_or_currency(client):
    """The browser keeps each drawing of the final's chart by its address: the address
    names the words it is written in."""
    event, _table = final_running()
    first = chart_url(client.get(screen_url(event)).content.decode())
    Event.objects.filter(pk=event.pk).update(language="de", currency="EUR")
    later = chart_url(client.get(screen_url(event)).content.decode())
    assert later != first
    assert f"1.500{NBSP}€" in unescape(client.get(later).content.decode())
