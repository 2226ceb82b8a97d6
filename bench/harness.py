"""What every server benchmark sets up: a fresh PostgreSQL database, an event with a
running round built through the project's services, gunicorn serving it on a free port,
`manage.py verify_ledgers` at the end, and the database dropped again.

    with harness.fresh_database("monopoly_bench_x") as database_url:
        env = harness.django_env(database_url)
        harness.django_setup(env)
        event = harness.event_with_round(name="...", players=400)
        with harness.gunicorn(env, workers=4) as port:
            ...
        harness.verify_ledgers(env)

`django_env` is the development settings with DEBUG off and no broker (Celery eager);
`production_env` is the production settings with Redis as the broker, as at an event.
"""

from __future__ import annotations

import datetime
import gc
import http.client
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PYTHON = ROOT / ".venv" / "bin" / "python"
GUNICORN = ROOT / ".venv" / "bin" / "gunicorn"
SERVER = "postgres://postgres@127.0.0.1:5432"
HOST = "127.0.0.1"
ORGANISER = "bench-organiser"  # the event's organiser, who made it
BASELINE = "/api/bench/baseline/"  # bench/floor/views.py, in the benchmark settings
FLOOR = "/api/bench/floor/"  # + the table's id: no authentication, one INSERT (the same file)
# What a TLS proxy in front of gunicorn adds: the production settings redirect plain HTTP.
PROXY_HEADERS = {"X-Forwarded-Proto": "https"}

for _path in (str(ROOT / "bench"), str(ROOT)):  # the project, and bench/moves.py
    if _path not in sys.path:
        sys.path.insert(0, _path)


# -- The load generator ----------------------------------------------------------------------


@contextmanager
def collections_timed() -> Iterator[list[float]]:
    """While a load runs from this process: what the process built before it (Django,
    the load's library, the plan) put beyond the garbage collector's reach (`gc.freeze`,
    as gunicorn.conf.py does for the server's workers), so that a full collection walks
    only what the load itself made; and the pause of each collection, in ms. A pause holds
    every request in flight, and would read as the server's time."""
    pauses: list[float] = []
    began = 0.0

    def timed(phase: str, _info: dict[str, int]) -> None:
        nonlocal began
        if phase == "start":
            began = time.perf_counter()
        else:
            pauses.append((time.perf_counter() - began) * 1000)

    gc.collect()
    gc.freeze()
    gc.callbacks.append(timed)
    try:
        yield pauses
    finally:
        gc.callbacks.remove(timed)
        gc.unfreeze()


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


@contextmanager
def fresh_database(name: str) -> Iterator[str]:
    """An empty database `name` (dropped first if it exists); yields its URL, and drops it
    again at the end, whatever happened."""
    recreate_database(name)
    try:
        yield f"{SERVER}/{name}"
    finally:
        close_connections()
        drop_database(name)
        print(f"Dropped {name}.")


@contextmanager
def django_on(database: str) -> Iterator[None]:
    """This process's Django on another database of the same server for a while (a run
    that builds two), then back on its own."""
    from django.db import connections

    close_connections()
    settings = connections["default"].settings_dict
    own, settings["NAME"] = settings["NAME"], database
    try:
        yield
    finally:
        close_connections()
        settings["NAME"] = own


def close_connections() -> None:
    """Close this process's database connections, if Django is set up: the server's are
    the ones measured."""
    if "django.db" in sys.modules:
        from django.apps import apps
        from django.db import connections

        if apps.ready:
            connections.close_all()


# -- The settings of every Django process of a run -----------------------------------------


def django_env(database_url: str, log_level: str = "WARNING") -> dict[str, str]:
    """The development settings with DEBUG off, persistent connections, the bare endpoints
    (bench/settings.py) and no broker (Celery runs tasks eagerly)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("CELERY_")}
    env.update(
        DJANGO_SETTINGS_MODULE="bench.settings",
        DATABASE_URL=database_url,
        DEBUG="0",
        CONN_MAX_AGE="60",
        LOG_LEVEL=log_level,
    )
    return env


def production_env(database_url: str, broker_url: str, queue: str) -> dict[str, str]:
    """The production settings (bench/production_settings.py: HTTPS behind a proxy, Redis
    as the Celery broker with `queue` as the run's own queue, a secret key of the run's
    own) with the bare endpoints."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("CELERY_")}
    env.update(
        DJANGO_SETTINGS_MODULE="bench.production_settings",
        DATABASE_URL=database_url,
        CELERY_BROKER_URL=broker_url,
        CELERY_TASK_DEFAULT_QUEUE=queue,
        CACHE_URL=broker_url,  # the watched pages' cache, shared by the workers
        BENCH_CACHE_PREFIX=database_url.rsplit("/", 1)[-1],  # each database's keys its own
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS=HOST,
        SITE_URL=f"http://{HOST}",
        BEHIND_PROXY="true",  # each request carries X-Forwarded-Proto (PROXY_HEADERS)
        CONN_MAX_AGE="60",
        LOG_LEVEL="WARNING",
    )
    return env


def django_setup(env: dict[str, str]) -> None:
    """Django in this process, with the same settings as the server."""
    for name in [k for k in os.environ if k.startswith("CELERY_") and k not in env]:
        del os.environ[name]
    os.environ.update(env)
    import django

    django.setup()


# -- The world: an event with a running round, built through the services ---------------------


