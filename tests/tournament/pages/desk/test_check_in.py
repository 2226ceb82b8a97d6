"""Check-in at the door by scanning a player's QR code, the live count, seating only those
checked in (unless the organiser includes all), and releasing a seating."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.conftest import client_for as api_client_for
from tests.conftest import make_world, organiser_elsewhere, session_for
from tests.factories import EventFactory, PlayerFactory, UserFactory, VolunteerFactory
from tournament import selectors
from tournament.errors import Conflict
from tournament.models import AuditEvent, Player, Round, Table, Volunteer
from tournament.player_links import player_page_url
from tournament.services.players import player_check_in_by_code, token_from_code
from tournament.services.rounds import round_create, round_release, round_seat, round_start
from tournament.services.screens import screen_link_issue

pytestmark = pytest.mark.django_db

FETCH = {"X-Requested-With": "fetch"}


def door(players: int = 6):
    """An event with registered players (nobody checked in yet) and its organiser."""
    event = EventFactory()
    organiser = VolunteerFactory(event=event, role=Volunteer.Role.ORGANISER).user
    people = [PlayerFactory(event=event, name=f"Guest {n}") for n in range(players)]
    return event, organiser, people


def screen_shows(event) -> str:
    """What the big screen shows, as its poll brings it."""
    url = reverse("event-screen", args=[event.pk, event.screen_token])
    return Client().get(url, headers={"HX-Request": "true"}).content.decode()


def tables_shown(html: str) -> list[int]:
    return [
        int(n)
        for n in re.findall(r'<article class="board" id="board-\d+" data-table="(\d+)"', html)
    ]


def scan(client: Client, event, code: str, **headers):
    return client.post(
        reverse("desk:check-in-scan", args=[event.pk]), {"code": code}, headers=headers or FETCH
    )


# ------------------------------------------------------------------------------ the codes


def test_a_code_is_the_players_page_link_or_the_bare_token():
    token = "AbCdEfGhIjKlMnOpQrStUv"
    assert token_from_code(f"https://night.example.org/p/{token}/") == token
    assert token_from_code(f"http://127.0.0.1:8000/p/{token}") == token
    assert token_from_code(f"  {token}\n") == token
    assert token_from_code("https://night.example.org/players/12/") is None
    assert token_from_code("hello") is None


def test_each_player_has_an_own_link_built_from_site_url(settings):
    settings.SITE_URL = "https://night.example.org/"
    player = PlayerFactory()
    assert player_page_url(player.token) == f"https://night.example.org/p/{player.token}/"


# ------------------------------------------------------------------------------ scanning


def test_one_scan_checks_the_player_in_and_says_who_it_was():
    event, organiser, people = door()
    guest = people[2]
    response = scan(session_for(organiser), event, player_page_url(guest.token))
    assert response.status_code == 200
    body = response.json()
    assert body["result"] == "checked_in"
    assert body["player"]["name"] == guest.name
    assert body["message"] == f"{guest.name} is checked in."
    assert body["counts"] | {"checked_in": 1, "expected": 6, "missing": 5} == body["counts"]
    assert body["counts"]["checked_in_ids"] == [guest.pk]
    guest.refresh_from_db()
    assert guest.checked_in
    assert guest.checked_in_at is not None


def test_scanning_twice_changes_nothing_and_says_so():
    event, organiser, people = door()
    client = session_for(organiser)
    scan(client, event, people[0].token)
    first = Player.objects.get(pk=people[0].pk).checked_in_at
    again = scan(client, event, people[0].token)
    assert again.status_code == 200
    assert again.json()["result"] == "already"
    assert again.json()["message"].startswith(f"{people[0].name} was already checked in at ")
    assert Player.objects.get(pk=people[0].pk).checked_in_at == first
    assert again.json()["counts"]["checked_in"] == 1


def test_an_unknown_code_is_refused_clearly_and_changes_nothing():
    event, organiser, _people = door()
    for code in ("https://example.org/p/nobodyHasThisToken00/", "hello", ""):
        response = scan(session_for(organiser), event, code)
        assert response.status_code in (400, 404)
        assert response.json()["detail"]
    assert scan(session_for(organiser), event, "nobodyHasThisToken00").json()["error"] == (
        "unknown_code"
    )
    assert not Player.objects.filter(checked_in=True).exists()


def test_a_player_of_another_event_is_refused_without_naming_them():
    event, organiser, _people = door()
    stranger = PlayerFactory(event=EventFactory(name="Another Night"), name="Zelda Stranger")
    response = scan(session_for(organiser), event, player_page_url(stranger.token))
    assert response.status_code == 409
    assert response.json()["error"] == "other_event"
    assert "another event" in response.json()["detail"]
    assert "Zelda" not in response.content.decode()
    stranger.refresh_from_db()
    assert not stranger.checked_in
    with pytest.raises(Conflict):
        player_check_in_by_code(event_id=event.pk, code=stranger.token)


@pytest.mark.parametrize(
    ("who", "status"),
    [("anonymous", 401), ("referee", 403), ("banker", 403), ("other_organiser", 403)],
)
def test_only_the_events_organisers_may_scan(who, status):
    event, _organiser, people = door()
    user = None
    if who == "other_organiser":
        user = organiser_elsewhere()
    elif who != "anonymous":
        user = VolunteerFactory(event=event, role=who).user
    response = scan(session_for(user), event, people[0].token)
    assert response.status_code == status
    assert set(response.json()) == {"error", "detail"}
    status_json = session_for(user).get(reverse("desk:check-in-status", args=[event.pk]))
    assert status_json.status_code == status
    assert not Player.objects.filter(checked_in=True).exists()


def test_the_plain_form_works_without_javascript_and_needs_a_login():
    event, organiser, people = door()
    url = reverse("desk:check-in-scan", args=[event.pk])
    assert Client().post(url, {"code": people[0].token})["Location"].startswith("/accounts/login/")
    referee = VolunteerFactory(event=event, role=Volunteer.Role.REFEREE).user
    assert session_for(referee).post(url, {"code": people[0].token}).status_code == 403
    response = session_for(organiser).post(url, {"code": people[0].token}, follow=True)
    assert f"{people[0].name} is checked in." in response.content.decode()


def test_a_scan_is_protected_against_cross_site_requests():
    event, organiser, people = door()
    client = session_for(organiser, enforce_csrf_checks=True)
    assert scan(client, event, people[0].token).status_code == 403
    page = client.get(reverse("desk:check-in", args=[event.pk]))
    token = page.cookies["csrftoken"].value
    response = scan(client, event, people[0].token, **FETCH, **{"X-CSRFToken": token})
    assert response.status_code == 200


def test_the_live_count_says_checked_in_expected_and_missing():
    event, organiser, people = door(players=7)
    client = session_for(organiser)
    for guest in people[:3]:
        scan(client, event, guest.token)
    counts = client.get(reverse("desk:check-in-status", args=[event.pk])).json()
    assert counts == {
        "checked_in": 3,
        "expected": 7,
        "missing": 4,
        "checked_in_ids": sorted(p.pk for p in people[:3]),
    }
    page = client.get(reverse("desk:check-in", args=[event.pk])).content.decode()
    assert '<span class="count-n" data-count-checked>3</span>' in page
    assert '<span class="count-n" data-count-missing>4</span>' in page
    assert page.count('aria-pressed="true"') == 3  # the manual ticks follow
    assert 'type="search"' in page
    assert "vendor/jsqr/jsQR.js" in page


def test_a_manual_tick_records_when_and_taking_it_back_clears_it():
    _event, organiser, people = door()
    url = reverse("desk:player-check-in", args=[people[0].pk])
    session_for(organiser).post(url, {"checked_in": "1"})
    assert Player.objects.get(pk=people[0].pk).checked_in_at is not None
    session_for(organiser).post(url, {"checked_in": "0"})
    assert Player.objects.get(pk=people[0].pk).checked_in_at is None


def test_each_player_has_an_email_ready_message_with_link_and_qr_code():
    event, organiser, people = door()
    guest = people[0]
    Player.objects.filter(pk=guest.pk).update(email="guest@example.org")
    url = reverse("desk:player-message", args=[guest.pk])
    response = session_for(organiser).get(url)
    assert response.status_code == 200
    page = response.content.decode()
    link = player_page_url(guest.token)
    assert link in page
    assert "data:image/png;base64," in page  # the QR code inline in the HTML version
    assert "mailto:guest%40example.org?subject=" in page
    assert response.context["message"]["plain"].count(link) == 1
    assert response["Cache-Control"] == "no-store"
    referee = VolunteerFactory(event=event, role=Volunteer.Role.REFEREE).user
    assert session_for(referee).get(url).status_code == 403


# ------------------------------------------------------------------------------ seating


def test_the_first_round_seats_only_the_players_checked_in():
    event, _organiser, people = door(players=10)
    Player.objects.filter(pk__in=[p.pk for p in people[:7]]).update(checked_in=True)
    round_ = round_create(event_id=event.pk)
    preview = selectors.seating_preview(round_id=round_.pk, seed=3)
    assert (preview["players"], preview["left_out"]) == (7, 3)
    round_seat(round_id=round_.pk, seed=3)
    seated = set(Player.objects.filter(seats__table__round=round_).values_list("pk", flat=True))
    assert seated == {p.pk for p in people[:7]}


def test_including_all_seats_every_registered_player():
    event, _organiser, people = door(players=10)
    Player.objects.filter(pk=people[0].pk).update(checked_in=True)
    round_ = round_create(event_id=event.pk)
    preview = selectors.seating_preview(round_id=round_.pk, seed=3, include_all=True)
    assert (preview["players"], preview["left_out"]) == (10, 0)
    round_seat(round_id=round_.pk, seed=3, include_all=True)
    assert sum(t.seats.count() for t in round_.tables.all()) == 10


def test_with_nobody_checked_in_seating_is_refused_with_a_sentence():
    event, organiser, _people = door()
    round_ = round_create(event_id=event.pk)
    with pytest.raises(Conflict) as refused:
        round_seat(round_id=round_.pk, seed=1)
    assert refused.value.code == "nobody_checked_in"
    assert "check-in" in refused.value.detail
    assert "include" in refused.value.detail
    assert not Table.objects.filter(round=round_).exists()
    page = session_for(organiser).get(reverse("desk:seat", args=[round_.pk]), {"seed": 1})
    assert "Nobody is checked in yet" in page.content.decode()
    assert "Include players not checked in" in page.content.decode()
    api = api_client_for(organiser).post(f"/api/rounds/{round_.pk}/seat/", {}, format="json")
    assert api.status_code == 409
    assert api.json()["error"] == "nobody_checked_in"
    everyone = api_client_for(organiser).post(
        f"/api/rounds/{round_.pk}/seat/", {"include_all": True}, format="json"
    )
    assert everyone.status_code == 200
    assert sum(len(t["seats"]) for t in everyone.json()["tables"]) == 6


def test_the_desk_seats_all_when_the_box_is_ticked():
    event, organiser, _people = door(players=8)
    round_ = round_create(event_id=event.pk)
    client = session_for(organiser)
    preview = client.get(
        reverse("desk:seat", args=[round_.pk]), {"seed": 5, "include_all": "on"}
    ).content.decode()
    assert 'name="include_all" value="on"' in preview  # carried to the confirmation
    assert "Every registered player is seated" in preview
    client.post(reverse("desk:seat-confirm", args=[round_.pk]), {"seed": 5, "include_all": "on"})
    assert sum(t.seats.count() for t in round_.tables.all()) == 8


def test_later_rounds_seat_those_who_went_through_whoever_checked_in():
    world = make_world(players=8, advancement="points")
    Round.objects.filter(pk=world.round.pk).update(status=Round.Status.ENDED)
    second = round_create(event_id=world.event.pk)
    round_seat(round_id=second.pk, seed=3)  # nobody is checked in, and no include_all
    assert sum(t.seats.count() for t in second.tables.all()) == 8


# ------------------------------------------------------------------------------ release


def test_a_new_seating_is_the_desks_until_released_and_the_release_is_audited():
    world = make_world(players=8, start=False)
    event = screen_link_issue(event_id=world.event.pk)
    names = [seat.player.name for seat in world.table.seats.all()]
    hidden = screen_shows(event)
    assert tables_shown(hidden) == []
    assert '<p class="screen-empty seating-soon">Seating coming soon</p>' in hidden
    assert 'class="bracket-table"' not in hidden
    assert hidden.count("Seating coming soon") == 2  # on the boards and in the bracket
    assert not any(name in hidden for name in names)

    round_release(round_id=world.round.pk, actor=world.organiser)
    round_release(round_id=world.round.pk, actor=world.organiser)  # again: nothing new
    shown = screen_shows(event)
    assert tables_shown(shown) == [1, 2]
    assert "Seating coming soon" not in shown
    board = shown.split('data-table="1"', 1)[1].split("</article>", 1)[0]
    assert set(re.findall(r'<span class="name" data-short="[^"]*">([^<]*)<', board)) == set(names)
    trail = AuditEvent.objects.filter(event=world.event, action="seating_released")
    assert [(a.actor, a.subject) for a in trail] == [(world.organiser, "Round 1")]

    round_seat(round_id=world.round.pk, seed=11, include_all=True)  # seated again: hidden
    world.round.refresh_from_db()
    assert world.round.released_at is None
    assert tables_shown(screen_shows(event)) == []


def test_a_planned_round_has_nothing_to_release():
    event, organiser, _people = door()
    round_ = round_create(event_id=event.pk)
    with pytest.raises(Conflict) as refused:
        round_release(round_id=round_.pk, actor=organiser)
    assert refused.value.code == "round_not_seated"


def test_starting_a_round_releases_its_seating():
    world = make_world(players=8, start=False)
    round_start(round_id=world.round.pk)
    world.round.refresh_from_db()
    assert world.round.released_at == world.round.started_at


def test_the_desk_releases_the_seating_from_the_round_page():
    world = make_world(players=8, start=False)
    client = session_for(world.organiser)
    page = client.get(reverse("desk:round", args=[world.round.pk])).content.decode()
    assert "Not released: only the desk sees this seating." in page
    assert "Release seating" in page
    response = client.post(reverse("desk:round-release", args=[world.round.pk]), follow=True)
    assert "seating is released" in response.content.decode()
    assert "Release seating</button>" not in response.content.decode()
    world.round.refresh_from_db()
    assert world.round.released_at is not None
    referee = session_for(world.referee).post(reverse("desk:round-release", args=[world.round.pk]))
    assert referee.status_code == 403


def test_the_api_releases_a_seating_and_shows_when():
    world = make_world(players=8, start=False)
    response = world.organiser_client().post(f"/api/rounds/{world.round.pk}/release/")
    assert response.status_code == 200
    assert response.json()["released_at"]
    assert world.referee_client().post(f"/api/rounds/{world.round.pk}/release/").status_code == 403
    planned = round_create(event_id=EventFactory().pk)
    VolunteerFactory(event=planned.event, role=Volunteer.Role.ORGANISER, user=UserFactory())
    assert world.organiser_client().post(f"/api/rounds/{planned.pk}/release/").status_code == 403


def test_the_schema_documents_include_all_and_the_release():
    from drf_spectacular.generators import SchemaGenerator

    schema = SchemaGenerator().get_schema(request=None, public=True)
    release = schema["paths"]["/api/rounds/{round_id}/release/"]["post"]
    assert "big screen" in release["description"]
    seat = schema["paths"]["/api/rounds/{round_id}/seat/"]["post"]
    assert "checked in" in seat["description"]
    ref = seat["requestBody"]["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[-1]
    include_all = schema["components"]["schemas"][ref]["properties"]["include_all"]
    assert include_all["type"] == "boolean"
    assert include_all["default"] is False
    assert "checked in" in include_all["description"]
    out = release["responses"]["200"]["content"]["application/json"]["schema"]["$ref"]
    assert "released_at" in schema["components"]["schemas"][out.rsplit("/", 1)[-1]]["properties"]
