"""The benchmarks' bare endpoints (bench/floor/): absent from the site, and bare."""

from __future__ import annotations

import uuid

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from banking.models import Entry
from bench.floor.models import FloorRow

pytestmark = [pytest.mark.django_db, pytest.mark.urls("bench.floor.urls")]

URL = "/api/bench/baseline/"


@pytest.mark.urls("tournament.urls")
def test_the_site_has_no_bench_route(world):
    body = {"id": str(uuid.uuid4()), "kind": "pass_go", "seat": 1}
    assert world.banker().post(URL, body, format="json").status_code == 404
    floor = world.banker().post(f"/api/bench/floor/{world.table.pk}/", body, format="json")
    assert floor.status_code == 404
    assert not FloorRow.objects.exists()


def test_the_baseline_inserts_one_row_and_nothing_else(world):
    ident = str(uuid.uuid4())
    body = {"id": ident, "kind": "pass_go", "seat": 1}
    response = world.banker().post(URL, body, format="json")
    assert response.status_code == 201, response.content
    assert response.json() == {"id": ident, "table": world.table.pk, "kind": "pass_go"}
    row = FloorRow.objects.get()
    assert (str(row.id), row.table_id, row.body) == (ident, world.table.pk, body)
    assert not Entry.objects.exists()  # no rules, no ledger, no projection


def test_it_authenticates_and_parses_like_the_entries_endpoint(api, world):
    body = {"id": str(uuid.uuid4()), "kind": "pass_go", "seat": 1}
    assert api.post(URL, body, format="json").status_code == 401
    bad = world.banker().post(URL, {"id": 12, "kind": "pass_go"}, format="json")
    assert bad.status_code == 400
    assert bad.json()["error"] == "invalid"
    assert not FloorRow.objects.exists()


def test_the_floor_inserts_one_row_with_no_authentication_query(api, world):
    ident = str(uuid.uuid4())
    body = {"id": ident, "kind": "pass_go", "seat": 1}
    with CaptureQueriesContext(connection) as captured:
        response = api.post(f"/api/bench/floor/{world.table.pk}/", body, format="json")
    assert response.status_code == 201, response.content
    assert [q["sql"].split()[0] for q in captured] == ["INSERT"]
    row = FloorRow.objects.get()
    assert (str(row.id), row.table_id, row.body) == (ident, world.table.pk, body)
    bad = api.post(f"/api/bench/floor/{world.table.pk}/", {"id": 12}, format="json")
    assert bad.status_code == 400


def test_the_baseline_checks_the_key_in_its_insert_as_a_bankers_post_does(world):
    """One statement: the key is checked by the INSERT itself, as posting an entry checks
    it in the query that locks the table; no query of its own."""
    ident = str(uuid.uuid4())
    body = {"id": ident, "kind": "pass_go", "seat": 1}
    with CaptureQueriesContext(connection) as captured:
        response = world.banker().post(URL, body, format="json")
    assert response.status_code == 201, response.content
    assert [q["sql"].split()[0] for q in captured] == ["INSERT"]
    assert FloorRow.objects.get().table_id == world.table.pk


def test_a_bad_or_spent_key_is_refused_as_everywhere_and_writes_nothing(api, world):
    body = {"id": str(uuid.uuid4()), "kind": "pass_go", "seat": 1}
    stranger = APIClient(HTTP_AUTHORIZATION="Table not-a-key")
    refused = stranger.post(URL, body, format="json")
    assert refused.status_code == 401
    assert "not valid" in refused.json()["detail"]
    world.round.status = "ended"
    world.round.save(update_fields=["status"])
    spent = world.banker().post(URL, body, format="json")
    assert spent.status_code == 401
    assert "no longer works" in spent.json()["detail"]
    assert not FloorRow.objects.exists()
