"""Recording entries in tests: through the service, as a table's banker does (`bank`), and
through the API, as a tablet or a script does (`post_entry`, `posted`)."""

from __future__ import annotations

import uuid
from typing import Any

from banking.actors import Actor
from banking.models import Entry
from banking.services.entries import entry_post
from tournament.models import Table

BANKER = Actor(role=Actor.BANKER, name="banker")


def bank(table: Table, /, **payload: Any) -> Entry:
    """Record an entry with a fresh id through the service, as the table's banker:
    bank(table, kind="buy", seat=1, space=39)."""
    return entry_post(table_id=table.pk, entry_id=uuid.uuid4(), payload=payload, actor=BANKER).entry


def post_entry(client: Any, table: Table, /, **body: Any) -> Any:
    """POST an entry to the API, with a fresh id unless `body` brings one:
    post_entry(world.banker(), table, kind="buy", seat=1, space=39). Gives the response."""
    body.setdefault("id", str(uuid.uuid4()))
    return client.post(f"/api/tables/{table.pk}/entries/", body, format="json")


def posted(client: Any, table: Table, /, **body: Any) -> dict[str, Any]:
    """post_entry, which must be recorded (201): gives the answer's JSON."""
    response = post_entry(client, table, **body)
    assert response.status_code == 201, response.json()
    return response.json()
