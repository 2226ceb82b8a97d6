"""Who may call what (docs/api.md): every endpoint under /api/ against every kind of caller.

One row per endpoint (and per method), one column per caller; each cell is the status that
caller gets. The world is built afresh for every cell, so endpoints that change state (end a
round, rotate a key) are tried on their own copy. Write endpoints get a valid body, so the
status tells about permission, not validation: the owner always gets the success status.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest
from django.contrib.auth.models import Permission
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from rest_framework.test import APIClient

from banking.actors import Actor
from tests.conftest import World, client_for, close_and_confirm, make_world, organiser_elsewhere
from tests.entries import posted
from tests.factories import PASSWORD, EventFactory, PlayerFactory, UserFactory, VolunteerFactory
from tournament.http.tokens import token_issue
from tournament.models import Event, PrintJob, Round, Volunteer
from tournament.results.closing import round_end, table_close
from tournament.results.reviews import table_confirm
from tournament.services.players import alternate_mark
from tournament.services.rounds import round_create, round_seat

pytestmark = pytest.mark.django_db

CALLERS = ("anonymous", "banker", "other_banker", "referee", "other_organiser", "organiser")

# Columns, in the order of CALLERS:
#   anonymous        no credentials at all
#   banker           `Table <key>` of the table in the url (for event and round urls: of table 1)
#   other_banker     `Table <key>` of another table of the same round
#   referee          a user with the referee role at the event
#   other_organiser  the organiser of another event
#   organiser        the organiser of this event
PUBLIC = (200, 200, 200, 200, 200, 200)


def organiser_only(ok: int) -> tuple[int, ...]:
    return (401, 403, 403, 403, 403, ok)


@dataclass(frozen=True)
class Scene:
    """What a row's request is made against: the world, plus the ids its url and body need."""

    world: World
    ids: dict[str, Any] = field(default_factory=dict)

    def kwargs_for(self, name: str) -> dict[str, Any]:
        available = {
            "code": "us",
            "event_id": self.world.event.pk,
            "round_id": self.world.round.pk,
            "table_id": self.world.table.pk,
            **self.ids,
        }
        params = _route_params()[name]
        return {param: available[param] for param in params}


@dataclass(frozen=True)
class Row:
    label: str
    method: str
    url_name: str
    statuses: tuple[int, ...]
    body: Callable[[Scene], Any] | Any = None
    content_type: str | None = None
    # How the world is set up before the call: "running" (the `world` fixture), "seated"
    # (seated, not started), "next_round" (round 1 ended with results, round 2 seated).
    setup: str = "running"
    prepare: Callable[[World], dict[str, Any]] | None = None


def _an_entry(world: World) -> dict[str, Any]:
    answer = posted(world.banker(), world.table, kind="buy", seat=1, space=39)
    return {"entry_id": answer["entry"]["id"]}


def _a_user(world: World) -> dict[str, Any]:
    return {"username": UserFactory().username}


def _the_banker_volunteer(world: World) -> dict[str, Any]:
    banker = world.event.volunteers.get(role=Volunteer.Role.BANKER)
    return {"volunteer": banker.pk}


def _a_result(world: World) -> dict[str, Any]:
    return {"player_id": world.round.results.order_by("id").first().player_id}


def _an_organisers_token(world: World) -> dict[str, Any]:
    token, _ = token_issue(world.organiser, "results script")
    return {"token_id": token.pk}


def _closed(world: World) -> dict[str, Any]:
    table_close(table_id=world.table.pk)
    return {}


def _confirmed(world: World) -> dict[str, Any]:
    table_close(table_id=world.table.pk)
    table_confirm(table_id=world.table.pk, user=world.referee)
    return {}


def _every_table_confirmed(world: World) -> dict[str, Any]:
    close_and_confirm(world.round, by=world.referee)
    return {}


# fmt: off
#   label, method, url name, statuses for (anonymous, banker, other_banker, referee,
#   other_organiser, organiser), then what the call needs.
def _referee_adjusted(world: World, *, close: bool = True) -> dict[str, Any]:
    """The referee adjusted a balance at table 1; its banker then closed it."""
    client = world.referee_client()
    response = client.post(
        f"/api/tables/{world.table.pk}/entries/",
        {"id": str(uuid.uuid4()), "kind": "adjust", "seat": 1, "amount": -20, "reason": "Twice"},
        format="json",
    )
    assert response.status_code == 201, response.json()
    if close:
        table_close(table_id=world.table.pk)
    return {"entry_id": response.json()["entry"]["id"]}


