"""Simulate an event under load: 100 tables' tablets, 20 referees' phones, the big screen
and the desk's control room against gunicorn, PostgreSQL and Redis on this machine, and
compare against the bare baseline endpoint measured in the same run (docs/benchmarks.md).

    .venv/bin/python bench/load.py [--duration 120] [--tables 100] [--referees 20]
                                   [--baseline 240] [--entries-only] [--history N]
    (or: make bench-load; make bench-history for --history 30)

1. Creates a fresh PostgreSQL database (`--database`), migrates it and builds an event
   through the project's services: 4 x `--tables` players checked in and seated four to a
   table, the round running, `--referees` referees each with a logged-in phone, the
   organiser logged in at the desk, and a big screen link. Each table's entries are made
   in advance by the rules engine from dice rolls round the board (bench/moves.py,
   DiceMoves): buying, rent, tax, cards, passing Go, the jail fine, houses; every one is
   legal when its turn comes.
2. Serves it with gunicorn (`--workers` sync workers, as in docker/) under the production
   settings: DEBUG off, HTTPS behind a proxy (each request carries X-Forwarded-Proto, as
   the proxy adds it), secure session cookies, persistent connections, Redis as the Celery
   broker (`--broker`). Nothing in the load enqueues a task (starting the round queued one,
   for when its clock runs out), so no Celery worker runs; the run checks that the queue
   did not grow.
3. Runs locust (headless, as a library), each user on its own clock, in two phases:
     event     `--duration` seconds. A tablet per table, every 5 s, as the console does it:
               POST preview (the banker checks the entry) and POST the entry, each asking
               for the options too (`X-Answer-With: options`: its answer holds the table's state
               and the legal moves after it), and GET state half-way (the console's own
               poll every 5 s, with its report on itself in headers, which the bank
               keeps): three requests a cycle, 60 requests/s for 100 tables
               (`--entries-only`: the entry alone, 20/s). In the baseline phase the entry
               goes without options, and the options are read by a GET after it, so
               that the entries compare with the floor as before.
               Every referee's phone opens a page every 10 s, the event's overview and a
               table's page in turn (the referee pages do not refresh by themselves: a
               referee walking the floor reloads them). The big screen polls its live
               parts every 4 s with the ETag of its last answer, as htmx does there
               (static/js/screen.js), for the page of twelve tables it shows. The organiser's desk
               polls the round page's live part (its control room) every 5 s with the
               ETag of its last answer, as htmx does there.
     baseline  `--baseline` seconds, the same users at the same pace, except that each
               tablet posts its entry every other cycle, and the other cycles its entry's
               JSON to the floor endpoint (/api/bench/floor/<table>/: parse, insert one
               row, no authentication query) instead of the ledger; neighbouring tablets
               take the two in turn. So the entries and the floor are measured under the
               same load: in a phase of its own, the floor would run beside watched pages
               with fewer tables changed, which cost less. Twice the event phase's length
               by default, so that each has as many posts as the event phase's entries
               (2,400 at 100 tables): a p99 is the 1% slowest, and of 1,200 posts it is the
               12th-slowest, which moves from run to run of the same code.
4. Prints per endpoint the count, the errors, p50, p99 and max of each phase as the
   clients saw them, the ratios of the p50 and p99 to the baseline's, and the p50 and p99
   of the time gunicorn itself spent on each request (its access log: from the request
   read to the answer sent, so without any wait for a free worker); then runs
   `manage.py verify_ledgers` on the load's database and drops it.

With `--history N` it compares instead an event well into its night with a fresh one: two
databases built alike, but that the second's event has N ended rounds of `--tables` closed
tables before its running one, each served by a gunicorn of its own; the event phase's
load played on each in turn, fresh, history, history, fresh, `--duration` / 2 s a phase (no
baseline phase). It prints each side's server time per endpoint and the server's CPU, and
their ratios: the history's at most 1.2x the fresh one's.

Exits non-zero if any request failed (a refusal, a server error, a lost connection),
if verify_ledgers finds a ledger that does not replay, or if the Celery queue grew.
Latencies are from the send; a cycle that starts late because the last one ran long
would hide a stall (coordinated omission), so the report also says how late the latest
cycle started.
"""

from __future__ import annotations

import argparse
import itertools
import json
import logging
import math
import os
import random
import re
import shutil
import sys
import tempfile
import time
import uuid
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import gevent
from locust import FastHttpUser, task
from locust.env import Environment

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

import harness  # noqa: E402  (database, settings, world, server)
from figures import load_average, percentile, verdict  # noqa: E402
from moves import DiceMoves  # noqa: E402
from players import cpu_seconds, cpu_used, gunicorn_pids, postgres_pids  # noqa: E402

TABLET_EVERY = 5.0  # seconds between a tablet's entries (and the console's POLL_MS)
REFEREE_EVERY = 10.0  # seconds between a referee's page loads

# Targets (docs/benchmarks.md, "make bench-load").
MAX_MACHINE_SHARE = 0.25  # the server's processes' CPU in the event phase, of the machine
MAX_OVERVIEW_MS = 30.0  # the referees' overview, server time p50
MAX_SCREEN_POLL_MS = 20.0  # the big screen's poll, server time p50
MAX_CONTROL_ROOM_MS = 30.0  # the desk's control room for the round, server time p50
MAX_COLLECTION_MS = 10.0  # the load generator's longest pause to collect its garbage
MAX_BUNCHED = 0.1  # the share of tablet cycles beginning within half their spacing of another
DESK_EVERY = 5.0  # seconds between the desk's polls (tournament/pages/desk/rounds.py)

