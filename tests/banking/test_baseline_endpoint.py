"""The benchmark's baseline endpoint exists only with BENCHMARK_ENDPOINTS on, and is bare."""

from __future__ import annotations

import importlib
import uuid
from collections.abc import Iterator

import pytest
from django.conf import settings
from django.test import override_settings
from django.urls import clear_url_caches

from banking.models import BaselineRow, Entry

pytestmark = pytest.mark.django_db

URL = "/api/bench/baseline/"


def _reload_urlconf() -> None:
    """The route is decided when banking's API URLconf is imported: import it afresh."""
    for module in ("banking.api.urls", settings.ROOT_URLCONF):
        importlib.reload(importlib.import_module(module))
    clear_url_caches()


@pytest.fixture
def baseline_on() -> Iterator[None]:
    with override_settings(BENCHMARK_ENDPOINTS=True):
        _reload_urlconf()
        yield
    _reload_urlconf()  # the setting is off again: so is the route


def test_the_route_is_absent_by_default(world):
    assert settings.BENCHMARK_ENDPOINTS is False
    body = {"id": str(uuid.uuid4()), "kind": "pass_go", "seat": 1}
    response = world.banker().post(URL, body, format="json")
    assert response.status_code == 404
    assert not BaselineRow.objects.exists()


def test_with_the_setting_on_it_inserts_one_row_and_nothing_else(world, baseline_on):
    ident = str(uuid.uuid4())
    body = {"id": ident, "kind": "pass_go", "seat": 1}
    response = world.banker().post(URL, body, format="json")
    assert response.status_code == 201, response.content
    assert response.json() == {"id": ident, "table": world.table.pk, "kind": "pass_go"}
    row = BaselineRow.objects.get()
    assert (str(row.id), row.table_id, row.body) == (ident, world.table.pk, body)
    assert not Entry.objects.exists()  # no rules, no ledger, no projection


def test_it_authenticates_and_parses_like_the_entries_endpoint(api, world, baseline_on):
    body = {"id": str(uuid.uuid4()), "kind": "pass_go", "seat": 1}
    assert api.post(URL, body, format="json").status_code == 401
    bad = world.banker().post(URL, {"id": 12, "kind": "pass_go"}, format="json")
    assert bad.status_code == 400
    assert bad.json()["error"] == "invalid"
    assert not BaselineRow.objects.exists()


def test_the_floor_inserts_one_row_with_no_authentication_query(api, world, baseline_on):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    ident = str(uuid.uuid4())
    body = {"id": ident, "kind": "pass_go", "seat": 1}
    with CaptureQueriesContext(connection) as captured:
        response = api.post(f"/api/bench/floor/{world.table.pk}/", body, format="json")
    assert response.status_code == 201, response.content
    assert [q["sql"].split()[0] for q in captured] == ["INSERT"]
    row = BaselineRow.objects.get()
    assert (str(row.id), row.table_id, row.body) == (ident, world.table.pk, body)
    bad = api.post(f"/api/bench/floor/{world.table.pk}/", {"id": 12}, format="json")
    assert bad.status_code == 400


def test_the_baseline_checks_the_key_in_its_insert_as_a_bankers_post_does(world, baseline_on):
    """One statement: the key is checked by the INSERT itself, as posting an entry checks
    it in the query that locks the table; no query of its own."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    ident = str(uuid.uuid4())
    body = {"id": ident, "kind": "pass_go", "seat": 1}
    with CaptureQueriesContext(connection) as captured:
        response = world.banker().post(URL, body, format="json")
    assert response.status_code == 201, response.content
    assert [q["sql"].split()[0] for q in captured] == ["INSERT"]
    assert BaselineRow.objects.get().table_id == world.table.pk


def test_a_bad_or_spent_key_is_refused_as_everywhere_and_writes_nothing(api, world, baseline_on):
    from rest_framework.test import APIClient

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
    assert not BaselineRow.objects.exists()
