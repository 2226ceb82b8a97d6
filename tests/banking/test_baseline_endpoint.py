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