# The endpoints, as the report names them.
PREVIEW = "POST /api/tables/[id]/preview/"
ENTRY = "POST /api/tables/[id]/entries/"
STATE = "GET /api/tables/[id]/state/"
OPTIONS = "GET /api/tables/[id]/options/"
FLOOR = "POST /api/bench/floor/[id]/"
# The console's report on itself, in headers of its state poll (static/js/console/main.js,
# heartbeat): online, nothing waiting, in step with the bank a few seconds ago.
CONSOLE_REPORT = {"X-Console-Online": "1", "X-Console-Outbox": "0", "X-Console-Synced": "3"}
OVERVIEW = "GET /referee/events/[id]/"
TABLE_PAGE = "GET /referee/events/[id]/tables/[id]/"
SCREEN_POLL = "GET /events/[id]/screen/[token]/"  # asked by htmx: the live parts alone
CONTROL_ROOM = "GET /desk/rounds/[id]/"  # asked by htmx: the page's live part alone
ENDPOINTS = (PREVIEW, ENTRY, STATE, OPTIONS, FLOOR, OVERVIEW, TABLE_PAGE, SCREEN_POLL, CONTROL_ROOM)
ID = re.compile(r"/\d+(?=/)")


# -- The plan: who does what, made before the load --------------------------------------------


@dataclass
class Tablet:
    table: int
    key: str
    entries: list[dict[str, Any]]  # legal in this order, each with its id
    posted: int = 0  # how many the bank has recorded


@dataclass
class Plan:
    event_id: int
    round_id: int
    table_ids: list[int]
    tablets: list[Tablet]
    referee_sessions: list[str]
    organiser_session: str
    session_cookie: str
    screen_token: str
    screen_every: float


def build_plan(tables: int, referees: int, cycles: int, history: int = 0) -> Plan:
    """The event (harness.event_with_round), with `history` ended rounds before the running
    one, its referees logged in, its screen link, and `cycles` legal entries for every
    table."""
    from django.conf import settings
    from django.contrib.auth import get_user_model

    from tournament.models import Volunteer
    from tournament.pages.screen.views import REFRESH_SECONDS
    from tournament.services.events import volunteer_add
    from tournament.services.screens import screen_link_issue

    event = harness.event_with_round(name="Load benchmark", players=4 * tables)
    if history:
        seed_history(event.id, rounds=history, tables=tables)
    sessions = []
    for n in range(1, referees + 1):
        user = get_user_model().objects.create_user(f"bench-referee-{n}")
        volunteer_add(event_id=event.id, username=user.username, role=Volunteer.Role.REFEREE)
        sessions.append(logged_in_session(user))
    token = screen_link_issue(event_id=event.id).screen_token
    organiser = get_user_model().objects.get(username=harness.ORGANISER)
    tablets = []
    for table in event.tables:
        moves = DiceMoves(event.rules, table.start, seed=table.id)
        entries = [{"id": str(uuid.uuid4()), **moves.next()} for _ in range(cycles)]
        tablets.append(Tablet(table.id, table.key, entries))
    harness.close_connections()
    return Plan(
        event_id=event.id,
        round_id=event.round_id,
        table_ids=[t.id for t in event.tables],
        tablets=tablets,
        referee_sessions=sessions,
        organiser_session=logged_in_session(organiser),
        session_cookie=settings.SESSION_COOKIE_NAME,
        screen_token=token,
        screen_every=float(REFRESH_SECONDS),
    )


def seed_history(event_id: int, *, rounds: int, tables: int) -> None:
    """`rounds` ended rounds before the running one (which becomes the last), each with
    `tables` closed and confirmed tables of four of the event's players and a ledger at its
    start (no entries, so every ledger replays): an event well into its night, to show that
    what the pages and the entries cost does not grow with what is behind it."""
    import datetime

    from django.utils import timezone

    from banking.models import TableLedger
    from tournament.models import Player, Round, Seat, Table, Volunteer

    running = Round.objects.get(event_id=event_id)
    Round.objects.filter(pk=running.pk).update(number=rounds + 1)
    template = TableLedger.objects.filter(table__round=running).order_by("table__number").first()
    players = list(Player.objects.filter(event_id=event_id).values_list("pk", flat=True))
    # Confirmed by the organiser, who banked, played and recorded nothing there.
    checker = Volunteer.objects.filter(event_id=event_id, role=Volunteer.Role.ORGANISER).first()
    began = timezone.now() - datetime.timedelta(hours=rounds)
    for n in range(1, rounds + 1):
        start = began + datetime.timedelta(hours=n - 1)
        past = Round.objects.create(
            event_id=event_id,
            number=n,
            table_size=4,
            time_limit_minutes=45,
            status=Round.Status.ENDED,
            released_at=start,
            started_at=start,
            ends_at=start + datetime.timedelta(minutes=45),
            ended_at=start + datetime.timedelta(minutes=50),
        )
        made = Table.objects.bulk_create(
            Table(
                round=past,
                number=k,
                status=Table.Status.CLOSED,
                closed_at=start + datetime.timedelta(minutes=45),
                review=Table.Review.CONFIRMED,
                reviewed_by_id=checker.user_id,
            )
            for k in range(1, tables + 1)
        )
        shift = n % len(players)
        order = players[shift:] + players[:shift]
        Seat.objects.bulk_create(
            Seat(table=table, number=s, player_id=order[(i * 4 + s - 1) % len(order)])
            for i, table in enumerate(made)
            for s in range(1, 5)
        )
        start_state, seats = template.start, template.seats
        TableLedger.objects.bulk_create(
            TableLedger(table=table, start=start_state, state=start_state, seats=seats)
            for table in made
        )
    print(f"  history: {rounds} ended rounds, {rounds * tables} more ledgers", flush=True)