def _closed_by_organiser(world: World) -> dict[str, Any]:
    closer = Actor(role=Actor.ORGANISER, name=world.organiser.username, user=world.organiser)
    table_close(table_id=world.table.pk, actor=closer)
    return {}


def _a_newcomer(world: World) -> dict[str, Any]:
    """A player registered after the seating: no seat, so they may be made an alternate."""
    return {"player_id": PlayerFactory(event=world.event).pk}


def _an_alternate_for_a_vacancy(world: World) -> dict[str, Any]:
    """An alternate checked in, and a seat whose player is not (nobody is, in `seated`)."""
    alternate = alternate_mark(player_id=PlayerFactory(event=world.event, checked_in=True).pk)
    return {"seat_id": world.table.seats.first().pk, "alternate": alternate.pk}


def _a_print_job(world: World) -> dict[str, Any]:
    job = PrintJob.objects.create(event=world.event, kind="badges", status="failed", error="Jam")
    return {"job_id": job.pk}


ROWS = [
    Row("token", "POST", "api-token", PUBLIC,
        body=lambda s: {"username": s.world.organiser.username, "password": PASSWORD}),
    # Revoking the API token sent: only a token is a way in here.
    Row("logout", "POST", "api-logout", (401, 401, 401, 204, 204, 204)),
    # A person's own tokens: listed by them, revoked by them alone (another's is a 404).
    Row("tokens.list", "GET", "api-tokens", (401, 403, 403, 200, 200, 200)),
    Row("token.revoke", "DELETE", "api-token-detail", (401, 403, 403, 404, 404, 204),
        prepare=_an_organisers_token),
    Row("editions", "GET", "api-editions", PUBLIC),
    Row("edition", "GET", "api-edition", PUBLIC),
    Row("schema", "GET", "schema", PUBLIC),
    Row("docs", "GET", "api-docs", PUBLIC),
    # Events: any person may list the events they volunteer at; organisers (staff, or granted
    # "Can add event") create one and become its organiser; a table key is not a person.
    Row("events.list", "GET", "api-events", (401, 403, 403, 200, 200, 200)),
    Row("events.create", "POST", "api-events", (401, 403, 403, 403, 201, 201),
        body={"name": "Spring Night", "date": "2027-04-10", "edition": "uk"}),
    Row("event.read", "GET", "api-event", organiser_only(200)),
    Row("event.patch", "PATCH", "api-event", organiser_only(200), body={"venue": "Guild Hall"}),
    Row("screen_link.issue", "POST", "api-event-screen-link", organiser_only(201)),
    Row("screen_link.revoke", "DELETE", "api-event-screen-link", organiser_only(204)),
    Row("players.list", "GET", "api-players", organiser_only(200)),
    Row("players.add", "POST", "api-players", organiser_only(201),
        body={"name": "Zed", "email": "zed@example.org", "paid": 20}),
    Row("players.import", "POST", "api-players-import", organiser_only(201),
        body="name,email,team,paid\nZed,zed@example.org,,20\nYan,,Blue,0\n",
        content_type="text/csv"),
    Row("player.alternate", "POST", "api-player-alternate", organiser_only(200),
        body={"action": "mark"}, prepare=_a_newcomer),
    Row("donations.list", "GET", "api-donations", organiser_only(200)),
    Row("donations.add", "POST", "api-donations", organiser_only(201),
        body={"donor": "Corner Shop", "amount": 50, "note": "Raffle"}),
    Row("volunteers.list", "GET", "api-volunteers", organiser_only(200)),
    Row("volunteers.add", "POST", "api-volunteers", organiser_only(201),
        body=lambda s: {"username": s.ids["username"], "role": "referee"}, prepare=_a_user),
    Row("rounds.list", "GET", "api-rounds", organiser_only(200)),
    Row("rounds.create", "POST", "api-rounds", organiser_only(201),
        body={"kind": "preliminary", "time_limit_minutes": 90, "table_size": 4}),
    Row("round.read", "GET", "api-round", organiser_only(200)),
    Row("event.preseat", "POST", "api-event-preseat", organiser_only(200),
        body={"seed": 3, "include_all": True}, setup="preseat"),
    Row("round.seat", "POST", "api-round-seat", organiser_only(200),
        body={"seed": 3, "include_all": True}, setup="seated"),
    Row("round.release", "POST", "api-round-release", organiser_only(200), setup="seated"),
    Row("round.tables", "GET", "api-round-tables", organiser_only(200)),
    Row("round.vacancies", "GET", "api-round-vacancies", organiser_only(200), setup="seated"),
    Row("round.step_in", "POST", "api-round-vacancies", organiser_only(200),
        body=lambda s: {"seat_id": s.ids["seat_id"], "player_id": s.ids["alternate"]},
        setup="seated", prepare=_an_alternate_for_a_vacancy),
    Row("round.start", "POST", "api-round-start", organiser_only(200), setup="seated"),
    Row("round.call_time", "POST", "api-round-call-time", organiser_only(200)),
    Row("round.waves", "POST", "api-round-waves", organiser_only(200), body={"waves": 1},
        setup="seated"),
    Row("round.start_wave", "POST", "api-round-start-wave", organiser_only(200),
        body={"wave": 1}, setup="seated"),
    Row("table.wave", "POST", "api-table-wave", organiser_only(200), body={"wave": 1},
        setup="seated"),
    Row("round.end", "POST", "api-round-end", organiser_only(200),
        prepare=_every_table_confirmed),
    Row("round.results", "GET", "api-round-results", organiser_only(200)),
    Row("round.advancement", "POST", "api-round-advancement", organiser_only(200),
        body=lambda s: {"player_id": s.ids["player_id"], "advances": True, "reason": "Fair play"},
        setup="next_round", prepare=_a_result),
    Row("table.patch", "PATCH", "api-table", organiser_only(200),
        body=lambda s: {"banker": s.ids["volunteer"]}, prepare=_the_banker_volunteer),
    Row("table.rotate_key", "POST", "api-table-rotate-key", organiser_only(200)),
    # A table: its banker reads and records; referees read and correct; organisers do it all.
    Row("table.state", "GET", "api-table-state", (401, 200, 403, 200, 403, 200)),
    Row("entries.list", "GET", "api-entries", (401, 200, 403, 200, 403, 200)),
    Row("entries.post", "POST", "api-entries", (401, 201, 403, 403, 403, 201),
        body=lambda s: {"id": str(uuid.uuid4()), "kind": "pass_go", "seat": 1}),
    Row("entries.adjust", "POST", "api-entries", (401, 403, 403, 201, 403, 201),
        body=lambda s: {"id": str(uuid.uuid4()), "kind": "adjust", "seat": 1, "amount": -20,
                        "reason": "Paid twice for Reading Railroad"}),
    Row("entry.void", "POST", "api-entry-void", (401, 201, 403, 201, 403, 201),
        body={"reason": "Wrong seat"}, prepare=_an_entry),
    # A referee's correction is undone by a referee or an organiser, never by a table key.
    Row("entry.void_adjust", "POST", "api-entry-void", (401, 403, 403, 201, 403, 201),
        body={"reason": "Not a mistake"}, prepare=lambda w: _referee_adjusted(w, close=False)),
    # The banker closes the table; the referee confirms the standing, but does not close it.
    Row("table.close", "POST", "api-table-close", (401, 200, 403, 403, 403, 200)),
    # A second person checks the closed result: a referee or organiser, logged in, who did not
    # bank the table; never a table key. Only an organiser reopens a confirmed result.
    Row("table.confirm", "POST", "api-table-confirm", (401, 403, 403, 200, 403, 200),
        prepare=_closed),
    # Nobody checks their own work: not the referee who corrected the table, not the
    # organiser who closed it.
    Row("table.confirm.recorder", "POST", "api-table-confirm", (401, 403, 403, 403, 403, 200),
        prepare=_referee_adjusted),
    Row("table.confirm.closer", "POST", "api-table-confirm", (401, 403, 403, 200, 403, 403),
        prepare=_closed_by_organiser),
    Row("table.dispute", "POST", "api-table-dispute", (401, 403, 403, 200, 403, 200),
        body={"reason": "Rent on Boardwalk was never recorded"}, prepare=_closed),
    Row("table.reopen", "POST", "api-table-reopen", organiser_only(200),
        body={"reason": "The referee confirmed the wrong table"}, prepare=_confirmed),
    # The console's dry run and its buttons: read-only, so whoever reads the table may ask;
    # a dry run gives the refusal recording would get (a referee records only adjustments).
    Row("table.preview", "POST", "api-table-preview", (401, 200, 403, 403, 403, 200),
        body={"kind": "pass_go", "seat": 1}),
    Row("table.options", "GET", "api-table-options", (401, 200, 403, 200, 403, 200)),
    Row("entry.void_preview", "GET", "api-entry-void-preview", (401, 200, 403, 200, 403, 200),
        prepare=_an_entry),
    # A referee's correction: the table key may not void it, so may not preview the void.
    Row("entry.void_preview_adjust", "GET", "api-entry-void-preview",
        (401, 403, 403, 200, 403, 200), prepare=lambda w: _referee_adjusted(w, close=False)),
    # Printing: organisers only.
    Row("print_jobs.list", "GET", "api-print-jobs", organiser_only(200)),
    Row("print_jobs.create", "POST", "api-print-jobs", organiser_only(201),
        body={"kind": "badges"}),
    Row("print_job.read", "GET", "api-print-job", organiser_only(200), prepare=_a_print_job),
    Row("print_job.retry", "POST", "api-print-job-retry", organiser_only(200),
        prepare=_a_print_job),
    # The export of an event's ledgers and results: organisers only.
    Row("event.export", "GET", "api-event-export", organiser_only(200)),
    Row("event.night", "GET", "api-event-night", organiser_only(200)),
    Row("event.teams", "GET", "api-event-teams", organiser_only(200)),
]
# fmt: on


