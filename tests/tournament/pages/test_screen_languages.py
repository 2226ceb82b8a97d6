"""The big screen in French, Spanish and German: at an event in that language its page and
its poll read in it, every sentence, with no English left, whatever the browser asks; what
it keeps for each table is kept apart for each language."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone, translation
from django.utils.translation import gettext

from tests.conftest import World, close_and_confirm
from tests.entries import bank
from tests.tournament.pages.test_screen import boards, bracket, clock, poll, screen_url, words
from tournament.models import Event, Round
from tournament.money import money
from tournament.results.closing import round_end
from tournament.services.screens import screen_link_issue

pytestmark = pytest.mark.django_db

# What the hall reads on a running round's screen, in each language: the clock's label and
# note, a board's heading and its cash's word, the views' titles and the controls. ("Table
# 1" is French too.)
READ = {
    "fr": (
        "Manche 1 · Qualification",
        "Fin de la manche annoncée à",
        "Table 1",
        "liquide",
        "Classement en direct",
        "valeur nette, table par table",
        "qui joue où, et qui est qualifié",
        "Plein écran",
        "Vue suivante",
        "Grand écran",
    ),
    "es": (
        "Ronda 1 · Clasificatoria",
        "El tiempo se cumple a las",
        "Mesa 1",
        "efectivo",
        "Clasificación en directo",
        "patrimonio neto, mesa por mesa",
        "quién juega dónde y quién se clasifica",
        "Pantalla completa",
        "Vista siguiente",
        "Pantalla grande",
    ),
    "de": (
        "Runde 1 · Vorrunde",
        "Die Zeit läuft um",
        "Tisch 1",
        "Bargeld",
        "Rangliste",
        "Nettovermögen, Tisch für Tisch",
        "wer wo spielt und wer weiterkommt",
        "Vollbild",
        "Nächste Ansicht",
        "Großbildschirm",
    ),
}
ENGLISH = (
    "Round 1",
    "Preliminary",
    "Time is called at",
    "cash $",
    "Leaderboard",
    "net worth, table by table",
    "who plays where",
    "Full screen",
    "Next view",
    "Big screen",
    "Loading",
    "Screen controls",
)
# The clock and the bracket once the round has ended.
ENDED = {
    "fr": ("Manche 1 · Qualification Terminée Les résultats sont connus", "Table 1 · close"),
    "es": ("Ronda 1 · Clasificatoria Terminada Ya están los resultados", "Mesa 1 · cerrada"),
    "de": ("Runde 1 · Vorrunde Beendet Die Ergebnisse stehen fest", "Tisch 1 · abgeschlossen"),
}


@pytest.fixture
def screened(world: World) -> World:
    world.event = screen_link_issue(event_id=world.event.pk)
    bank(world.table, kind="pass_go", seat=3)
    return world


def in_language(world: World, language: str) -> Client:
    """A browser on the screen of the world's event, now in `language`; the browser asks for
    English, which the screen does not follow."""
    Event.objects.filter(pk=world.event.pk).update(language=language)
    return Client(headers={"Accept-Language": "en"})


def cash(language: str, amount: int = 1700) -> str:
    """A board's cash as `words` reads it: its word, then the amount in the event's currency
    as the language writes it."""
    word = {"fr": "liquide", "es": "efectivo", "de": "Bargeld", "en": "cash"}[language]
    return " ".join(f"{word} {money(amount, 'USD', language)}".split())


def english_in(text: str) -> list[str]:
    """The English sentences of the screen found in `text` (its words, markup taken out, a
    no-break space read as a space)."""
    text = words(text)
    return [sentence for sentence in ENGLISH if sentence in text]


@pytest.mark.parametrize("language", sorted(READ))
def test_the_screen_reads_in_the_language_asked_with_no_english_left(screened, language):
    client = in_language(screened, language)
    page = client.get(screen_url(screened.event))
    assert page.status_code == 200
    html = page.content.decode()
    assert f'<html lang="{language}">' in html
    for sentence in READ[language]:
        assert sentence in words(html), sentence
    assert english_in(html) == []
    # screen.js's words (its status line, Pause and Rotate) in the event's language too,
    # whatever the browser that shows the screen asks for.
    catalogue = f"/i18n/js/{language}.js"
    assert catalogue in html
    with translation.override(language):
        paused = gettext("Rotate")
    assert json.dumps(paused) in client.get(catalogue).content.decode()


@pytest.mark.parametrize("language", sorted(READ))
def test_the_screens_poll_reads_in_the_language_asked(screened, language):
    client = in_language(screened, language)
    answer = poll(client, screened.event)
    assert answer.status_code == 200
    html = answer.content.decode()
    label, called, table, *_ = READ[language]
    assert clock(html).startswith(label)
    assert called in clock(html)
    assert boards(html)[1][0].endswith(cash(language))
    assert table in words(html)
    assert english_in(html) == []


@pytest.mark.parametrize("language", sorted(ENDED))
def test_an_ended_round_says_so_in_the_language_asked(screened, language):
    Round.objects.filter(pk=screened.round.pk).update(ends_at=timezone.now() - timedelta(minutes=1))
    close_and_confirm(screened.round, by=screened.referee)
    round_end(round_id=screened.round.pk, actor=screened.organiser)
    html = in_language(screened, language).get(screen_url(screened.event)).content.decode()
    said, closed = ENDED[language]
    assert clock(html) == said
    assert closed in words(bracket(html))
    assert english_in(html) == []


def test_boards_kept_for_one_language_are_never_shown_in_another(screened):
    """The screen keeps each table's board until the table changes: an event whose language
    changes shows its boards in the new one at once, and again in the first."""
    french = boards(poll(in_language(screened, "fr"), screened.event).content.decode())
    english = boards(poll(in_language(screened, "en"), screened.event).content.decode())
    assert french[1][0].endswith(cash("fr"))
    assert english[1][0].endswith(cash("en"))
    again = boards(poll(in_language(screened, "fr"), screened.event).content.decode())
    assert again == french
