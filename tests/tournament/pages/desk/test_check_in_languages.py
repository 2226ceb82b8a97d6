"""The invitation the desk prepares for each player, in French, Spanish and German: its
subject, its plain text and its HTML say every sentence in the language it is made in
(translation.override, as the event's language sets it), the date as that language writes
it; and the desk's page that offers it reads in the organiser's language."""

from __future__ import annotations

import datetime
from html import unescape

import pytest
from django.urls import reverse
from django.utils import translation

from tests.conftest import session_for
from tests.factories import EventFactory, PlayerFactory, VolunteerFactory
from tournament.models import Volunteer
from tournament.pages.desk.check_in import player_message_text

pytestmark = pytest.mark.django_db

URL = "https://night.example.org/p/abc/"
# The subject, the sentence of where and when, and the last paragraphs, in each language.
SAID = {
    "fr": (
        "Votre place à Soirée Monopoly",
        "Bonjour Ada Lovelace,",
        "Vous êtes inscrit à Soirée Monopoly le samedi 5 décembre 2026, à Salle des fêtes, "
        "au profit de Banque alimentaire.",
        "Votre page personnelle : " + URL,
        "Gardez ce lien pour vous : c\u2019est votre code d\u2019enregistrement.",
        "À bientôt !",
    ),
    "es": (
        "Su plaza en Soirée Monopoly",
        "Hola, Ada Lovelace:",
        "Está inscrito en Soirée Monopoly el sábado 5 de diciembre de 2026 en Salle des fêtes, "
        "a beneficio de Banque alimentaire.",
        "Su página personal: " + URL,
        "No comparta este enlace: es su código de registro.",
        "¡Nos vemos allí!",
    ),
    "de": (
        "Ihr Platz bei Soirée Monopoly",
        "Guten Tag Ada Lovelace,",
        "Sie sind für Soirée Monopoly am Samstag, 5. Dezember 2026 in Salle des fêtes "
        "angemeldet, zugunsten von Banque alimentaire.",
        "Ihre persönliche Seite: " + URL,
        "Behalten Sie den Link für sich: Er ist Ihr Anmeldecode.",
        "Bis bald!",
    ),
}
ENGLISH = (
    "Your place",
    "Hello",
    "You are registered",
    "Your own page",
    "See you there",
    "check-in QR code",
)


def event(language: str = "en") -> object:
    return EventFactory(
        language=language,
        name="Soirée Monopoly",
        date=datetime.date(2026, 12, 5),
        venue="Salle des fêtes",
        charity="Banque alimentaire",
    )


@pytest.mark.parametrize("language", sorted(SAID))
def test_the_invitation_is_written_in_the_events_language_whoever_makes_it(language):
    """The players read it: it speaks the event's language, not the organiser's."""
    with translation.override("de" if language != "de" else "fr"):
        message = player_message_text(name="Ada Lovelace", event=event(language), url=URL)
    subject, hello, where, page, keep, bye = SAID[language]
    assert message["subject"] == subject
    plain = message["plain"]
    assert plain.startswith(f"{hello}\n\n{where}\n\n{page}\n")
    assert f"\n{keep}\n" in plain
    assert plain.rstrip().endswith(bye)
    html = unescape(message["html"])
    for sentence in (hello, where, keep, bye):
        assert sentence in html, sentence
    assert f'<a href="{URL}">{URL}</a>' in html
    for words in ENGLISH:
        assert words not in plain + html, words


def test_without_venue_or_charity_the_invitation_says_only_the_date():
    bare = EventFactory(
        name="Soirée Monopoly",
        date=datetime.date(2026, 12, 5),
        venue="",
        charity="",
        language="fr",
    )
    plain = player_message_text(name="Ada", event=bare, url=URL)["plain"]
    assert "Vous êtes inscrit à Soirée Monopoly le samedi 5 décembre 2026.\n" in plain


def test_the_desks_page_of_the_invitation_reads_in_the_organisers_language():
    """The page around the message speaks the organiser's language; the message, the
    event's (English here)."""
    night = event()
    organiser = VolunteerFactory(event=night, role=Volunteer.Role.ORGANISER).user
    guest = PlayerFactory(event=night, name="Ada Lovelace")
    client = session_for(organiser)
    url = reverse("desk:player-message", args=[guest.pk])
    page = unescape(client.get(url, headers={"Accept-Language": "fr"}).content.decode())
    for words in ("Message à envoyer", "Copier le message", "Sa page personnelle", "Objet"):
        assert words in page, words
    for words in ("Message to send", "Copy the message", "Their own page", "Subject"):
        assert words not in page, words
    assert "Your place at Soirée Monopoly" in page
