"""Every operation of the served schema (/api/schema/, read by schemathesis) gets the hostile
bodies: JSON nested 3,000 deep, a body over the upload limit, and a NUL, a tab or a bidi
override in each of its text fields; as an organiser of the event, as the table's banker and
with no credentials. No answer is a 5xx, every refusal is in the API's error shape, and
nothing is written."""

from __future__ import annotations

import json
import uuid
from typing import Any

import pytest
import schemathesis
from django.test import override_settings
from rest_framework.test import APIClient

from banking.actors import Actor
from banking.models import Entry
from banking.services.entries import entry_post
from tests.conftest import make_world
from tournament.models import AuditEvent, Donation, Event, Player, PrintJob, Round, Volunteer
from tournament.wsgi import application

pytestmark = pytest.mark.django_db

schema = schemathesis.openapi.from_wsgi("/api/schema/", application)
# The operations that read a body (an action with none, such as starting a round, ignores
# whatever is sent and is not a way in for a body).
OPERATIONS = [
    result.ok()
    for result in schema.get_all_operations()
    if result.ok().method.upper() in ("POST", "PUT", "PATCH")
    and "requestBody" in result.ok().definition.raw
]
DEEP = "[" * 3000 + "1" + "]" * 3000
BAD = ["a\u0000b", "a\tb", "abc\u202egnp.exe"]
LIMIT = 4000


def _resolve(node: Any) -> Any:
    while isinstance(node, dict) and "$ref" in node:
        node = schema.raw_schema["components"]["schemas"][node["$ref"].rsplit("/", 1)[1]]
    return node


def _text_fields(operation: Any) -> list[str]:
    """The names of the request body's text properties (of each shape it may take)."""
    content = operation.definition.raw.get("requestBody", {}).get("content", {})
    body = _resolve(content.get("application/json", {}).get("schema", {}))
    shapes = [_resolve(s) for s in body.get("oneOf", [])] or [body]
    return sorted(
        {
            name
            for shape in shapes
            for name, prop in shape.get("properties", {}).items()
            if _resolve(prop).get("type") == "string" and "format" not in _resolve(prop)
        }
    )


def _written() -> tuple[int, ...]:
    models = (Entry, Player, Donation, Event, AuditEvent, Round, Volunteer, PrintJob)
    return tuple(model.objects.count() for model in models)


@pytest.fixture
def scene(db: None) -> dict[str, Any]:
    world = make_world(players=4)
    entry = entry_post(
        table_id=world.table.pk,
        entry_id=uuid.uuid4(),
        payload={"kind": "pass_go", "seat": 1},
        actor=Actor(role=Actor.BANKER, name="banker"),
    ).entry
    job = PrintJob.objects.create(event=world.event, kind="bracket", status="failed")
    ids = {
        "code": "us", "event_id": world.event.pk, "round_id": world.round.pk,
        "table_id": world.table.pk, "entry_id": str(entry.id), "job_id": job.pk,
        "player_id": world.event.players.order_by("pk").first().pk,
    }  # fmt: skip
    return {"world": world, "ids": ids}


def _clients(world: Any) -> dict[str, APIClient]:
    return {
        "anonymous": APIClient(),
        "organiser": world.organiser_client(),
        "banker": world.banker(),
    }


def _send(client: APIClient, method: str, url: str, body: str) -> Any:
    return client.generic(method, url, body, content_type="application/json")


def _check(response: Any, where: str) -> None:
    assert response.status_code < 500, (where, response.status_code, response.content[:300])
    if response.status_code >= 400:
        payload = response.json()
        assert {"error", "detail"} <= set(payload), (where, payload)


def _bodies(operation: Any) -> list[tuple[str, str]]:
    bodies = [("nested", DEEP), ("nested-field", json.dumps({"x": 1})[:-1] + f', "y": {DEEP}}}')]
    bodies.append(("oversized", json.dumps({"name": "x" * (LIMIT * 2)})))
    for field in _text_fields(operation):
        for bad in BAD:
            bodies.append((f"{field}={bad!r}", json.dumps({field: bad, "id": str(uuid.uuid4())})))
    return bodies


@override_settings(DATA_UPLOAD_MAX_MEMORY_SIZE=LIMIT)
@pytest.mark.parametrize(
    "operation", OPERATIONS, ids=[f"{op.method.upper()} {op.path}" for op in OPERATIONS]
)
def test_hostile_bodies_get_a_4xx_and_write_nothing(scene, operation):
    world, ids = scene["world"], scene["ids"]
    url = operation.path.format(**ids)
    before = _written()
    for caller, client in _clients(world).items():
        for label, body in _bodies(operation):
            response = _send(client, operation.method.upper(), url, body)
            _check(response, f"{caller} {label}")
            if label.startswith("nested") and response.status_code == 400:
                assert response.json()["error"] in ("too_deep", "invalid", "malformed_json")
            if label == "oversized" and response.status_code not in (401, 403, 404, 405):
                assert response.status_code == 413, response.content[:200]
    assert _written() == before
