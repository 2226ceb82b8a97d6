"""Events are created by organisers only: staff, or a person the admin granted "Can add
event"; a referee's or banker's login cannot, on the API or the desk's page."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Permission
from django.core.management import call_command
from django.test import Client, override_settings

from tests.conftest import World, client_for
from tests.factories import UserFactory
from tournament.models import Event

pytestmark = pytest.mark.django_db

EVENT = {"name": "Spring Night", "date": "2027-04-10", "edition": "uk"}
FORM = {"name": "Spring Night", "date": "2027-04-10", "edition": "uk", "advancement": "knockout",
        "wildcards": "0", "finalists": "6", "entry_fee": "0"}  # fmt: skip


def _page_client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.parametrize("who", ["referee", "banker", "plain"])
def test_a_person_without_the_right_cannot_create_an_event(world: World, who: str):
    user = {
        "referee": world.referee,
        "banker": world.event.volunteers.get(role="banker").user,
        "plain": UserFactory(),
    }[who]
    before = Event.objects.count()
    response = client_for(user).post("/api/events/", EVENT, format="json")
    assert response.status_code == 403, response.json()
    assert response.json()["error"] == "organiser_only"
    page = _page_client(user).post("/desk/events/new/", FORM)
    assert page.status_code == 403
    assert _page_client(user).get("/desk/events/new/").status_code == 403
    assert Event.objects.count() == before


def test_staff_and_people_granted_the_permission_may(db):
    staff = UserFactory(is_staff=True)
    granted = UserFactory()
    granted.user_permissions.add(Permission.objects.get(codename="add_event"))
    for user in (staff, granted):
        response = client_for(user).post("/api/events/", EVENT, format="json")
        assert response.status_code == 201, response.json()


@override_settings(DEBUG=True)
def test_the_demos_referee_and_banker_cannot_create_events(db):
    call_command("load_demo", stdout=None)
    from django.contrib.auth import get_user_model

    for username in ("referee", "banker"):
        user = get_user_model().objects.get(username=username)
        response = client_for(user).post("/api/events/", EVENT, format="json")
        assert response.status_code == 403
    organiser = get_user_model().objects.get(username="organiser")
    assert client_for(organiser).post("/api/events/", EVENT, format="json").status_code == 201
