"""Celery tasks of the event app. Tasks take ids and can run twice.

`send` queues a task without letting a dead broker fail the request that asked for it:
the caller learns that the task was not queued and keeps its own record of what to send
again (a print job waits; a round's clock is called by the next read once it runs out).
"""

from __future__ import annotations

import logging
from typing import Any

from celery import Task, shared_task
from celery.signals import worker_ready
from kombu.exceptions import OperationalError as BrokerError

from .services.printing import (
    TRANSIENT,
    print_job_failed,
    print_job_render,
    print_jobs_send_waiting,
    row_progress,
)
from .services.rounds import round_call_time

logger = logging.getLogger(__name__)


def send(task: Task, *args: Any, **options: Any) -> bool:
    """Queue `task` with `args`; False, with a warning in the log, when the broker is not
    answering. The settings keep that short (a second or two), so a request never hangs."""
    try:
        task.apply_async(args, **options)
    except (BrokerError, OSError) as exc:
        logger.warning(
            "Could not queue %s%r: the broker is not answering (%s)",
            task.name,
            args,
            exc,
        )
        return False
    return True


@shared_task(ignore_result=True)
def call_time(round_id: int) -> None:
    """Call time on a round when its clock runs out; scheduled with an eta at start."""
    round_call_time(round_id=round_id)


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
            print_job_failed(job_id=job_id, reason=f"Gave up after {self.max_retries} tries: {exc}")
        raise


@worker_ready.connect
def send_waiting_print_jobs(**_: Any) -> None:
    """A worker that starts means the broker answers: send the jobs that waited for it."""
    try:
        sent = print_jobs_send_waiting()
    except TRANSIENT:
        logger.exception("Could not read the print jobs waiting for the queue")
        return
    if sent:
        logger.info("Sent %s print job(s) that waited for the print queue", sent)
