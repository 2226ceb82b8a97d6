"""The organisers' desk in the organiser's language: their browser's (Accept-Language)
where the product speaks it, else English, as the player's page
(tests/tournament/pages/test_player_page_languages.py). Every page of the desk, its
forms' labels and errors, its messages, the round page's live part and a service's
refusal read in that language; codes and names stay as they are."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest
from django.test import Client
from django.urls import reverse

from tests.conftest import client_for, make_world, play_round_one, session_for
from tests.played import night
from tournament.models import Round
from tournament.services.rounds import round_create

pytestmark = pytest.mark.django_db

TEAMS = ("Reds", "Blues")
Q = "\N{RIGHT SINGLE QUOTATION MARK}"  # French writes its apostrophe so


def words(html: str) -> str:
    """What a person reads: the text, tags dropped, spaces (non-breaking ones too) as one."""
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def read(client: Client, url: str, status: int = 200, **headers: str) -> str:
    response = client.get(url, headers=headers)
    assert response.status_code == status, (url, response.status_code)
    return response.content.decode()


def reads(page: str, said: tuple[str, ...], unsaid: tuple[str, ...], language: str) -> None:
    assert f'<html lang="{language}">' in page
    text = words(page)
    for sentence in said:
        assert sentence in text, sentence
    for sentence in unsaid:
        assert sentence not in text, sentence


# Each desk page of a night whose first round has ended (teams, fees, a charity): what it
# says in French, and the English it says instead.
FRENCH = {
    "desk:events": (
        ("Vos événements", "Nouvel événement", f"Ouvrir l{Q}accueil", "collectés"),
        ("Your events", "New event", "Open the desk", "raised"),
    ),
    "desk:event": (
        (
            "Somme collectée",
            f"Droits d{Q}inscription payés",
            "Prévoir une manche",
            "La soirée en chiffres (CSV)",
            "Collecté pour The Food Bank",
            "Manche 1 · Qualification",
        ),
        ("Money raised", "Entry fees paid", "Plan a round", "The night in numbers", "Raised for"),
    ),
    "desk:players": (
        (
            "Ajouter un joueur",
            "Remplaçants",
            "Trouver un joueur",
            "Lien et QR code",
            "(facultatif)",
        ),
        ("Add a player", "Alternates", "Find a player", "Link and QR code", "(optional)"),
    ),
    "desk:check-in": (
        ("Scanner un code", "Allumer la caméra", "Seulement les absents", "enregistrés"),
        ("Scan a code", "Start camera", "Only those missing", "checked in"),
    ),
    "desk:rounds": (
        ("Prévoir une manche", "Joueurs par table", "Durée (minutes)", "Prévoir la manche"),
        ("Plan a round", "Players a table", "Time limit (minutes)", "Plan round"),
    ),
    "desk:teams": (
        (
            "Classement des équipes",
            "Rang",
            "Équipe",
            "la somme des valeurs nettes de tous ses membres",
        ),
        ("Team standings", "Place", "Team", "every member's net worth"),
    ),
    "desk:event-edit": (
        (
            f"Paramètres de l{Q}événement",
            "Fuseau horaire",
            "Mode de qualification",
            "Salle de contrôle",
            "Partie courte : deux titres de propriété distribués",  # a variant, from the engine
        ),
        ("Event settings", "Time zone", "Advancement format", "Control room", "Save changes"),
    ),
}


@pytest.mark.parametrize("page", sorted(FRENCH))
def test_each_desk_page_reads_in_french_for_a_french_browser(page):
    n = night(teams=TEAMS)
    said, unsaid = FRENCH[page]
    url = reverse(page) if page == "desk:events" else reverse(page, args=[n.event.pk])

    shown = read(session_for(n.organiser), url, **{"Accept-Language": "fr-FR,fr;q=0.9"})

    reads(shown, said, unsaid, "fr")
    assert "/i18n/js/fr.js" in shown  # the scripts' texts come in the same language


def test_the_results_page_reads_in_french():
    n = night(teams=TEAMS)
    url = reverse("desk:results", args=[n.round.pk])

    shown = read(session_for(n.organiser), url, **{"Accept-Language": "fr"})

    reads(
        shown,
        (
            "Résultats de la manche 1",
            "Valeur nette",
            "Qualifié",
            "Enregistrer la décision",
            "Calcul : argent liquide",  # how each net worth was made (results/shape.py)
        ),
        ("Round 1 results", "Net worth", "Advances", "Record the decision", "cash "),
        "fr",
    )
    # Its figures written as French writes them: "argent liquide 1 584 $", never "$1,584".
    breakdowns = re.findall(r"argent liquide (\d[^+]*?) \+", words(shown))
    assert breakdowns
    assert any(re.search(r"\d \d{3}", figure) for figure in breakdowns), breakdowns
    assert not any("," in figure for figure in breakdowns), breakdowns


def test_the_round_page_and_its_live_part_read_in_french():
    world = make_world(players=8)
    client = session_for(world.organiser, headers={"Accept-Language": "fr"})
    url = reverse("desk:round", args=[world.round.pk])

    page = read(client, url)
    live = read(client, url, HX_Request="true")

    reads(
        page,
        (
            "Manche 1 · Qualification",
            "Salle de contrôle",
            "Arrêter le temps maintenant",
            "Registre",
        ),
        ("Round 1 · Preliminary", "Control room", "Call time now", "Ledger"),
        "fr",
    )
    assert "Ensuite : surveillez les tables dans la salle de contrôle ci-dessous" in words(page)
    said = words(live)
    assert "Arrêter le temps maintenant" in said
    assert "Call time now" not in said
    assert "Dernière écriture" in said
    # Each tile's words, as the server writes them: no tablet has reported yet.
    assert "Tablette jamais ouverte" in said
    assert "pas encore de tablette" in said
    assert "never opened" not in said


def test_the_live_parts_etag_follows_the_language():
    """A poll in another language than the page's is never answered 304 with the other
    language's words."""
    world = make_world(players=8)
    url = reverse("desk:round", args=[world.round.pk])
    client = session_for(world.organiser)
    etags = {
        language: client.get(url, headers={"HX-Request": "true", "Accept-Language": language})[
            "ETag"
        ]
        for language in ("en", "fr")
    }
    assert etags["en"] != etags["fr"]


