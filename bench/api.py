"""Benchmark the entries API against a bare baseline endpoint, as docs/benchmarks.md describes.

    .venv/bin/python bench/api.py [--tablets 50] [--reps 5]      (or: make bench-api)

1. Creates a fresh PostgreSQL database, migrates it and builds an event with a running round
   of `--tablets` tables of four players through the project's services, plus two tables kept
   apart for the state reads (one with 10 entries, one with 5,000).
2. Serves it with gunicorn (4 sync workers, DEBUG off, Celery eager, persistent connections)
   with the bare endpoints (bench/settings.py: the floor /api/bench/floor/<table>/, no
   authentication, one INSERT; and /api/bench/baseline/, the floor plus the table key).
3. Measures, each over `--reps` runs: saturation (closed loop, requests/s) of the entries
   endpoint, the floor, the authenticated baseline and GET state, in turn; event load (open
   loop at one entry per tablet per second, p50/p99 measured from each request's scheduled
   time) of the entries against the floor, alternating; and GET state at 10 against 5,000
   entries.
4. Runs `manage.py verify_ledgers` on the result, then drops the database.

Every entry posted is legal: each table's moves are made in advance by the rules engine from
the table's start state (no rules work in the client while it measures). Exits 0 whatever
the verdicts; non-zero only when something broke (a refused entry, a server error, a ledger
that does not replay).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import statistics
import sys
import threading
import time
import uuid
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

import harness  # noqa: E402  (database, settings, world, server)
from figures import load_average, percentile, spread, verdict  # noqa: E402
from moves import Moves  # noqa: E402

HOST = harness.HOST
BASELINE = harness.BASELINE

# Targets (docs/benchmarks.md, "make bench-api"): saturation throughput against the floor.
MIN_THROUGHPUT_RATIO = 0.5  # entries / floor
MIN_BASELINE_RATIO = 0.8  # the authenticated baseline / floor
MIN_STATE_READ_RATIO = 0.7  # GET state / floor
MAX_P99_MS = 50.0
MAX_STATE_RATIO = 1.5


# -- The world: an event with a running round, built through the services ---------------------


@dataclass
class World:
    rules: Any
    load: list[harness.TableInfo]  # one per tablet
    small: harness.TableInfo  # 10 entries
    big: harness.TableInfo  # `--big` entries


def build_world(tablets: int, small: int, big: int) -> World:
    """An event with a round running at tablets + 2 tables of four; two ledgers filled."""
    event = harness.event_with_round(name="API benchmark", players=4 * (tablets + 2))
    tables = event.tables
    if len(tables) != tablets + 2 or any(len(t.start["cash"]) != 4 for t in tables):
        raise RuntimeError(f"seated {len(tables)} tables, expected {tablets + 2} of four")
    world = World(rules=event.rules, load=tables[:tablets], small=tables[-2], big=tables[-1])
    harness.fill_ledger(world.small, world.rules, small)
    harness.fill_ledger(world.big, world.rules, big)
    harness.close_connections()
    return world


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

    def __init__(self, port: int, table: harness.TableInfo, bodies: Bodies | None = None) -> None:
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

    def __init__(self, rules: Any, table: harness.TableInfo, seed: int, ahead: int) -> None:
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
    method: str = "POST"

    def send(self, tablet: Tablet, path: str) -> bool:
        return tablet.post(path) if self.method == "POST" else tablet.call(self.method, path)


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
            if endpoint.send(tablet, path) and time.perf_counter() <= stop:
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
            endpoint.send(tablet, path)
            latencies[i].append(time.perf_counter() - scheduled)

    run_threads([lambda i=i, t=t: tablet_loop(i, t) for i, t in enumerate(endpoint.tablets)])
    return [x for per in latencies for x in per]


def state_reads(small: Tablet, big: Tablet, samples: int) -> tuple[list[float], list[float]]:
    """GET state on each table in turn, `samples` times each; latencies in seconds."""
    times: tuple[list[float], list[float]] = ([], [])
    for _ in range(samples):
        for tablet, out in ((small, times[0]), (big, times[1])):
            began = time.perf_counter()
            tablet.call("GET", f"/api/tables/{tablet.table.id}/state/")
            out.append(time.perf_counter() - began)
    return times


# -- The run ------------------------------------------------------------------------------------


def measure(world: World, port: int, args: argparse.Namespace, pauses: list[float]) -> list[str]:
    """The three measurements; returns the final lines (figures, ratios, verdicts).
    `pauses`: this process's pauses to collect garbage (ms), as they come."""
    ahead = args.ahead
    entries = Endpoint(
        "entries",
        [Tablet(port, t, Bodies(world.rules, t, seed=t.id, ahead=ahead)) for t in world.load],
        lambda tablet: f"/api/tables/{tablet.table.id}/entries/",
    )
    floor = Endpoint(
        "floor",
        [Tablet(port, t, Bodies(world.rules, t, seed=-t.id, ahead=ahead)) for t in world.load],
        lambda tablet: f"{harness.FLOOR}{tablet.table.id}/",
    )
    baseline = Endpoint(
        "baseline",
        [Tablet(port, t, Bodies(world.rules, t, seed=-t.id, ahead=ahead)) for t in world.load],
        lambda tablet: BASELINE,
    )
    state = Endpoint(
        "state",
        [Tablet(port, t) for t in world.load],
        lambda tablet: f"/api/tables/{tablet.table.id}/state/",
        method="GET",
    )
    measured = (entries, floor, baseline, state)

    def top_up() -> None:
        for endpoint in measured:
            for tablet in endpoint.tablets:
                if tablet.bodies is not None:
                    tablet.bodies.top_up(ahead)

    def alternate(rep: int, endpoints: Sequence[Endpoint]) -> list[Endpoint]:
        """Each in turn, the first of one repetition last in the next."""
        shift = rep % len(endpoints)
        return [*endpoints[shift:], *endpoints[:shift]]

    print(f"warming up ({len(world.load)} tablets)... load average {load_average()}", flush=True)
    for endpoint in measured:
        saturation(endpoint, 1.0)
    top_up()

    rates: dict[str, list[float]] = {e.name: [] for e in measured}
    client_cpu: dict[str, list[float]] = {e.name: [] for e in measured}
    print(f"\nSaturation: {len(world.load)} tablets in a closed loop, {args.saturation}s a run")
    for rep in range(args.reps):
        for endpoint in alternate(rep, measured):
            rate, cpu = saturation(endpoint, args.saturation)
            rates[endpoint.name].append(rate)
            client_cpu[endpoint.name].append(cpu)
            print(f"  run {rep + 1} {endpoint.name:8} {rate:7.0f} req/s  (client CPU {cpu:.2f})")
            top_up()

    p50: dict[str, list[float]] = {"entries": [], "floor": []}
    p99: dict[str, list[float]] = {"entries": [], "floor": []}
    rate = len(world.load) * args.per_tablet
    print(f"\nEvent load: {len(world.load)} tablets x {args.per_tablet}/s = {rate:.0f} req/s")
    print(f"  open loop, {args.event}s a run, latency from the scheduled send")
    for rep in range(args.reps):
        for endpoint in alternate(rep, (entries, floor)):
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

    def ratio(name: str) -> float:
        return statistics.median(rates[name]) / statistics.median(rates["floor"])

    def paired(name: str) -> list[float]:
        return [e / f for e, f in zip(rates[name], rates["floor"], strict=True)]

    throughput, authenticated, reads = ratio("entries"), ratio("baseline"), ratio("state")
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
        *(f"  {e.name:9} {spread(rates[e.name], 'req/s', 0)}" for e in measured),
        "  against the floor, run by run: "
        + "; ".join(f"{n} {spread(paired(n), '', 2)}" for n in ("entries", "baseline", "state")),
        "  client CPU (cores): "
        + ", ".join(f"{e.name} {statistics.median(client_cpu[e.name]):.2f}" for e in measured),
        f"Event load at {rate:.0f} req/s, open loop:",
        f"  entries   p50 {spread(p50['entries'], 'ms')}",
        f"  entries   p99 {spread(p99['entries'], 'ms')}",
        f"  floor     p50 {spread(p50['floor'], 'ms')}",
        f"  floor     p99 {spread(p99['floor'], 'ms')}",
        "GET state, median latency per run:",
        f"  {args.small:>5} entries {spread(medians['small'], 'ms', 2)}",
        f"  {args.big:>5} entries {spread(medians['big'], 'ms', 2)}",
        f"Load average of the machine at the end: {load_average()} ({os.cpu_count()} cores; "
        "other processes' share skews the absolute figures, less so the ratios)",
        f"The load generator's own pauses to collect garbage: {len(pauses)}, the longest "
        f"{max(pauses, default=0.0):.1f} ms (between runs too, where it makes bodies; a pause "
        "during a run holds every request in flight)",
        "",
        f"{verdict(throughput >= MIN_THROUGHPUT_RATIO)} throughput: entries / floor = "
        f"{throughput:.2f} (target >= {MIN_THROUGHPUT_RATIO:.2f})",
        f"{verdict(authenticated >= MIN_BASELINE_RATIO)} authenticated baseline / floor = "
        f"{authenticated:.2f} (target >= {MIN_BASELINE_RATIO:.2f})",
        f"{verdict(reads >= MIN_STATE_READ_RATIO)} GET state / floor = "
        f"{reads:.2f} (target >= {MIN_STATE_READ_RATIO:.2f})",
        f"{verdict(entries_p99 < MAX_P99_MS)} event load: entries p99 = {entries_p99:.1f} ms "
        f"(median run; target < {MAX_P99_MS:.0f} ms; floor "
        f"{statistics.median(p99['floor']):.1f} ms)",
        f"{verdict(state_ratio <= MAX_STATE_RATIO)} flat with ledger size: state at "
        f"{args.big} / at {args.small} = {state_ratio:.2f} (target <= {MAX_STATE_RATIO})",
        *overload,
    ]


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
    print(f"Fresh database {args.database}; building {args.tablets} tables...", flush=True)
    with harness.fresh_database(args.database) as database_url:
        env = harness.django_env(database_url)
        harness.django_setup(env)
        began = time.perf_counter()
        world = build_world(args.tablets, args.small, args.big)
        print(f"  built in {time.perf_counter() - began:.1f}s", flush=True)
        with harness.gunicorn(env, args.workers) as port, harness.collections_timed() as pauses:
            print(f"gunicorn: {args.workers} sync workers on {HOST}:{port}", flush=True)
            lines = measure(world, port, args, pauses)
        print("\n" + "\n".join(lines))
        if FAILURES.count:
            print(f"\n{FAILURES.count} request(s) failed, e.g.:")
            for example in FAILURES.examples:
                print(f"  {example}")
        clean = harness.verify_ledgers(env)
        # What makes the figures worth reading: the run broke nothing.
        print(f"\n{verdict(FAILURES.count == 0)} errors: {FAILURES.count} (target 0)")
        print(f"{verdict(clean)} verify_ledgers: every ledger matches a replay")
    return 0 if FAILURES.count == 0 and clean else 1


if __name__ == "__main__":
    sys.exit(main())
