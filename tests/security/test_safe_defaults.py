"""Safe defaults: what serves an event (wsgi, asgi, the Celery app) starts with the
production settings unless told otherwise, and those refuse a missing or development key.
manage.py, a developer's tool, starts with the development settings; the image and compose
name the production settings for it."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.production.environment import PRODUCTION, manage

ROOT = Path(__file__).resolve().parents[2]
DEVELOPMENT_KEY = "django-insecure-development-only-key-never-used-in-production"


def _bare_env(**extra: str) -> dict[str, str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("DJANGO", "SECRET_KEY", "DATABASE_URL", "CELERY", "DEBUG"))
    }
    env.update(extra)
    return env


@pytest.mark.parametrize(
    "module", ["tournament.wsgi", "tournament.asgi", "tournament.celery"], ids=str
)
def test_each_entry_point_defaults_to_the_production_settings(module: str):
    code = f"import {module}, os; print(os.environ['DJANGO_SETTINGS_MODULE'])"
    result = subprocess.run(  # noqa: S603 - our own modules
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=_bare_env(**{k: v for k, v in PRODUCTION.items() if k != "DJANGO_SETTINGS_MODULE"}),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.stdout.strip() == "tournament.settings.production", result.stderr[-500:]


def test_manage_py_without_settings_starts_with_the_development_settings():
    result = subprocess.run(
        [sys.executable, "manage.py", "makemigrations", "--check", "--dry-run"],
        cwd=ROOT,
        env=_bare_env(),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-1000:]
    assert "No changes detected" in result.stdout


def test_the_image_runs_manage_py_with_the_production_settings():
    dockerfile = (ROOT / "docker" / "Dockerfile").read_text()
    compose = (ROOT / "docker" / "compose.yaml").read_text()
    assert "DJANGO_SETTINGS_MODULE=tournament.settings.production" in dockerfile
    assert "DJANGO_SETTINGS_MODULE: tournament.settings.production" in compose


def test_production_refuses_the_development_key():
    result = manage("check", **{**PRODUCTION, "SECRET_KEY": DEVELOPMENT_KEY})
    assert result.returncode != 0
    assert "development" in result.stderr


def test_make_run_and_the_workers_name_the_development_settings():
    makefile = (ROOT / "Makefile").read_text()
    assert "DEVELOPMENT := env DJANGO_SETTINGS_MODULE=tournament.settings.base" in makefile
    commands = [
        line
        for line in makefile.splitlines()
        if line.startswith("\t") and re.search(r"manage\.py|celery|bench/", line)
    ]
    assert commands
    for line in commands:
        assert "$(DEVELOPMENT)" in line or "--settings=tournament.settings.test" in line, line