def _walk(patterns: list[Any], prefix: str = "") -> list[tuple[str, Any]]:
    found = []
    for pattern in patterns:
        route = prefix + str(pattern.pattern)
        if isinstance(pattern, URLResolver):
            found += _walk(pattern.url_patterns, route)
        elif isinstance(pattern, URLPattern) and route.startswith("api/"):
            found.append((route, pattern))
    return found


def _api_patterns() -> dict[str, tuple[str, Any]]:
    return {pattern.name: (route, pattern) for route, pattern in _walk(get_resolver().url_patterns)}


def _route_params() -> dict[str, list[str]]:
    return {
        name: list(pattern.pattern.converters) for name, (_, pattern) in _api_patterns().items()
    }


def _methods(pattern: URLPattern) -> set[str]:
    view = getattr(pattern.callback, "view_class", None) or pattern.callback.cls
    return {
        m.upper()
        for m in view.http_method_names
        if m not in ("options", "head") and hasattr(view, m)
    }


def test_the_table_covers_every_api_endpoint_and_method():
    in_urls = {
        (method, name)
        for name, (_, pattern) in _api_patterns().items()
        for method in _methods(pattern)
    }
    in_table = {(row.method, row.url_name) for row in ROWS}
    assert in_table == in_urls


def _build(setup: str) -> World:
    if setup == "seated":
        return make_world(start=False)
    if setup == "preseat":  # points: rounds 1 and 2 may be seated at once
        world = make_world(start=False, advancement=Event.Format.POINTS)
        round_create(event_id=world.event.pk)
        return world
    world = make_world()
    if setup == "next_round":
        # Round 1 ends with results; round 2 (points format: everyone plays on) is seated, so
        # live table keys exist while round 1's advancement can still be overridden.
        Event.objects.filter(pk=world.event.pk).update(advancement=Event.Format.POINTS)
        close_and_confirm(world.round, by=world.referee)
        round_end(round_id=world.round.pk)
        following = round_create(event_id=world.event.pk)
        round_seat(round_id=following.pk, seed=7)
        world.round.refresh_from_db()
        world.tables = list(following.tables.order_by("number"))
    return world


