"""Fewer bytes over venue Wi-Fi: the table API's JSON answers come compressed to a client
that takes gzip, and the state poll is answered 304 with no body when nothing changed."""

from __future__ import annotations

import gzip
import json
import uuid

import pytest

from banking.models import TabletHeartbeat
from tests.entries import bank

pytestmark = pytest.mark.django_db

GZIP = {"HTTP_ACCEPT_ENCODING": "gzip, deflate, br"}


def test_the_consoles_answers_come_compressed(world):
    # A ledger long enough that gzip always gains, whatever padding Django adds against
    # BREACH (up to 100 random bytes: an answer that would come out longer stays plain).
    for seat in (1, 2, 3, 4):
        bank(world.table, kind="pass_go", seat=seat)
    client = world.banker()
    base = f"/api/tables/{world.table.pk}"
    entry = {"id": str(uuid.uuid4()), "kind": "buy", "seat": 1, "space": 39}
    answers = [
        client.get(f"{base}/state/", **GZIP),
        client.get(f"{base}/options/", **GZIP),
        client.post(f"{base}/preview/", {"kind": "pass_go", "seat": 1}, format="json", **GZIP),
        client.post(f"{base}/entries/", entry, format="json", **GZIP),
        client.get(f"{base}/entries/", **GZIP),
    ]
    for answer in answers:
        assert answer.status_code in (200, 201)
        assert answer["Content-Encoding"] == "gzip"
        assert "Accept-Encoding" in answer["Vary"]
        json.loads(gzip.decompress(answer.content))
    # The big ones (the whole table) come down in less than half their size; a short
    # ledger gains less.
    for answer in answers[:4]:
        assert len(answer.content) < len(gzip.decompress(answer.content)) / 2
    # A client that does not say it takes gzip gets plain JSON.
    assert not client.get(f"{base}/state/").has_header("Content-Encoding")


def test_a_state_poll_with_nothing_new_is_answered_304_and_still_reports(world):
    client = world.banker()
    url = f"/api/tables/{world.table.pk}/state/"
    tag = client.get(url)["ETag"]
    assert client.get(url, **GZIP)["ETag"] == f"W/{tag}"  # compressed: a weak tag
    assert client.get(url, HTTP_IF_NONE_MATCH=f"W/{tag}").status_code == 304

    again = client.get(url, HTTP_IF_NONE_MATCH=tag, HTTP_X_CONSOLE_OUTBOX="3")
    assert again.status_code == 304
    assert again.content == b""
    assert again["ETag"] == tag
    assert TabletHeartbeat.objects.get(table=world.table).outbox == 3  # the report is kept

    bank(world.table, kind="pass_go", seat=1)
    changed = client.get(url, HTTP_IF_NONE_MATCH=tag)
    assert changed.status_code == 200
    assert changed.json()["last_seq"] == 1
    assert changed["ETag"] != tag
    assert client.get(url, HTTP_IF_NONE_MATCH='"something else"').status_code == 200
