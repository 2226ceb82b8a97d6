"""Celery tasks of the event app. Tasks take ids and can run twice."""

from celery import shared_task

from .services.rounds import round_call_time


@shared_task(ignore_result=True)
def call_time(round_id: int) -> None:
    """Call time on a round when its clock runs out; scheduled with an eta at start."""
    round_call_time(round_id=round_id)