def _client(caller: str, world: World) -> APIClient:
    if caller == "anonymous":
        return APIClient()
    if caller == "banker":
        return world.banker(world.tables[0])
    if caller == "other_banker":
        return world.banker(world.tables[1])
    if caller == "referee":
        return world.referee_client()
    if caller == "organiser":
        return client_for(_may_set_up_events(world.organiser))
    assert caller == "other_organiser"
    return client_for(_may_set_up_events(organiser_elsewhere()))


def _may_set_up_events(user: Any) -> Any:
    """An organiser as the admin makes one: granted "Can add event" (referees are not)."""
    user.user_permissions.add(Permission.objects.get(codename="add_event"))
    return type(user).objects.get(pk=user.pk)  # without the cached permissions


CELLS = [
    pytest.param(row, caller, status, id=f"{row.label}-{caller}")
    for row in ROWS
    for caller, status in zip(CALLERS, row.statuses, strict=True)
]


@pytest.mark.parametrize(("row", "caller", "expected"), CELLS)
def test_who_may_call_what(request, row, caller, expected):
    world = request.getfixturevalue("world") if row.setup == "running" else _build(row.setup)
    scene = Scene(world, row.prepare(world) if row.prepare else {})
    url = reverse(row.url_name, kwargs=scene.kwargs_for(row.url_name))
    body = row.body(scene) if callable(row.body) else row.body
    client = _client(caller, world)
    call = getattr(client, row.method.lower())
    if row.content_type:
        response = call(url, body, content_type=row.content_type)
    else:
        response = call(url, body, format="json") if body is not None else call(url)

    assert response.status_code == expected, getattr(response, "data", response.content)
    if expected >= 400:
        payload = response.json()
        assert set(payload) == {"error", "detail"}, payload
        assert payload["detail"]


