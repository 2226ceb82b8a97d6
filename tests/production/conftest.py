"""Fixtures of the production tests: a Redis of their own, and the environment a production
process reads. The no-extras virtual environment (`prod_venv`) is tests/conftest.py's."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.faults.servers import RedisServer, free_port
from tests.production.environment import PRODUCTION
from tests.production.venv import ROOT

SECRET_KEY = PRODUCTION["SECRET_KEY"]
SITE_URL = "https://night.example.org"


@pytest.fixture
def private_redis() -> Iterator[RedisServer]:
    server = RedisServer(free_port())
    server.start()
    yield server
    server.stop()


def process_env(venv: Path, **extra: str) -> dict[str, str]:
    """What a process of ours sees: the venv first on PATH, the project on PYTHONPATH, and
    nothing of the test suite's environment (no database, broker or setting of its own)."""
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("CELERY_", "TEST_", "DJANGO", "PYTEST"))
        and k not in ("VIRTUAL_ENV", "PYTHONPATH", "DATABASE_URL", "CACHE_URL")
    }
    path = [p for p in env.get("PATH", "").split(":") if not p.startswith(str(ROOT / ".venv"))]
    env.update(
        PATH=":".join([str(venv / "bin"), *path]),
        PYTHONPATH=str(ROOT),
        PYTHONDONTWRITEBYTECODE="1",
    )
    env.update(extra)
    return env


def production_env(venv: Path, **extra: str) -> dict[str, str]:
    """What a process of the image sees: the production settings, the venv first on PATH,
    the project on PYTHONPATH, and nothing of the test suite's environment."""
    env = process_env(
        venv,
        DJANGO_SETTINGS_MODULE="tournament.settings.production",
        SECRET_KEY=SECRET_KEY,
        ALLOWED_HOSTS="night.example.org,127.0.0.1,localhost",
        SITE_URL=SITE_URL,
        BEHIND_PROXY="true",  # an HTTPS proxy in front: the HTTPS redirect is on
        LOG_LEVEL="INFO",
    )
    env.update(extra)
    return env