def test_a_settings_form_with_a_mistake_says_it_in_french():
    n = night()
    url = reverse("desk:event-edit", args=[n.event.pk])
    client = session_for(n.organiser, headers={"Accept-Language": "fr"})

    response = client.post(url, {"name": "", "date": "not a date", "entry_fee": "-5"})

    assert response.status_code == 200
    text = words(response.content.decode())
    assert "Ce champ est obligatoire." in text  # Django's own words, in French
    assert "Saisissez une date valide." in text
    assert "This field is required." not in text


def test_a_refusal_is_said_on_the_desk_in_the_readers_language():
    """A service refuses (a round not seated cannot start): its sentence, in the
    organiser's language, in the page's message; its code the same."""
    world = make_world(players=8, start=False)
    planned = round_create(event_id=world.event.pk)
    client = session_for(world.organiser, headers={"Accept-Language": "fr"})

    response = client.post(reverse("desk:round-start", args=[planned.pk]), follow=True)

    text = words(response.content.decode())
    assert "Seule une manche placée peut commencer." in text
    assert "Only a seated round can start." not in text
    assert Round.objects.get(pk=planned.pk).status == Round.Status.PLANNED


@pytest.mark.parametrize(
    ("language", "detail"),
    [
        ("", "Only a seated round can start."),
        ("fr", "Seule une manche placée peut commencer."),
        ("es", "Solo puede empezar una ronda con mesas asignadas."),
        ("de", "Nur eine verteilte Runde kann beginnen."),
    ],
)
def test_the_api_says_the_same_refusal_in_the_requesters_language(language, detail):
    """The refusal the desk shows, through the API: `detail` in the language
    Accept-Language asks for (English without one), `error` the same code in each."""
    world = make_world(players=8, start=False)
    planned = round_create(event_id=world.event.pk)
    api = client_for(world.organiser)
    headers = {"HTTP_ACCEPT_LANGUAGE": language} if language else {}

    answer = api.post(reverse("api-round-start", args=[planned.pk]), **headers)

    assert answer.status_code == 409
    assert answer.json() == {"error": "round_not_seated", "detail": detail}