def test_a_list_of_events_shows_only_the_callers_own(world):
    elsewhere = EventFactory(name="Another Night")
    stranger = VolunteerFactory(event=elsewhere, role=Volunteer.Role.ORGANISER).user
    assert [e["id"] for e in client_for(stranger).get("/api/events/").json()] == [elsewhere.pk]
    assert [e["id"] for e in world.referee_client().get("/api/events/").json()] == [world.event.pk]


# Table keys: good for one table while its round runs.


def _state(client: APIClient, world: World) -> Any:
    return client.get(f"/api/tables/{world.table.pk}/state/")


def test_a_banker_key_stops_working_when_its_round_ends(world, post_entry):
    banker = world.banker()
    assert _state(banker, world).status_code == 200
    close_and_confirm(world.round, by=world.referee)
    ended = world.organiser_client().post(f"/api/rounds/{world.round.pk}/end/")
    assert ended.status_code == 200, ended.json()

    read = _state(banker, world)
    assert read.status_code == 401
    assert read.json()["error"] == "authentication_failed"
    assert "round is over" in read.json()["detail"]
    posted = post_entry(banker, world.table, kind="pass_go", seat=1)
    assert posted.status_code == 401
    assert set(posted.json()) == {"error", "detail"}


def test_a_banker_key_still_works_while_time_is_called(world, post_entry):
    called = world.organiser_client().post(f"/api/rounds/{world.round.pk}/call-time/")
    assert called.json()["status"] == Round.Status.TIME_CALLED
    assert post_entry(world.banker(), world.table, kind="pass_go", seat=1).status_code == 201


def test_a_rotated_key_replaces_the_old_one_at_once(world, post_entry):
    old = world.banker()
    rotated = world.organiser_client().post(f"/api/tables/{world.table.pk}/rotate-key/")
    assert rotated.status_code == 200, rotated.json()
    new_key = rotated.json()["key"]
    assert new_key
    assert new_key != world.table.key

    read = _state(old, world)
    assert read.status_code == 401
    assert read.json()["error"] == "authentication_failed"
    assert post_entry(old, world.table, kind="pass_go", seat=1).status_code == 401
    assert _state(client_for(table_key=new_key), world).status_code == 200
    # The other table's key is untouched.
    assert (
        world.banker(world.tables[1]).get(f"/api/tables/{world.tables[1].pk}/state/").status_code
        == 200
    )


def test_a_key_that_was_never_issued_is_refused(world):
    response = _state(client_for(table_key="not-a-key"), world)
    assert response.status_code == 401
    assert set(response.json()) == {"error", "detail"}


# Unknown objects are a 404 in the error shape, even for an organiser.

