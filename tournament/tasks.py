"""Celery tasks of the event app. Tasks take ids and can run twice."""

from celery import Task, shared_task

from .services.printing import TRANSIENT, print_job_failed, print_job_render, row_progress
from .services.rounds import round_call_time


@shared_task(ignore_result=True)
def call_time(round_id: int) -> None:
    """Call time on a round when its clock runs out; scheduled with an eta at start."""
    round_call_time(round_id=round_id)


@shared_task(
    bind=True,
    acks_late=True,
    autoretry_for=TRANSIENT,
    retry_backoff=2,
    retry_backoff_max=60,
    retry_jitter=True,
    max_retries=5,
    ignore_result=True,
)
def render_print_job(self: Task, job_id: int) -> None:
    """Make a print job's PDF. Safe to run twice: the second run replaces the file."""
    try:
        print_job_render(job_id=job_id, progress=row_progress(job_id))
    except TRANSIENT as exc:
        if self.request.retries >= self.max_retries:
            print_job_failed(job_id=job_id, reason=f"Gave up after {self.max_retries} tries: {exc}")
        raise
