"""The sanctioned check: an event that says it follows the maker's tournament rules (at least
24 players, at least two preliminary rounds before the final, rounds of at least 90 minutes,
a final of six, the long game) is warned wherever its plan breaks them, and never refused."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.conftest import client_for
from tests.factories import (
    EventFactory,
    PlayerFactory,
    RoundFactory,
    SeatFactory,
    TableFactory,
    UserFactory,
    VolunteerFactory,
)
from tournament.models import Event, Round
from tournament.selectors import sanctioned_breaks

pytestmark = pytest.mark.django_db

LONG_GAME = {"modern_us": False, "short_game": False, "double_rent_despite_mortgage": True}


def sanctioned_event(*, players: int = 24, **fields) -> Event:
    """A sanctioned points event with a final of six, `players` registered, and nothing
    else planned: it keeps every rule until a test breaks one."""
    fields = {"sanctioned": True, "advancement": "points", "finalists": 6, **fields}
    event = EventFactory(**{"variants": LONG_GAME, **fields})
    for n in range(players):
        PlayerFactory(event=event, name=f"Player {n}")
    return event


def two_rounds_and_a_final(event: Event, *, minutes: int = 90) -> None:
    RoundFactory(event=event, number=1, time_limit_minutes=90)
    RoundFactory(event=event, number=2, time_limit_minutes=minutes)
    RoundFactory(event=event, number=3, kind=Round.Kind.FINAL, time_limit_minutes=90)


def test_an_event_keeping_every_rule_breaks_none():
    event = sanctioned_event()
    two_rounds_and_a_final(event)
    assert sanctioned_breaks(event) == []


@pytest.mark.parametrize(
    ("keeps", "breaks", "sentence"),
    [
        ({"players": 24}, {"players": 23}, "at least 24 players: 23 are registered."),
        ({"finalists": 6}, {"finalists": 5}, "The final is for 5 players: the maker's rules"),
    ],
)
def test_one_short_of_a_rule_is_a_break(keeps, breaks, sentence):
    assert sanctioned_breaks(sanctioned_event(**keeps)) == []
    (said,) = sanctioned_breaks(sanctioned_event(**breaks))
    assert sentence in said


def test_a_knockout_final_is_counted_once_seated():
    event = sanctioned_event(advancement="knockout")
    two_rounds_and_a_final(event)
    assert sanctioned_breaks(event) == []  # the results decide its size
    table = TableFactory(round=event.rounds.get(kind=Round.Kind.FINAL))
    for player in event.players.all()[:5]:
        SeatFactory(table=table, player=player)
    assert sanctioned_breaks(event) == [
        "The final is for 5 players: the maker's rules play a final of 6."
    ]


def test_a_round_under_90_minutes_is_a_break():
    event = sanctioned_event()
    two_rounds_and_a_final(event, minutes=89)
    assert sanctioned_breaks(event) == [
        "Round 2 has a time limit of 89 minutes: the maker's rules ask for at least 90."
    ]
    Round.objects.filter(event=event, number=2).update(time_limit_minutes=90)
    assert sanctioned_breaks(event) == []


def test_the_short_game_is_a_break():
    event = sanctioned_event(variants={**LONG_GAME, "short_game": True})
    assert sanctioned_breaks(event) == [
        "The short game is chosen: the maker's rules play the long game."
    ]


def test_a_final_after_one_preliminary_round_is_a_break():
    event = sanctioned_event()
    RoundFactory(event=event, number=1)
    assert sanctioned_breaks(event) == []  # more rounds may be planned yet
    RoundFactory(event=event, number=2, kind=Round.Kind.FINAL)
    assert sanctioned_breaks(event) == [
        "The final follows 1 preliminary round: the maker's rules ask for at least two."
    ]


def test_every_break_is_listed_and_none_for_an_event_not_sanctioned():
    event = sanctioned_event(players=23, finalists=5, variants={**LONG_GAME, "short_game": True})
    RoundFactory(event=event, number=1, time_limit_minutes=60)
    RoundFactory(event=event, number=2, kind=Round.Kind.FINAL, time_limit_minutes=60)
    assert len(sanctioned_breaks(event)) == 6
    Event.objects.filter(pk=event.pk).update(sanctioned=False)
    event.refresh_from_db()
    assert sanctioned_breaks(event) == []


@pytest.mark.parametrize("page", ["desk:event", "desk:rounds"])
def test_the_desk_warns_a_sanctioned_event_where_it_plans(client, page):
    event = sanctioned_event(players=23)
    RoundFactory(event=event, number=1, time_limit_minutes=89)
    client.force_login(VolunteerFactory(event=event).user)
    url = reverse(page, args=[event.pk])
    shown = client.get(url).content.decode()
    assert "The maker&#x27;s rules ask for at least 24 players: 23 are registered." in shown
    assert "Round 1 has a time limit of 89 minutes" in shown
    Event.objects.filter(pk=event.pk).update(sanctioned=False)
    shown = client.get(url).content.decode()
    assert "maker&#x27;s rules" not in shown
    assert "Round 1 has a time limit" not in shown


def test_the_desk_form_sets_the_sanctioned_check(client):
    event = sanctioned_event(sanctioned=False)
    client.force_login(VolunteerFactory(event=event).user)
    url = reverse("desk:event-edit", args=[event.pk])
    assert 'name="sanctioned"' in client.get(url).content.decode()
    form = {
        "name": event.name,
        "date": "2026-12-05",
        "entry_fee": 0,
        "edition": "us",
        "advancement": "points",
        "wildcards": 0,
        "finalists": 6,
        "sanctioned": "on",
    }
    assert client.post(url, form).status_code == 302
    event.refresh_from_db()
    assert event.sanctioned is True
    assert client.post(url, {**form, "sanctioned": ""}).status_code == 302
    event.refresh_from_db()
    assert event.sanctioned is False


def test_the_api_round_trips_the_sanctioned_check():
    client = client_for(UserFactory(is_staff=True))
    new = {"name": "Gala", "date": "2026-12-05", "edition": "us"}
    plain = client.post("/api/events/", new, format="json")
    assert plain.status_code == 201, plain.json()
    assert plain.json()["sanctioned"] is False
    made = client.post("/api/events/", {**new, "sanctioned": True}, format="json")
    assert made.status_code == 201, made.json()
    assert made.json()["sanctioned"] is True
    url = f"/api/events/{made.json()['id']}/"
    assert client.get(url).json()["sanctioned"] is True
    changed = client.patch(url, {"sanctioned": False}, format="json")
    assert changed.status_code == 200, changed.json()
    assert changed.json()["sanctioned"] is False
    assert Event.objects.get(pk=made.json()["id"]).sanctioned is False


@pytest.mark.parametrize("wrong", ["maybe", 2, None, [True]])
def test_the_api_refuses_a_sanctioned_check_that_is_not_true_or_false(wrong):
    client = client_for(UserFactory(is_staff=True))
    made = client.post(
        "/api/events/", {"name": "Gala", "date": "2026-12-05", "edition": "us"}, format="json"
    )
    url = f"/api/events/{made.json()['id']}/"
    answer = client.patch(url, {"sanctioned": wrong}, format="json")
    assert answer.status_code == 400
    assert answer.json()["error"] == "invalid"
    assert "sanctioned" in answer.json()["fields"]
    assert "true or false" in answer.json()["detail"]
    assert client.get(url).json()["sanctioned"] is False
