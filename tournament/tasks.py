"""Celery tasks of the event: calling time in a round's waves. Tasks take ids and can run twice.
(The print jobs' tasks are in tournament/printing/tasks.py.)

`send` queues a task without letting a dead broker fail the request that asked for it:
the caller learns that the task was not queued and keeps its own record of what to send
again (a print job waits; a round's clock is called by the next read once it runs out).
"""

from __future__ import annotations

import logging
from typing import Any

from celery import Task, shared_task
from kombu.exceptions import OperationalError as BrokerError

from tournament.services.rounds import round_call_time

logger = logging.getLogger(__name__)


def send(task: Task, *args: Any, **options: Any) -> bool:
    """Queue `task` with `args`; False, with a warning in the log, when the broker is not
    answering. The settings keep that short (a second or two), so a request never hangs."""
    try:
        task.apply_async(args, **options)
    except (BrokerError, OSError) as exc:
        logger.warning(
            "Could not queue %s%r: the broker is not answering (%s)", task.name, args, exc
        )
        return False
    return True


@shared_task(ignore_result=True)
def call_time(round_id: int, wave: int | None = None) -> None:
    """Call time in a wave of a round when its clock runs out; scheduled with an eta at the
    wave's start. Without a wave (a task queued before rounds had waves), in every wave
    whose clock has run out."""
    round_call_time(round_id=round_id, wave=wave)
