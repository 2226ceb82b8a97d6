"""The rules FAQ's pages in the reader's language: the public page with its topics, its
answers and the event's settings, the search box and its answers, the briefing and the
organiser's form, each reading the entries written in that language."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client

from games.models import FaqEntry
from tests.tournament.pages.test_faq_pages import (
    briefing_url,
    edit_url,
    event_with,
    faq_url,
    questions_in_order,
    search_url,
    volunteer,
)
from tournament.models import Volunteer
from tournament.services.briefings import briefing_set

pytestmark = pytest.mark.django_db

# The page's heading, a topic, an entry's question, the event's setting beside its answer,
# what the answer depends on, and the event's settings.
PAGE = {
    "fr": (
        "FAQ des règles",
        ">Hypothèques</h2>",
        "Comment hypothéquer une propriété\u00a0?",
        "À cet événement\u00a0: loyer double malgré un terrain hypothéqué — activé",
        "Édition britannique uniquement",
        'Loyer double malgré un terrain hypothéqué\u00a0: <strong class="on">activé</strong>',
    ),
    "de": (
        "Regel-FAQ",
        ">Hypotheken</h2>",
        "Wie nehme ich eine Hypothek auf ein Grundstück auf?",
        "Bei dieser Veranstaltung: doppelte Miete trotz Straße mit Hypothek — an",
        "Nur britische Ausgabe",
        'Doppelte Miete trotz Straße mit Hypothek: <strong class="on">an</strong>',
    ),
}
ENGLISH = (
    "Rules FAQ",
    ">Mortgages</h2>",
    "How do I mortgage a property?",
    "At this event: double rent despite a mortgaged site — on",
    "UK edition only",
    'Double rent despite a mortgaged site: <strong class="on">on</strong>',
)


def read(client: Client, address: str, language: str) -> str:
    response = client.get(address, headers={"Accept-Language": language})
    assert response.status_code == 200
    return html.unescape(response.content.decode())


@pytest.mark.parametrize("language", sorted(PAGE))
def test_the_public_faq_reads_in_the_readers_language(client, language):
    page = read(client, faq_url(event_with()), language)
    assert f'<html lang="{language}">' in page
    for sentence in PAGE[language]:
        assert sentence in page, sentence
    for sentence in ENGLISH:
        assert sentence not in page, sentence
    # Every question once, in the reader's language.
    assert page.count('class="faq-item"') == FaqEntry.objects.filter(language="en").count()


def test_an_english_reader_reads_the_english_faq(client):
    page = read(client, faq_url(event_with()), "en")
    for sentence in ENGLISH:
        assert sentence in page, sentence
    assert "Comment hypothéquer" not in page


@pytest.mark.parametrize(
    ("language", "q", "question", "count"),
    [
        (
            "fr",
            "loyer gare",
            "Quel est le loyer d'une gare",
            "réponses pour «\u00a0loyer gare\u00a0»",
        ),
        (
            "de",
            "Hypothek",
            "Wie nehme ich eine Hypothek auf ein Grundstück auf?",
            "Antworten zu „Hypothek“",
        ),
        (
            "es",
            "salir de la cárcel",
            "¿Cómo salgo de la cárcel?",
            "respuestas para «salir de la cárcel»",
        ),
    ],
)
def test_the_search_box_answers_in_the_readers_language(client, language, q, question, count):
    event = event_with()
    answer = read(client, search_url(event, q), language)
    questions = re.findall(r'<article class="faq-answer card">\s*<h3>(.*?)</h3>', answer)
    assert any(found.startswith(question) for found in questions[:3]), questions
    assert count in answer
    # Without JavaScript the page leads with the same answers.
    assert question in read(client, faq_url(event, q=q), language)


def test_a_search_nothing_matches_says_so_in_spanish(client):
    answer = read(client, search_url(event_with(), "zzzqqq"), "es")
    assert "Ninguna respuesta coincide con «zzzqqq»." in answer
    assert "No answer matches" not in answer


#: A question about a deed typed in each language, and the bank's answer in it.
DEED_ANSWERS = {
    "fr": (
        "loyer Boardwalk avec un hôtel",
        "Loyer pour Boardwalk avec un hôtel\u00a0: 2\u202f000\u00a0$US",
        "Calculé par la banque selon les règles de cet événement.",
    ),
    "es": (
        "alquiler de dos estaciones",
        "Alquiler de una estación con 2 estaciones en propiedad: 50\u00a0US$",
        "Calculado por la banca con las reglas de este evento.",
    ),
    "de": (
        "Hypothek Park Place",
        "Hypothek auf Park Place: bringt 175\u00a0$ ein; die Ablösung kostet 193\u00a0$",
        "Von der Bank nach den Regeln dieser Veranstaltung berechnet.",
    ),
}


@pytest.mark.parametrize("language", sorted(DEED_ANSWERS))
def test_a_question_about_a_deed_is_answered_in_the_readers_language(client, language):
    q, said, worked_out = DEED_ANSWERS[language]
    event = event_with()
    answer = read(client, search_url(event, q), language)
    assert said in answer
    assert worked_out in answer
    assert "data-deed-answer" in answer
    assert said in read(client, faq_url(event, q=q), language)  # without JavaScript


def test_a_french_misspelling_is_offered_the_french_word(client):
    event = event_with()
    misspelt = read(client, search_url(event, "loyre Boardwalk avec un hôtel"), "fr")
    assert "data-deed-answer" not in misspelt
    assert "Vouliez-vous dire" in misspelt
    suggested = re.search(r'href="([^"]*)"[^>]*data-did-you-mean>([^<]*)<', misspelt)
    assert suggested is not None
    assert suggested.group(2) == "loyer"
    followed = read(client, html.unescape(suggested.group(1)), "fr")
    assert DEED_ANSWERS["fr"][1] in followed


def test_an_english_reader_reads_the_english_answer(client):
    answer = read(client, search_url(event_with(), "rent on boardwalk with a hotel"), "en")
    assert "Rent on Boardwalk with a hotel: $2,000" in answer
    assert "Loyer" not in answer


def test_the_briefing_reads_the_organisers_picks_in_the_readers_language(client):
    event = event_with()
    picked = [
        FaqEntry.objects.get(slug=slug, language="de") for slug in ("mortgage-how", "rent-station")
    ]  # picked on a German page
    briefing_set(event_id=event.pk, faq_ids=[entry.pk for entry in picked])
    client.force_login(volunteer(event, Volunteer.Role.REFEREE))
    page = read(client, briefing_url(event), "fr")
    assert questions_in_order(page) == [
        FaqEntry.objects.get(slug=slug, language="fr").question
        for slug in ("mortgage-how", "rent-station")
    ]
    assert "Question 1 sur 2" in page
    assert "Briefing des joueurs" in page
    assert "Players\N{RIGHT SINGLE QUOTATION MARK} briefing" not in page


def test_the_organisers_form_numbers_the_picks_whatever_language_they_were_made_in(client):
    event = event_with()
    german = FaqEntry.objects.get(slug="mortgage-how", language="de")
    briefing_set(event_id=event.pk, faq_ids=[german.pk])
    client.force_login(volunteer(event, Volunteer.Role.ORGANISER))
    page = read(client, edit_url(event), "es")
    spanish = FaqEntry.objects.get(slug="mortgage-how", language="es")
    assert re.search(rf'name="order-{spanish.pk}" value="1"', page)
    assert "Este evento tiene su propia lista de 1 pregunta." in page
    assert "Guardar la sesión informativa" in page
    assert "Save the briefing" not in page

    saved = client.post(
        edit_url(event),
        {"pick": [str(spanish.pk)], f"order-{spanish.pk}": "1"},
        headers={"Accept-Language": "es"},
    )
    said = read(client, saved["Location"], "es")
    assert "La sesión informativa tiene 1 pregunta, en su orden." in said
