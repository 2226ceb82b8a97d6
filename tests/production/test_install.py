"""The site as production installs it: pyproject.toml's dependencies with no extras, at the
versions requirements.lock pins (scripts/install-production.sh, as the Docker image runs it).
It holds those versions and nothing else; every module imports there,
`check --deploy` is clean under the production settings, and a Celery worker started from
that install makes every document."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.db import connection, transaction
from packaging.utils import canonicalize_name

from tests.faults.servers import stop_process, wait_until
from tests.locks import read_lock
from tests.played import night
from tests.production.conftest import production_env
from tests.production.venv import ROOT
from tournament.models import PrintJob
from tournament.printing import registry
from tournament.printing.jobs import print_job_request

IMPORT_ALL = """
import importlib, pkgutil, django
django.setup()
count = 0
for top in ("games", "tournament", "banking"):
    package = importlib.import_module(top)
    for module in pkgutil.walk_packages(package.__path__, top + "."):
        importlib.import_module(module.name)
        count += 1
print(count, "modules")
"""

DATABASE_URL = "postgres://postgres@127.0.0.1:5432/monopoly_night"


def run(venv: Path, *command: str, **env: str | None) -> subprocess.CompletedProcess[str]:
    """A command of the production install; a variable given as None is left out."""
    environment = production_env(venv, CELERY_BROKER_URL="redis://127.0.0.1:6379/0")
    environment.update(env)
    environment = {k: v for k, v in environment.items() if v is not None}
    return subprocess.run(  # noqa: S603 - our own commands, no shell
        command,
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def installed(venv: Path, cwd: Path) -> dict[str, str]:
    """The packages a virtual environment holds, by name, with their versions: listed from
    elsewhere than the source folder, so what the environment itself holds."""
    listed = subprocess.run(  # noqa: S603 - our own command, no shell
        [str(venv / "bin" / "python"), "-m", "pip", "list", "--format=freeze"],
        cwd=cwd,
        env={"PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    pairs = (line.split("==") for line in listed.stdout.splitlines())
    return {canonicalize_name(name): version for name, version in pairs}


def test_the_install_holds_the_locked_versions_and_nothing_else(prod_venv, tmp_path):
    locked = read_lock((ROOT / "requirements.lock").read_text())
    held = installed(prod_venv, tmp_path)
    # pip and setuptools come with every virtual environment, locked or not.
    held = {name: v for name, v in held.items() if name not in ("pip", "setuptools")}
    assert held == {name: pin.version for name, pin in locked.items()}


def test_the_install_has_none_of_the_test_extras(prod_venv, tmp_path):
    names = set(installed(prod_venv, tmp_path))
    assert {"pypdf", "weasyprint", "celery", "gunicorn"} <= names
    assert not names & {"pytest", "pytest-django", "factory-boy", "hypothesis", "playwright"}
    assert "monopoly-night" not in names  # it runs from its source folder, as in the image


def test_every_module_imports_in_the_production_install(prod_venv):
    done = run(
        prod_venv, str(prod_venv / "bin" / "python"), "-c", IMPORT_ALL, DATABASE_URL=DATABASE_URL
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert int(done.stdout.split()[0]) > 50


def test_check_deploy_is_clean_in_the_production_install(prod_venv):
    done = run(
        prod_venv,
        str(prod_venv / "bin" / "python"),
        "manage.py",
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DATABASE_URL=DATABASE_URL,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "no issues" in done.stdout


def test_the_production_install_refuses_to_start_without_the_sites_address(prod_venv):
    python = str(prod_venv / "bin" / "python")
    done = run(prod_venv, python, "manage.py", "check", DATABASE_URL=DATABASE_URL, SITE_URL=None)
    assert done.returncode != 0
    assert "SITE_URL" in done.stderr


@pytest.fixture
def worker(prod_venv, private_redis, tmp_path) -> Iterator[Path]:
    """`celery -A tournament worker` from the production install, as compose starts it,
    against the test database and a Redis of its own; the suite's Celery app sends there."""
    from tournament.celery import app

    db = connection.settings_dict
    database_url = f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{db['NAME']}"
    media = tmp_path / "media"
    log = tmp_path / "worker.log"
    env = production_env(
        prod_venv,
        DATABASE_URL=database_url,
        CELERY_BROKER_URL=private_redis.url,
        MEDIA_ROOT=str(media),
    )
    command = ["celery", "-A", "tournament", "worker", "--loglevel=info", "--concurrency=1"]
    with log.open("wb") as out:
        process = subprocess.Popen(  # noqa: S603 - our own command line, no shell
            command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )
    saved = {key: app.conf[key] for key in ("broker_url", "task_always_eager")}
    app.conf.update(broker_url=private_redis.url, task_always_eager=False)
    app._pool = app.amqp._producer_pool = None
    try:

        def ready() -> bool:
            assert process.poll() is None, log.read_text()
            return " ready." in log.read_text()

        wait_until(ready, within=90, what="the production worker starting")
        yield log
    finally:
        stop_process(process, timeout=30)
        app.conf.update(saved)
        app._pool = app.amqp._producer_pool = None


@pytest.mark.django_db(transaction=True)
def test_a_worker_from_the_production_install_makes_every_document(worker):
    n = night(final=True)
    jobs = {}
    for kind, document in registry.DOCUMENTS.items():
        with transaction.atomic():
            jobs[kind] = print_job_request(
                event_id=n.event.pk,
                kind=kind,
                round_id=n.round.pk if document.needs_round else None,
                requested_by=n.organiser,
            ).pk
    assert set(jobs) == set(PrintJob.Kind.values)

    def all_finished() -> bool:
        statuses = PrintJob.objects.filter(pk__in=jobs.values()).values_list("status", flat=True)
        return all(status in ("done", "failed") for status in statuses)

    wait_until(all_finished, within=120, what="every document made")
    for kind, job_id in jobs.items():
        job = PrintJob.objects.get(pk=job_id)
        assert job.status == PrintJob.Status.DONE, f"{kind}: {job.error}\n{worker.read_text()}"
        assert job.pages >= 1
