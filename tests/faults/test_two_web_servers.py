"""Two web servers over one PostgreSQL and one Redis, as behind a load balancer: tablets
post to the same tables through both, each entry previewed through one, posted to the other
and resent to the first, and every entry is recorded once, in a gapless ledger that
replays to its stored state.

Nothing a request needs is kept in a server's own memory: the table's lock, the ledger and
the earlier entries are in PostgreSQL; what the watched pages keep is in Redis, under the
version of what it shows.
"""

from __future__ import annotations

import http.client
import json
import subprocess
import threading
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from tests.faults.servers import (
    HOST,
    ROOT,
    VENV_BIN,
    PostgresCluster,
    RedisServer,
    django_env,
    free_port,
    running_event,
    stop_process,
    wait_until,
)

pytestmark = pytest.mark.faults

TABLES = 3
TABLETS_PER_TABLE = 2  # two tablets at each table, starting on different servers
ENTRIES = 16  # per tablet
TIMEOUT = 10.0


@dataclass
class Web:
    port: int
    process: subprocess.Popen[bytes]

    def call(self, method: str, path: str, body: Any = None, key: str | None = None) -> Any:
        conn = http.client.HTTPConnection(HOST, self.port, timeout=TIMEOUT)
        headers = {"Content-Type": "application/json"}
        if key:
            headers["Authorization"] = f"Table {key}"
        try:
            conn.request(method, path, json.dumps(body) if body is not None else None, headers)
            response = conn.getresponse()
            return response.status, response.read()
        finally:
            conn.close()


@pytest.fixture
def cluster(
    private_postgres: PostgresCluster, private_redis: RedisServer
) -> Iterator[tuple[list[Web], dict[str, Any], dict[str, str]]]:
    env = django_env(
        DATABASE_URL=private_postgres.url, CONN_MAX_AGE="60", CACHE_URL=private_redis.url
    )
    world = running_event(env, TABLES)
    env["PYTHONWARNINGS"] = "ignore:No directory at"  # whitenoise: no collectstatic here
    webs = []
    try:
        for _ in range(2):
            port = free_port()
            command = [str(VENV_BIN / "gunicorn"), "tournament.wsgi:application"]
            command += ["--workers", "2", "--bind", f"{HOST}:{port}", "--log-level", "warning"]
            process = subprocess.Popen(  # noqa: S603
                command, cwd=ROOT, env=env, start_new_session=True
            )
            webs.append(Web(port, process))
        for web in webs:

            def answers(web: Web = web) -> bool:
                try:
                    return web.call("GET", "/api/editions/")[0] == 200
                except OSError:
                    return False

            wait_until(answers, within=30, what="gunicorn answering")
        yield webs, world, env
    finally:
        for web in webs:
            stop_process(web.process)


@dataclass
class Tablet:
    table: dict[str, Any]
    first: int  # the server it starts on
    bodies: list[dict[str, Any]] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    def run(self, webs: list[Web]) -> None:
        path = f"/api/tables/{self.table['id']}/entries/"
        preview = f"/api/tables/{self.table['id']}/preview/"
        key = self.table["key"]
        for n in range(ENTRIES):
            seat = n % 4 + 1
            body = (
                {"kind": "pass_go", "seat": seat}
                if n % 2 == 0
                else {"kind": "bank_payment", "seat": seat, "amount": -20, "memo": "Fine"}
            )
            body = {"id": str(uuid.uuid4()), **body}
            self.bodies.append(body)
            here, there = webs[(self.first + n) % 2], webs[(self.first + n + 1) % 2]
            # The console previews it first: through the other server.
            status, data = there.call("POST", preview, body, key=key)
            if status != 200:
                self.problems.append(f"{body['id']} previewed: {status} {data[:200]!r}")
                return
            status, data = here.call("POST", path, body, key=key)
            if status != 201:
                self.problems.append(f"{body['id']}: {status} {data[:200]!r}")
                return
            recorded = json.loads(data)["entry"]
            # The answer was lost, say: the outbox sends it again, through the other server.
            status, data = there.call("POST", path, body, key=key)
            again = json.loads(data).get("entry", {}) if status == 200 else {}
            if status != 200 or (again.get("id"), again.get("seq")) != (
                recorded["id"],
                recorded["seq"],
            ):
                self.problems.append(f"{body['id']} resent: {status} {data[:200]!r}")
                return


def test_two_servers_record_every_entry_once(cluster):
    webs, world, env = cluster
    tablets = [
        Tablet(table, first=i % 2) for table in world["tables"] for i in range(TABLETS_PER_TABLE)
    ]
    threads = [threading.Thread(target=t.run, args=(webs,)) for t in tablets]
    began = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert time.monotonic() - began < 120
    assert [t.problems for t in tablets] == [[]] * len(tablets)

    for table in world["tables"]:
        sent = {b["id"] for t in tablets if t.table["id"] == table["id"] for b in t.bodies}
        for web in webs:  # both servers tell the same ledger
            status, data = web.call("GET", f"/api/tables/{table['id']}/entries/", key=table["key"])
            assert status == 200
            ledger = json.loads(data)
            assert sorted(e["id"] for e in ledger) == sorted(sent)
            assert [e["seq"] for e in ledger] == list(range(1, len(sent) + 1))

    verified = subprocess.run(  # noqa: S603
        [str(VENV_BIN / "python"), "manage.py", "verify_ledgers"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert verified.returncode == 0, verified.stdout + verified.stderr
