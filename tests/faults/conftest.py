"""Fixtures of the fault tests: servers of their own that a test may break (servers.py)."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.faults.servers import (
    PG_BIN,
    PostgresCluster,
    RedisServer,
    WorkerProcess,
    free_port,
    start_worker,
)


@pytest.fixture
def private_redis() -> Iterator[RedisServer]:
    server = RedisServer(free_port())
    server.start()
    yield server
    server.stop()


@pytest.fixture
def broker(private_redis: RedisServer) -> Iterator[RedisServer]:
    """The project's Celery app sends to the private Redis (eager mode off) during the test."""
    from tournament.celery import app

    saved = {key: app.conf[key] for key in ("broker_url", "task_always_eager")}
    app.conf.update(broker_url=private_redis.url, task_always_eager=False)
    app._pool = app.amqp._producer_pool = None  # fresh pools, for the broker set above
    yield private_redis
    app.conf.update(saved)
    app._pool = app.amqp._producer_pool = None


@pytest.fixture
def private_postgres() -> Iterator[PostgresCluster]:
    if PG_BIN is None or not (PG_BIN / "initdb").exists() or not Path("/usr/sbin/runuser").exists():
        pytest.skip("PostgreSQL's server binaries (/usr/lib/postgresql/*/bin) are not installed")
    if os.geteuid() != 0:
        pytest.skip("a private PostgreSQL cluster is made as root, run as the postgres user")
    folder = Path(tempfile.mkdtemp(prefix="monopoly-faults-pg-"))  # pytest's own is root's only
    cluster = PostgresCluster(folder, free_port())
    try:
        cluster.create()
        yield cluster
    finally:
        cluster.destroy()
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def worker_process(tmp_path: Path) -> Iterator[Callable[..., WorkerProcess]]:
    """Start Celery workers against the test database (tests using this are
    `transaction=True`, so the worker sees their rows); each is stopped at the end."""
    from django.db import connection

    db = connection.settings_dict
    database_url = f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{db['NAME']}"
    started: list[WorkerProcess] = []

    def start(*, broker_url: str, media_root: Path) -> WorkerProcess:
        log = tmp_path / f"worker-{len(started)}.log"
        worker = start_worker(
            broker_url=broker_url, database_url=database_url, media_root=media_root, log=log
        )
        started.append(worker)
        return worker

    yield start
    for worker in started:
        worker.stop()
