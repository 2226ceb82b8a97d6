"""Benchmark the entries API against a bare baseline endpoint, as BENCHMARKS.md describes.

    .venv/bin/python bench/api.py [--tablets 50] [--reps 5]      (or: make bench-api)

1. Creates a fresh PostgreSQL database, migrates it and builds an event with a running round
   of `--tablets` tables of four players through the project's services, plus two tables kept
   apart for the state reads (one with 10 entries, one with 5,000).
2. Serves it with gunicorn (4 sync workers, DEBUG off, Celery eager, persistent connections)
   with the baseline endpoint on (BENCHMARK_ENDPOINTS=1: /api/bench/baseline/).
3. Measures, alternating the entries endpoint and the baseline, each over `--reps` runs:
   saturation (closed loop, requests/s), event load (open loop at one entry per tablet per
   second, p50/p99 measured from each request's scheduled time) and GET state at 10 against
   5,000 entries.
4. Runs `manage.py verify_ledgers` on the result, then drops the database.

Every entry posted is legal: each table's moves are made in advance by the rules engine from
the table's start state (no rules work in the client while it measures). Exits 0 whatever
the verdicts; non-zero only when something broke (a refused entry, a server error, a ledger
that does not replay).
"""

from __future__ import annotations

import argparse
import datetime
import http.client
import json
import math
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
import uuid
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
PYTHON = ROOT / ".venv" / "bin" / "python"
GUNICORN = ROOT / ".venv" / "bin" / "gunicorn"
SERVER = "postgres://postgres@127.0.0.1:5432"
HOST = "127.0.0.1"
BASELINE = "/api/bench/baseline/"

# Targets (BENCHMARKS.md and the performance issue).
MIN_THROUGHPUT_RATIO = 0.5
MAX_P99_MS = 50.0
MAX_STATE_RATIO = 1.5


# -- The database ---------------------------------------------------------------------------


def _admin(sql: str) -> None:
    import psycopg

    with psycopg.connect(f"{SERVER}/postgres", autocommit=True) as conn:
        conn.execute(sql)


def recreate_database(name: str) -> None:
    _admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    _admin(f'CREATE DATABASE "{name}"')


