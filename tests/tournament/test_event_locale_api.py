"""An event's language and currency through the API (docs/api.md, "Events"): given or taken
by default (the request's language, the edition's currency), shown in every answer, and a
value the API does not know refused as 400 `invalid` naming the field, nothing changed."""

from __future__ import annotations

import pytest

from tests.conftest import client_for
from tests.factories import UserFactory
from tournament.errors import Refusal
from tournament.models import Event
from tournament.services.events import event_create, event_update

pytestmark = pytest.mark.django_db

NEW = {"name": "Gala", "date": "2026-12-05", "edition": "uk"}


@pytest.fixture
def staff():
    return client_for(UserFactory(is_staff=True))


def test_an_event_made_without_them_speaks_the_request_and_takes_the_editions(staff):
    plain = staff.post("/api/events/", NEW, format="json")
    assert plain.status_code == 201, plain.json()
    assert (plain.json()["language"], plain.json()["currency"]) == ("en", "GBP")
    german = staff.post("/api/events/", NEW, format="json", headers={"Accept-Language": "de"})
    assert (german.json()["language"], german.json()["currency"]) == ("de", "GBP")


def test_given_they_are_kept_shown_and_changed(staff):
    made = staff.post("/api/events/", {**NEW, "language": "fr", "currency": "EUR"}, format="json")
    assert made.status_code == 201, made.json()
    url = f"/api/events/{made.json()['id']}/"
    assert {k: staff.get(url).json()[k] for k in ("language", "currency")} == {
        "language": "fr",
        "currency": "EUR",
    }
    changed = staff.patch(url, {"language": "es", "currency": "CHF"}, format="json")
    assert changed.status_code == 200, changed.json()
    assert Event.objects.values_list("language", "currency").get() == ("es", "CHF")
    listed = staff.get("/api/events/").json()
    assert (listed[0]["language"], listed[0]["currency"]) == ("es", "CHF")


@pytest.mark.parametrize(
    ("field", "wrong"),
    [
        ("currency", "XYZ"),
        ("currency", "$"),
        ("currency", None),
        ("currency", 840),
        ("language", "it"),
        ("language", ["fr"]),
        ("language", ""),
    ],
)
def test_a_value_the_api_does_not_know_is_refused_and_changes_nothing(staff, field, wrong):
    made = staff.post("/api/events/", {**NEW, "currency": "EUR"}, format="json")
    url = f"/api/events/{made.json()['id']}/"

    answer = staff.patch(url, {field: wrong, "name": "Renamed"}, format="json")

    assert answer.status_code == 400
    body = answer.json()
    assert body["error"] == "invalid"
    assert set(body["fields"]) == {field}
    assert Event.objects.values_list("name", "language", "currency").get() == ("Gala", "en", "EUR")
    refused = staff.post("/api/events/", {**NEW, field: wrong}, format="json")
    assert refused.status_code == 400
    assert Event.objects.count() == 1


def test_the_service_refuses_them_too_in_the_documented_words():
    organiser = UserFactory(is_staff=True)
    event = event_create(creator=organiser, name="Gala", date="2026-12-05", edition="us")

    for changes, words in (
        ({"currency": "XYZ"}, "The currency must be one of USD, GBP, EUR, CHF, CAD, AUD."),
        ({"language": "it"}, "The language must be one of en, fr, es, de."),
    ):
        with pytest.raises(Refusal) as refused:
            event_update(event_id=event.pk, changes=changes)
        assert refused.value.detail == words
    with pytest.raises(Refusal):
        event_create(
            creator=organiser, name="G", date="2026-12-05", edition="us", currency="dollars"
        )
    assert Event.objects.values_list("language", "currency").get() == ("en", "USD")