def logged_in_session(user: Any) -> str:
    """A session key as logging in would store it (the password backend), so that the load
    does not go through the login page and its lockout."""
    from importlib import import_module

    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY

    backend = "django.contrib.auth.backends.ModelBackend"
    if backend not in settings.AUTHENTICATION_BACKENDS:
        raise RuntimeError(f"{backend} is not among AUTHENTICATION_BACKENDS")
    session = import_module(settings.SESSION_ENGINE).SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = backend
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.create()
    return session.session_key


# -- What the run records -----------------------------------------------------------------------


@dataclass
class Phase:
    """One phase's answers: latencies (ms) and failures per endpoint, and how far behind its
    schedule a user's cycle started."""

    name: str
    with_floor: bool = False  # the tablets take their entry and the floor in turn
    times: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    errors: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    examples: list[str] = field(default_factory=list)
    server: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))  # ms
    latest_start: float = 0.0  # seconds
    tablet_starts: list[float] = field(default_factory=list)  # when each tablet cycle began
    began: float = 0.0
    ended: float = 0.0
    client_cpu: float = 0.0  # CPU seconds of this process (locust) during the phase
    server_cpu: float = 0.0  # CPU seconds of gunicorn's master and workers during the phase
    database_cpu: float = 0.0  # CPU seconds of PostgreSQL's backends for the run's database
    backends: tuple[int, int] = (0, 0)  # PostgreSQL's backends at the start, and in all
    collections: list[float] = field(default_factory=list)  # this process's GC pauses, ms

    def record(
        self, name: str, response_time: float, exception: BaseException | None, **_: Any
    ) -> None:
        self.times[name].append(response_time)
        if exception is not None:
            self.errors[name] += 1
            if len(self.examples) < 8:
                self.examples.append(f"{name}: {exception}")

    def broke(self, user_instance: Any, exception: BaseException, tb: Any, **_: Any) -> None:
        """A user's cycle that raised (in the benchmark's own code): a failure of the run,
        as a failed request is, since the requests after it in the cycle were never sent."""
        user = getattr(user_instance, "user", user_instance)  # locust gives its task set
        name = f"{type(user).__name__}'s cycle"
        self.errors[name] += 1
        if len(self.examples) < 8:
            self.examples.append(f"{name}: {exception!r}")

    def cycle_started(self, first: float, count: int, every: float) -> None:
        late = time.monotonic() - (first + count * every)
        self.latest_start = max(self.latest_start, late)

    def bunched(self, window: float) -> float:
        """The share of tablet cycles that began within `window` seconds of another's."""
        starts = sorted(self.tablet_starts)
        gaps = [later - earlier for earlier, later in itertools.pairwise(starts)]
        near = [
            min(before, after) < window
            for before, after in zip([math.inf, *gaps], [*gaps, math.inf], strict=True)
        ]
        return sum(near) / len(near) if near else 0.0

    @property
    def failed(self) -> int:
        return sum(self.errors.values())


class Run:
    """What the users share: the plan, the phase being measured, whose turn is next."""

    plan: Plan
    console: bool  # tablets make the console's requests around each entry
    phase: Phase
    tablets: list[Tablet]
    referees: list[str]

    def begin(self, phase: Phase) -> None:
        self.phase = phase
        self.tablets = list(self.plan.tablets)
        self.referees = list(self.plan.referee_sessions)


RUN = Run()


# -- The users ------------------------------------------------------------------------------------


class Client(FastHttpUser):
    abstract = True
    headers: dict[str, str] = {}
    every: float  # seconds between the starts of this user's cycles

    def call(
        self,
        method: str,
        path: str,
        name: str,
        body: Any = None,
        expect: int | tuple[int, ...] = 200,
        headers: dict[str, str] | None = None,
    ) -> Any:
        """One request; a status other than `expect` is a failure of the run. Gives the
        response (its status_code is 0 when no answer came)."""
        data = json.dumps(body) if body is not None else None
        expected = expect if isinstance(expect, tuple) else (expect,)
        with self.client.request(
            method,
            path,
            name=name,
            data=data,
            # The phase goes in the server's access log.
            headers={**self.headers, **(headers or {}), "X-Bench-Phase": RUN.phase.name},
            catch_response=True,
            allow_redirects=False,
        ) as response:
            if response.status_code not in expected:
                text = (response.text or "")[:200] if response.status_code else ""
                # A request that got no answer holds its error; a refusal has none.
                error = getattr(response, "error", None)
                response.failure(f"{response.status_code} {error or text}")
            return response

    def take_turn(self, slot: int = 0, of: int = 1) -> None:
        """Wait for this user's own moment in its cycle: the `slot`-th of `of` users of its
        kind starts `slot * every / of` s into the phase, as an event's tablets are spread
        over their cycle. (Users started together and left to themselves would send their
        requests at the same instant.)"""
        self.slot, self.cycles = slot, 0
        self.first_cycle = RUN.phase.began + slot * self.every / of
        gevent.sleep(max(0.0, self.first_cycle - time.monotonic()))

    def wait_time(self) -> float:
        """Until the next cycle by the clock, whenever the last one's answers came (open
        loop: a slow answer does not move the schedule)."""
        return max(0.0, self.first_cycle + self.cycles * self.every - time.monotonic())

    def paced(self) -> None:
        """Note when this cycle started against its schedule."""
        RUN.phase.cycle_started(self.first_cycle, self.cycles, self.every)
        self.cycles += 1