def drop_database(name: str) -> None:
    _admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def server_env(database_url: str) -> dict[str, str]:
    """The environment of every Django process of the run: the bench database, no broker."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("CELERY_")}
    env.update(
        DJANGO_SETTINGS_MODULE="tournament.settings.base",
        DATABASE_URL=database_url,
        DEBUG="0",
        CONN_MAX_AGE="60",
        BENCHMARK_ENDPOINTS="1",
        LOG_LEVEL="WARNING",
    )
    return env


# -- Legal moves, made in advance ------------------------------------------------------------


class Moves:
    """A table's next legal entries, found by the rules engine on a shadow of its state.

    A realistic mix: salaries, purchases while deeds last, rent, payments between players
    and with the bank, tax, fines and houses once a group is complete. Nobody is pushed
    into debt, so the table never needs a bankruptcy.
    """

    WEIGHTS = {
        "pass_go": 22,
        "buy": 18,
        "rent": 25,
        "pay_player": 10,
        "bank_payment": 10,
        "tax": 5,
        "jail_fine": 4,
        "build": 6,
    }

    def __init__(self, rules: Any, start: dict[str, Any], seed: int) -> None:
        from games import engine

        self.engine = engine
        self.rules = rules
        self.state = engine.TableState.from_dict(start)
        self.transfers: tuple[Any, ...] = ()  # of the latest entry
        self.rng = random.Random(seed)
        self.kinds = list(self.WEIGHTS)
        self.weights = list(self.WEIGHTS.values())
        self.deeds = {s.position: s for s in rules.edition.deeds}
        self.groups = rules.edition.groups

    def next(self) -> dict[str, Any]:
        """One legal entry (without its id); the shadow state moves past it."""
        for _ in range(20):
            payload = self._candidate(self.rng.choices(self.kinds, self.weights)[0])
            if payload is not None and self._apply(payload):
                return payload
        payload = {"kind": "pass_go", "seat": self.rng.choice(self.state.active_seats())}
        if not self._apply(payload):
            raise RuntimeError("pass_go refused: the shadow state is broken")
        return payload

    def _apply(self, payload: dict[str, Any]) -> bool:
        engine = self.engine
        try:
            outcome = engine.apply(self.state, engine.parse_entry(payload), self.rules)
        except engine.RuleViolation:
            return False
        if any(cash < 0 for cash in outcome.state.cash.values()):
            return False
        self.state, self.transfers = outcome.state, outcome.transfers
        return True

    def _candidate(self, kind: str) -> dict[str, Any] | None:
        rng, state = self.rng, self.state
        seat = rng.choice(state.active_seats())
        others = [s for s in state.active_seats() if s != seat]
        owned = state.deeds
        if kind == "buy":
            free = [p for p, d in owned.items() if d.owner is None]
            return {"kind": kind, "seat": seat, "space": rng.choice(free)} if free else None
        if kind == "rent":
            theirs = [p for p, d in owned.items() if d.owner not in (None, seat)]
            if not theirs:
                return None
            space = rng.choice(theirs)
            payload: dict[str, Any] = {"kind": kind, "seat": seat, "space": space}
            if self.deeds[space].kind == "utility":
                payload["dice"] = rng.randint(2, 12)
            return payload
        if kind == "pay_player" and others:
            amount = rng.choice((10, 20, 50, 100))
            return {"kind": kind, "seat": seat, "to_seat": rng.choice(others), "amount": amount}
        if kind == "bank_payment":
            amount = rng.choice((-100, -50, -20, 20, 50, 100))
            return {"kind": kind, "seat": seat, "amount": amount, "memo": "Free parking"}
        if kind == "tax":
            return {"kind": kind, "seat": seat, "space": rng.choice((4, 38))}
        if kind == "jail_fine":
            return {"kind": kind, "seat": seat}
        if kind == "build":
            sites = [
                p
                for p, d in owned.items()
                if d.owner == seat
                and self.deeds[p].kind == "site"
                and all(owned[q].owner == seat for q in self.groups[self.deeds[p].group or ""])
            ]
            return {"kind": kind, "seat": seat, "space": rng.choice(sites)} if sites else None
        return {"kind": "pass_go", "seat": seat}


# -- The world: an event with a running round, built through the services ---------------------


@dataclass
class TableInfo:
    id: int
    key: str
    start: dict[str, Any]


@dataclass
class World:
    rules: Any
    load: list[TableInfo]  # one per tablet
    small: TableInfo  # 10 entries
    big: TableInfo  # `--big` entries


def django_setup(database_url: str) -> None:
    os.environ.update(server_env(database_url))
    for name in [k for k in os.environ if k.startswith("CELERY_")]:
        del os.environ[name]
    import django

    django.setup()


def build_world(tablets: int, small: int, big: int) -> World:
    """Migrate, then event, players, round seated at tablets + 2 tables, started."""
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.db import connections

    from banking.ledgers import ledger_of, rules_of
    from tournament.models import Table, Volunteer
    from tournament.services.events import event_create, players_import, volunteer_add
    from tournament.services.rounds import round_create, round_seat, round_start

    call_command("migrate", verbosity=0)
    users = get_user_model().objects
    organiser = users.create_user("bench-organiser")
    users.create_user("bench-banker")
    event = event_create(
        creator=organiser, name="API benchmark", date=datetime.date.today(), edition="us"
    )
    volunteer_add(event_id=event.pk, username="bench-banker", role=Volunteer.Role.BANKER)
    csv = "name,email,team,paid\n" + "".join(
        f"Player {n},,,0\n" for n in range(1, 4 * (tablets + 2) + 1)
    )
    report = players_import(event_id=event.pk, text=csv)
    if report.errors:
        raise RuntimeError(f"players_import: {report.errors}")
    round_ = round_create(event_id=event.pk, table_size=4, time_limit_minutes=600)
    round_seat(round_id=round_.pk, seed=1, include_all=True)  # nobody checks in here
    round_start(round_id=round_.pk)
    rules = rules_of(event)
    tables = []
    for table in Table.objects.filter(round=round_).order_by("number"):
        ledger = ledger_of(table, rules)
        tables.append(TableInfo(table.pk, table.key, ledger.start))
    if len(tables) != tablets + 2 or any(len(t.start["cash"]) != 4 for t in tables):
        raise RuntimeError(f"seated {len(tables)} tables, expected {tablets + 2} of four")
    world = World(rules=rules, load=tables[:tablets], small=tables[-2], big=tables[-1])
    fill_ledger(world.small, world.rules, small)
    fill_ledger(world.big, world.rules, big)
    connections.close_all()
    return world


def fill_ledger(table: TableInfo, rules: Any, count: int) -> None:
    """`count` legal entries at once: the rows entry_post would write, in one bulk insert,
    and the stored projection after them (verify_ledgers checks it against a replay)."""
    from django.db import transaction
    from django.utils import timezone

    from banking.actors import Actor
    from banking.models import Entry, TableLedger
    from banking.services.entries import body_hash
    from games import engine

    moves = Moves(rules, table.start, seed=table.id)
    rows = []
    for seq in range(1, count + 1):
        payload = moves.next()
        entry = engine.parse_entry(payload)
        rows.append(
            Entry(
                id=uuid.uuid4(),
                table_id=table.id,
                seq=seq,
                kind=entry.kind,
                fields=engine.entry_fields(entry),
                transfers=[t.as_dict() for t in moves.transfers],
                body_hash=body_hash(payload),
                author_role=Actor.BANKER,
                author_name="bench-banker",
            )
        )
    with transaction.atomic():
        Entry.objects.bulk_create(rows, batch_size=1000)
        TableLedger.objects.filter(table_id=table.id).update(
            state=moves.state.as_dict(), last_seq=count, last_entry_at=timezone.now()
        )


# -- The server ---------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


@contextmanager
def gunicorn(database_url: str, workers: int) -> Iterator[int]:
    """gunicorn on a free port, answering; stopped with its whole process group at the end."""
    port = free_port()
    command = [
        str(GUNICORN),
        "tournament.wsgi:application",
        "--worker-class",
        "sync",
        "--workers",
        str(workers),
        "--bind",
        f"{HOST}:{port}",
        "--log-level",
        "warning",
    ]
    env = server_env(database_url)
    env["PYTHONWARNINGS"] = "ignore:No directory at"  # whitenoise: no collectstatic here
    process = subprocess.Popen(command, cwd=ROOT, env=env, start_new_session=True)
    try:
        deadline = time.monotonic() + 30
        while True:
            if process.poll() is not None:
                raise RuntimeError(f"gunicorn exited with status {process.returncode}")
            try:
                conn = http.client.HTTPConnection(HOST, port, timeout=2)
                conn.request("GET", "/api/editions/")
                if conn.getresponse().status == 200:
                    break
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("gunicorn did not answer within 30 s")
            time.sleep(0.2)
        yield port
    finally:
        try:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(timeout=15)
        except ProcessLookupError:
            pass
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


# -- The client: one connection per tablet, standard library, threads ------------------------


@dataclass
class Failures:
    count: int = 0
    examples: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, what: str) -> None:
        with self.lock:
            self.count += 1
            if len(self.examples) < 5:
                self.examples.append(what)


FAILURES = Failures()


class Tablet:
    """A banker's tablet: its table's key, a connection, and the bodies it will post.

    gunicorn's sync workers close each connection after the answer; http.client opens
    the next one by itself (as a tablet's browser would).
    """

    def __init__(self, port: int, table: TableInfo, bodies: Bodies | None = None) -> None:
        self.conn = http.client.HTTPConnection(HOST, port, timeout=30)
        self.table = table
        self.bodies = bodies
        self.headers = {"Authorization": f"Table {table.key}", "Content-Type": "application/json"}

    def call(self, method: str, path: str, body: bytes | None = None) -> bool:
        for attempt in (1, 2):  # a retry sends the same id: the API answers it once
            try:
                self.conn.request(method, path, body, self.headers)
                response = self.conn.getresponse()
                data = response.read()
            except (OSError, http.client.HTTPException) as exc:
                self.conn.close()
                if attempt == 2:
                    FAILURES.add(f"{method} {path}: {exc!r}")
                    return False
                continue
            if response.status >= 300:
                FAILURES.add(f"{method} {path}: {response.status} {data[:300]!r}")
                return False
            return True
        return False

    def post(self, path: str) -> bool:
        assert self.bodies is not None  # noqa: S101
        return self.call("POST", path, self.bodies.next())


class Bodies:
    """The JSON a tablet sends, encoded in advance: legal moves in order, each a fresh id."""

    def __init__(self, rules: Any, table: TableInfo, seed: int, ahead: int) -> None:
        self.moves = Moves(rules, table.start, seed)
        self.queue: deque[bytes] = deque()
        self.top_up(ahead)

    def top_up(self, ahead: int) -> None:
        while len(self.queue) < ahead:
            payload = {"id": str(uuid.uuid4()), **self.moves.next()}
            self.queue.append(json.dumps(payload).encode())

    def next(self) -> bytes:
        if not self.queue:
            self.top_up(50)  # should not happen: top_up runs between repetitions
        return self.queue.popleft()


@dataclass
class Endpoint:
    name: str
    tablets: list[Tablet]
    path: Callable[[Tablet], str]


def run_threads(targets: Sequence[Callable[[], None]]) -> None:
    def guarded(target: Callable[[], None]) -> None:
        try:
            target()
        except Exception as exc:  # a tablet that breaks is a failure of the run, not a hang
            FAILURES.add(f"tablet thread: {exc!r}")

    threads = [threading.Thread(target=guarded, args=(t,), daemon=True) for t in targets]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def saturation(endpoint: Endpoint, seconds: float) -> tuple[float, float]:
    """Closed loop: every tablet posts again as soon as it has its answer. Returns requests/s
    answered within the period, and the client's own CPU use in cores."""
    done = [0] * len(endpoint.tablets)
    start = time.perf_counter() + 0.2
    stop = start + seconds

    def tablet_loop(i: int, tablet: Tablet) -> None:
        path = endpoint.path(tablet)
        time.sleep(max(0.0, start - time.perf_counter()))
        while time.perf_counter() < stop:
            if tablet.post(path) and time.perf_counter() <= stop:
                done[i] += 1

    cpu = time.process_time()
    run_threads([lambda i=i, t=t: tablet_loop(i, t) for i, t in enumerate(endpoint.tablets)])
    wall = time.perf_counter() - start
    return sum(done) / seconds, (time.process_time() - cpu) / wall


def event_load(endpoint: Endpoint, seconds: float, per_tablet: float) -> list[float]:
    """Open loop: tablet i posts at start + i/N·period + k·period whatever the server does;
    each latency runs from the scheduled time, so a stall counts for every request behind it."""
    period = 1.0 / per_tablet
    count = len(endpoint.tablets)
    sends = int(seconds * per_tablet)
    latencies: list[list[float]] = [[] for _ in range(count)]
    start = time.perf_counter() + 0.2

    def tablet_loop(i: int, tablet: Tablet) -> None:
        path = endpoint.path(tablet)
        for k in range(sends):
            scheduled = start + (i / count + k) * period
            time.sleep(max(0.0, scheduled - time.perf_counter()))
            tablet.post(path)
            latencies[i].append(time.perf_counter() - scheduled)

    run_threads([lambda i=i, t=t: tablet_loop(i, t) for i, t in enumerate(endpoint.tablets)])
    return [x for per in latencies for x in per]


def percentile(values: Sequence[float], p: float) -> float:
    """Nearest rank: the smallest value with at least p% of the values at or below it."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)]


def state_reads(small: Tablet, big: Tablet, samples: int) -> tuple[list[float], list[float]]:
    """GET state on each table in turn, `samples` times each; latencies in seconds."""
    times: tuple[list[float], list[float]] = ([], [])
    for _ in range(samples):
        for tablet, out in ((small, times[0]), (big, times[1])):
            began = time.perf_counter()
            tablet.call("GET", f"/api/tables/{tablet.table.id}/state/")
            out.append(time.perf_counter() - began)
    return times


# -- Reporting ----------------------------------------------------------------------------------


def spread(values: Sequence[float], unit: str, digits: int = 1) -> str:
    lo, mid, hi = min(values), statistics.median(values), max(values)
    unit = f" {unit}" if unit else ""
    return f"{lo:.{digits}f} / {mid:.{digits}f} / {hi:.{digits}f}{unit} (min / median / max)"


def load_average() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def verdict(ok: bool) -> str:
    return "PASS" if ok else "FAIL"


# -- The run ------------------------------------------------------------------------------------


def measure(world: World, port: int, args: argparse.Namespace) -> list[str]:
    """The three measurements; returns the final lines (figures, ratios, verdicts)."""
    ahead = args.ahead
    entries = Endpoint(
        "entries",
        [Tablet(port, t, Bodies(world.rules, t, seed=t.id, ahead=ahead)) for t in world.load],
        lambda tablet: f"/api/tables/{tablet.table.id}/entries/",
    )
    baseline = Endpoint(
        "baseline",
        [Tablet(port, t, Bodies(world.rules, t, seed=-t.id, ahead=ahead)) for t in world.load],
        lambda tablet: BASELINE,
    )

    def top_up() -> None:
        for endpoint in (entries, baseline):
            for tablet in endpoint.tablets:
                if tablet.bodies is not None:
                    tablet.bodies.top_up(ahead)

    def alternate(rep: int) -> tuple[Endpoint, Endpoint]:
        return (entries, baseline) if rep % 2 == 0 else (baseline, entries)

    print(f"warming up ({len(world.load)} tablets)... load average {load_average()}", flush=True)
    for endpoint in (entries, baseline):
        saturation(endpoint, 1.0)
    top_up()

    rates: dict[str, list[float]] = {"entries": [], "baseline": []}
    client_cpu: dict[str, list[float]] = {"entries": [], "baseline": []}
    print(f"\nSaturation: {len(world.load)} tablets in a closed loop, {args.saturation}s a run")
    for rep in range(args.reps):
        for endpoint in alternate(rep):
            rate, cpu = saturation(endpoint, args.saturation)
            rates[endpoint.name].append(rate)
            client_cpu[endpoint.name].append(cpu)
            print(f"  run {rep + 1} {endpoint.name:8} {rate:7.0f} req/s  (client CPU {cpu:.2f})")
            top_up()

    p50: dict[str, list[float]] = {"entries": [], "baseline": []}
    p99: dict[str, list[float]] = {"entries": [], "baseline": []}
    rate = len(world.load) * args.per_tablet
    print(f"\nEvent load: {len(world.load)} tablets x {args.per_tablet}/s = {rate:.0f} req/s")
    print(f"  open loop, {args.event}s a run, latency from the scheduled send")
    for rep in range(args.reps):
        for endpoint in alternate(rep):
            latencies = event_load(endpoint, args.event, args.per_tablet)
            p50[endpoint.name].append(percentile(latencies, 50) * 1000)
            p99[endpoint.name].append(percentile(latencies, 99) * 1000)
            print(
                f"  run {rep + 1} {endpoint.name:8} p50 {p50[endpoint.name][-1]:6.1f} ms"
                f"  p99 {p99[endpoint.name][-1]:6.1f} ms  max {max(latencies) * 1000:6.1f} ms"
            )
            top_up()

    small = Tablet(port, world.small)
    big = Tablet(port, world.big)
    state_reads(small, big, 20)  # warm-up
    medians: dict[str, list[float]] = {"small": [], "big": []}
    print(
        f"\nState reads: GET state at {args.small} and {args.big} entries, alternating, "
        f"{args.state_samples} each a run"
    )
    for rep in range(args.reps):
        small_times, big_times = state_reads(small, big, args.state_samples)
        medians["small"].append(statistics.median(small_times) * 1000)
        medians["big"].append(statistics.median(big_times) * 1000)
        print(
            f"  run {rep + 1} median {medians['small'][-1]:.2f} ms at {args.small}, "
            f"{medians['big'][-1]:.2f} ms at {args.big}"
        )

    throughput = statistics.median(rates["entries"]) / statistics.median(rates["baseline"])
    paired = [e / b for e, b in zip(rates["entries"], rates["baseline"], strict=True)]
    entries_p99 = statistics.median(p99["entries"])
    state_ratio = statistics.median(medians["big"]) / statistics.median(medians["small"])
    capacity = statistics.median(rates["entries"])
    overload = (
        [
            f"NOTE: entries answered {capacity:.0f} req/s at saturation in this run, below the "
            f"{rate:.0f} req/s offered: the event-load latencies are a growing queue (machine "
            "busy?); rerun when it is quiet."
        ]
        if capacity < rate
        else []
    )
    return [
        "Saturation, requests/s:",
        f"  entries   {spread(rates['entries'], 'req/s', 0)}",
        f"  baseline  {spread(rates['baseline'], 'req/s', 0)}",
        f"  entries / baseline, run by run: {spread(paired, '', 2)}",
        f"  client CPU (cores): entries {statistics.median(client_cpu['entries']):.2f}, "
        f"baseline {statistics.median(client_cpu['baseline']):.2f}",
        f"Event load at {rate:.0f} req/s, open loop:",
        f"  entries   p50 {spread(p50['entries'], 'ms')}",
        f"  entries   p99 {spread(p99['entries'], 'ms')}",
        f"  baseline  p50 {spread(p50['baseline'], 'ms')}",
        f"  baseline  p99 {spread(p99['baseline'], 'ms')}",
        "GET state, median latency per run:",
        f"  {args.small:>5} entries {spread(medians['small'], 'ms', 2)}",
        f"  {args.big:>5} entries {spread(medians['big'], 'ms', 2)}",
        f"Load average of the machine at the end: {load_average()} ({os.cpu_count()} cores; "
        "other processes' share skews the absolute figures, less so the ratios)",
        "",
        f"{verdict(throughput >= MIN_THROUGHPUT_RATIO)} throughput: entries / baseline = "
        f"{throughput:.2f} (target >= {MIN_THROUGHPUT_RATIO:.2f})",
        f"{verdict(entries_p99 < MAX_P99_MS)} event load: entries p99 = {entries_p99:.1f} ms "
        f"(median run; target < {MAX_P99_MS:.0f} ms; baseline "
        f"{statistics.median(p99['baseline']):.1f} ms)",
        f"{verdict(state_ratio <= MAX_STATE_RATIO)} flat with ledger size: state at "
        f"{args.big} / at {args.small} = {state_ratio:.2f} (target <= {MAX_STATE_RATIO})",
        *overload,
    ]


def verify_ledgers(database_url: str) -> bool:
    result = subprocess.run(
        [str(PYTHON), "manage.py", "verify_ledgers"],
        cwd=ROOT,
        env=server_env(database_url),
        capture_output=True,
        text=True,
        check=False,
    )
    print(f"\nmanage.py verify_ledgers: {(result.stdout + result.stderr).strip()}")
    return result.returncode == 0


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tablets", type=int, default=50, help="tables posting (default 50)")
    parser.add_argument("--reps", type=int, default=5, help="repetitions of each (>= 5)")
    parser.add_argument("--saturation", type=float, default=5.0, help="seconds a closed run")
    parser.add_argument("--event", type=float, default=10.0, help="seconds an open-loop run")
    parser.add_argument("--per-tablet", type=float, default=1.0, help="entries/s per tablet")
    parser.add_argument("--state-samples", type=int, default=100, help="GETs per table a run")
    parser.add_argument("--small", type=int, default=10, help="entries at the small table")
    parser.add_argument("--big", type=int, default=5000, help="entries at the big table")
    parser.add_argument("--workers", type=int, default=4, help="gunicorn sync workers")
    parser.add_argument("--ahead", type=int, default=200, help="bodies made ahead per tablet")
    parser.add_argument("--database", default="monopoly_bench_api", help="dropped and re-made")
    return parser.parse_args()


def main() -> int:
    args = parse_args()
    database_url = f"{SERVER}/{args.database}"
    broken = False
    print(f"Fresh database {args.database}; building {args.tablets} tables...", flush=True)
    recreate_database(args.database)
    try:
        django_setup(database_url)
        began = time.perf_counter()
        world = build_world(args.tablets, args.small, args.big)
        print(f"  built in {time.perf_counter() - began:.1f}s", flush=True)
        with gunicorn(database_url, args.workers) as port:
            print(f"gunicorn: {args.workers} sync workers on {HOST}:{port}", flush=True)
            lines = measure(world, port, args)
        print("\n" + "\n".join(lines))
        if FAILURES.count:
            broken = True
            print(f"\n{FAILURES.count} request(s) failed, e.g.:")
            for example in FAILURES.examples:
                print(f"  {example}")
        broken |= not verify_ledgers(database_url)
    finally:
        if "django.db" in sys.modules:
            from django.apps import apps
            from django.db import connections

            if apps.ready:
                connections.close_all()
        drop_database(args.database)
        print(f"Dropped {args.database}.")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
