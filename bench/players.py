"""Benchmark the players' own pages: 400 players polling their page's live part every 10 s,
with a target of less than 10% of one core, against a baseline measured in the same run.

    .venv/bin/python bench/players.py [--players 400] [--every 10] [--seconds 30] [--reps 5]
    (or: make bench-players)

1. Creates a fresh PostgreSQL database, migrates it and builds an event through the
   project's services: `--players` players checked in, seated four to a table, the seating
   released, the round running, and a few entries on every table's ledger (bench/harness.py:
   the same database, server and legal moves as the other server benchmarks).
2. Serves it with gunicorn (`--workers` sync workers, DEBUG off, persistent database
   connections, bench/settings.py for the baseline endpoint).
3. Polls open loop, scheduled by the clock: request k is sent at start + k / rate whatever
   the server does, rate = players / every (40 requests/s for 400 players every 10 s),
   player k mod N. Three loads, alternating, `--reps` runs of `--seconds` each:
     - status    `GET /p/<token>/` with HX-Request and If-None-Match, as the page's htmx
                 poll asks for its live part: a 304 while nothing changes (the usual case
                 between entries at the table);
     - changed   the same with an out-of-date ETag: a full 200 every time, as if every
                 table had a new entry between any two polls (the worst case);
     - baseline  `POST /api/bench/baseline/` at the same rate (docs/benchmarks.md's bare endpoint:
                 parse the JSON, insert one row).
   For each run it reads the CPU time (user + system, /proc/<pid>/stat) of the gunicorn
   master and its workers before and after, and prints it as percent of one core over the
   run's wall time. PostgreSQL's backends are printed beside it, for context, and so is a
   floor: the same rate of requests that go through gunicorn and Django's whole stack
   but read nothing (a 404 for a link too long to be anyone's).
4. Drops the database.

Prints every figure as min / median / max over the runs, the ratio to the baseline, and
PASS/FAIL against the target (< 10% of one core) for the status polls and for the worst
case. Exits 0 whatever the verdicts; non-zero only when requests failed.
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
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

import harness  # noqa: E402  (database, settings, world, server)
from figures import load_average, percentile, spread, verdict  # noqa: E402

HOST = harness.HOST
TARGET_PERCENT = 10.0
POLL = {"HX-Request": "true"}  # what htmx sends with the page's poll
TICKS = os.sysconf("SC_CLK_TCK")


# -- The world ----------------------------------------------------------------------------------


@dataclass
class Poller:
    token: str
    etag: str = ""


@dataclass
class World:
    players: list[Poller]
    table_keys: list[str]


def build_world(players: int, entries: int) -> World:
    """An event whose `players` are checked in and seated at released tables of four, the
    round running, and `entries` legal entries on every table's ledger."""
    from tournament.models import Player

    event = harness.event_with_round(name="Players' pages benchmark", players=players)
    for table in event.tables:
        harness.fill_ledger(table, event.rules, entries)
    tokens = list(
        Player.objects.filter(event_id=event.id).order_by("id").values_list("token", flat=True)
    )
    harness.close_connections()
    return World(
        players=[Poller(token) for token in tokens], table_keys=[t.key for t in event.tables]
    )


# -- CPU time of processes, from /proc ------------------------------------------------------------


