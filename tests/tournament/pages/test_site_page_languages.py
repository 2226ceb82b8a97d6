"""The site-wide pages in the reader's language: the start page, logging in and its pause,
the pages of an error (not found, not sent, the server's or the database's), the check of
a scoresheet's code, and the sentence refusing a typed text."""

from __future__ import annotations

import html

import pytest
from django.db import OperationalError
from django.test import Client, RequestFactory
from django.urls import reverse
from django.utils import translation
from rest_framework.test import APIClient

from tests.factories import PASSWORD, UserFactory
from tests.tournament.test_login_lockout import VENUE
from tournament.pages.site import server_error
from tournament.text import name_problem, text_problem

pytestmark = pytest.mark.django_db

# What each page says, in French and in Spanish, and the English it replaces.
PAGES = {
    "/": {
        "fr": "Des tournois caritatifs de Monopoly gérés par logiciel",
        "es": "Torneos benéficos de Monopoly gestionados por software",
        "en": "Charity Monopoly tournaments, run by software",
    },
    reverse("login"): {
        "fr": "Les organisateurs et les arbitres se connectent ici.",
        "es": "Los organizadores y los árbitros inician sesión aquí.",
        "en": "Organisers and referees log in here.",
    },
    "/no/such/page/": {
        "fr": "Page introuvable",
        "es": "Página no encontrada",
        "en": "Page not found",
    },
    reverse("verify"): {
        "fr": "Chaque feuille de score signée porte un code de vérification en bas de page.",
        "es": "Cada hoja de resultados firmada lleva un código de verificación al pie.",
        "en": "Every signed scoresheet has a verification code at its foot.",
    },
    f"{reverse('verify')}?code=nope": {
        "fr": "Ce n\N{RIGHT SINGLE QUOTATION MARK}est pas un code de vérification\u00a0:",
        "es": "Eso no es un código de verificación:",
        "en": "That is not a verification code:",
    },
    f"{reverse('verify')}?code=ABCDE-FGH23": {
        "fr": "Non\u00a0: aucune table n\N{RIGHT SINGLE QUOTATION MARK}a ce code",
        "es": "No: ninguna mesa tiene este código",
        "en": "No: no table has this code",
    },
}


def read(client: Client, address: str, language: str) -> str:
    return html.unescape(client.get(address, headers={"Accept-Language": language}).text)


@pytest.mark.parametrize("language", ["fr", "es"])
@pytest.mark.parametrize("address", list(PAGES))
def test_each_site_page_speaks_the_readers_language(client, address, language):
    page = read(client, address, language)
    assert f'<html lang="{language}">' in page
    assert PAGES[address][language] in page
    assert PAGES[address]["en"] not in page


@pytest.mark.parametrize("address", list(PAGES))
def test_an_english_reader_reads_each_site_page_in_english(client, address):
    page = read(client, address, "en-GB")
    assert '<html lang="en">' in page
    assert PAGES[address]["en"] in page


def test_a_volunteers_start_page_is_in_german(client, world):
    client.force_login(world.organiser)
    page = read(client, "/", "de")
    assert "Ihre Veranstaltungen" in page
    assert '<span class="badge">Turnierleitung</span>' in page  # the organiser's role
    assert "Regel-FAQ" in page
    assert "Your events" not in page


def test_a_paused_login_is_explained_in_french():
    UserFactory(username="ruth")
    browser = Client(headers={"Accept-Language": "fr"})
    for _ in range(5):
        answer = browser.post(
            reverse("login"), {"username": "ruth", "password": "wrong"}, REMOTE_ADDR=VENUE
        )
    assert answer.status_code == 429
    page = html.unescape(answer.text)
    assert "Connexion suspendue" in page
    assert "la connexion est suspendue pendant <strong>15 minutes</strong>" in page
    assert "Logging in is paused" not in page
    token = APIClient(headers={"Accept-Language": "fr"}).post(
        "/api/auth/token/", {"username": "ruth", "password": PASSWORD}, REMOTE_ADDR=VENUE
    )
    assert token.status_code == 429
    assert token.json()["detail"].startswith("Trop d\N{RIGHT SINGLE QUOTATION MARK}échecs")


def test_a_form_sent_from_an_old_page_is_explained_in_spanish(world):
    browser = Client(enforce_csrf_checks=True, headers={"Accept-Language": "es"})
    answer = browser.post(reverse("login"), {"username": "x", "password": "y"})
    assert answer.status_code == 403
    assert "No se ha enviado" in html.unescape(answer.text)


@pytest.mark.parametrize(
    ("cause", "said"),
    [
        (RuntimeError("boom"), "Le serveur a rencontré un problème"),
        (OperationalError("gone"), "La base de données ne répond pas"),
    ],
)
def test_the_servers_own_error_pages_are_in_french(cause, said):
    request = RequestFactory().get("/desk/")
    with translation.override("fr"):
        try:
            raise cause
        except Exception:
            answer = server_error(request)
    page = html.unescape(answer.content.decode())
    assert '<html lang="fr">' in page
    assert said in page


def test_a_typed_text_is_refused_in_the_readers_language():
    with translation.override("es"):
        assert text_problem("a\tb") == (
            "Este texto contiene un carácter de control (un tabulador, un salto de línea "
            "o uno invisible): vuelva a escribirlo en una sola línea."
        )
        assert text_problem("a\u202eb", "memo").startswith("El campo «memo» contiene")
    with translation.override("de"):
        assert name_problem("\u0410da") == (
            "Der Name \u0410da mischt lateinische und kyrillische Buchstaben, die sich "
            "ähneln: Geben Sie ihn in einem einzigen Alphabet neu ein."
        )
    with translation.override("en"):
        assert text_problem("a\tb").startswith("This holds a control character")
    assert text_problem("fine") is None
