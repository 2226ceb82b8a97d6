"""Two servers starting together each migrate the same fresh database (the image's
entrypoint migrates as the web container starts): the runs take turns, and both succeed."""

from __future__ import annotations

import os
import subprocess
import sys
import uuid

from tests.production.deployment import admin, database_url
from tests.production.environment import PRODUCTION, ROOT


def test_two_migrations_at_once_on_a_fresh_database_both_succeed():
    name = f"mn_migrate_{uuid.uuid4().hex[:8]}"
    admin(f'CREATE DATABASE "{name}"')
    environment = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO")}
    environment.update(PRODUCTION, DATABASE_URL=database_url(name))
    try:
        runs = [
            subprocess.Popen(
                [sys.executable, "manage.py", "migrate", "--noinput"],
                cwd=ROOT,
                env=environment,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                text=True,
            )
            for _ in range(2)
        ]
        outputs = [run.communicate(timeout=300)[0] for run in runs]
        for run, output in zip(runs, outputs, strict=True):
            assert run.returncode == 0, output[-2000:]
        check = subprocess.run(
            [sys.executable, "manage.py", "migrate", "--check"],
            cwd=ROOT,
            env=environment,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert check.returncode == 0, check.stdout + check.stderr
    finally:
        admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
