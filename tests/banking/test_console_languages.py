"""The banker's console in the banker's language: the page, its scripts' catalogue (at an
address of its own per language, which the tablet keeps for opening offline), and the
table's API, whose refusals keep their stable code and say their sentence in the
language the request asks for (Accept-Language)."""

from __future__ import annotations

import html
import json
import re

import pytest
from django.test import Client

from tests.conftest import World, close_and_confirm
from tests.entries import post_entry, posted
from tournament.money import money
from tournament.results.closing import round_end

pytestmark = pytest.mark.django_db

# What a banker reads on the console in each language: the hint, the ledger's title, a move
# and the moves' title; then a kind of entry from the bank's labels, given to the script.
READ = {
    "fr": (
        "Touchez le joueur dont c\u2019est le tour, puis une action : la banque calcule chaque "
        "montant.",
        "Registre",
        "Lever l\u2019hypothèque",
        "Actions",
    ),
    "es": (
        "Toque al jugador que tiene el turno y luego una jugada: la banca calcula cada importe.",
        "Registro",
        "Levantar hipoteca",
        "Jugadas",
    ),
    "de": (
        "Tippen Sie auf den Spieler am Zug, dann auf einen Spielzug: Die Bank rechnet jeden "
        "Betrag aus.",
        "Kassenbuch",
        "Hypothek ablösen",
        "Spielzüge",
    ),
}
RENT = {"fr": "Loyer", "es": "Alquiler", "de": "Miete"}
ENGLISH = (
    "Tap the player on turn, then a move: the bank works out every amount.",
    "Show all entries",
    "Unmortgage",
    "newest first",
    "Time left",
)
# A sentence the console's scripts draw (the offline banner), in each catalogue.
OFFLINE = {
    "fr": "Les écritures attendent sur cette tablette et partent, dans l\u2019ordre, dès le retour "
    "de la connexion.",
    "es": "Los apuntes esperan en esta tableta y se envían, en orden, cuando vuelve la conexión.",
    "de": "Buchungen warten auf diesem Tablet und werden der Reihe nach gesendet, sobald die "
    "Verbindung zurück ist.",
}


def console(world: World, language: str) -> tuple[str, dict]:
    client = Client(headers={"Accept-Language": f"{language},en;q=0.5"})
    response = client.get(f"/console/{world.table.key}/")
    assert response.status_code == 200
    page = html.unescape(response.content.decode())
    config = json.loads(re.search(r'id="console-config"[^>]*>(.*?)</script>', page, re.S)[1])
    return page, config


@pytest.mark.parametrize("language", sorted(READ))
def test_a_banker_whose_browser_speaks_french_spanish_or_german_reads_the_console_in_it(
    world: World, language: str
):
    page, config = console(world, language)

    assert f'<html lang="{language}">' in page
    for sentence in READ[language]:
        assert sentence in page, sentence
    for sentence in ENGLISH:
        assert sentence not in page, sentence
    assert config["kinds"]["rent"] == RENT[language]
    # The scripts' catalogue in that language, at its own address, kept for opening offline.
    catalogue = f"/i18n/js/{language}.js"
    assert f'<script src="{catalogue}"' in page
    assert config["catalogue"] == catalogue
    assert catalogue in config["assets"]
    # The switcher, to choose another language on a shared tablet.
    assert 'class="language-switcher"' in page


def test_an_english_browser_reads_the_console_in_english(world: World):
    page, config = console(world, "en")

    for sentence in ENGLISH:
        assert sentence in page, sentence
    assert config["kinds"]["rent"] == "Rent"
    assert config["catalogue"] == "/i18n/js/en.js"


