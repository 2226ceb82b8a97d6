"""The referees' pages in the referee's language (their browser's, else English): the
overview of every table, a table's page with its ledger and forms, the corrections' own
sentences and refusals, and the scripts' texts."""

from __future__ import annotations

import html
import json
import re

import pytest
from django.test import Client
from django.utils import translation

from banking.entry_words import kind_label
from banking.models import Entry
from tests.conftest import World
from tests.entries import bank
from tests.tournament.pages.test_referee_pages import adjust_url, event_url, table_url, void_url
from tournament.money import money

pytestmark = pytest.mark.django_db

# What a referee reads on the overview: a table's heading, its seats' columns, its link,
# the rules search; then on a table's page: its sections and the correction forms.
OVERVIEW = {
    "fr": (
        "Table 1",
        "Valeur nette",
        "Dernière écriture",
        "Table 1\u00a0: registre, annulations, corrections",
        "Chercher dans les règles",
    ),
    "de": (
        "Tisch 1",
        "Nettovermögen",
        "Letzte Buchung",
        "Tisch 1: Kassenbuch, Stornos, Korrekturen",
        "In den Regeln suchen",
    ),
    "es": (
        "Mesa 1",
        "Patrimonio neto",
        "Último asiento",
        "Mesa 1: registro, anulaciones, ajustes",
        "Buscar en las reglas",
    ),
}
OVERVIEW_ENGLISH = (
    "Net worth",
    "Latest entry",
    "Table 1: ledger, void, adjust",
    "Search the rules",
    "$1,100",
)
TABLE = {
    "fr": (
        "Ajuster un solde",
        "Donner\u00a0: la banque paie le joueur",
        "Registre",
        "Pourquoi annuler l\N{RIGHT SINGLE QUOTATION MARK}écriture n°\u00a02\u00a0?",
        "Valeur nette au fil de la manche",
    ),
    "de": (
        "Kontostand korrigieren",
        "Geben: Die Bank zahlt an den Spieler",
        "Kassenbuch",
        "Warum wird Buchung Nr. 2 storniert?",
        "Nettovermögen im Verlauf der Runde",
    ),
    "es": (
        "Ajustar un saldo",
        "Dar: la banca paga al jugador",
        "Registro",
        "¿Por qué se anula el asiento n.º 2?",
        "Patrimonio neto a lo largo de la ronda",
    ),
}
TABLE_ENGLISH = (
    "Adjust a balance",
    "Give: the bank pays the player",
    "Ledger",
    "Why void entry #2?",
    "Net worth over the round",
)


def read(client: Client, address: str, language: str) -> str:
    response = client.get(address, headers={"Accept-Language": language})
    assert response.status_code == 200
    return html.unescape(response.content.decode())


@pytest.fixture
def played(world: World) -> World:
    bank(world.table, kind="buy", seat=1, space=39)
    bank(world.table, kind="pass_go", seat=2)
    return world


@pytest.mark.parametrize("language", sorted(OVERVIEW))
def test_the_overview_speaks_the_referees_language(client, played, language):
    client.force_login(played.referee)
    page = read(client, event_url(played), language)
    assert f'<html lang="{language}">' in page
    for sentence in OVERVIEW[language]:
        assert sentence in page, sentence
    for sentence in OVERVIEW_ENGLISH:
        assert sentence not in page, sentence
    with translation.override(language):  # a seat's cash on its card, as the language writes it
        assert money(1100, "USD") in page
    assert f"/i18n/js/{language}.js" in page  # the scripts' texts, in the same language


@pytest.mark.parametrize("language", sorted(TABLE))
def test_a_tables_page_speaks_the_referees_language(client, played, language):
    client.force_login(played.referee)
    page = read(client, table_url(played), language)
    assert f'<html lang="{language}">' in page
    for sentence in TABLE[language]:
        assert sentence in page, sentence
    for sentence in TABLE_ENGLISH:
        assert sentence not in page, sentence


def test_an_english_browser_reads_the_referees_pages_in_english(client, played):
    client.force_login(played.referee)
    overview, table = read(client, event_url(played), "en"), read(client, table_url(played), "en")
    assert '<html lang="en">' in overview
    for sentence in OVERVIEW_ENGLISH:
        assert sentence in overview, sentence
    for sentence in TABLE_ENGLISH:
        assert sentence in table, sentence


def test_a_void_and_an_adjustment_are_said_in_french(played):
    browser = Client(headers={"Accept-Language": "fr"})
    browser.force_login(played.referee)
    entry = Entry.objects.get(table=played.table, seq=2)
    voided = browser.post(void_url(played, entry), {"reason": "Case Départ comptée deux fois"})
    page = read(browser, voided["Location"], "fr")
    assert "Écriture 2 annulée (Case Départ comptée deux fois)." in page
    assert "Annulée par l\N{RIGHT SINGLE QUOTATION MARK}écriture n°\u00a03" in page
    assert f"par {played.referee.username} (Arbitre)" in page  # the role it was voided under

    refused = browser.post(adjust_url(played), {"seat": "1", "direction": "add", "reason": "x"})
    assert refused.status_code == 400
    page = html.unescape(refused.content.decode())
    assert "Saisissez le montant." in page
    assert "Type the amount." not in page


def test_a_refused_text_is_said_in_german(played):
    browser = Client(headers={"Accept-Language": "de"})
    browser.force_login(played.referee)
    entry = Entry.objects.get(table=played.table, seq=2)
    refused = browser.post(void_url(played, entry), {"reason": "zwei\tZeilen"})
    assert refused.status_code == 400
    page = html.unescape(refused.content.decode())
    assert "Dieser Text enthält ein Steuerzeichen" in page
    assert "holds a control character" not in page


def test_the_referees_scripts_get_their_texts_in_spanish(client):
    answer = client.get("/i18n/js/es.js")
    found = re.search(r"const newcatalog = (\{.*?\});", answer.content.decode(), re.S)
    assert found, answer.content
    texts = json.loads(found.group(1))
    assert texts["Saving…"] == "Guardando…"
    assert texts["The answers could not be loaded. Press Search to try again."].startswith(
        "No se han podido cargar las respuestas."
    )


def test_a_void_the_rules_refuse_is_said_in_french(client, world):
    """The bank's own refusal (an entry that a later one depends on), in the referee's
    words, as the console says it."""
    buy = bank(world.table, kind="buy", seat=1, space=1)
    bank(world.table, kind="mortgage", seat=1, space=1)
    browser = Client(headers={"Accept-Language": "fr"})
    browser.force_login(world.referee)
    refused = browser.post(void_url(world, buy), {"reason": "Mauvais joueur"})
    assert refused.status_code == 400
    page = html.unescape(refused.content.decode())
    assert "depends on this one" not in page
    with translation.override("fr"):
        mortgage = kind_label("mortgage")
    assert f"({mortgage})" in page  # the kind that depends on it, in French
