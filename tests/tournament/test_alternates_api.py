"""Alternates through the API (docs/api.md, "Alternates"): an organiser's script keeps the
list and steps the next alternate into a vacant seat, through the same services as the desk."""

from __future__ import annotations

import pytest

from tests.alternates import alternate, seated_world
from tests.conftest import World, make_world
from tests.factories import PlayerFactory
from tournament.models import AuditEvent, Player, Seat
from tournament.services.players import player_remove
from tournament.services.rounds import round_start

pytestmark = pytest.mark.django_db


def change(world: World, player: Player, body: object):
    url = f"/api/players/{player.pk}/alternate/"
    return world.organiser_client().post(url, body, format="json")


def places(world: World) -> list[tuple[str, int]]:
    answer = world.organiser_client().get(f"/api/events/{world.event.pk}/players/")
    listed = [(p["name"], p["alternate"]) for p in answer.json() if p["alternate"]]
    return sorted(listed, key=lambda named: named[1])


def test_a_script_marks_moves_and_unmarks_alternates():
    world = seated_world()
    una, vic, wes = (PlayerFactory(event=world.event, name=n) for n in ("Una", "Vic", "Wes"))
    for player in (una, vic, wes):
        answer = change(world, player, {"action": "mark"})
        assert answer.status_code == 200, answer.json()
    assert answer.json()["alternate"] == 3
    assert places(world) == [("Una", 1), ("Vic", 2), ("Wes", 3)]

    moved = change(world, wes, {"action": "move", "place": 1})
    assert (moved.status_code, moved.json()["alternate"]) == (200, 1)
    assert places(world) == [("Wes", 1), ("Una", 2), ("Vic", 3)]

    unmarked = change(world, una, {"action": "unmark"})
    assert (unmarked.status_code, unmarked.json()["alternate"]) == (200, None)
    assert places(world) == [("Wes", 1), ("Vic", 2)]
    audited = AuditEvent.objects.filter(event=world.event, action__startswith="alternate_")
    assert audited.filter(actor=world.organiser).count() == 5


@pytest.mark.parametrize(
    "body",
    [
        {"action": "move"},  # where to?
        {"action": "mark", "place": 2},  # a place only with move
        {"action": "move", "place": 0},
        {"action": "jump"},
        {"action": "mark", "spot": 1},
        ["mark"],
    ],
)
def test_bad_input_is_a_400_and_changes_nothing(body):
    world = seated_world()
    una = alternate(world, "Una")
    vic = PlayerFactory(event=world.event, name="Vic")
    for player in (una, vic):
        answer = change(world, player, body)
        assert answer.status_code == 400
        assert answer.json()["error"] == "invalid"
    assert places(world) == [("Una", 1)]


def test_the_lists_refusals_keep_their_codes():
    world = seated_world()
    seated = world.table.seats.first().player
    refused = change(world, seated, {"action": "mark"})
    assert (refused.status_code, refused.json()["error"]) == (409, "already_seated")
    refused = change(world, seated, {"action": "move", "place": 1})
    assert (refused.status_code, refused.json()["error"]) == (409, "not_alternate")
    assert set(refused.json()) == {"error", "detail"}
    missing = world.organiser_client().post(
        "/api/players/999999/alternate/", {"action": "mark"}, format="json"
    )
    assert (missing.status_code, missing.json()["error"]) == (404, "not_found")
    assert places(world) == []


def vacancies(world: World):
    return world.organiser_client().get(f"/api/rounds/{world.round.pk}/vacancies/")


def step_in(world: World, seat: Seat, player: Player):
    url = f"/api/rounds/{world.round.pk}/vacancies/"
    body = {"seat_id": seat.pk, "player_id": player.pk}
    return world.organiser_client().post(url, body, format="json")


def test_a_vacant_seat_is_offered_to_the_next_alternate_and_filled():
    world = seated_world()
    alternate(world, "Una", checked_in=False)  # first in order, but not here
    vic = alternate(world, "Vic")
    seat = world.tables[1].seats.get(number=2)
    gone = seat.player
    player_remove(player_id=gone.pk)  # withdraws: has a seat

    listed = vacancies(world)
    assert listed.status_code == 200
    assert listed.json()["next_alternate"]["name"] == "Vic"
    assert listed.json()["seats"] == [
        {
            "seat_id": seat.pk,
            "table": 2,
            "table_id": world.tables[1].pk,
            "seat": 2,
            "player_id": gone.pk,
            "name": gone.name,
            "withdrawn": True,
            "checked_in": False,
        }
    ]

    answer = step_in(world, seat, vic)
    assert answer.status_code == 200, answer.json()
    assert answer.json() == {
        "seat_id": seat.pk,
        "table": 2,
        "table_id": world.tables[1].pk,
        "seat": 2,
        "player_id": vic.pk,
        "name": "Vic",
    }
    assert vacancies(world).json() == {"round": world.round.pk, "seats": [], "next_alternate": None}
    assert places(world) == [("Una", 1)]
    tables = world.organiser_client().get(f"/api/rounds/{world.round.pk}/tables/").json()
    assert {"seat": 2, "player_id": vic.pk, "name": "Vic"} in tables["tables"][1]["seats"]


def test_stepping_in_is_refused_as_the_desk_refuses_it():
    world = seated_world()
    una = alternate(world, "Una")
    wes = alternate(world, "Wes")
    seat = world.table.seats.get(number=1)
    checked_in = world.table.seats.get(number=2)
    elsewhere = make_world(players=4, start=False).table.seats.first()
    before = set(Seat.objects.values_list("pk", "player_id"))

    refused = step_in(world, checked_in, una)
    assert (refused.status_code, refused.json()["error"]) == (409, "not_vacant")
    player_remove(player_id=seat.player_id)
    refused = step_in(world, seat, wes)
    assert (refused.status_code, refused.json()["error"]) == (409, "not_next_alternate")
    assert "Una is the next alternate" in refused.json()["detail"]
    refused = step_in(world, elsewhere, una)
    assert (refused.status_code, refused.json()["error"]) == (404, "unknown_seat")
    bad = world.organiser_client().post(
        f"/api/rounds/{world.round.pk}/vacancies/", {"seat_id": "one"}, format="json"
    )
    assert (bad.status_code, bad.json()["error"]) == (400, "invalid")
    assert set(Seat.objects.values_list("pk", "player_id")) == before

    round_start(round_id=world.round.pk)
    assert vacancies(world).json()["seats"] == []
    refused = step_in(world, seat, una)
    assert (refused.status_code, refused.json()["error"]) == (409, "round_started")
    assert Seat.objects.get(pk=seat.pk).player_id != una.pk
