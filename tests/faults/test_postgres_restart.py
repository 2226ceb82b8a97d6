"""PostgreSQL stops and starts again while four tablets post entries to gunicorn.

The database is a cluster of the test's own (never the shared server); gunicorn serves the
project against it as at an event (sync workers, connections kept for 60 s). While the
database is away every request fails cleanly: a 503 in the API's error shape, a plain 503
page for a person, nothing half written. The tablets send the failed entries again with the
same ids, as the console's outbox does, and once the database is back every entry is in
exactly once, each ledger replays to its stored state, and the same gunicorn workers answer.
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
from pathlib import Path
from typing import Any

import pytest

from tests.faults.servers import (
    HOST,
    ROOT,
    VENV_BIN,
    PostgresCluster,
    django_env,
    free_port,
    running_event,
    stop_process,
    wait_until,
)

pytestmark = pytest.mark.faults

TABLES = 4
ENTRIES = 30  # per tablet
PACE = 0.05  # seconds between a tablet's entries: they are still posting when it stops
TIMEOUT = 10.0  # seconds: no request may hang longer
OUTAGE = 1.5  # seconds the database stays down


@dataclass
class Server:
    port: int
    process: subprocess.Popen[bytes]
    world: dict[str, Any]

    def call(self, method: str, path: str, body: Any = None, key: str | None = None) -> Any:
        conn = http.client.HTTPConnection(HOST, self.port, timeout=TIMEOUT)
        headers = {"Content-Type": "application/json"}
        if key:
            headers["Authorization"] = f"Table {key}"
        try:
            conn.request(method, path, json.dumps(body) if body is not None else None, headers)
            response = conn.getresponse()
            return response.status, response.getheader("Content-Type", ""), response.read()
        finally:
            conn.close()

    def workers(self) -> set[int]:
        path = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children")
        return {int(pid) for pid in path.read_text().split()}


@pytest.fixture
def server(private_postgres: PostgresCluster) -> Iterator[Server]:
    env = django_env(DATABASE_URL=private_postgres.url, CONN_MAX_AGE="60")
    world = running_event(env, TABLES)
    port = free_port()
    env["PYTHONWARNINGS"] = "ignore:No directory at"  # whitenoise: no collectstatic here
    command = [str(VENV_BIN / "gunicorn"), "tournament.wsgi:application", "--workers", "2"]
    command += ["--bind", f"{HOST}:{port}", "--log-level", "warning"]
    process = subprocess.Popen(  # noqa: S603
        command, cwd=ROOT, env=env, start_new_session=True
    )
    running = Server(port, process, world)

    def answers() -> bool:
        try:
            return running.call("GET", "/api/editions/")[0] == 200
        except OSError:
            return False

    try:
        wait_until(answers, within=30, what="gunicorn answering")
        # Its master forks the workers one by one, each ready at once (the project preloaded).
        wait_until(lambda: len(running.workers()) == 2, within=10, what="both workers forked")
        yield running
    finally:
        stop_process(process)


@dataclass
class Tablet:
    """A banker's tablet: legal entries made in advance, each sent until the bank has it."""

    table: dict[str, Any]
    bodies: list[dict[str, Any]]
    answers: list[tuple[int, bool, bytes]] = field(default_factory=list)  # status, retry, body
    problems: list[str] = field(default_factory=list)
    accepted: int = 0

    @classmethod
    def for_table(cls, table: dict[str, Any]) -> Tablet:
        bodies = []
        for n in range(ENTRIES):
            seat = n // 2 % 4 + 1
            if n % 2 == 0:
                bodies.append({"kind": "pass_go", "seat": seat})
            else:
                bodies.append({"kind": "bank_payment", "seat": seat, "amount": -20, "memo": "Fine"})
        return cls(table, [{"id": str(uuid.uuid4()), **body} for body in bodies])

    def run(self, server: Server, deadline: float) -> None:
        path = f"/api/tables/{self.table['id']}/entries/"
        for body in self.bodies:
            retry = False
            while time.monotonic() < deadline:
                try:
                    status, kind, data = server.call("POST", path, body, key=self.table["key"])
                except (OSError, http.client.HTTPException) as exc:
                    self.problems.append(f"{body['id']}: no answer ({exc!r})")
                    return
                self.answers.append((status, retry, data))
                if status in (200, 201):
                    self.accepted += 1
                    time.sleep(PACE)
                    break
                if status != 503 or not kind.startswith("application/json"):
                    self.problems.append(f"{body['id']}: {status} {kind} {data[:200]!r}")
                    return
                retry = True
                time.sleep(0.2)  # the outbox waits a little, then sends the same entry again
            else:
                self.problems.append(f"{body['id']}: still not accepted at the deadline")
                return


def test_a_database_restart_fails_requests_cleanly_and_the_service_recovers_by_itself(
    server: Server, private_postgres: PostgresCluster
):
    tablets = [Tablet.for_table(table) for table in server.world["tables"]]
    workers_before = server.workers()
    deadline = time.monotonic() + 60
    threads = [threading.Thread(target=t.run, args=(server, deadline)) for t in tablets]
    for thread in threads:
        thread.start()
    wait_until(lambda: all(t.accepted >= 3 for t in tablets), within=30, what="entries posting")

    private_postgres.stop()
    down_at = time.monotonic()
    page = server.call("GET", f"/faq/events/{server.world['event']}/")
    state = server.call(
        "GET", f"/api/tables/{tablets[0].table['id']}/state/", key=tablets[0].table["key"]
    )
    time.sleep(max(0.0, OUTAGE - (time.monotonic() - down_at)))
    private_postgres.start()

    for thread in threads:
        thread.join(timeout=70)
    assert [t.problems for t in tablets] == [[]] * TABLES

    # While it was down: a person's page and the API each said so, in their own way.
    assert page[0] == 503
    assert page[1].startswith("text/html")
    assert b"Try again in a few seconds" in page[2]
    assert state[0] == 503
    assert json.loads(state[2]) == {
        "error": "unavailable",
        "detail": "The database is not answering: nothing was saved. Try again shortly.",
    }

    answers = [answer for t in tablets for answer in t.answers]
    refused = [data for status, _, data in answers if status == 503]
    assert refused, "no tablet met the outage"
    assert all(json.loads(data)["error"] == "unavailable" for data in refused)
    assert {status for status, retry, _ in answers if not retry} <= {201, 503}
    # A retry is answered 201, or 200 where the entry was committed before the answer was lost.
    assert {status for status, retry, _ in answers if retry} <= {200, 201, 503}

    # Every entry is in exactly once, in the order sent, numbered without a gap.
    for tablet in tablets:
        status, _, data = server.call(
            "GET", f"/api/tables/{tablet.table['id']}/entries/", key=tablet.table["key"]
        )
        assert status == 200
        ledger = json.loads(data)
        assert [e["id"] for e in ledger] == [b["id"] for b in tablet.bodies]
        assert [e["seq"] for e in ledger] == list(range(1, ENTRIES + 1))

    verified = subprocess.run(  # noqa: S603
        [str(VENV_BIN / "python"), "manage.py", "verify_ledgers"],
        cwd=ROOT,
        env=django_env(DATABASE_URL=private_postgres.url),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert verified.returncode == 0, verified.stdout + verified.stderr

    # The same gunicorn workers answer: nothing was restarted to recover.
    assert server.process.poll() is None
    assert server.workers() == workers_before
    status, _, data = server.call(
        "GET", f"/api/tables/{tablets[0].table['id']}/state/", key=tablets[0].table["key"]
    )
    assert status == 200
    assert json.loads(data)["last_seq"] == ENTRIES
