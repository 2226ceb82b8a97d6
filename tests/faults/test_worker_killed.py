"""A Celery worker's process is killed (SIGKILL: out of memory, a careless `kill -9`) while
it renders a print job: the job goes back to the queue and is made by the next process.

This covers the pool's child killed, the worker's main process living on: the main process
sees its child die and, since tasks are acknowledged late and rejected when their worker is
lost (`acks_late`, `task_reject_on_worker_lost`), puts the message back at once; the new
child makes the job afresh. A worker killed whole leaves the message unacknowledged in
Redis, which hands it out again after the transport's `visibility_timeout` (30 minutes, see
settings): that wait is not part of this test.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.db import transaction

from tests.conftest import make_world
from tests.faults.servers import RedisServer, finished, pdf_pages, wait_for_job, wait_until
from tournament.models import PrintJob
from tournament.printing.jobs import print_job_request

pytestmark = [pytest.mark.faults, pytest.mark.django_db(transaction=True)]


def test_a_worker_killed_mid_render_gives_the_job_back_and_it_completes(
    broker: RedisServer, worker_process: Callable[..., Any], settings: Any, tmp_path: Path
):
    settings.MEDIA_ROOT = media = tmp_path / "media"
    world = make_world(players=12)
    worker = worker_process(broker_url=broker.url, media_root=media)
    [child] = worker.children()

    with transaction.atomic():  # sent to the queue when this commits
        job = print_job_request(event_id=world.event.pk, kind="badges", requested_by=None)
    running = wait_for_job(job.pk, lambda j: j.status != PrintJob.Status.QUEUED)
    os.kill(child, signal.SIGKILL)
    assert (running.status, running.attempts) == (PrintJob.Status.RUNNING, 1)

    wait_until(lambda: worker.children() not in ([], [child]), within=30, what="a new child")
    job = wait_for_job(job.pk, finished)
    assert (job.status, job.error, job.attempts) == (PrintJob.Status.DONE, "", 2)
    assert pdf_pages(job.file.path) == job.pages > 0
    assert "WorkerLostError" in worker.log.read_text()
    prints = [p.name for p in (media / "prints").iterdir()]
    assert prints == [Path(job.file.name).name]  # the killed run stored nothing
