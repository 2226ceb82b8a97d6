"""Names that look the same are the same person: invisible characters and compatibility
forms do not make another name, a name of invisible characters is no name, and a name that
mixes Latin with Cyrillic or Greek letters (a look-alike) is refused. Spreadsheets get no
formula disguised the same way."""

from __future__ import annotations

import pytest

from tests.conftest import World
from tournament.errors import Refusal
from tournament.exports import spreadsheet_cell
from tournament.services.players import player_add, players_import

pytestmark = pytest.mark.django_db


FULL_WIDTH_ADA = "\uff21\uff44\uff41"


@pytest.mark.parametrize("again", ["Ada\u200b", "ADA", "\u2060Ada", FULL_WIDTH_ADA, "Ada\u00ad"])
def test_a_name_that_reads_the_same_is_the_same_name(world: World, again: str):
    player_add(event_id=world.event.pk, name="Ada")
    with pytest.raises(Refusal) as refused:
        player_add(event_id=world.event.pk, name=again, same_name_ok=False)
    assert refused.value.code == "same_name"


@pytest.mark.parametrize("name", ["\u3164", "\u200b\u200b", "\u115f\u1160"])
def test_a_name_of_invisible_characters_is_no_name(world: World, name: str):
    response = world.organiser_client().post(
        f"/api/events/{world.event.pk}/players/", {"name": name}, format="json"
    )
    assert response.status_code == 400
    assert "name" in response.json()["detail"]
    assert not world.event.players.filter(name=name).exists()


def test_a_name_mixing_latin_and_cyrillic_letters_is_refused(world: World):
    response = world.organiser_client().post(
        f"/api/events/{world.event.pk}/players/", {"name": "\u0410da"}, format="json"
    )
    assert response.status_code == 400
    assert "Cyrillic" in response.json()["detail"]
    # A name in one script is anyone's name.
    ok = world.organiser_client().post(
        f"/api/events/{world.event.pk}/players/", {"name": "Анна Каренина"}, format="json"
    )
    assert ok.status_code == 201


def test_importing_a_name_with_an_invisible_character_finds_the_registered_player(
    world: World,
):
    player_add(event_id=world.event.pk, name="Ada Byron")
    before = world.event.players.count()
    report = players_import(event_id=world.event.pk, text="name\nAda\u200b Byron\n")
    assert report.created == 0
    assert world.event.players.count() == before


@pytest.mark.parametrize("name", ["\uff1dHYPERLINK(1)", "\u200b=1+1", "\ufeff@SUM(A1)"])
def test_a_disguised_formula_is_text_in_a_spreadsheet(name: str):
    assert spreadsheet_cell(name).startswith("'")