@dataclass
class TableInfo:
    id: int
    key: str
    start: dict[str, Any]


@dataclass
class Event:
    id: int
    round_id: int
    rules: Any
    tables: list[TableInfo]  # by number


def event_with_round(*, name: str, players: int) -> Event:
    """Migrate; an event of `players` players, all checked in and seated four to a table,
    the seating released and the round running (a 600-minute clock: it never runs out)."""
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from banking.ledgers import ledger_of, rules_of
    from tournament.models import Player, Table, Volunteer
    from tournament.services.events import event_create, volunteer_add
    from tournament.services.players import players_import
    from tournament.services.rounds import round_create, round_release, round_seat, round_start

    call_command("migrate", verbosity=0)
    users = get_user_model().objects
    organiser = users.create_user(ORGANISER, is_staff=True)
    users.create_user("bench-banker")
    event = event_create(creator=organiser, name=name, date=datetime.date.today(), edition="us")
    volunteer_add(event_id=event.pk, username="bench-banker", role=Volunteer.Role.BANKER)
    csv = "name,email,team,paid\n" + "".join(f"Player {n},,,0\n" for n in range(1, players + 1))
    report = players_import(event_id=event.pk, text=csv)
    if report.errors:
        raise RuntimeError(f"players_import: {report.errors}")
    Player.objects.filter(event=event).update(checked_in=True)
    round_ = round_create(event_id=event.pk, table_size=4, time_limit_minutes=600)
    round_seat(round_id=round_.pk, seed=1)
    round_release(round_id=round_.pk, actor=organiser)
    round_start(round_id=round_.pk)
    rules = rules_of(event)
    tables = [
        TableInfo(table.pk, table.key, ledger_of(table, rules).start)
        for table in Table.objects.filter(round=round_).order_by("number")
    ]
    seated = sum(len(t.start["cash"]) for t in tables)
    if seated != players:
        raise RuntimeError(f"seated {seated} of {players} players")
    close_connections()
    return Event(id=event.pk, round_id=round_.pk, rules=rules, tables=tables)


def fill_ledger(table: TableInfo, rules: Any, count: int) -> None:
    """`count` legal entries at once: the rows entry_post would write, in one bulk insert,
    and the stored projection after them (verify_ledgers checks it against a replay)."""
    from django.db import transaction
    from django.utils import timezone
    from moves import Moves

    from banking.actors import Actor
    from banking.ledgers import leader_in, standings_of
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
        seats = TableLedger.objects.get(table_id=table.id).seats
        standings = standings_of(moves.state, seats, rules)
        TableLedger.objects.filter(table_id=table.id).update(
            state=moves.state.as_dict(),
            standings=standings,
            leader=leader_in(standings, seats),
            last_seq=count,
            last_entry_at=timezone.now(),
        )


# -- The server ---------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


# A line per request in the access log: the time gunicorn spent on it (from the request
# read to the answer sent, in microseconds), the client's X-Bench-Phase header, the method
# and the path.
ACCESS_FORMAT = "%(D)s %({x-bench-phase}i)s %(m)s %(U)s"


@contextmanager
def gunicorn(env: dict[str, str], workers: int, access_log: Path | None = None) -> Iterator[int]:
    """gunicorn (sync workers, as in docker/) on a free port with these settings, answering;
    stopped with its whole process group at the end. With `access_log`, a line per request
    in ACCESS_FORMAT."""
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
        # The address in the processes' names too: where setproctitle is installed (mutmut
        # brings it), gunicorn's title replaces its command line, and the benchmarks find
        # the server's processes by it (bench/players.py, gunicorn_pids).
        "--name",
        f"bench-{HOST}:{port}",
    ]
    if access_log is not None:
        command += ["--access-logfile", str(access_log), "--access-logformat", ACCESS_FORMAT]
    env = {**env, "PYTHONWARNINGS": "ignore:No directory at"}  # whitenoise: no collectstatic
    with served(command, env=env, port=port, headers=PROXY_HEADERS):
        yield port


@contextmanager
def served(
    command: list[str],
    *,
    env: dict[str, str],
    port: int,
    headers: dict[str, str],
    cwd: Path = ROOT,
    log: Any = None,
) -> Iterator[None]:
    """A server started by `command` in its own process group, once it answers on `port`;
    stopped with its whole group at the end. Its output goes to `log` (a file, or
    subprocess.DEVNULL), else to this process's."""
    name = Path(command[0]).name
    process = subprocess.Popen(
        command, cwd=cwd, env=env, start_new_session=True, stdout=log, stderr=log
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            if process.poll() is not None:
                raise RuntimeError(f"{name} exited with status {process.returncode}")
            try:
                conn = http.client.HTTPConnection(HOST, port, timeout=2)
                conn.request("GET", "/api/editions/", headers=headers)
                if conn.getresponse().status == 200:
                    break
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"{name} did not answer within 30 s")
            time.sleep(0.2)
        yield
    finally:
        try:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(timeout=15)
        except ProcessLookupError:
            pass
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def verify_ledgers(env: dict[str, str]) -> bool:
    """`manage.py verify_ledgers` on the run's database; prints what it says."""
    result = subprocess.run(
        [str(PYTHON), "manage.py", "verify_ledgers"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    print(f"\nmanage.py verify_ledgers: {(result.stdout + result.stderr).strip()}")
    return result.returncode == 0