def test_a_round_that_cannot_be_seated_says_why_and_the_fix_in_french():
    """The seating's own refusal (tournament/seating.py, plain Python) with its counts, then
    the way on: two table winners cannot fill the final's table."""
    world = make_world(players=8)
    final = play_round_one(world, kind=Round.Kind.FINAL)
    client = session_for(world.organiser, headers={"Accept-Language": "fr"})

    text = words(read(client, reverse("desk:round", args=[final.pk])))

    said = "2 joueurs ne peuvent pas remplir 1 table : chaque table demande au moins 3 joueurs."
    assert said in text
    assert f"plus de repêchés dans les paramètres de l{Q}événement" in text
    assert "cannot fill" not in text


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("de", ("Ihre Veranstaltungen", "Gesammeltes Geld", "Runde planen", "Spieler pro Tisch")),
        ("es", ("Sus eventos", "Dinero recaudado", "Planificar una ronda", "Jugadores por mesa")),
    ],
)
def test_the_desk_reads_in_german_and_spanish_too(language, said):
    n = night()
    client = session_for(n.organiser, headers={"Accept-Language": language})
    shown = "".join(
        read(client, url)
        for url in (
            reverse("desk:events"),
            reverse("desk:event", args=[n.event.pk]),
            reverse("desk:rounds", args=[n.event.pk]),
        )
    )
    assert f'<html lang="{language}">' in shown
    text = words(shown)
    for sentence in said:
        assert sentence in text, sentence
    for sentence in ("Your events", "Money raised", "Plan a round", "Players a table"):
        assert sentence not in text, sentence


def test_an_english_browser_and_one_the_product_lacks_read_the_desk_in_english():
    n = night()
    for asked in ("en-GB,en;q=0.9", "it-IT,it;q=0.9"):
        client = session_for(n.organiser, headers={"Accept-Language": asked})
        page = read(client, reverse("desk:event", args=[n.event.pk]))
        reads(page, ("Money raised", "Plan a round"), ("Somme collectée",), "en")


def test_the_check_in_scripts_texts_come_in_the_readers_language(client):
    answer = client.get("/i18n/js/de.js")
    found = re.search(r"const newcatalog = (\{.*?\});", answer.content.decode(), re.S)
    assert found, answer.content
    texts = json.loads(found.group(1))
    assert texts["Checked in. Welcome!"] == "Angemeldet. Willkommen!"  # checkin.js
    assert texts["Copied: paste it into an email."].startswith("Kopiert:")  # desk.js


def test_a_new_event_is_announced_in_the_creators_language(outsider):
    """The message after creating an event, in the language of the person who made it."""
    from django.contrib.auth.models import Permission

    outsider.user_permissions.add(Permission.objects.get(codename="add_event"))
    client = session_for(outsider, headers={"Accept-Language": "fr"})
    form = {"name": "Soirée des Lumières", "date": "2027-03-20", "entry_fee": "15"}
    form |= {"edition": "us", "advancement": "knockout", "wildcards": "0", "finalists": "4"}

    response = client.post(reverse("desk:event-new"), form, follow=True)

    assert response.status_code == 200
    text = words(response.content.decode())
    assert "Soirée des Lumières est prêt. Ajoutez maintenant ses joueurs." in text
    assert "is set up" not in text