UNKNOWN = [
    pytest.param("GET", "/api/editions/xx/", id="edition"),
    pytest.param("GET", "/api/events/999999/", id="event"),
    pytest.param("GET", "/api/events/999999/players/", id="event-players"),
    pytest.param("GET", "/api/events/999999/night/", id="event-night"),
    pytest.param("GET", "/api/events/999999/export/", id="event-export"),
    pytest.param("POST", "/api/players/999999/alternate/", id="player-alternate"),
    pytest.param("GET", "/api/rounds/999999/", id="round"),
    pytest.param("GET", "/api/rounds/999999/vacancies/", id="round-vacancies"),
    pytest.param("POST", "/api/rounds/999999/end/", id="round-end"),
    pytest.param("GET", "/api/tables/999999/state/", id="table-state"),
    pytest.param("POST", "/api/tables/999999/rotate-key/", id="table-rotate-key"),
    pytest.param("POST", "/api/tables/999999/close/", id="table-close"),
    pytest.param("POST", "/api/tables/999999/confirm/", id="table-confirm"),
    pytest.param("POST", "/api/tables/999999/dispute/", id="table-dispute"),
    pytest.param("POST", "/api/tables/999999/reopen/", id="table-reopen"),
]


@pytest.mark.parametrize(("method", "url"), UNKNOWN)
def test_an_unknown_object_is_a_404(world, method, url):
    client = world.organiser_client()
    response = client.get(url) if method == "GET" else client.post(url, {}, format="json")
    assert response.status_code == 404
    assert set(response.json()) == {"error", "detail"}


# ----------------------------------------------------------------------------- the pages
# The desk's and the referees' pages against every kind of person, as the API above: each
# cell says whether the caller is sent to log in, refused (403), or let in (an answer, a
# redirect after a write, or the form again with its errors). The banker is the banker's
# own login, not a table key: bankers use the console, not these pages.

LOGIN, REFUSED, IN = "login", "refused", "in"
PAGE_CALLERS = ("anonymous", "banker", "referee", "other_organiser", "organiser")
DESK = (LOGIN, REFUSED, REFUSED, REFUSED, IN)
REFEREE = (LOGIN, REFUSED, IN, REFUSED, IN)


def _player(world: World) -> dict[str, Any]:
    return {"player_id": world.event.players.order_by("pk").first().pk}


def _donation(world: World) -> dict[str, Any]:
    from tournament.services.events import donation_add

    return {"donation_id": donation_add(event_id=world.event.pk, donor="Shop", amount=5).pk}


def _team(world: World) -> dict[str, Any]:
    from tournament.services.players import player_update

    player = world.event.players.order_by("pk").first()
    player_update(player_id=player.pk, changes={"team": "Reds"})
    return {"name": "Reds"}


def _volunteer(world: World) -> dict[str, Any]:
    return {"volunteer_id": world.event.volunteers.get(role=Volunteer.Role.BANKER).pk}


@dataclass(frozen=True)
class PageRow:
    label: str
    method: str
    url_name: str
    cells: tuple[str, ...]
    form: dict[str, Any] = field(default_factory=dict)
    prepare: Callable[[World], dict[str, Any]] | None = None
    query: str = ""