class TabletUser(Client):
    """A banker's console: an entry every 5 s, checked first, then the table read back
    (or, with --entries-only, the entry alone)."""

    every = TABLET_EVERY

    def on_start(self) -> None:
        slot = len(RUN.plan.tablets) - len(RUN.tablets)
        self.tablet = RUN.tablets.pop(0)
        self.api = f"/api/tables/{self.tablet.table}"
        self.headers = {
            "Authorization": f"Table {self.tablet.key}",
            "Content-Type": "application/json",
            "Accept": "application/json",
            **harness.PROXY_HEADERS,
        }
        self.take_turn(slot, len(RUN.plan.tablets))

    def posts_the_entry(self) -> bool:
        """Whether this cycle posts the entry (else its JSON to the floor): always in the
        event phase; in the baseline phase every other cycle, neighbouring tablets in turn,
        so that the entries and the floor are measured under the same load."""
        return not RUN.phase.with_floor or (self.cycles + self.slot) % 2 == 1

    @task
    def record_an_entry(self) -> None:
        self.paced()
        began = time.monotonic()
        RUN.phase.tablet_starts.append(began)
        tablet = self.tablet
        entry = tablet.entries[tablet.posted]
        # The console's preview and post ask for the options after the entry; the
        # baseline's post compares the entry alone with the floor.
        with_options = RUN.console and not RUN.phase.with_floor
        if RUN.console:
            options = {"X-Answer-With": "options"} if with_options else None
            self.call("POST", f"{self.api}/preview/", PREVIEW, entry, headers=options)
        if self.posts_the_entry():
            for _ in range(3):  # a lost answer is sent again with the same id, as the outbox does
                status = self.call(
                    "POST",
                    f"{self.api}/entries/",
                    ENTRY,
                    entry,
                    expect=201,
                    headers={"X-Answer-With": "options"} if with_options else None,
                ).status_code
                if status:
                    break
            if status == 201:
                tablet.posted += 1
        else:
            body = {**entry, "id": str(uuid.uuid4())}
            self.call("POST", f"{harness.FLOOR}{tablet.table}/", FLOOR, body, expect=201)
        if not RUN.console:
            return
        if not with_options:
            self.call("GET", f"{self.api}/options/", OPTIONS)  # the entry's answer held the state
        gevent.sleep(max(0.0, began + TABLET_EVERY / 2 - time.monotonic()))
        # The console's own poll, with its report on itself (the bank keeps it: one write).
        self.call("GET", f"{self.api}/state/", STATE, headers=CONSOLE_REPORT)


class RefereeUser(Client):
    """A referee's phone: the overview and a table's page in turn, a page every 10 s."""

    every = REFEREE_EVERY

    def on_start(self) -> None:
        slot = len(RUN.plan.referee_sessions) - len(RUN.referees)
        session = RUN.referees.pop(0)
        self.headers = {"Cookie": f"{RUN.plan.session_cookie}={session}", **harness.PROXY_HEADERS}
        self.rng = random.Random(session)
        self.turn = len(RUN.referees)  # every other phone starts at a table's page
        self.take_turn(slot, len(RUN.plan.referee_sessions))

    @task
    def open_a_page(self) -> None:
        self.paced()
        event = RUN.plan.event_id
        if self.turn % 2 == 0:
            self.call("GET", f"/referee/events/{event}/", OVERVIEW)
        else:
            table = self.rng.choice(RUN.plan.table_ids)
            self.call("GET", f"/referee/events/{event}/tables/{table}/", TABLE_PAGE)
        self.turn += 1


class DeskUser(Client):
    """The organiser's desk on the round's page: its live part (the control room) every 5 s,
    asked as htmx asks it, sending the ETag of its last answer (a quiet poll is a 304 with
    no body)."""

    fixed_count = 1
    every = DESK_EVERY

    def on_start(self) -> None:
        cookie = f"{RUN.plan.session_cookie}={RUN.plan.organiser_session}"
        self.headers = {"Cookie": cookie, "HX-Request": "true", **harness.PROXY_HEADERS}
        self.etag = ""
        self.take_turn()

    @task
    def poll(self) -> None:
        self.paced()
        path = f"/desk/rounds/{RUN.plan.round_id}/"
        sent = {"If-None-Match": self.etag} if self.etag else {}
        answer = self.call("GET", path, CONTROL_ROOM, expect=(200, 304), headers=sent)
        self.etag = answer.headers.get("ETag", self.etag) if answer.status_code else self.etag


