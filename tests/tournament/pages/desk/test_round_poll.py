"""The desk's round page asks for its live part again every 5 s (htmx): the same view,
asked with HX-Request, answers with the live part alone, drawn by the template the page
includes, or with a 304 when nothing it shows has changed."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.conftest import session_for
from tests.entries import bank
from tournament.results.closing import table_close

pytestmark = pytest.mark.django_db

POLL = {"HTTP_HX_REQUEST": "true"}


def words(response) -> str:
    """The answer's text as a person reads it: tags dropped, spaces squeezed."""
    import re

    return " ".join(re.sub(r"<[^>]+>", " ", response.content.decode()).split())


def test_the_poll_shows_a_new_entry_and_a_closed_table(world):
    client = session_for(world.organiser)
    url = reverse("desk:round", args=[world.round.pk])
    first = client.get(url, **POLL)
    assert first.status_code == 200
    assert "<html" not in first.content.decode()  # the live part alone
    assert "Table 1 Open" in words(first)
    assert "Last entry none yet" in words(first)

    bank(world.table, kind="buy", seat=1, space=39)
    changed = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"], **POLL)
    assert changed.status_code == 200
    assert changed["ETag"] != first["ETag"]
    assert "Last entry Buy, 0 s ago Entries 1" in words(changed)

    table_close(table_id=world.table.pk)
    closed = client.get(url, HTTP_IF_NONE_MATCH=changed["ETag"], **POLL)
    assert closed.status_code == 200
    assert "Table 1 Awaiting confirmation" in words(closed)


def test_a_poll_with_nothing_new_is_a_304_with_no_body(world):
    client = session_for(world.organiser)
    url = reverse("desk:round", args=[world.round.pk])
    etag = client.get(url, **POLL)["ETag"]
    again = client.get(url, HTTP_IF_NONE_MATCH=etag, **POLL)
    assert again.status_code == 304
    assert again.content == b""
    assert again["ETag"] == etag


def test_the_page_carries_the_etag_of_its_live_part(world):
    client = session_for(world.organiser)
    url = reverse("desk:round", args=[world.round.pk])
    page = client.get(url)
    assert "<html" in page.content.decode()
    etag = client.get(url, **POLL)["ETag"]
    assert etag.strip('"') in page.content.decode()  # its first poll, nothing new: a 304
    assert client.get(url, HTTP_IF_NONE_MATCH=etag, **POLL).status_code == 304


def test_a_poll_whose_login_has_ended_reloads_the_page_to_log_in_again(world):
    response = session_for(None).get(reverse("desk:round", args=[world.round.pk]), **POLL)
    assert response.status_code == 401
    assert response["HX-Refresh"] == "true"


def test_a_referees_poll_is_refused_and_shows_nothing(world):
    response = session_for(world.referee).get(reverse("desk:round", args=[world.round.pk]), **POLL)
    assert response.status_code == 403
    assert "Table 1" not in response.content.decode()
