"""Schemathesis fuzzes every operation of the served schema (/api/schema/) as an organiser of
an event and as a table's banker: no answer is a server error, every answer matches the
schema (status documented, content type, body), and invalid input gets a 4xx in the API's
error shape.

The run is small and deterministic so CI is stable: a fixed seed, derandomized Hypothesis,
a few examples per operation. Path parameters mostly name objects of the world the test
builds, so the handlers run for real; some keep the fuzzed value, to reach the 404s.
"""

from __future__ import annotations

import uuid
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, settings

from tests.conftest import make_world
from tests.entries import bank
from tournament.http.tokens import token_issue
from tournament.models import PrintJob
from tournament.wsgi import application

EXAMPLES = 20  # per operation and caller

# Where a request the schema allows may still be refused with 400, for a reason no JSON
# Schema can state: the answer must then be that 400 in the error shape, and the schema
# checks still apply; everywhere else a well-formed request must be accepted.
REFUSED_BY_RULES = {
    "/api/auth/token/": "a wrong username or password",
    "/api/tables/{table_id}/entries/": "a move the rules of Monopoly forbid",
    "/api/tables/{table_id}/preview/": "a move the rules of Monopoly forbid",
    "/api/events/{event_id}/players/import/": "a CSV with a bad line, or not UTF-8",
    "/api/tables/{table_id}/dispute/": "a reason of blanks only",
    "/api/tables/{table_id}/reopen/": "a reason of blanks only",
}
ACCEPTED = ["2xx", "3xx", "401", "403", "404", "409", "429"]

CONFIG = {
    "seed": 20261205,
    "generation": {"max-examples": EXAMPLES, "deterministic": True, "mode": "all"},
    "phases": {"coverage": {"enabled": False}, "stateful": {"enabled": False}},
    "checks": {"positive_data_acceptance": {"expected-statuses": ACCEPTED}},
    "operations": [
        {
            "include-path": path,
            "include-method": "POST",
            "checks": {"positive_data_acceptance": {"expected-statuses": [*ACCEPTED, "400"]}},
        }
        for path in REFUSED_BY_RULES
    ],
}

schema = schemathesis.openapi.from_wsgi(
    "/api/schema/", application, config=schemathesis.Config.from_dict(CONFIG)
)
# A table key opens its own table and nothing else: the table's operations get the full run,
# the others a short one that shows each refuses the key in the error shape. (Both select by
# exclude(): include() drops its path filter when the config has per-operation settings.)
at_the_table = schema.exclude(path_regex=r"^(?!/api/tables/)")
elsewhere = schema.exclude(path_regex=r"^/api/tables/")


@dataclass
class Caller:
    """Who calls, and the real objects the fuzzed path parameters are pointed at."""

    authorization: str
    ids: dict[str, Any]


@pytest.fixture
def in_test_transaction() -> Iterator[None]:
    """Requests go straight to the WSGI app, inside the test's transaction: as Django's test
    client does, keep the end of a request from closing the connection that holds it."""
    for signal in (request_started, request_finished):
        signal.disconnect(close_old_connections)
    yield
    for signal in (request_started, request_finished):
        signal.connect(close_old_connections)


@pytest.fixture
def fuzz_world(db: None, in_test_transaction: None) -> Any:
    world = make_world(players=4)  # one table
    entry = bank(world.table, kind="pass_go", seat=1)
    job = PrintJob.objects.create(
        event=world.event, kind=PrintJob.Kind.BRACKET, status=PrintJob.Status.FAILED
    )
    world.ids = {
        "code": "us",
        "event_id": world.event.pk,
        "round_id": world.round.pk,
        "table_id": world.table.pk,
        "entry_id": str(entry.id),
        "job_id": job.pk,
        "player_id": world.event.players.order_by("pk").first().pk,
    }
    return world


@pytest.fixture
def organiser(fuzz_world: Any) -> Caller:
    _, token = token_issue(fuzz_world.organiser, "fuzzing")
    return Caller(f"Token {token}", fuzz_world.ids)


@pytest.fixture
def banker(fuzz_world: Any) -> Caller:
    return Caller(f"Table {fuzz_world.table.key}", fuzz_world.ids)


def _well_formed(name: str, value: Any) -> bool:
    if name == "entry_id":
        try:
            uuid.UUID(str(value))
        except ValueError:
            return False
        return True
    if name == "code":
        return isinstance(value, str)
    return isinstance(value, int) and not isinstance(value, bool)


def _aim(case: schemathesis.Case, ids: dict[str, Any]) -> None:
    """Point well-formed path parameters at real objects, three times in four (decided by the
    fuzzed value itself, so a failing example replays the same way)."""
    params = case.path_parameters or {}
    for name, value in params.items():
        if name in ids and _well_formed(name, value) and zlib.crc32(repr(value).encode()) % 4:
            params[name] = ids[name]


# The world is built once per operation and lives through its examples, as an event does.
def _run(case: schemathesis.Case, caller: Caller) -> None:
    _aim(case, caller.ids)
    # Plain answers: the WSGI client does not undo the table API's gzip (its own tests,
    # tests/banking/test_console_bytes.py), and the fuzzing reads what the JSON says.
    headers = {"Authorization": caller.authorization, "Accept-Encoding": "identity"}
    case.call_and_validate(headers=headers)


@schema.parametrize()
@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_the_api_holds_to_its_schema_for_an_organiser(case: schemathesis.Case, organiser: Caller):
    _run(case, organiser)


@at_the_table.parametrize()
@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_the_api_holds_to_its_schema_for_a_banker_at_their_table(
    case: schemathesis.Case, banker: Caller
):
    _run(case, banker)


@elsewhere.parametrize()
@settings(max_examples=EXAMPLES // 4, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_the_api_holds_to_its_schema_for_a_banker_elsewhere(
    case: schemathesis.Case, banker: Caller
):
    _run(case, banker)
