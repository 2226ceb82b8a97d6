"""The image's entrypoint (docker/entrypoint.sh), run as a container runs it, where it stops
short of starting the site: it refuses to serve without the owner's URL."""

from __future__ import annotations

import subprocess
from pathlib import Path

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
