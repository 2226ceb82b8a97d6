"""The image's entrypoint (docker/entrypoint.sh), run as a container runs it, where it stops
short of starting the site: it refuses to serve without the owner's URL, and a worker that
cannot check the database says why instead of waiting in silence."""

from __future__ import annotations

import subprocess
import uuid
from pathlib import Path

from tests.faults.servers import stop_process, wait_until
from tests.production.conftest import production_env
from tests.production.deployment import database_url
from tests.production.venv import ROOT

ENTRYPOINT = str(ROOT / "docker" / "entrypoint.sh")


def test_the_web_container_will_not_serve_without_the_owners_url(prod_venv: Path):
    env = production_env(prod_venv, DATABASE_URL=database_url("monopoly"))
    refused = subprocess.run(  # noqa: S603 - the image's entrypoint, fixed arguments
        [ENTRYPOINT, "gunicorn", "tournament.wsgi:application"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert refused.returncode == 2
    assert "OWNER_DATABASE_URL is not set" in refused.stderr


def test_a_worker_that_cannot_reach_its_database_says_why(prod_venv: Path, tmp_path: Path):
    missing = f"mn_missing_{uuid.uuid4().hex[:8]}"
    env = production_env(
        prod_venv, DATABASE_URL=database_url(missing), CELERY_BROKER_URL="redis://127.0.0.1:9/0"
    )
    log = tmp_path / "worker.log"
    with log.open("wb") as out:
        worker = subprocess.Popen(  # noqa: S603 - the image's entrypoint, fixed arguments
            [ENTRYPOINT, "celery", "-A", "tournament", "worker"],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        wait_until(lambda: "Waiting for the database" in log.read_text(), within=60, what="a word")
    finally:
        stop_process(worker)
    said = log.read_text()
    assert f'database "{missing}" does not exist' in said, said
    assert "to be migrated" not in said, said
