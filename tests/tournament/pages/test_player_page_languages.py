"""A player's own page in the player's language: their browser's (Accept-Language) where the
product speaks it, else English; the switcher in the page's header overrides it, and the
choice is kept (Django's language cookie). Money is grouped as the language groups it."""

from __future__ import annotations

import html
import json
import re

import pytest
from django.test import Client

from tests.conftest import World, make_world
from tests.entries import bank
from tests.tournament.pages.test_player_page import HTMX, live, next_step, page_url, seated_player
from tournament.models import Player

pytestmark = pytest.mark.django_db

# What a player reads on their page in each language: its header, a card's title, a figure's
# label and the "what's next" card's title; then $1,500 as that language writes it (CLDR).
READ = {
    "fr": (
        "Votre page personnelle",
        "Votre argent",
        "Valeur nette",
        "Et ensuite",
        "1\u202f500\u00a0$US",
    ),
    "es": ("Su página personal", "Su dinero", "Patrimonio neto", "Y ahora", "1.500\u00a0US$"),
    "de": (
        "Ihre persönliche Seite",
        "Ihr Geld",
        "Nettovermögen",
        "Wie es weitergeht",
        "1.500\u00a0$",
    ),
}
ENGLISH = (
    "Your own page",
    "Your money",
    "Net worth",
    "What\N{RIGHT SINGLE QUOTATION MARK}s next",
    "$1,500",
)
# The "what's next" sentence of a checked-in player whose round 1 is being seated.
BEING_SEATED = {
    "en": "Stay close: round 1 is being seated.",
    "fr": "Restez à proximité\u00a0: le placement de la manche 1 est en cours.",
    "es": "No se aleje: se están asignando las mesas de la ronda 1.",
    "de": "Bleiben Sie in der Nähe: Die Tische für Runde 1 werden gerade verteilt.",
}


def read(client: Client, player: Player, **headers: str) -> str:
    response = client.get(page_url(player), headers=headers)
    assert response.status_code == 200
    return html.unescape(response.content.decode())


def being_seated(language: str | None) -> str:
    """The sentence of a checked-in player whose round is seated but not yet released."""
    world = make_world(players=4, start=False)
    player = seated_player(world)
    Player.objects.filter(pk=player.pk).update(checked_in=True)
    client = Client(headers={"Accept-Language": language} if language else {})
    state, sentence = next_step(live(client, player))
    assert state == "coming_soon"
    return sentence


@pytest.mark.parametrize("language", sorted(READ))
def test_a_browser_in_french_spanish_or_german_reads_the_page_in_that_language(
    client: Client, world: World, language: str
):
    player = seated_player(world)
    page = read(client, player, **{"Accept-Language": f"{language},en;q=0.5"})

    assert f'<html lang="{language}">' in page
    for sentence in READ[language]:
        assert sentence in page, sentence
    for sentence in ENGLISH:
        assert sentence not in page, sentence
    # The round's kind and status, from the model's labels, and the script's texts.
    assert {"fr": "Manche 1 · Qualification", "es": "Ronda 1 · Clasificatoria"}.get(
        language, "Runde 1 · Vorrunde"
    ) in page
    assert f"/i18n/js/{language}.js" in page


@pytest.mark.parametrize("language", sorted(BEING_SEATED))
def test_the_whats_next_sentence_is_said_in_the_readers_language_with_its_number(language):
    assert being_seated(None if language == "en" else language).startswith(BEING_SEATED[language])


def test_an_english_browser_and_one_in_a_language_the_product_lacks_read_english(client, world):
    player = seated_player(world)
    for asked in ("en-GB,en;q=0.9", "it-IT,it;q=0.9", ""):
        page = read(client, player, **({"Accept-Language": asked} if asked else {}))
        assert '<html lang="en">' in page
        for sentence in ENGLISH:
            assert sentence in page, (asked, sentence)


def switcher_links(page: str) -> dict[str, str]:
    """The header's language links: each language's code and its address."""
    found = re.findall(r'<a href="(/i18n/[^"]+)" lang="([a-z]+)"', page)
    return {code: html.unescape(address) for address, code in found}