# fmt: off
PAGE_ROWS = [
    # Any person sees the events they organise; only organisers (staff, or granted "Can add
    # event") set one up.
    PageRow("desk.events", "GET", "desk:events", (LOGIN, IN, IN, IN, IN)),
    PageRow("desk.event_new", "GET", "desk:event-new", (LOGIN, REFUSED, REFUSED, IN, IN)),
    PageRow("desk.event_new.post", "POST", "desk:event-new", (LOGIN, REFUSED, REFUSED, IN, IN),
            form={"name": "Spring", "date": "2027-04-10", "edition": "us",
                  "advancement": "knockout", "wildcards": "0", "finalists": "6",
                  "entry_fee": "0"}),
    PageRow("desk.event", "GET", "desk:event", DESK),
    PageRow("desk.event_edit", "GET", "desk:event-edit", DESK),
    PageRow("desk.event_edit.post", "POST", "desk:event-edit", DESK, form={"name": "Renamed"}),
    PageRow("desk.players", "GET", "desk:players", DESK),
    PageRow("desk.players.post", "POST", "desk:players", DESK, form={"new-name": "Zed"}),
    PageRow("desk.players_import", "GET", "desk:players-import", DESK),
    PageRow("desk.players_import.post", "POST", "desk:players-import", DESK,
            form={"text": "name\nZed\n"}),
    PageRow("desk.check_in.post", "POST", "desk:player-check-in", DESK,
            form={"checked_in": "1"}, prepare=_player),
    PageRow("desk.paid.post", "POST", "desk:player-paid", DESK, form={"paid": "5"},
            prepare=_player),
    PageRow("desk.check_in", "GET", "desk:check-in", DESK),
    PageRow("desk.check_in_scan.post", "POST", "desk:check-in-scan", DESK, form={"code": "x"}),
    PageRow("desk.check_in_status", "GET", "desk:check-in-status", DESK),
    PageRow("desk.player_message", "GET", "desk:player-message", DESK, prepare=_player),
    PageRow("desk.player_edit", "GET", "desk:player-edit", DESK, prepare=_player),
    PageRow("desk.player_edit.post", "POST", "desk:player-edit", DESK,
            form={"name": "Zed", "paid": "0"}, prepare=_player),
    PageRow("desk.player_alternate.post", "POST", "desk:player-alternate", DESK,
            form={"action": "mark"}, prepare=_player),
    PageRow("desk.player_remove.post", "POST", "desk:player-remove", DESK, prepare=_player),
    PageRow("desk.player_return.post", "POST", "desk:player-return", DESK, prepare=_player),
    PageRow("desk.donation_edit", "GET", "desk:donation-edit", DESK, prepare=_donation),
    PageRow("desk.donation_edit.post", "POST", "desk:donation-edit", DESK,
            form={"donor": "Shop", "amount": "6"}, prepare=_donation),
    PageRow("desk.donation_remove.post", "POST", "desk:donation-remove", DESK,
            prepare=_donation),
    PageRow("desk.volunteer_remove.post", "POST", "desk:volunteer-remove", DESK,
            prepare=_volunteer),
    PageRow("desk.seat_late.post", "POST", "desk:seat-late", DESK, form={"player": "0"},
            prepare=lambda world: {"round_id": world.round.pk}),
    PageRow("desk.donations", "GET", "desk:donations", DESK),
    PageRow("desk.donations.post", "POST", "desk:donations", DESK,
            form={"donor": "Shop", "amount": "5"}),
    PageRow("desk.screen_link.post", "POST", "desk:screen-link", DESK, form={"action": "issue"}),
    PageRow("desk.volunteers", "GET", "desk:volunteers", DESK),
    PageRow("desk.volunteers.post", "POST", "desk:volunteers", DESK,
            form={"username": "newbie", "role": "referee"}),
    PageRow("desk.rounds", "GET", "desk:rounds", DESK),
    PageRow("desk.rounds.post", "POST", "desk:rounds", DESK,
            form={"kind": "preliminary", "time_limit_minutes": "90", "table_size": "4"}),
    PageRow("desk.rounds_preseat.post", "POST", "desk:rounds-preseat", DESK),
    PageRow("desk.bracket", "GET", "desk:bracket", DESK),
    PageRow("desk.teams", "GET", "desk:teams", DESK),
    PageRow("desk.team", "GET", "desk:team", DESK, prepare=_team),
    PageRow("desk.team.post", "POST", "desk:team", DESK, form={"sponsor": "Acme"},
            prepare=_team),
    PageRow("desk.round", "GET", "desk:round", DESK),
    PageRow("desk.seat", "GET", "desk:seat", DESK, query="?seed=7"),
    PageRow("desk.seat_confirm.post", "POST", "desk:seat-confirm", DESK, form={"seed": "7"}),
    PageRow("desk.alternate_step_in.post", "POST", "desk:alternate-step-in", DESK,
            form={"seat": "0", "player": "0"}),
    PageRow("desk.release.post", "POST", "desk:round-release", DESK),
    PageRow("desk.start.post", "POST", "desk:round-start", DESK),
    PageRow("desk.call_time.post", "POST", "desk:round-call-time", DESK),
    PageRow("desk.end.post", "POST", "desk:round-end", DESK, form={"reason": "Late"}),
    PageRow("desk.results", "GET", "desk:results", DESK),
    PageRow("desk.override.post", "POST", "desk:override", DESK,
            form={"player": "1", "advances": "1", "reason": "Fair play"}),
    PageRow("desk.rotate_key.post", "POST", "desk:table-rotate-key", DESK),
    PageRow("desk.table_wave.post", "POST", "desk:table-wave", DESK),
    PageRow("desk.round_waves.post", "POST", "desk:round-waves", DESK),
    PageRow("desk.wave_start.post", "POST", "desk:wave-start", DESK),
    # The referees' pages: the event's referees and organisers.
    PageRow("referee.home", "GET", "referee-home", (LOGIN, IN, IN, IN, IN)),
    PageRow("referee.event", "GET", "referee-event", REFEREE),
    PageRow("referee.table", "GET", "referee-table", REFEREE),
    PageRow("referee.adjust.post", "POST", "referee-adjust", REFEREE,
            form={"id": str(uuid.uuid4()), "seat": "1", "amount": "5", "reason": "Short"}),
    PageRow("referee.void.post", "POST", "referee-void", REFEREE, form={"reason": "Wrong"},
            prepare=_an_entry),
    PageRow("referee.confirm.post", "POST", "referee-confirm", REFEREE, prepare=_closed),
    PageRow("referee.dispute.post", "POST", "referee-dispute", REFEREE,
            form={"reason": "Rent missing"}, prepare=_closed),
    PageRow("referee.reopen.post", "POST", "referee-reopen", (LOGIN, REFUSED, REFUSED, REFUSED, IN),
            form={"reason": "Wrong table"}, prepare=_confirmed),
    # Nobody checks their own work: the referee who corrected a table, the organiser who
    # closed it.
    PageRow("referee.confirm.recorder", "POST", "referee-confirm",
            (LOGIN, REFUSED, REFUSED, REFUSED, IN), prepare=_referee_adjusted),
    PageRow("referee.confirm.closer", "POST", "referee-confirm",
            (LOGIN, REFUSED, IN, REFUSED, REFUSED), prepare=_closed_by_organiser),
]
# fmt: on


