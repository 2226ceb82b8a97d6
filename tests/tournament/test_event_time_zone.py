"""An event happens somewhere: its time zone (the site's TIME_ZONE unless the organiser picks
another) is set at the desk and through the API, and its pages, printed documents and
exports show local time."""

from __future__ import annotations

import json
import zoneinfo
from datetime import UTC, datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.conftest import client_for, make_world
from tests.factories import UserFactory
from tests.pdfs import pdf_text
from tests.played import night, play_round
from tests.print_jobs import job_for, make
from tournament.models import Event, Round, Table, Wave
from tournament.services.screens import screen_link_issue

pytestmark = pytest.mark.django_db

NEW_YORK = zoneinfo.ZoneInfo("America/New_York")
# 5 December 2026, 23:30 UTC: 18:30 in New York, on the 5th; 10:30 in Sydney on the 6th.
MOMENT = datetime(2026, 12, 5, 23, 30, tzinfo=UTC)


def test_a_new_event_takes_the_sites_time_zone(settings):
    settings.TIME_ZONE = "Europe/London"
    client = client_for(UserFactory(is_staff=True))  # staff set events up
    made = client.post(
        "/api/events/", {"name": "Gala", "date": "2026-12-05", "edition": "uk"}, format="json"
    )
    assert made.status_code == 201, made.json()
    assert made.json()["time_zone"] == "Europe/London"
    assert Event.objects.get(pk=made.json()["id"]).time_zone == "Europe/London"


def test_the_api_sets_and_changes_an_events_time_zone():
    client = client_for(UserFactory(is_staff=True))  # staff set events up
    made = client.post(
        "/api/events/",
        {"name": "Gala", "date": "2026-12-05", "edition": "us", "time_zone": "America/Chicago"},
        format="json",
    )
    assert made.status_code == 201, made.json()
    assert made.json()["time_zone"] == "America/Chicago"
    url = f"/api/events/{made.json()['id']}/"
    changed = client.patch(url, {"time_zone": "Australia/Sydney"}, format="json")
    assert changed.status_code == 200, changed.json()
    assert changed.json()["time_zone"] == "Australia/Sydney"
    wrong = client.patch(url, {"time_zone": "Mars/Olympus_Mons"}, format="json")
    assert wrong.status_code == 400
    assert "Mars/Olympus_Mons" in wrong.json()["detail"]
    assert client.get(url).json()["time_zone"] == "Australia/Sydney"


def test_the_desk_sets_an_events_time_zone(client):
    world = make_world(start=False)
    client.force_login(world.organiser)
    url = reverse("desk:event-edit", args=[world.event.pk])
    page = client.get(url)
    assert b'name="time_zone"' in page.content
    assert b'<option value="America/New_York">America/New York</option>' in page.content
    form = {
        "name": world.event.name,
        "date": "2026-12-05",
        "venue": "",
        "charity": "",
        "entry_fee": 0,
        "time_zone": "America/New_York",
        "edition": "us",
        "advancement": "knockout",
        "wildcards": 0,
        "finalists": 6,
    }
    saved = client.post(url, form)
    assert saved.status_code == 302, saved.content.decode()[:2000]
    world.event.refresh_from_db()
    assert world.event.time_zone == "America/New_York"


def test_an_events_pages_show_its_local_time(client):
    world = make_world(time_zone="America/New_York")
    Round.objects.filter(pk=world.round.pk).update(started_at=MOMENT)
    client.force_login(world.organiser)
    page = client.get(reverse("desk:rounds", args=[world.event.pk])).content.decode()
    assert "started 18:30" in page
    Event.objects.filter(pk=world.event.pk).update(time_zone="Australia/Sydney")
    page = client.get(reverse("desk:rounds", args=[world.event.pk])).content.decode()
    assert "started 10:30" in page


def test_the_big_screen_says_when_time_is_called_in_the_events_local_time(client):
    world = make_world(time_zone="America/New_York")
    Round.objects.filter(pk=world.round.pk).update(ends_at=MOMENT)
    Wave.objects.filter(round=world.round).update(ends_at=MOMENT)  # its clock: wave 1's
    event = screen_link_issue(event_id=world.event.pk)
    where = {"event_id": event.pk, "token": event.screen_token}
    url = reverse("event-screen", kwargs=where)
    assert "Time is called at 18:30</span>" in client.get(url).content.decode()


def test_printed_documents_show_the_events_local_time():
    n = night()
    Event.objects.filter(pk=n.event.pk).update(time_zone="America/New_York")
    Table.objects.filter(round=n.round).update(closed_at=MOMENT)
    job = make(job_for(n, "scoresheets"))
    text = " ".join(pdf_text(job.file.path).split())
    assert "Table closed 5 Dec 2026, 18:30" in text
    assert timezone.localtime(timezone.now(), NEW_YORK).strftime("%d %b %Y") in text  # printed


def test_exports_show_the_events_local_time():
    world = make_world(time_zone="America/New_York")
    play_round(world)
    answer = world.organiser_client().get(f"/api/events/{world.event.pk}/export/?format=json")
    body = b"".join(answer.streaming_content) if answer.streaming else answer.content
    document = json.loads(body)
    assert document["event"]["time_zone"] == "America/New_York"
    entries = [e for r in document["rounds"] for t in r["tables"] for e in t["entries"]]
    assert entries
    for entry in entries:
        moment = datetime.fromisoformat(entry["created_at"])
        assert moment.utcoffset() == timezone.now().astimezone(NEW_YORK).utcoffset()