def _stat(pid: int) -> tuple[int, float] | None:
    """(parent pid, user + system CPU seconds) of a process; None once it is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text[text.rindex(")") + 2 :].split()  # after "pid (comm) "
    return int(fields[1]), (int(fields[11]) + int(fields[12])) / TICKS


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


def _pids() -> list[int]:
    return [int(p.name) for p in Path("/proc").iterdir() if p.name.isdigit()]


def gunicorn_pids(port: int) -> list[int]:
    """The gunicorn master serving `port` and its workers."""
    masters = [
        pid for pid in _pids() if "gunicorn" in _cmdline(pid) and f"{HOST}:{port}" in _cmdline(pid)
    ]
    masters = [pid for pid in masters if (_stat(pid) or (0, 0))[0] not in masters]
    if len(masters) != 1:
        raise RuntimeError(f"cannot tell gunicorn's master for port {port}: {masters}")
    workers = [pid for pid in _pids() if (_stat(pid) or (0, 0.0))[0] == masters[0]]
    return masters + workers


def postgres_pids(database: str) -> list[int]:
    """PostgreSQL's backends connected to the benchmark's database."""
    # Their titles read "postgres: [15/main: ]postgres <database> 127.0.0.1(port) idle".
    return [
        pid
        for pid in _pids()
        if _cmdline(pid).startswith("postgres:") and f" postgres {database} " in _cmdline(pid)
    ]


def cpu_seconds(pids: list[int]) -> dict[int, float]:
    """CPU seconds used so far by each of these processes (those still running)."""
    found = {pid: _stat(pid) for pid in pids}
    return {pid: stat[1] for pid, stat in found.items() if stat is not None}


def cpu_used(before: dict[int, float], after: dict[int, float]) -> float:
    """CPU seconds used between two readings; a process that started in between counts
    from zero (PostgreSQL opens a new backend when a worker reconnects)."""
    return sum(seconds - before.get(pid, 0.0) for pid, seconds in after.items())


# -- The client: open loop, scheduled by the clock ---------------------------------------------


@dataclass
class Outcome:
    statuses: dict[int, int]
    latencies: list[float]
    failures: list[str]


Request = tuple[str, str, bytes | None, dict[str, str]]


def open_loop(
    port: int,
    rate: float,
    seconds: float,
    make: Callable[[int], Request],
    remember: Callable[[int, str], None] = lambda k, etag: None,
    expected: frozenset[int] = frozenset({200, 201, 304}),
) -> Outcome:
    """Send request k at start + k / rate (k < rate * seconds) from a pool of threads, each
    with its own connection; `make(k)` gives (method, path, body, headers). Latency runs from
    the scheduled time, so a stall counts for every request behind it."""
    total = int(rate * seconds)
    threads = max(4, min(64, int(rate // 2)))
    statuses: dict[int, int] = {}
    latencies: list[float] = []
    failures: list[str] = []
    lock = threading.Lock()
    start = time.perf_counter() + 0.2

    def run(index: int) -> None:
        conn = http.client.HTTPConnection(HOST, port, timeout=30)
        for k in range(index, total, threads):
            scheduled = start + k / rate
            time.sleep(max(0.0, scheduled - time.perf_counter()))
            method, path, body, headers = make(k)
            try:
                conn.request(method, path, body, headers)
                response = conn.getresponse()
                data = response.read()
                status = response.status
                etag = response.getheader("ETag")
            except (OSError, http.client.HTTPException) as exc:
                conn.close()
                with lock:
                    failures.append(f"{method} {path}: {exc!r}")
                continue
            elapsed = time.perf_counter() - scheduled
            with lock:
                statuses[status] = statuses.get(status, 0) + 1
                latencies.append(elapsed)
                if status not in expected:
                    failures.append(f"{method} {path}: {status} {data[:200]!r}")
            if etag and headers.get("HX-Request"):
                remember(k, etag)

    workers = [threading.Thread(target=run, args=(i,), daemon=True) for i in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    return Outcome(statuses, latencies, failures)


# -- The run ------------------------------------------------------------------------------------


@dataclass
class Load:
    name: str
    make: Callable[[int], Request]
    expected: frozenset[int] = frozenset({200, 201, 304})


def loads(world: World) -> list[Load]:
    players = world.players
    keys = world.table_keys

    def status(k: int) -> Request:
        player = players[k % len(players)]
        headers = dict(POLL)
        if player.etag:
            headers["If-None-Match"] = player.etag
        return "GET", f"/p/{player.token}/", None, headers

    def changed(k: int) -> Request:
        # The ETag the page holds is out of date: a table-mate's entry since the last poll.
        player = players[k % len(players)]
        return "GET", f"/p/{player.token}/", None, POLL | {"If-None-Match": '"stale"'}

    def baseline(k: int) -> Request:
        body = json.dumps({"id": str(uuid.uuid4()), "kind": "pass_go", "seat": 1}).encode()
        headers = {
            "Authorization": f"Table {keys[k % len(keys)]}",
            "Content-Type": "application/json",
        }
        return "POST", harness.BASELINE, body, headers

    def floor(k: int) -> Request:
        # A link too long to be anyone's: a 404 answered before any query. What every
        # request costs this server (gunicorn, Django, the connection) whatever it asks.
        return "GET", f"/p/{'x' * 65}/", None, dict(POLL)

    return [
        Load("status", status),
        Load("changed", changed),
        Load("baseline", baseline),
        Load("floor", floor, frozenset({404})),
    ]


def learn_etags(port: int, world: World) -> None:
    """Each player's page has been opened once: its ETag is known (as the page knows it)."""
    conn = http.client.HTTPConnection(HOST, port, timeout=30)
    for player in world.players:
        conn.request("GET", f"/p/{player.token}/", headers=POLL)
        response = conn.getresponse()
        response.read()
        if response.status != 200:
            raise RuntimeError(f"the page's live part answered {response.status}")
        player.etag = response.getheader("ETag") or ""


