"""The words every reader of a result or of the night's figures sees, in the language active:
how a net worth was made (money as the language writes it, deeds under their edition's
names), a tie-break's rule, how long ago, and the night in numbers' labels,
whose keys stay the same in every language (the CSV's format)."""

from __future__ import annotations

import csv
import io
from datetime import datetime

import pytest
from django.utils import translation

from tests.conftest import client_for
from tests.played import night
from tournament.models import Result
from tournament.results.night import night_in_numbers
from tournament.results.shape import buildings, how, tie_break_text
from tournament.when import ago

BOARDWALK = {"name": "Boardwalk", "mortgaged": False, "value": 400, "houses": 2, "hotel": False}
PARK_PLACE = {"name": "Park Place", "mortgaged": True, "value": 175, "houses": 0, "hotel": False}
HOW = {
    "en": "cash $1,120 + deeds $575 (Boardwalk $400, Park Place mortgaged $175) + buildings $400 "
    "(Boardwalk 2 houses $400) = $2,095",
    "fr": "argent liquide 1\u202f120\u00a0$US + titres 575\u00a0$US (Boardwalk 400\u00a0$US, Park "
    "Place hypothéqué 175\u00a0$US) + constructions 400\u00a0$US (Boardwalk 2 maisons "
    "400\u00a0$US) = 2\u202f095\u00a0$US",
    "es": "efectivo 1.120\u00a0US$ + títulos 575\u00a0US$ (Boardwalk 400\u00a0US$, Park Place "
    "hipotecada 175\u00a0US$) + edificios 400\u00a0US$ (Boardwalk 2 casas 400\u00a0US$) = "
    "2.095\u00a0US$",
    "de": "Bargeld 1.120\u00a0$ + Grundstücke 575\u00a0$ (Boardwalk 400\u00a0$, Park Place mit "
    "Hypothek 175\u00a0$) + Gebäude 400\u00a0$ (Boardwalk 2 Häuser 400\u00a0$) = 2.095\u00a0$",
}
BANKRUPT = {
    "en": "bankrupt: ranks below every player still in",
    "fr": "en faillite\u00a0: classé derrière tous les joueurs encore en jeu",
    "es": "en bancarrota: queda por detrás de todos los jugadores que siguen en juego",
    "de": "bankrott: hinter allen Spielern, die noch dabei sind",
}
AGO = {
    "en": "1 h 5 min ago",
    "fr": "il y a 1 h 5 min",
    "es": "hace 1 h 5 min",
    "de": "vor 1 Std. 5 Min.",
}


@pytest.mark.parametrize("language", sorted(HOW))
def test_how_a_net_worth_was_made_is_said_in_the_language_active(language):
    with translation.override(language):
        deeds = [
            {**BOARDWALK, "buildings": buildings(BOARDWALK), "building_value": 400},
            {**PARK_PLACE, "buildings": buildings(PARK_PLACE), "building_value": 0},
        ]
        assert how(1120, 575, 400, 2095, deeds, "USD") == HOW[language]
        assert tie_break_text(Result(tie_break=Result.TieBreak.BANKRUPT)) == BANKRUPT[language]
        assert ago(datetime(2026, 12, 5, 20, 0), datetime(2026, 12, 5, 21, 5, 3)) == AGO[language]


@pytest.mark.django_db
def test_the_night_in_numbers_keeps_its_keys_and_says_its_labels_in_the_language_asked():
    n = night()
    with translation.override("de"):
        german = {f.key: f.label for f in night_in_numbers(event_id=n.event.pk)}
    english = {f.key: f.label for f in night_in_numbers(event_id=n.event.pk)}
    assert list(german) == list(english)
    assert german["players"] == "Angemeldete Spieler"
    assert german["raised_total"] == "Insgesamt gesammelt"
    asked = client_for(n.organiser).get(
        f"/api/events/{n.event.pk}/night/", HTTP_ACCEPT_LANGUAGE="fr"
    )
    rows = list(csv.DictReader(io.StringIO(asked.content.decode())))
    assert list(rows[0]) == ["figure", "label", "value", "unit"]  # the format's own words
    assert [row["figure"] for row in rows] == list(english)
    assert rows[0]["label"] == "Joueurs inscrits"