class ScreenUser(Client):
    """The big screen at 1920 x 1080: its poll every few seconds, asked as htmx asks it,
    sending the ETag of its last answer (the bracket comes only when it changed; a quiet
    poll is a 304 with no body). A hundred tables do not fit at once: as the screen does,
    it shows them a page at a time, each page for two polls, and asks for the page it
    shows."""

    fixed_count = 1
    every = 4.0  # run_phase sets the screen's own REFRESH_SECONDS
    #: The tables a 1920 x 1080 screen shows at once at the smallest type.
    PAGE = 12

    def on_start(self) -> None:
        self.headers = {"HX-Request": "true", **harness.PROXY_HEADERS}
        self.etag = ""
        self.polls = 0
        self.take_turn()

    @task
    def poll(self) -> None:
        self.paced()
        ids = RUN.plan.table_ids
        pages = [ids[at : at + self.PAGE] for at in range(0, len(ids), self.PAGE)]
        shown = pages[self.polls // 2 % len(pages)]
        self.polls += 1
        path = f"/events/{RUN.plan.event_id}/screen/{RUN.plan.screen_token}/"
        if len(pages) > 1:
            path += f"?tables={','.join(map(str, shown))}"
        sent = {"If-None-Match": self.etag} if self.etag else {}
        answer = self.call("GET", path, SCREEN_POLL, expect=(200, 304), headers=sent)
        self.etag = answer.headers.get("ETag", self.etag) if answer.status_code else self.etag


def _not_the_spawn_rate_warning(record: logging.LogRecord) -> bool:
    return "spawn rate is very high" not in record.getMessage()


def run_phase(
    phase: Phase, port: int, database: str, tables: int, referees: int, seconds: float
) -> Phase:
    """Every user started at once, each then waiting for its own moment of its cycle (so
    the tablets spread over their 5 s), then `seconds` of load; each user finishes the
    cycle it is in before it stops."""
    RUN.begin(phase)
    TabletUser.fixed_count, RefereeUser.fixed_count = tables, referees
    ScreenUser.every = RUN.plan.screen_every
    env = Environment(
        user_classes=[TabletUser, RefereeUser, ScreenUser, DeskUser],
        host=f"http://{harness.HOST}:{port}",
        stop_timeout=TABLET_EVERY * 2,
    )
    env.events.request.add_listener(phase.record)
    env.events.user_error.add_listener(phase.broke)
    runner = env.create_local_runner()
    users = tables + referees + 2  # and the big screen and the desk
    server = gunicorn_pids(port)
    server_before, database_before = cpu_seconds(server), cpu_seconds(postgres_pids(database))
    # PostgreSQL's backends come and go (a worker reconnects after CONN_MAX_AGE): read them
    # every second and keep each one's latest reading, so one that ends still counts.
    database_seen = dict(database_before)
    backends = set(database_before)
    sampling = True

    def sample() -> None:
        while sampling:
            reading = cpu_seconds(postgres_pids(database))
            database_seen.update(reading)
            backends.update(reading)
            gevent.sleep(1.0)

    sampler = gevent.spawn(sample)
    phase.began, cpu = time.monotonic(), time.process_time()
    # Every user at once, so that each is there before its moment (take_turn), which spreads
    # them; locust warns of a rate over 100 a second, meant for users who start at once.
    logging.getLogger("locust.runners").addFilter(_not_the_spawn_rate_warning)
    with harness.collections_timed() as phase.collections:
        runner.start(users, spawn_rate=users)
        gevent.sleep(seconds)
        runner.stop()
        runner.quit()
    phase.ended, phase.client_cpu = time.monotonic(), time.process_time() - cpu
    sampling = False
    sampler.join(timeout=5)
    phase.server_cpu = cpu_used(server_before, cpu_seconds(gunicorn_pids(port)))
    database_seen.update(cpu_seconds(postgres_pids(database)))
    phase.database_cpu = cpu_used(database_before, database_seen)
    phase.backends = (len(database_before), len(backends))
    return phase


# -- The report -----------------------------------------------------------------------------------


def report(event: Phase, baseline: Phase) -> list[str]:
    base_times = baseline.times[FLOOR]
    base50, base99 = percentile(base_times, 50), percentile(base_times, 99)
    lines = [
        f"{'endpoint':42} {'phase':8} {'count':>6} {'errors':>6} {'p50 ms':>8} {'p99 ms':>8}"
        f" {'max ms':>8} {'p50/base':>8} {'p99/base':>8} {'server p50':>10} {'server p99':>10}"
    ]
    for phase in (event, baseline):
        for name in ENDPOINTS:
            times = phase.times.get(name)
            if not times:
                continue
            p50, p99 = percentile(times, 50), percentile(times, 99)
            server = server_ms([phase], name)
            lines.append(
                f"{name:42} {phase.name:8} {len(times):6d} {phase.errors.get(name, 0):6d}"
                f" {p50:8.1f} {p99:8.1f} {max(times):8.1f} {p50 / base50:8.2f} {p99 / base99:8.2f}"
                f" {percentile(server, 50):10.1f} {percentile(server, 99):10.1f}"
            )
    return lines


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--duration", type=float, default=120.0, help="event phase, s (120)")
    parser.add_argument(
        "--baseline",
        type=float,
        default=None,
        help="baseline phase, s (twice the duration): the tablets alternate entry and floor",
    )
    parser.add_argument("--tables", type=int, default=100, help="tables, four players each")
    parser.add_argument("--referees", type=int, default=20, help="referees' phones (20)")
    parser.add_argument(
        "--entries-only",
        action="store_true",
        help="tablets post their entries alone (no preview, state or options)",
    )
    parser.add_argument("--workers", type=int, default=4, help="gunicorn sync workers (4)")
    parser.add_argument(
        "--history",
        type=int,
        default=0,
        help="ended rounds before the running one, each of --tables tables (30: 3,000 ledgers)",
    )
    parser.add_argument("--database", default="monopoly_night_load", help="dropped and re-made")
    parser.add_argument(
        "--broker",
        default=os.environ.get("BENCH_BROKER_URL", "redis://127.0.0.1:6379/6"),
        help="the Celery broker (BENCH_BROKER_URL, or Redis database 6)",
    )
    args = parser.parse_args()
    if args.baseline is None:  # as many entries and floor posts as the event phase's entries
        args.baseline = 2 * args.duration
    if args.tables < 1 or args.referees < 0 or args.duration <= 0 or args.baseline <= 0:
        parser.error("give at least one table, no negative referees and positive durations")
    return args


@contextmanager
def run_queue() -> Iterator[Any]:
    """The run's own Celery queue on the broker (kombu's Queue, bound as Celery binds it)."""
    from tournament.celery import app

    with app.connection_for_write() as conn:
        queue = app.amqp.queues[app.conf.task_default_queue](conn.default_channel)
        queue.declare()
        yield queue


def queued_tasks() -> int:
    """Messages waiting in the run's own Celery queue."""
    with run_queue() as queue:
        return queue.queue_declare().message_count


def delete_queue() -> None:
    """The run's own queue, and the task it holds (the round's call_time), taken out."""
    with run_queue() as queue:
        queue.delete()


def simulate(args: argparse.Namespace, env: dict[str, str]) -> tuple[Phase, Phase, int]:
    """Build the event, serve it, run both phases; returns them and the tasks they queued."""
    # Entries for every cycle of the event phase and every other one of the baseline's,
    # with the last ones.
    cycles = int((args.duration + args.baseline / 2 + TABLET_EVERY * 4) / TABLET_EVERY) + 2
    began = time.perf_counter()
    RUN.plan = build_plan(args.tables, args.referees, cycles, args.history)
    RUN.console = not args.entries_only
    queued_before = queued_tasks()
    print(f"  built in {time.perf_counter() - began:.1f}s", flush=True)
    phases: list[Phase] = []
    with served(env, args.workers, phases) as port:
        print(
            f"gunicorn: {args.workers} sync workers on {harness.HOST}:{port}, "
            f"production settings, broker {args.broker}",
            flush=True,
        )
        for name, seconds in (("event", args.duration), ("baseline", args.baseline)):
            print(f"{name} phase: {seconds:g} s...", flush=True)
            phase = Phase(name, with_floor=name == "baseline")
            phase = run_phase(phase, port, args.database, args.tables, args.referees, seconds)
            print(f"  {phase.ended - phase.began:.1f} s with the last cycles", flush=True)
            phases.append(phase)
    return phases[0], phases[1], queued_tasks() - queued_before


@contextmanager
def served(env: dict[str, str], workers: int, phases: list[Phase]) -> Iterator[int]:
    """gunicorn serving `env` on the port it yields, with an access log of its own; once it
    stops, each of `phases` (as the list then stands) gets its requests' server times."""
    folder = Path(tempfile.mkdtemp(prefix="bench-load-"))
    try:
        with harness.gunicorn(env, workers, folder / "access.log") as port:
            yield port
        server_times(folder / "access.log", {phase.name: phase for phase in phases})
    finally:
        shutil.rmtree(folder)


def server_times(access_log: Path, phases: dict[str, Phase]) -> None:
    """Each request's time inside gunicorn, from its access log, under the name locust gave
    the request: what the server spent, apart from any wait before a worker took it."""
    for line in access_log.read_text().splitlines():
        micros, phase, method, path = line.split(" ", 3)
        if phase in phases and micros.isdigit():
            name = (
                f"{method} {re.sub(r'/screen/[^/]+/', '/screen/[token]/', ID.sub('/[id]', path))}"
            )
            phases[phase].server[name].append(int(micros) / 1000)


def compared(baseline: Phase) -> tuple[list[float], list[float]]:
    """The entries' latencies and the floor's, both from the baseline phase, where the
    tablets take the two in turn under the same load (no entry: NaN, which fails)."""
    return baseline.times.get(ENTRY) or [math.nan], baseline.times[FLOOR]


def machine_share(phases: list[Phase]) -> float:
    """The server's processes' CPU (gunicorn and PostgreSQL's backends) during the phases,
    as a fraction of the whole machine (every core) over their wall time."""
    cpu = sum(phase.server_cpu + phase.database_cpu for phase in phases)
    return cpu / (sum(phase.ended - phase.began for phase in phases) * (os.cpu_count() or 1))


def server_ms(phases: list[Phase], name: str) -> list[float]:
    """An endpoint's server times (ms) over the phases (none: NaN, which fails)."""
    return [ms for phase in phases for ms in phase.server.get(name, [])] or [math.nan]


def summary(args: argparse.Namespace, event: Phase, baseline: Phase, queued: int) -> list[str]:
    def rate(phase: Phase) -> float:
        return sum(map(len, phase.times.values())) / (phase.ended - phase.began)

    def client(phase: Phase) -> float:
        return phase.client_cpu / (phase.ended - phase.began)

    def cpu(phase: Phase) -> str:
        wall = phase.ended - phase.began
        return (
            f"{machine_share([phase]):.0%} of the machine ({os.cpu_count()} cores): gunicorn "
            f"{phase.server_cpu / wall:.2f} of a core, PostgreSQL {phase.database_cpu / wall:.2f} "
            f"({phase.backends[1]} backends in all, {phase.backends[0]} at the start)"
        )

    def paused(phase: Phase) -> str:
        pauses = phase.collections or [0.0]
        return f"{len(phase.collections)}, the longest {max(pauses):.1f} ms"

    from banking.models import TabletHeartbeat

    entries, base = compared(baseline)
    posted = sum(t.posted for t in RUN.plan.tablets)
    heard = TabletHeartbeat.objects.filter(table_id__in=RUN.plan.table_ids).count()
    lines = [
        *report(event, baseline),
        "",
        f"{posted} entries recorded at {args.tables} tables; {rate(event):.0f} requests/s in "
        f"the event phase, {rate(baseline):.0f} in the baseline's",
        f"Tablets whose state polls carried the console's report, kept by the bank: {heard} of "
        f"{len(RUN.plan.table_ids)}",
        f"Entries against the floor, both in the baseline phase (the tablets alternating): p50 "
        f"{percentile(entries, 50) / percentile(base, 50):.2f}, "
        f"p99 {percentile(entries, 99) / percentile(base, 99):.2f}",
        f"The server's CPU (from /proc), event phase: {cpu(event)}",
        f"The server's CPU (from /proc), baseline phase: {cpu(baseline)}",
        f"The load generator's own CPU (locust, this process): {client(event):.2f} of a core "
        f"in the event phase, {client(baseline):.2f} in the baseline's",
        f"The load generator's own pauses to collect garbage: {paused(event)} in the event "
        f"phase, {paused(baseline)} in the baseline's",
        f"Celery tasks queued during the load: {queued}",
        f"Load average of the machine at the end: {load_average()} ({os.cpu_count()} cores; "
        "others' work on this machine skews the absolute figures, less so the ratios)",
    ]
    lines += [f"  failed: {example}" for example in event.examples + baseline.examples]
    return lines


def soundness(phases: list[Phase], tables: int, clean: bool, queued: int) -> tuple[list[str], bool]:
    """The checks that make a run's figures worth reading, whatever it compares: no error,
    every ledger replays, no task queued, pacing held, the load generator not pausing
    itself, the tablets spread; and whether the run may exit 0 (not when a request failed,
    a ledger does not replay, a task was queued or the tablets came bunched)."""
    failed = sum(phase.failed for phase in phases)
    latest = max(phase.latest_start for phase in phases)
    apart = TABLET_EVERY / tables  # between two tablets' cycles, spread evenly
    bunched = max(phase.bunched(apart / 2) for phase in phases)
    paused = max((pause for phase in phases for pause in phase.collections), default=0.0)
    lines = [
        f"{verdict(failed == 0)} errors: {failed} (target 0)",
        f"{verdict(clean)} verify_ledgers: every ledger matches a replay",
        f"{verdict(queued == 0)} the load queued no task: no Celery worker needed",
        f"{verdict(latest < 1.0)} pacing held: the latest cycle started {latest:.2f} s "
        "behind its schedule (target < 1 s; later would hide a stall)",
        f"{verdict(paused <= MAX_COLLECTION_MS)} the load generator's own pauses to "
        f"collect garbage: the longest {paused:.1f} ms (target <= {MAX_COLLECTION_MS:.0f} "
        "ms; a pause holds every request in flight and reads as the server's time)",
        f"{verdict(bunched <= MAX_BUNCHED)} the tablets spread over their cycle: "
        f"{bunched:.1%} of their cycles began within {apart * 500:.0f} ms of another's "
        f"(target <= {MAX_BUNCHED:.0%}; bunched, they would queue for the server as no "
        "event's tablets do)",
    ]
    return lines, failed == 0 and clean and queued == 0 and bunched <= MAX_BUNCHED


def main() -> int:
    args = parse_args()
    if args.history:
        return flat_with_size(args)
    print(
        f"Fresh database {args.database}; {args.tables} tables ({4 * args.tables} players), "
        f"{args.referees} referees, 1 big screen, the desk...",
        flush=True,
    )
    with harness.fresh_database(args.database) as database_url:
        env = harness.production_env(database_url, args.broker, queue=f"bench-{args.database}")
        harness.django_setup(env)
        try:
            event, baseline, queued = simulate(args, env)
        finally:
            delete_queue()
        print("\n" + "\n".join(summary(args, event, baseline, queued)))
        clean = harness.verify_ledgers(env)
    sound, ok = soundness([event, baseline], args.tables, clean, queued)
    entries_p99, base_p99 = (percentile(times, 99) for times in compared(baseline))
    share = machine_share([event])
    overview, screen, room = (
        percentile(server_ms([event], name), 50) for name in (OVERVIEW, SCREEN_POLL, CONTROL_ROOM)
    )
    targets = [
        f"{verdict(share <= MAX_MACHINE_SHARE)} server CPU in the event phase: "
        f"{share:.0%} of the machine (target <= {MAX_MACHINE_SHARE:.0%})",
        # A figure, not a target: from one run of the same code to the next it moves more
        # (1.05 to 1.36) than the difference it would judge.
        f"     entries p99 {entries_p99:.1f} ms, {entries_p99 / base_p99:.2f} x the floor's "
        f"{base_p99:.1f} ms under the same load (the baseline phase; no target)",
        f"{verdict(overview <= MAX_OVERVIEW_MS)} referees' overview: {overview:.1f} ms "
        f"of server time, p50 (target <= {MAX_OVERVIEW_MS:.0f} ms)",
        f"{verdict(screen <= MAX_SCREEN_POLL_MS)} the screen's poll: {screen:.1f} "
        f"ms of server time, p50 (target <= {MAX_SCREEN_POLL_MS:.0f} ms)",
        f"{verdict(room <= MAX_CONTROL_ROOM_MS)} the desk's control room: {room:.1f} "
        f"ms of server time, p50 (target <= {MAX_CONTROL_ROOM_MS:.0f} ms)",
    ]
    print("\n".join(["", *sound, *targets]))
    return 0 if ok else 1


# -- Flat with size: an event well into its night against a fresh one, in turn -------------

SIDES = ("fresh", "history")
# The phases, (turn, side): fresh, history, history, fresh, so that a drift of the machine
# over the run (a checkpoint's writes spread over minutes, another tenant) falls on both
# sides alike.
IN_TURN = [(1, "fresh"), (1, "history"), (2, "history"), (2, "fresh")]
TURNS = len(IN_TURN) // len(SIDES)  # phases of each side
MAX_HISTORY_RATIO = 1.2  # what the event with --history costs against the fresh one
WITH_SIZE = (ENTRY, OVERVIEW, SCREEN_POLL, CONTROL_ROOM)  # compared by server time, p50


def flat_with_size(args: argparse.Namespace) -> int:
    """`--history N`: the same load, in turn, on a fresh event and on one with N ended
    rounds before its running one, each in a database and behind a gunicorn of its own,
    `--duration` / 2 s a phase, fresh, history, history, fresh (IN_TURN): the machine's
    drift over the run falls on both alike. Compares what the server spends on each
    watched page and on the entries (server time, p50 of a side's phases together) and the
    server's CPU."""
    databases = {"fresh": args.database, "history": f"{args.database}_history"}
    print(
        f"Fresh databases {databases['fresh']} and {databases['history']}; in each "
        f"{args.tables} tables ({4 * args.tables} players), {args.referees} referees, 1 big "
        f"screen, the desk; in the second, {args.history} ended rounds before the running one",
        flush=True,
    )
    seconds = args.duration / TURNS
    cycles = int(args.duration / TABLET_EVERY) + 2 * TURNS + 2  # and each phase's last cycle
    RUN.console = not args.entries_only
    with (
        harness.fresh_database(databases["fresh"]) as fresh_url,
        harness.fresh_database(databases["history"]) as history_url,
    ):
        queue = f"bench-{args.database}"
        fresh_env = harness.production_env(fresh_url, args.broker, queue=queue)
        # One secret key for both: this process signs both databases' sessions with it.
        history_env = harness.production_env(history_url, args.broker, queue=queue)
        envs = {
            "fresh": fresh_env,
            "history": {**history_env, "SECRET_KEY": fresh_env["SECRET_KEY"]},
        }
        harness.django_setup(envs["fresh"])
        began = time.perf_counter()
        plans = {"fresh": build_plan(args.tables, args.referees, cycles)}
        with harness.django_on(databases["history"]):
            plans["history"] = build_plan(args.tables, args.referees, cycles, args.history)
        print(f"  built in {time.perf_counter() - began:.1f}s", flush=True)
        phases: dict[str, list[Phase]] = {side: [] for side in SIDES}
        try:
            queued_before = queued_tasks()
            with (
                served(envs["fresh"], args.workers, phases["fresh"]) as fresh_port,
                served(envs["history"], args.workers, phases["history"]) as history_port,
            ):
                ports = {"fresh": fresh_port, "history": history_port}
                print(
                    f"gunicorn: {args.workers} sync workers on {harness.HOST}:{fresh_port} "
                    f"(fresh) and :{history_port} (history), production settings, broker "
                    f"{args.broker}",
                    flush=True,
                )
                for turn, side in IN_TURN:
                    print(f"{side} phase {turn}: {seconds:g} s...", flush=True)
                    RUN.plan = plans[side]
                    phase = Phase(f"{side}-{turn}")
                    run_phase(
                        phase, ports[side], databases[side], args.tables, args.referees, seconds
                    )
                    phases[side].append(phase)
            queued = queued_tasks() - queued_before
        finally:
            delete_queue()
        verified = [harness.verify_ledgers(envs[side]) for side in SIDES]  # each says its own
    clean = all(verified)
    every = [phase for side in SIDES for phase in phases[side]]
    sound, ok = soundness(every, args.tables, clean, queued)
    print("\n".join(["", *size_report(args, phases), "", *sound, *size_targets(phases)]))
    return 0 if ok else 1


def size_report(args: argparse.Namespace, phases: dict[str, list[Phase]]) -> list[str]:
    fresh, history = phases["fresh"], phases["history"]
    lines = [
        f"The same load on a fresh event and on one with {args.history} ended rounds before "
        f"its running one ({args.history * args.tables} more ledgers), in turn, "
        f"{TURNS} phases of {args.duration / TURNS:g} s each",
        f"{'endpoint':42} {'answers':>15} {'errors':>7} {'server p50 ms':>17} {'ratio':>6}"
        f" {'server p99 ms':>17}",
        f"{'':42} {'fresh':>7} {'history':>7} {'':>7} {'fresh':>8} {'history':>8} {'':>6}"
        f" {'fresh':>8} {'history':>8}",
    ]
    for name in ENDPOINTS:
        if not any(name in phase.times for phase in fresh + history):
            continue
        counts = [
            sum(len(phase.times.get(name, [])) for phase in side) for side in (fresh, history)
        ]
        errors = sum(phase.errors.get(name, 0) for phase in fresh + history)
        f50, h50 = (percentile(server_ms(side, name), 50) for side in (fresh, history))
        f99, h99 = (percentile(server_ms(side, name), 99) for side in (fresh, history))
        lines.append(
            f"{name:42} {counts[0]:7d} {counts[1]:7d} {errors:7d} {f50:8.1f} {h50:8.1f}"
            f" {h50 / f50:6.2f} {f99:8.1f} {h99:8.1f}"
        )
    lines.append(
        "The load generator's own CPU (locust, this process): "
        + ", ".join(
            f"{phase.name} {phase.client_cpu / (phase.ended - phase.began):.2f}"
            for phase in fresh + history
        )
        + " of a core"
    )
    lines.append(
        f"Load average of the machine at the end: {load_average()} ({os.cpu_count()} cores)"
    )
    return lines


def size_targets(phases: dict[str, list[Phase]]) -> list[str]:
    """What an event well into its night costs against a fresh one: at most 1.2x."""
    fresh, history = phases["fresh"], phases["history"]
    lines = []
    for name in WITH_SIZE:
        f50, h50 = (percentile(server_ms(side, name), 50) for side in (fresh, history))
        lines.append(
            f"{verdict(h50 <= MAX_HISTORY_RATIO * f50)} flat with size: {name}, "
            f"{h50:.1f} ms of server time (p50) against {f50:.1f}, {h50 / f50:.2f} x the "
            f"fresh event's (target <= {MAX_HISTORY_RATIO:.1f} x)"
        )
    f_share, h_share = machine_share(fresh), machine_share(history)
    lines.append(
        f"{verdict(h_share <= MAX_HISTORY_RATIO * f_share)} flat with size: the server's CPU, "
        f"{h_share:.1%} of the machine against {f_share:.1%}, {h_share / f_share:.2f} x the "
        f"fresh event's (target <= {MAX_HISTORY_RATIO:.1f} x)"
    )
    return lines


if __name__ == "__main__":
    sys.exit(main())