@pytest.mark.parametrize("language", sorted(OFFLINE))
def test_each_languages_catalogue_has_its_own_address_whatever_the_browser_asks(
    language: str,
):
    """The address says the language: a tablet's cache holds the one its page named, and a
    header asking for another language changes nothing."""
    response = Client(headers={"Accept-Language": "en"}).get(f"/i18n/js/{language}.js")

    assert response.status_code == 200
    assert "javascript" in response["Content-Type"]
    catalogue = response.content.decode()  # the sentences as JSON writes them
    english = "Entries wait on this tablet and are sent, in order, when the connection returns."
    assert f"{json.dumps(english)}: {json.dumps(OFFLINE[language])}" in catalogue


def test_a_language_the_product_does_not_speak_has_no_catalogue():
    assert Client().get("/i18n/js/it.js").status_code == 404


# Paying more than the cash in hand: the same code in every language, the sentence in each
# (the names as they are, money as the language writes it).
SHORT = {
    "en": "{name} has {cash} but this payment costs {cost}.",
    "fr": "{name} a {cash}, mais ce paiement s\u2019élève à {cost}.",
    "de": "{name} hat {cash}, aber diese Zahlung beträgt {cost}.",
}


@pytest.mark.parametrize("language", sorted(SHORT))
def test_a_refusal_says_its_sentence_in_the_requesters_language_with_the_same_code(
    world: World, language: str
):
    name = world.table.seats.get(number=1).player.name
    client = world.banker()
    client.credentials(HTTP_AUTHORIZATION=f"Table {world.table.key}", HTTP_ACCEPT_LANGUAGE=language)

    recorded = post_entry(client, world.table, kind="pay_player", seat=1, to_seat=2, amount=5000)
    previewed = client.post(
        f"/api/tables/{world.table.pk}/preview/",
        {"kind": "pay_player", "seat": 1, "to_seat": 2, "amount": 5000},
        format="json",
    )

    for response in (recorded, previewed):
        assert response.status_code == 400
        assert response.json() == {
            "error": "insufficient_cash",
            "detail": SHORT[language].format(
                name=name, cash=money(1500, "USD", language), cost=money(5000, "USD", language)
            ),
        }


def test_a_refusal_of_the_round_and_a_deed_left_out_are_said_in_french(world: World):
    """The bank's own refusals (a check on the table) and the reasons the options give for a
    player's deed left out of a list, in the requester's language too."""
    client = world.banker()
    client.credentials(HTTP_AUTHORIZATION=f"Table {world.table.key}", HTTP_ACCEPT_LANGUAGE="fr")
    posted(client, world.table, kind="buy", seat=1, space=39)

    refused = post_entry(client, world.table, kind="buy", seat=2, space=39)
    assert refused.status_code == 400
    name = world.table.seats.get(number=1).player.name
    assert refused.json() == {
        "error": "already_owned",
        "detail": f"Boardwalk appartient déjà à {name}.",
    }
    seat = next(s for s in client.get(f"/api/tables/{world.table.pk}/options/").json()["seats"])
    assert seat["left_out"]["build"]["39"] == (
        f"{name} doit posséder tous les terrains du groupe bleu foncé avant de construire sur "
        "Boardwalk."
    )
    # What the ledger says of an entry, in French as well.
    entries = client.get(f"/api/tables/{world.table.pk}/entries/").json()
    assert entries[-1]["description"] == f"{name} achète Boardwalk"


def test_a_link_that_opens_no_console_says_so_in_the_browsers_language():
    response = Client(headers={"Accept-Language": "es"}).get("/console/not-a-key-at-all/")

    assert response.status_code == 404
    page = html.unescape(response.content.decode())
    assert "Este enlace de mesa no abre ninguna consola" in page
    assert "This table link does not open a console" not in page


def test_a_round_that_ended_says_it_is_over_in_the_browsers_language(world: World):
    close_and_confirm(world.round, by=world.referee)
    round_end(round_id=world.round.pk)

    response = Client(headers={"Accept-Language": "de"}).get(f"/console/{world.table.key}/")

    assert response.status_code == 410
    page = html.unescape(response.content.decode())
    assert "Diese Runde ist vorbei" in page
    assert f"daher ist die Konsole von Tisch {world.table.number} geschlossen" in page
    assert "This round is over" not in page