def _page_routes(
    patterns: list[Any] | None = None, prefix: str = "", space: str = ""
) -> dict[str, list[str]]:
    """Every route under /desk/ and /referee/ by name ("desk:players", "referee-table"),
    with the names of its path parameters."""
    routes: dict[str, list[str]] = {}
    for pattern in get_resolver().url_patterns if patterns is None else patterns:
        route = prefix + str(pattern.pattern)
        if isinstance(pattern, URLResolver):
            inner = f"{pattern.namespace}:" if pattern.namespace else space
            routes |= _page_routes(pattern.url_patterns, route, inner)
        elif route.startswith(("desk/", "referee/")):
            routes[space + pattern.name] = list(pattern.pattern.converters)
    return routes


def test_the_page_table_covers_every_desk_and_referee_page():
    assert {row.url_name for row in PAGE_ROWS} == set(_page_routes())


def _page_client(caller: str, world: World) -> Any:
    from django.test import Client

    client = Client()
    user = {
        "anonymous": None,
        "banker": world.event.volunteers.filter(role=Volunteer.Role.BANKER).first(),
        "referee": world.referee,
        "organiser": world.organiser,
        "other_organiser": None,
    }[caller]
    if caller == "banker":
        user = user.user
    if caller == "other_organiser":
        user = VolunteerFactory(event=EventFactory(name="Another"), role="organiser").user
    if caller in ("organiser", "other_organiser"):
        user = _may_set_up_events(user)  # as the admin makes an organiser
    if user is not None:
        client.force_login(user)
    return client


def _page_kwargs(name: str, world: World, ids: dict[str, Any]) -> dict[str, Any]:
    available = {
        "event_id": world.event.pk,
        "round_id": world.round.pk,
        "table_id": world.table.pk,
        **ids,
    }
    return {param: available[param] for param in _page_routes()[name]}


PAGE_CELLS = [
    pytest.param(row, caller, cell, id=f"{row.label}-{caller}")
    for row in PAGE_ROWS
    for caller, cell in zip(PAGE_CALLERS, row.cells, strict=True)
]


@pytest.mark.parametrize(("row", "caller", "expected"), PAGE_CELLS)
def test_who_reaches_each_page(world, row, caller, expected):
    ids = row.prepare(world) if row.prepare else {}
    kwargs = _page_kwargs(row.url_name, world, ids)
    url = reverse(row.url_name, kwargs=kwargs) + row.query
    client = _page_client(caller, world)
    response = client.post(url, row.form) if row.method == "POST" else client.get(url)
    if expected == LOGIN:  # a page sends to the login; a page's JSON poll answers 401
        if response["Content-Type"].startswith("application/json"):
            assert response.status_code == 401
        else:
            assert response.status_code == 302
            assert response["Location"].startswith(reverse("login"))
    elif expected == REFUSED:
        assert response.status_code == 403, response.content[:300]
    else:
        assert response.status_code in (200, 302, 400, 409), response.status_code
        if response.status_code == 302:
            assert not response["Location"].startswith(reverse("login"))
