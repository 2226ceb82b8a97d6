"""The desk's event form sets what the event speaks (its big screen and prints) and what its
money is written in: by default its organiser's language and its edition's currency; a
value it does not offer is a clear error, and nothing changes."""

from __future__ import annotations

from html import unescape

import pytest
from django.urls import reverse

from tests.conftest import session_for
from tests.tournament.pages.desk.test_desk import creator, event_form  # noqa: F401 - fixture
from tournament.models import AuditEvent, Event, Player

pytestmark = pytest.mark.django_db

NBSP = "\N{NO-BREAK SPACE}"


def test_a_new_event_speaks_its_organisers_language_and_takes_its_editions_currency(creator):  # noqa: F811
    client = session_for(creator)
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "de-DE,de;q=0.9"
    page = unescape(client.get(reverse("desk:event-new")).content.decode())
    assert '<option value="de" selected>Deutsch</option>' in page
    # The fields' labels and help, in German.
    assert "Währung" in page
    assert "In dieser Sprache sprechen die Großbildanzeige" in page

    response = client.post(reverse("desk:event-new"), event_form(edition="uk"))

    assert response.status_code == 302
    event = Event.objects.get()
    assert (event.language, event.currency) == ("de", "GBP")


def test_an_english_browser_makes_an_english_event_in_the_us_editions_dollars(creator):  # noqa: F811
    response = session_for(creator).post(reverse("desk:event-new"), event_form(edition="us"))
    assert response.status_code == 302
    assert Event.objects.values_list("language", "currency").get() == ("en", "USD")


def test_the_organiser_chooses_the_language_and_the_currency(creator):  # noqa: F811
    form = event_form(language="fr", currency="EUR")
    assert session_for(creator).post(reverse("desk:event-new"), form).status_code == 302
    assert Event.objects.values_list("language", "currency").get() == ("fr", "EUR")


def test_the_settings_change_them_at_any_time_and_the_trail_keeps_it(world):
    url = reverse("desk:event-edit", args=[world.event.pk])
    client = session_for(world.organiser)
    form = event_form(name=world.event.name, edition="us", language="de", currency="CHF")

    assert client.post(url, form).status_code == 302  # a round has started: no matter

    world.event.refresh_from_db()
    assert (world.event.language, world.event.currency) == ("de", "CHF")
    changed = AuditEvent.objects.filter(action="event_updated").latest("pk").data["changed"]
    assert changed["language"] == ["en", "de"]
    assert changed["currency"] == ["USD", "CHF"]
    page = unescape(client.get(url).content.decode())
    assert '<option value="CHF" selected>' in page


@pytest.mark.parametrize(
    ("field", "value"), [("currency", "XYZ"), ("currency", "$"), ("language", "it")]
)
def test_a_value_the_form_does_not_offer_is_a_clear_error_and_changes_nothing(world, field, value):
    url = reverse("desk:event-edit", args=[world.event.pk])
    form = event_form(name="Renamed", edition="us", **{field: value})

    response = session_for(world.organiser).post(url, form)

    assert response.status_code == 200
    page = unescape(response.content.decode())
    assert f"Select a valid choice. {value} is not one of the available choices." in page
    world.event.refresh_from_db()
    assert world.event.name != "Renamed"
    assert (world.event.language, world.event.currency) == ("en", "USD")


def test_the_desk_writes_the_events_money_in_its_currency_and_the_readers_language(world):
    Event.objects.filter(pk=world.event.pk).update(currency="EUR", entry_fee=1091)
    client = session_for(world.organiser)
    overview = reverse("desk:event", args=[world.event.pk])
    german = unescape(client.get(overview, headers={"Accept-Language": "de"}).content.decode())
    english = unescape(client.get(overview, headers={"Accept-Language": "en"}).content.decode())
    assert f"1.091{NBSP}€" in german
    assert "€1,091" in english


def test_the_players_list_writes_what_each_paid_in_the_events_currency(world):
    Event.objects.filter(pk=world.event.pk).update(currency="EUR", entry_fee=25)
    first, second = world.event.players.order_by("name")[:2]
    Player.objects.filter(pk=first.pk).update(paid=10)
    client = session_for(world.organiser)
    url = reverse("desk:players", args=[world.event.pk])
    page = unescape(client.get(url, headers={"Accept-Language": "de"}).content.decode())
    assert f"bisher 10{NBSP}€" in page
    Event.objects.filter(pk=world.event.pk).update(entry_fee=0)
    Player.objects.filter(pk=second.pk).update(paid=1091)
    page = unescape(client.get(url, headers={"Accept-Language": "en"}).content.decode())
    assert '<span class="muted">€1,091</span>' in page
    assert '<span class="muted">No fee</span>' in page


def test_the_desks_script_is_sent_the_total_raised_written_by_the_server(world):
    Event.objects.filter(pk=world.event.pk).update(currency="EUR", entry_fee=1091)
    player = world.event.players.first()
    answer = session_for(world.organiser).post(
        reverse("desk:player-paid", args=[player.pk]),
        {"paid": "1091"},
        headers={"X-Requested-With": "fetch", "Accept-Language": "fr"},
    )
    assert answer.json()["raised_text"] == "1\N{NARROW NO-BREAK SPACE}091\N{NO-BREAK SPACE}€"
