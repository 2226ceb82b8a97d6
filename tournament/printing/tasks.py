"""Celery tasks of printing: make a print job's PDF, and send the jobs that waited for the
print queue when a worker starts. Tasks take ids and can run twice."""

from __future__ import annotations

import logging
from typing import Any

from celery import Task, shared_task
from celery.signals import worker_ready
from django.db import ProgrammingError
from django.utils.translation import gettext as _

from tournament.printing.jobs import (
    TRANSIENT,
    print_job_failed,
    print_job_render,
    print_jobs_send_waiting,
    row_progress,
)

logger = logging.getLogger(__name__)


@shared_task(
    bind=True,
    acks_late=True,
    reject_on_worker_lost=True,
    autoretry_for=TRANSIENT,
    retry_backoff=2,
    retry_backoff_max=60,
    retry_jitter=True,
    max_retries=5,
    ignore_result=True,
)
def render_print_job(self: Task, job_id: int) -> None:
    """Make a print job's PDF. Safe to run twice: the second run replaces the file.

    Acknowledged only once done: a worker process killed mid-render (out of memory, a
    restart) gives the job back to the queue, and the next run starts it afresh."""
    try:
        print_job_render(job_id=job_id, progress=row_progress(job_id))
    except TRANSIENT as exc:
        if self.request.retries >= self.max_retries:
            said = {"tries": self.max_retries, "error": exc}
            print_job_failed(
                job_id=job_id, reason=_("Gave up after %(tries)s tries: %(error)s") % said
            )
        raise


@worker_ready.connect
def send_waiting_print_jobs(**_: Any) -> None:
    """A worker that starts means the broker answers: send the jobs that waited for it."""
    try:
        sent = print_jobs_send_waiting()
    except TRANSIENT:
        logger.exception("Could not read the print jobs waiting for the queue")
        return
    except ProgrammingError as missing:  # the tables are not there yet: a fresh database
        logger.warning(
            "The database is not migrated yet (%s): no print jobs to send. Run manage.py "
            "migrate (the web container does it as it starts); jobs are taken once it is.",
            str(missing).strip().splitlines()[0],
        )
        return
    if sent:
        logger.info("Sent %s print job(s) that waited for the print queue", sent)
