"""The environment a production start is given, for the tests that start the production
settings."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PRODUCTION = {
    "DJANGO_SETTINGS_MODULE": "tournament.settings.production",
    "DATABASE_URL": "postgres://postgres@127.0.0.1:5432/monopoly_night",
    "CELERY_BROKER_URL": "redis://127.0.0.1:6379/0",
    "ALLOWED_HOSTS": "monopoly.example.org",
    "SECRET_KEY": "k" * 20 + "Zq8#v!Lm2@pR7$wX4^tY9&uB3*nE6(sD1)fG5+hJ0",
    "SITE_URL": "https://monopoly.example.org",
    "BEHIND_PROXY": "true",  # an HTTPS proxy in front: the HTTPS redirect is on
}


def manage(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return python("manage.py", *args, **env)


def start(**env: str) -> subprocess.CompletedProcess[str]:
    """Django started with `env` as a web server or worker starts it, and nothing run."""
    return python("-c", "import django; django.setup()", **env)


def python(*args: str, timeout: int = 120, **env: str) -> subprocess.CompletedProcess[str]:
    environment = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO")}
    environment.update(env)
    return subprocess.run(  # noqa: S603 - our own code
        [sys.executable, *args],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
