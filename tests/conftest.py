"""Fixtures shared by the whole suite: API clients for each kind of caller, and a running table."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from rest_framework.test import APIClient

from tests.factories import EventFactory, PlayerFactory, UserFactory, VolunteerFactory
from tournament.models import Event, Round, Table, Volunteer
from tournament.services.rounds import round_create, round_seat, round_start

pytest_plugins = ["tests.browser"]

# Property tests judge behaviour, not speed: a loaded 2-core machine must not fail them.
settings.register_profile(
    "suite", deadline=None, suppress_health_check=[HealthCheck.too_slow], print_blob=True
)
settings.load_profile("suite")


@pytest.fixture
def api() -> APIClient:
    return APIClient()


def client_for(user: Any = None, *, table_key: str | None = None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user=user)
    if table_key is not None:
        client.credentials(HTTP_AUTHORIZATION=f"Table {table_key}")
    return client


NAMES = ["Ada", "Brook", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lou"]


@dataclass
class World:
    """An event with an organiser, a referee, a banker and a round running at two tables."""

    event: Event
    organiser: Any
    referee: Any
    round: Round
    tables: list[Table]

    @property
    def table(self) -> Table:
        return self.tables[0]

    def banker(self, table: Table | None = None) -> APIClient:
        return client_for(table_key=(table or self.table).key)

    def organiser_client(self) -> APIClient:
        return client_for(self.organiser)

    def referee_client(self) -> APIClient:
        return client_for(self.referee)


def make_world(*, players: int = 8, table_size: int = 4, start: bool = True, **event: Any) -> World:
    event_obj = EventFactory(**event)
    organiser = VolunteerFactory(event=event_obj, role=Volunteer.Role.ORGANISER).user
    referee = VolunteerFactory(event=event_obj, role=Volunteer.Role.REFEREE).user
    VolunteerFactory(event=event_obj, role=Volunteer.Role.BANKER)
    for n in range(players):
        PlayerFactory(
            event=event_obj, name=NAMES[n % len(NAMES)] + (f" {n}" if n >= len(NAMES) else "")
        )
    round_ = round_create(event_id=event_obj.pk, table_size=table_size)
    round_seat(round_id=round_.pk, seed=7, include_all=True)  # nobody checked in: seat all
    if start:
        round_start(round_id=round_.pk)
    round_.refresh_from_db()
    return World(
        event=event_obj,
        organiser=organiser,
        referee=referee,
        round=round_,
        tables=list(round_.tables.order_by("number")),
    )


@pytest.fixture
def world(db: None) -> World:
    return make_world()


@pytest.fixture
def post_entry() -> Callable[..., Any]:
    """Post an entry with a fresh id: post_entry(client, table, kind="buy", seat=1, space=39)."""

    def post(client: APIClient, table: Table, **body: Any) -> Any:
        body.setdefault("id", str(uuid.uuid4()))
        return client.post(f"/api/tables/{table.pk}/entries/", body, format="json")

    return post


@pytest.fixture
def outsider(db: None) -> Any:
    return UserFactory()


def close_and_confirm(round_: Round, *, by: Any) -> None:
    """Close every table of the round (its result is written) and confirm each result as
    `by`, a referee or organiser who banked none of them: the round may then end."""
    from banking.services.reviews import table_confirm
    from banking.services.rounds import table_close

    for table in round_.tables.order_by("number"):
        table_close(table_id=table.pk)
        table_confirm(table_id=table.pk, user=by)
