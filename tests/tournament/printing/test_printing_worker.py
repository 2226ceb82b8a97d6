"""Print jobs made by a real Celery worker on Redis, as at an event.

The suite starts the project's Celery app in a worker thread (celery.contrib.testing) on
a Redis database of its own (PRINT_TEST_BROKER_URL, by default redis://127.0.0.1:6379/13)
with eager mode off. Tests use `transaction=True`, so the rows they write are committed
and the worker's own database connection sees them.
"""

from __future__ import annotations

import dataclasses
import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from celery.contrib.testing.worker import start_worker
from django.db import transaction

from games.engine.money import money
from tests.pdfs import pdf_text
from tests.played import end, night, play
from tournament.celery import app
from tournament.models import PrintJob, Result
from tournament.printing import jobs as services
from tournament.printing import registry
from tournament.printing.jobs import print_job_request, print_job_retry
from tournament.printing.tasks import render_print_job

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]

BROKER = os.environ.get("PRINT_TEST_BROKER_URL", "redis://127.0.0.1:6379/13")
QUEUE = f"print-tests-{os.getpid()}"
WAIT = 30.0  # seconds a job may take, at the most, on a busy machine


@pytest.fixture(scope="module")
def worker(django_db_setup: None, django_db_blocker: Any) -> Iterator[Any]:
    """A real worker thread on Redis: eager mode off, a queue of this run's own."""
    import redis

    redis.Redis.from_url(BROKER).delete(QUEUE)  # nothing left from a run with the same pid
    saved = {
        key: app.conf[key]
        for key in ("broker_url", "task_always_eager", "task_default_queue", "task_routes")
    }
    app.conf.update(
        broker_url=BROKER,
        task_always_eager=False,
        task_default_queue=QUEUE,
        task_routes={"tournament.printing.tasks.*": {"queue": QUEUE}},
    )
    app._pool = app.amqp._producer_pool = None  # fresh pools, for the broker set above
    with (
        django_db_blocker.unblock(),
        start_worker(app, perform_ping_check=False, queues=[QUEUE], shutdown_timeout=30) as running,
    ):
        yield running
    app.conf.update(saved)
    app._pool = app.amqp._producer_pool = None


@pytest.fixture
def media(settings: Any, tmp_path: Path) -> Path:
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


def wait_for(job_id: int, done: Callable[[PrintJob], bool]) -> PrintJob:
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        job = PrintJob.objects.get(pk=job_id)
        if done(job):
            return job
        time.sleep(0.05)
    raise AssertionError(f"Job {job_id} did not get there in {WAIT:.0f}s: {job.status}")


def finished(job: PrintJob) -> bool:
    return job.status in (PrintJob.Status.DONE, PrintJob.Status.FAILED)


def request(n: Any, kind: str) -> PrintJob:
    with transaction.atomic():  # the task goes to the broker when this commits
        return print_job_request(
            event_id=n.event.pk,
            kind=kind,
            round_id=n.round.pk if registry.DOCUMENTS[kind].needs_round else None,
            requested_by=n.organiser,
        )


@pytest.fixture
def watched(monkeypatch: Any) -> list[tuple[str, int]]:
    """The job's row as the worker sees it each time the renderer reports progress."""
    seen: list[tuple[str, int]] = []
    real = services.row_progress

    def watching(job_id: int) -> Callable[[int], None]:
        report = real(job_id)

        def both(percent: int) -> None:
            report(percent)
            job = PrintJob.objects.get(pk=job_id)
            seen.append((job.status, job.progress))

        return both

    monkeypatch.setattr("tournament.printing.tasks.row_progress", watching)
    return seen


def test_a_job_goes_from_queued_to_running_to_done_with_its_file(worker, media, watched):
    n = night()
    job = request(n, "scoresheets")
    assert job.status == PrintJob.Status.QUEUED
    job = wait_for(job.pk, finished)
    assert job.status == PrintJob.Status.DONE, job.error
    assert watched, "the worker never reported progress"
    assert {status for status, _ in watched} == {PrintJob.Status.RUNNING}
    percents = [percent for _, percent in watched]
    assert percents == sorted(percents)
    assert (job.progress, job.attempts, job.error) == (100, 1, "")
    assert job.started_at <= job.finished_at
    assert job.pages == n.round.tables.count()
    assert Path(job.file.path).is_file()

    text = pdf_text(job.file.path)
    for result in Result.objects.filter(round=n.round).select_related("player"):
        assert result.player.name in text
        assert money(result.net_worth, "$") in text
    for table in n.round.tables.all():
        assert table.verification_code in text


def test_a_render_that_fails_ends_failed_with_the_reason(worker, media, monkeypatch):
    n = night(ended=False)
    no_results = wait_for(request(n, "scoresheets").pk, finished)
    assert no_results.status == PrintJob.Status.FAILED
    assert no_results.error == (
        "Round 1 has no results yet: end the round before printing its scoresheets."
    )
    assert not no_results.file

    def broken(job: PrintJob) -> registry.Parts:
        raise RuntimeError("Out of toner")

    document = registry.DOCUMENTS["badges"]
    monkeypatch.setitem(registry.DOCUMENTS, "badges", dataclasses.replace(document, parts=broken))
    failed = wait_for(request(n, "badges").pk, finished)
    assert failed.status == PrintJob.Status.FAILED
    assert failed.error == "Out of toner"


def test_a_failed_job_retried_after_the_fix_is_done(worker, media):
    n = night(ended=False)
    job = wait_for(request(n, "scoresheets").pk, finished)
    assert job.status == PrintJob.Status.FAILED
    play(n.round)
    end(n.round, n.referee)
    with transaction.atomic():
        print_job_retry(job_id=job.pk)
    job = wait_for(job.pk, finished)
    assert job.status == PrintJob.Status.DONE, job.error
    assert (job.attempts, job.error) == (2, "")


def test_running_the_task_twice_leaves_one_file(worker, media):
    n = night(ended=False)
    job = wait_for(request(n, "table_cards").pk, finished)
    assert job.status == PrintJob.Status.DONE, job.error
    first = job.file.name
    render_print_job.delay(job.pk)
    job = wait_for(job.pk, lambda j: j.attempts == 2 and finished(j))
    assert job.status == PrintJob.Status.DONE, job.error
    assert job.file.name != first
    files = sorted(p.name for p in (media / "prints").iterdir() if f"-job{job.pk}" in p.name)
    assert files == [Path(job.file.name).name]