@pytest.mark.parametrize("language", ["en", "fr", "es", "de"])
def test_the_switcher_names_each_language_in_its_own_words(client, world, language):
    page = read(client, seated_player(world), **{"Accept-Language": language})
    named = re.findall(r'hreflang="[a-z]+">([^<]+)</a>|aria-current="true">([^<]+)<', page)
    assert sorted("".join(pair) for pair in named) == ["Deutsch", "English", "Español", "Français"]


def test_the_switcher_changes_the_language_and_the_choice_is_kept(world):
    player = seated_player(world)
    browser = Client(headers={"Accept-Language": "de"})
    page = read(browser, player)
    assert "Ihr Geld" in page
    links = switcher_links(page)
    assert set(links) == {"en", "fr", "es"}  # German is the page's: no link

    chosen = browser.get(links["fr"])

    assert chosen.status_code == 302
    assert chosen["Location"] == page_url(player)  # back to the same page
    assert chosen.cookies["django_language"]["max-age"] > 30 * 24 * 3600
    # Kept across requests, over the German browser: the page and its poll.
    for _ in range(2):
        assert "Votre argent" in read(browser, player)
    assert "Votre argent" in browser.get(page_url(player), headers=HTMX).content.decode()

    back = browser.get(switcher_links(read(browser, player))["en"])
    assert back["Location"] == page_url(player)
    assert "Your money" in read(browser, player)


def test_the_switcher_returns_only_to_this_site_and_knows_only_its_languages(client):
    away = client.get("/i18n/fr/?next=https://elsewhere.example/")
    assert (away.status_code, away["Location"]) == (302, "/")
    assert client.get("/i18n/it/?next=/").status_code == 404
    assert client.post("/i18n/fr/?next=/").status_code == 405


def test_the_page_script_gets_its_texts_in_the_readers_language(client):
    answer = client.get("/i18n/js/fr.js")
    assert answer.status_code == 200
    found = re.search(r"const newcatalog = (\{.*?\});", answer.content.decode(), re.S)
    assert found, answer.content
    texts = json.loads(found.group(1))
    said = "Up to date (checked just now). Nothing on this page can change the game."
    assert texts[said].startswith("À jour (vérifié à l\N{RIGHT SINGLE QUOTATION MARK}instant).")


def test_a_bankrupt_player_reads_their_bankruptcy_in_their_language(client, world):
    player, creditor = seated_player(world, 0, 2), seated_player(world, 0, 1)
    bank(world.table, kind="buy", seat=1, space=39)
    bank(world.table, kind="bank_payment", seat=2, amount=-1490)
    bank(world.table, kind="rent", seat=2, space=39)  # $50 on $10: owed to seat 1
    bank(world.table, kind="bankrupt", seat=2, creditor=1)

    shown = html.unescape(live(Client(headers={"Accept-Language": "de"}), player))

    said = f"{player.name} geht gegenüber {creditor.name} bankrott; {creditor.name} nimmt"
    assert said in shown
    back = f"{creditor.name} gibt den Teil der Schuld zurück, den {player.name} nicht zahlen kann"
    assert f"<li>{back} 40\N{NO-BREAK SPACE}$</li>" in shown  # dollars, as German writes them
    assert next_step(shown) == ("bankrupt", BANKRUPT_DE)
    assert "goes bankrupt" not in shown


BANKRUPT_DE = (
    "Sie sind bankrott: Ihr Spiel an diesem Tisch ist vorbei. Bleiben Sie in der Nähe: Ihr "
    "Ergebnis erscheint hier, sobald der Tisch abgeschlossen und geprüft ist."
)


def test_the_chart_speaks_the_readers_language_at_an_address_of_its_own(client, world):
    player = seated_player(world, 0, 3)
    bank(world.table, kind="pass_go", seat=3)

    def chart(language: str) -> tuple[str, str]:
        shown = live(Client(headers={"Accept-Language": language}), player)
        found = re.search(r'class="p-chart" src="([^"]+)"', shown)
        assert found, shown
        address = html.unescape(found.group(1))
        drawn = client.get(address, headers={"Accept-Language": language})
        assert drawn.status_code == 200
        return address, drawn.content.decode()

    english, french = chart("en"), chart("fr")
    assert english[0] != french[0]  # a phone keeps each drawing: one address a language
    assert "<title>Net worth of each player after each entry</title>" in english[1]
    assert "<title>Valeur nette de chaque joueur après chaque écriture</title>" in french[1]
    assert ">Écriture 1<" in french[1]
