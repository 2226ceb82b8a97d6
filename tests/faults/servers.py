"""Servers of their own for the fault tests: a Redis, a PostgreSQL cluster and a Celery worker
that a test may stop, restart or kill without touching the shared ones on this machine.

Each runs as a child process on a free port of 127.0.0.1 and is stopped when its test ends.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
VENV_BIN = ROOT / ".venv" / "bin"
HOST = "127.0.0.1"
PG_BIN = next(iter(sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True)), None)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


def wait_until(check: Callable[[], bool], *, within: float, what: str) -> None:
    deadline = time.monotonic() + within
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} did not happen within {within:.0f}s")
        time.sleep(0.05)


def stop_process(process: subprocess.Popen[Any], *, timeout: float = 15) -> None:
    """End a child started in its own session, with its own children (gunicorn's, celery's)."""
    if process.poll() is not None:
        return
    try:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=timeout)
    except ProcessLookupError:
        pass
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()


def django_env(**extra: str) -> dict[str, str]:
    """The environment of a Django process of ours: base settings, no DEBUG, no stray broker."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CELERY_", "TEST_"))}
    env.update(
        DJANGO_SETTINGS_MODULE="tournament.settings.base",
        DEBUG="0",
        LOG_LEVEL="WARNING",
        PYTHONPATH=str(ROOT),
    )
    env.update(extra)
    return env


# -- Redis --------------------------------------------------------------------------------------


class RedisServer:
    """redis-server on a port of its own, with nothing kept on disk; stop() and start() again
    on the same port, as an outage and a recovery."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.url = f"redis://{HOST}:{port}/0"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        binary = shutil.which("redis-server")
        assert binary, "redis-server is not installed"
        self.process = subprocess.Popen(  # noqa: S603 - our own command line, no shell
            [binary, "--port", str(self.port), "--bind", HOST, "--save", "", "--appendonly", "no"],
            stdout=subprocess.DEVNULL,
            start_new_session=True,
        )
        wait_until(self.answers, within=10, what="redis-server answering")

    def stop(self) -> None:
        if self.process is not None:
            stop_process(self.process)
            self.process = None

    def answers(self) -> bool:
        import redis

        try:
            return bool(redis.Redis(host=HOST, port=self.port, socket_timeout=1).ping())
        except redis.RedisError:
            return False


# -- PostgreSQL ---------------------------------------------------------------------------------


class PostgresCluster:
    """A PostgreSQL cluster of its own (initdb in a temporary folder owned by `postgres`),
    trusting local connections, on a free port; restart() and stop()/start() at will."""

    def __init__(self, folder: Path, port: int) -> None:
        self.folder = folder
        self.data = folder / "data"
        self.port = port
        self.url = f"postgres://postgres@{HOST}:{port}/monopoly"

    def _as_postgres(self, *command: str) -> None:
        subprocess.run(  # noqa: S603 - our own command line, no shell
            ["/usr/sbin/runuser", "-u", "postgres", "--", *command],
            check=True,
            capture_output=True,
            timeout=60,
        )

    def _ctl(self, *args: str) -> None:
        options = f"-p {self.port} -k {self.folder} -c listen_addresses={HOST} -c fsync=off"
        log = str(self.folder / "server.log")
        self._as_postgres(
            str(PG_BIN / "pg_ctl"), "-D", str(self.data), "-l", log, "-o", options, *args
        )

    def create(self) -> None:
        shutil.chown(self.folder, "postgres", "postgres")
        self._as_postgres(str(PG_BIN / "initdb"), "-D", str(self.data), "-A", "trust", "--no-sync")
        self.start()
        self._as_postgres(
            str(PG_BIN / "createdb"), "-h", HOST, "-p", str(self.port), "-U", "postgres", "monopoly"
        )

    def start(self) -> None:
        self._ctl("-w", "start")

    def stop(self) -> None:
        self._ctl("-w", "-m", "fast", "stop")

    def restart(self) -> None:
        self._ctl("-w", "-m", "fast", "restart")

    def destroy(self) -> None:
        with contextlib.suppress(subprocess.CalledProcessError):  # already stopped
            self._ctl("-w", "-m", "immediate", "stop")


# -- A Celery worker, as at an event ------------------------------------------------------------


class WorkerProcess:
    """`celery worker` with the prefork pool and one child, in a process group of its own."""

    def __init__(self, process: subprocess.Popen[bytes], log: Path) -> None:
        self.process = process
        self.log = log

    def children(self) -> list[int]:
        """The pool's child processes (the ones that run tasks)."""
        path = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children")
        try:
            return [int(pid) for pid in path.read_text().split()]
        except FileNotFoundError:
            return []

    def ready(self) -> bool:
        assert self.process.poll() is None, f"the worker exited:\n{self.log.read_text()}"
        return " ready." in self.log.read_text()

    def stop(self) -> None:
        stop_process(self.process, timeout=30)


def start_worker(
    *, broker_url: str, database_url: str, media_root: Path, log: Path
) -> WorkerProcess:
    """A worker as at an event: prefork pool with one child, on `broker_url`, against
    `database_url`, writing files under `media_root`; returns once it is ready."""
    command = [str(VENV_BIN / "celery"), "-A", "tournament", "worker", "--pool", "prefork"]
    command += ["--concurrency", "1", "--without-gossip", "--without-mingle"]
    command += ["--without-heartbeat", "--loglevel", "INFO"]
    env = django_env(
        DATABASE_URL=database_url,
        CELERY_BROKER_URL=broker_url,
        MEDIA_ROOT=str(media_root),
        LOG_LEVEL="INFO",
    )
    with log.open("wb") as out:
        process = subprocess.Popen(  # noqa: S603 - our own command line, no shell
            command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )
    worker = WorkerProcess(process, log)
    try:
        wait_until(worker.ready, within=60, what="the Celery worker starting")
    except BaseException:
        worker.stop()
        raise
    return worker


def wait_for_job(job_id: int, done: Callable[[Any], bool], *, within: float = 60) -> Any:
    """The print job once `done(job)` holds, read afresh every 50 ms."""
    from tournament.models import PrintJob

    deadline = time.monotonic() + within
    while True:
        job = PrintJob.objects.get(pk=job_id)
        if done(job):
            return job
        if time.monotonic() > deadline:
            raise AssertionError(f"print job {job_id} is still {job.status} after {within:.0f}s")
        time.sleep(0.05)


def finished(job: Any) -> bool:
    return job.status in ("done", "failed")


def pdf_pages(path: str) -> int:
    """The number of pages of a PDF file; pypdf refuses a file that is not one."""
    from pypdf import PdfReader

    return len(PdfReader(path, strict=True).pages)


def running_event(env: dict[str, str], tables: int) -> dict[str, Any]:
    """An event with a round running at `tables` tables, made by tests/faults/running_event.py
    in a process of its own against `env`'s database: what it made, as its JSON line says."""
    import json

    made = subprocess.run(  # noqa: S603 - our own command line, no shell
        [str(VENV_BIN / "python"), "-m", "tests.faults.running_event", str(tables)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return json.loads(made.stdout.strip().splitlines()[-1])
