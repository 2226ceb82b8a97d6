"""Fixtures shared by the whole suite: API clients for each kind of caller, and a running table."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from django.db import connection
from django.test import Client
from django.utils import timezone, translation
from hypothesis import HealthCheck, settings
from rest_framework.test import APIClient

from tests import entries
from tests.factories import EventFactory, PlayerFactory, UserFactory, VolunteerFactory
from tests.production.venv import production_venv
from tournament.models import Event, Round, Table, Volunteer, Wave
from tournament.services.rounds import round_create, round_seat, round_start

pytest_plugins = ["tests.browser", "tests.pseudo"]

# Property tests judge behaviour, not speed: a loaded 2-core machine must not fail them.
settings.register_profile(
    "suite", deadline=None, suppress_health_check=[HealthCheck.too_slow], print_blob=True
)
settings.load_profile("suite")


# `make test` runs the suite on every core (pytest-xdist, --dist loadgroup). The tests that
# start servers of their own, or share a named database, a Redis database or the production
# install, run one after another on one worker; every other test has its worker's database.
SHARED_OUTSIDE = ("production", "faults", "rehearsal", "bench")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    # Schemathesis names each operation's test by its operation ("test_x[POST /api/...]"), but
    # under pytest 9 they all get the function's node id; xdist's scheduling, keyed by node id,
    # would run one of them and say nothing. Each gets its name as its id; a clash left is an
    # error, never a test quietly dropped.
    ids = Counter(item.nodeid for item in items)
    for item in items:
        if ids[item.nodeid] > 1 and item.parent is not None:
            item._id = item.parent.id.child(item.name)
    if clash := [nodeid for nodeid, n in Counter(i.nodeid for i in items).items() if n > 1]:
        raise pytest.UsageError(f"two tests share the id {clash[0]}: one would not run")
    for item in items:
        folder = Path(str(item.path)).relative_to(Path(__file__).parent).parts[0]
        if folder in SHARED_OUTSIDE or item.get_closest_marker("worker"):
            item.add_marker(pytest.mark.xdist_group("outside"))


@pytest.fixture(autouse=True)
def _english_until_asked() -> Iterator[None]:
    """Each test starts and ends in English: a request in another language (Accept-Language,
    LocaleMiddleware) leaves that language active in the thread, which would say the next
    test's words, a model's label among them, in it."""
    translation.deactivate()
    yield
    translation.deactivate()


@pytest.fixture(scope="session")
def prod_venv() -> Path:
    """The production install, no extras (tests/production/venv.py): for the tests that run
    the site as the image runs it (tests/production/, tests/rehearsal/)."""
    return production_venv()


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


def session_for(user: Any = None, **options: Any) -> Client:
    """A browser's client for the pages: logged in as `user` (a session), or anonymous."""
    client = Client(**options)
    if user is not None:
        client.force_login(user)
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


def make_world(
    *,
    players: int = 8,
    table_size: int = 4,
    start: bool = True,
    names: list[str] | None = None,
    **event: Any,
) -> World:
    """`players` players (named from `names` if given, else NAMES) seated at tables of
    `table_size` in a round that is started unless `start` is False."""
    event_obj = EventFactory(**event)
    organiser = VolunteerFactory(event=event_obj, role=Volunteer.Role.ORGANISER).user
    referee = VolunteerFactory(event=event_obj, role=Volunteer.Role.REFEREE).user
    VolunteerFactory(event=event_obj, role=Volunteer.Role.BANKER)
    for n in range(players):
        name = NAMES[n % len(NAMES)] + (f" {n}" if n >= len(NAMES) else "")
        PlayerFactory(event=event_obj, name=names[n] if names else name)
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
    return entries.post_entry


@pytest.fixture
def outsider(db: None) -> Any:
    return UserFactory()


def organiser_elsewhere() -> Any:
    """A user who organises another event, and only that one."""
    elsewhere = EventFactory(name="Another Night")
    return VolunteerFactory(event=elsewhere, role=Volunteer.Role.ORGANISER).user


@pytest.fixture
def other_organiser(db: None) -> Any:
    return organiser_elsewhere()


def close_and_confirm(round_: Round, *, by: Any) -> None:
    """Close every table of the round (its result is written) and confirm each result as
    `by`, a referee or organiser who banked none of them: the round may then end."""
    from tournament.results.closing import table_close
    from tournament.results.reviews import table_confirm

    for table in round_.tables.order_by("number"):
        table_close(table_id=table.pk)
        table_confirm(table_id=table.pk, user=by)


def run_out(round_: Round, *, wave: int = 1, ago: timedelta = timedelta(seconds=1)) -> None:
    """Let a wave's clock run out `ago`, time not called yet (as with no worker about): the
    wave's end moved into the past, and the round's with it when that wave is its last."""
    ends_at = timezone.now() - ago
    Wave.objects.filter(round_id=round_.pk, number=wave).update(ends_at=ends_at)
    Round.objects.filter(pk=round_.pk, wave_count=wave).update(ends_at=ends_at)


def play_round_one(world: World, kind: str = Round.Kind.PRELIMINARY) -> Round:
    """Seat 1 of each table passes GO (a clear winner a table), every table is closed and
    confirmed and the round ends; then the next round (of `kind`) is planned, and
    returned."""
    from tournament.results.closing import round_end

    for table in world.tables:
        entries.bank(table, kind="pass_go", seat=1)
    close_and_confirm(world.round, by=world.referee)
    round_end(round_id=world.round.pk)
    return round_create(event_id=world.event.pk, kind=kind)


@contextmanager
def guards_off() -> Iterator[None]:
    """The database's guards (the ledger's, the results', the audit trail's triggers) off
    for a moment, as only a superuser could: for tests that make the data an older release
    left, or show that nothing reads what the guards keep."""
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL session_replication_role = replica")
        try:
            yield
        finally:
            cursor.execute("SET LOCAL session_replication_role = origin")


def database_url(name: str) -> str:
    """The address of database `name` on the suite's server, for the scripts the tests run."""
    db = connection.settings_dict
    password = f":{quote(db['PASSWORD'])}" if db["PASSWORD"] else ""
    port = f":{db['PORT']}" if db["PORT"] else ""
    return f"postgres://{quote(db['USER'])}{password}@{db['HOST']}{port}/{name}"
