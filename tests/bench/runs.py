"""What the benchmarks' smoke tests share: each script run as `make bench-*` runs it, on a
tiny event, in a database and a broker of this suite's own."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parents[2]


def private_names(script: str) -> tuple[str, str]:
    """A database and a broker for `bench/<script>.py`, next to the ones the suite is given;
    the database is this process's own (parallel workers each run a bench of their own)."""
    database = os.environ.get("TEST_DATABASE_URL", "postgres:///monopoly_night")
    broker = os.environ.get("TEST_CELERY_BROKER_URL", "redis://127.0.0.1:6379/15")
    return f"{urlparse(database).path.lstrip('/')}_bench_{script}_{os.getpid()}", broker


def bench_run(script: str, *options: str) -> str:
    """What `bench/<script>.py` prints with these options, in its private database; it
    must exit 0."""
    database, _ = private_names(script)
    command = [sys.executable, f"bench/{script}.py", "--database", database, *options]
    result = subprocess.run(  # noqa: S603 - our own command line, no shell
        command, cwd=ROOT, capture_output=True, text=True, timeout=180, check=False
    )
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-4000:]
    return result.stdout