def measure(
    world: World, port: int, database: str, args: argparse.Namespace
) -> tuple[list[str], int]:
    rate = len(world.players) / args.every
    server = gunicorn_pids(port)
    print(
        f"gunicorn: master {server[0]} and {len(server) - 1} worker(s); "
        f"{len(world.players)} players every {args.every:g} s = {rate:.0f} requests/s, "
        f"open loop, {args.seconds:g} s a run"
    )
    learn_etags(port, world)

    def learn(k: int, etag: str) -> None:  # a 200 brings a new ETag, as the page keeps it
        world.players[k % len(world.players)].etag = etag

    all_loads = loads(world)
    for load in all_loads:  # warm-up: every code path loaded, connections open
        open_loop(port, rate, 2.0, load.make, expected=load.expected)

    idle_start, idle_wall = cpu_seconds(server), time.perf_counter()
    time.sleep(3.0)
    idle = cpu_used(idle_start, cpu_seconds(server)) / (time.perf_counter() - idle_wall) * 100

    percent: dict[str, list[float]] = {load.name: [] for load in all_loads}
    database_percent: dict[str, list[float]] = {load.name: [] for load in all_loads}
    p99: dict[str, list[float]] = {load.name: [] for load in all_loads}
    failures = 0
    for rep in range(args.reps):
        order = all_loads[rep % len(all_loads) :] + all_loads[: rep % len(all_loads)]
        for load in order:
            before, db_before = cpu_seconds(server), cpu_seconds(postgres_pids(database))
            began = time.perf_counter()
            remember = learn if load.name == "status" else (lambda k, etag: None)
            outcome = open_loop(port, rate, args.seconds, load.make, remember, load.expected)
            wall = time.perf_counter() - began
            used = cpu_used(before, cpu_seconds(server))
            db_used = cpu_used(db_before, cpu_seconds(postgres_pids(database)))
            percent[load.name].append(used / wall * 100)
            database_percent[load.name].append(db_used / wall * 100)
            p99[load.name].append(percentile(outcome.latencies, 99) * 1000)
            failures += len(outcome.failures)
            for failure in outcome.failures[:3]:
                print(f"    failed: {failure}")
            codes = ", ".join(f"{n} x {code}" for code, n in sorted(outcome.statuses.items()))
            print(
                f"  run {rep + 1} {load.name:8} server {percent[load.name][-1]:5.2f}% of a core"
                f"  (PostgreSQL {database_percent[load.name][-1]:5.2f}%)"
                f"  p99 {p99[load.name][-1]:6.1f} ms  [{codes}]",
                flush=True,
            )

    status = statistics.median(percent["status"])
    worst = statistics.median(percent["changed"])
    base = statistics.median(percent["baseline"])
    floor = statistics.median(percent["floor"])
    lines = [
        f"Server CPU (gunicorn master + workers), percent of one core, {len(world.players)} "
        f"players polling every {args.every:g} s ({rate:.0f} requests/s):",
        f"  status    (If-None-Match, 304s)  {spread(percent['status'], '%', 2)}",
        f"  changed   (a 200 each time)      {spread(percent['changed'], '%', 2)}",
        f"  baseline  (POST one row)         {spread(percent['baseline'], '%', 2)}",
        f"  floor     (a 404, no query)      {spread(percent['floor'], '%', 2)}",
        f"  idle server, 3 s: {idle:.2f}%",
        "PostgreSQL backends, for context: "
        f"status {statistics.median(database_percent['status']):.2f}%, "
        f"changed {statistics.median(database_percent['changed']):.2f}%, "
        f"baseline {statistics.median(database_percent['baseline']):.2f}% (medians)",
        f"For scale: gunicorn and Django's whole stack cost {floor:.2f}% at this rate for a "
        "request that reads nothing (the floor); the polls answered early "
        f"(tournament/pages/players/middleware.py) cost {status / floor:.2f} x that.",
        f"p99 latency from the scheduled send: status {statistics.median(p99['status']):.1f} ms, "
        f"changed {statistics.median(p99['changed']):.1f} ms, "
        f"baseline {statistics.median(p99['baseline']):.1f} ms (medians)",
        f"Ratios to the baseline (medians): status {status / base:.2f}, changed {worst / base:.2f}",
        f"Load average at the end: {load_average()} ({os.cpu_count()} cores)",
        "",
        f"{verdict(status < TARGET_PERCENT)} players' pages: status polls cost {status:.2f}% "
        f"of one core (median run; target < {TARGET_PERCENT:.0f}%)",
        f"{verdict(worst < TARGET_PERCENT)} worst case: every poll a full answer costs "
        f"{worst:.2f}% of one core (median run; target < {TARGET_PERCENT:.0f}%)",
    ]
    return lines, failures


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=400, help="players polling (400)")
    parser.add_argument("--every", type=float, default=10.0, help="seconds between polls (10)")
    parser.add_argument("--seconds", type=float, default=30.0, help="seconds a run (>= 30)")
    parser.add_argument("--reps", type=int, default=5, help="runs of each load (>= 5)")
    parser.add_argument("--entries", type=int, default=20, help="entries on every table")
    parser.add_argument("--workers", type=int, default=4, help="gunicorn sync workers (4)")
    parser.add_argument("--database", default="monopoly_bench_players", help="dropped and re-made")
    return parser.parse_args()


def main() -> int:
    args = parse_args()
    print(f"Fresh database {args.database}; {args.players} players...", flush=True)
    failures = 0
    with harness.fresh_database(args.database) as database_url:
        # Errors only in the log: the floor load's 404s would each write a warning (and its CPU).
        env = harness.django_env(database_url, log_level="ERROR")
        harness.django_setup(env)
        began = time.perf_counter()
        world = build_world(args.players, args.entries)
        print(f"  built in {time.perf_counter() - began:.1f}s", flush=True)
        with harness.gunicorn(env, args.workers) as port:
            lines, failures = measure(world, port, args.database, args)
        print("\n" + "\n".join(lines))
        if failures:
            print(f"\n{failures} request(s) failed.")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
