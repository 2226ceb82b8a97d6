"""Print jobs: ask for a document, make it in a Celery task, retry one that failed.

The row exists first (queued) and the task is sent once the row is committed; when the
broker is down the job waits and is sent again once it answers. The task
can run any number of times: each run replaces the job's file, so a job has one file.
"""

from __future__ import annotations

import logging
import tempfile
import time
from datetime import timedelta
from typing import IO

from django.contrib.auth.models import AbstractBaseUser
from django.core.files import File
from django.db import InterfaceError, OperationalError, transaction
from django.db.models import Count, F, Max, Q
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournament.errors import Conflict, NotFound, Refusal
from tournament.models import Event, PrintJob, Round
from tournament.printing.registry import DOCUMENTS
from tournament.printing.render import Progress, render
from tournament.timezones import in_event_zone

logger = logging.getLogger(__name__)

# Worth retrying: the database or the broker was away for a moment. Anything else is a
# failure of the document itself, recorded on the job with its reason.
TRANSIENT = (OperationalError, InterfaceError, ConnectionError)
# A job running longer than this lost its worker; it may be retried.
STALE_AFTER = timedelta(minutes=15)
# Progress is written at most every PROGRESS_STEP percent or PROGRESS_EVERY seconds.
PROGRESS_STEP = 5
PROGRESS_EVERY = 1.0
# Jobs waiting for a broker that was down are sent again at most this often, from the polls.
RESEND_EVERY = 5.0
# A job queued this long while no worker started anything (and none is making a document)
# has no worker to make it: the print page says so, and it may be sent again.
UNCLAIMED_AFTER = timedelta(seconds=10)
NO_WORKER = gettext_lazy(
    "No print worker has taken this document in %(seconds)s seconds: the worker seems to be "
    "stopped. Start it (make worker, or the worker service of docker/compose.yaml) and the "
    "document is made; or press Send again once it runs."
)


def _send(job_id: int) -> bool:
    """Send a queued job; when the broker does not answer, it waits instead (False)."""
    from tournament.printing.tasks import render_print_job
    from tournament.tasks import send

    if send(render_print_job, job_id):
        return True
    PrintJob.objects.filter(pk=job_id, status=PrintJob.Status.QUEUED).update(
        status=PrintJob.Status.WAITING
    )
    return False


def _enqueue(job_id: int) -> None:
    """Send the job to the print queue once its row is committed. When the broker does not
    answer, the job waits (status `waiting`) and is sent again later: when a worker starts,
    and when the print page polls (`print_jobs_resend_due`)."""

    def dispatch() -> None:
        PrintJob.objects.filter(pk=job_id, status=PrintJob.Status.QUEUED).update(
            queued_at=timezone.now()
        )
        _send(job_id)

    transaction.on_commit(dispatch)


def print_jobs_send_waiting() -> int:
    """Send the jobs waiting for the print queue, oldest first; stop at the first the broker
    refuses (it is still down). Each job is taken by one caller only, however many try at
    once. Returns how many were sent."""
    sent = 0
    waiting = PrintJob.objects.filter(status=PrintJob.Status.WAITING)
    for job_id in waiting.order_by("created_at").values_list("pk", flat=True):
        if not waiting.filter(pk=job_id).update(
            status=PrintJob.Status.QUEUED, queued_at=timezone.now()
        ):
            continue  # another process sent it meanwhile
        if not _send(job_id):
            break
        sent += 1
    return sent


_resend = {"next": 0.0}


def print_jobs_resend_due() -> None:
    """Called by the print page and its polls: send the waiting jobs again, at most once every
    RESEND_EVERY seconds in each server process (a dead broker costs a poll a second or so)."""
    now = time.monotonic()
    if now < _resend["next"]:
        return
    _resend["next"] = now + RESEND_EVERY
    if PrintJob.objects.filter(status=PrintJob.Status.WAITING).exists():
        print_jobs_send_waiting()


class WorkerWatch:
    """What the print jobs tell of the workers, read in one query: when a worker last started
    a job, and whether one is making a document now. A job queued for UNCLAIMED_AFTER with no
    start since, and nothing being made, has no worker to take it."""

    def __init__(self) -> None:
        self.now = timezone.now()
        seen = PrintJob.objects.aggregate(
            last_start=Max("started_at"),
            running=Count(
                "pk",
                filter=Q(status=PrintJob.Status.RUNNING, started_at__gt=self.now - STALE_AFTER),
            ),
        )
        self.last_start = seen["last_start"]
        self.running = bool(seen["running"])

    def unclaimed(self, job: PrintJob) -> bool:
        if job.status != PrintJob.Status.QUEUED or job.queued_at is None or self.running:
            return False
        if self.now - job.queued_at < UNCLAIMED_AFTER:
            return False
        return self.last_start is None or self.last_start < job.queued_at

    def notice(self, job: PrintJob) -> str:
        """A sentence for the organiser when no worker took the job; else empty."""
        if not self.unclaimed(job):
            return ""
        return NO_WORKER % {"seconds": int(UNCLAIMED_AFTER.total_seconds())}

    def retryable(self, job: PrintJob) -> bool:
        """Whether "Make again" may send the job: one that is finished, failed, waiting, lost
        by its worker, or queued with no worker to take it."""
        if job.status in (PrintJob.Status.DONE, PrintJob.Status.FAILED, PrintJob.Status.WAITING):
            return True
        if job.status == PrintJob.Status.RUNNING:
            return job.started_at is not None and self.now - job.started_at > STALE_AFTER
        return self.unclaimed(job)


@transaction.atomic
def print_job_request(
    *, event_id: int, kind: str, round_id: int | None = None, requested_by: AbstractBaseUser | None
) -> PrintJob:
    """Queue a document for an event (for one round, when the document is per round)."""
    document = DOCUMENTS.get(kind)
    if document is None:
        known = ", ".join(sorted(DOCUMENTS))
        raise Refusal(
            "invalid",
            _("There is no document %(kind)s. Known: %(known)s.")
            % {"kind": repr(kind), "known": known},
        )
    event = Event.objects.filter(pk=event_id).first()
    if event is None:
        raise NotFound("not_found", _("There is no such event."))
    if document.needs_round:
        if round_id is None:
            raise Refusal(
                "round_required",
                _("Choose a round: %(document)s are printed for one round.")
                % {"document": document.title},
            )
        if not Round.objects.filter(pk=round_id, event_id=event_id).exists():
            raise NotFound("unknown_round", _("That round is not part of this event."))
    else:
        round_id = None
    job = PrintJob.objects.create(
        event=event,
        kind=kind,
        round_id=round_id,
        queued_at=timezone.now(),
        requested_by=requested_by if requested_by and requested_by.is_authenticated else None,
    )
    _enqueue(job.pk)
    return job


@transaction.atomic
def print_job_retry(*, job_id: int) -> PrintJob:
    """Queue a job again: a failed one, a done one (to print it afresh), one waiting for the
    print queue, one whose worker was lost, or one queued that no worker took (the task can
    run twice). A job a worker is making, or may still take, is left alone."""
    job = PrintJob.objects.select_for_update().filter(pk=job_id).first()
    if job is None:
        raise NotFound("not_found", _("There is no such print job."))
    if not WorkerWatch().retryable(job):
        raise Conflict("job_busy", _("This document is already being made: wait for it to finish."))
    job.status = PrintJob.Status.QUEUED
    job.progress = 0
    job.error = ""
    job.finished_at = None
    job.queued_at = timezone.now()
    job.save(update_fields=["status", "progress", "error", "finished_at", "queued_at"])
    _enqueue(job.pk)
    return job


def row_progress(job_id: int) -> Progress:
    """A progress reporter that writes the job's progress field, throttled: a write when the
    figure has moved PROGRESS_STEP points or PROGRESS_EVERY seconds have passed since the
    last one, always for 100, and never backwards. The row starts at 0."""
    last: dict[str, float] = {"value": 0, "at": -PROGRESS_EVERY}

    def report(percent: int) -> None:
        now = time.monotonic()
        percent = max(0, min(100, int(percent)))
        step = percent - last["value"]
        if step <= 0:
            return
        if step < PROGRESS_STEP and percent < 100 and now - last["at"] < PROGRESS_EVERY:
            return
        last["value"], last["at"] = percent, now
        PrintJob.objects.filter(pk=job_id, status=PrintJob.Status.RUNNING).update(progress=percent)

    return report


def print_job_failed(*, job_id: int, reason: str) -> None:
    """Record that a job failed, and why (best effort: the database may be the reason)."""
    try:
        PrintJob.objects.filter(pk=job_id).update(
            status=PrintJob.Status.FAILED, error=reason, finished_at=timezone.now()
        )
    except TRANSIENT:
        logger.exception("Print job %s failed and could not be marked failed", job_id)


def print_job_render(*, job_id: int, progress: Progress) -> PrintJob | None:
    """Make the job's PDF: running (one more attempt), the pages rendered with progress,
    the file stored in place of any earlier one, done. A failure is recorded as failed with
    its reason; a passing outage (database, broker) is raised for the task to retry."""
    job = PrintJob.objects.select_related("event", "round__event").filter(pk=job_id).first()
    if job is None:
        logger.info("Print job %s no longer exists: nothing to make.", job_id)
        return None
    PrintJob.objects.filter(pk=job_id).update(
        status=PrintJob.Status.RUNNING,
        started_at=timezone.now(),
        finished_at=None,
        attempts=F("attempts") + 1,
        progress=0,
        error="",
    )
    progress(0)
    try:
        document = DOCUMENTS.get(job.kind)
        if document is None:
            raise Refusal(
                "invalid", _("There is no document %(kind)s any more.") % {"kind": repr(job.kind)}
            )
        # Paper speaks the event's language, whoever asked for it and whichever worker makes it.
        with translation.override(job.event.language), in_event_zone(job.event):
            said = {"document": document.title, "event": job.event.name}
            title = _("%(document)s: %(event)s") % said
            if job.round_id:
                said["number"] = job.round.number
                title = _("%(document)s: %(event)s, round %(number)s") % said
            with tempfile.TemporaryFile() as out:
                pages = render(document, document.parts(job), out, title=title, progress=progress)
                out.seek(0)
                _store(job, out, pages)
    except TRANSIENT:
        raise
    except Refusal as refused:  # the document cannot be made as things stand: no bug
        logger.info("Print job %s (%s) refused: %s", job_id, job.kind, refused.detail)
        print_job_failed(job_id=job_id, reason=refused.detail)
    except Exception as exc:
        logger.exception("Print job %s (%s) failed", job_id, job.kind)
        reason = str(exc).strip() or _("The document could not be made (%(error)s).") % {
            "error": type(exc).__name__
        }
        print_job_failed(job_id=job_id, reason=reason)
    return PrintJob.objects.filter(pk=job_id).first()


def _store(job: PrintJob, out: IO[bytes], pages: int) -> None:
    """Save the new file, point the job at it, then delete the file it had before."""
    field = PrintJob._meta.get_field("file")
    storage = field.storage
    name = storage.save(
        field.generate_filename(job, f"{job.kind}-event{job.event_id}-job{job.pk}.pdf"), File(out)
    )
    try:
        with transaction.atomic():
            old = PrintJob.objects.select_for_update().get(pk=job.pk).file.name
            PrintJob.objects.filter(pk=job.pk).update(
                file=name,
                status=PrintJob.Status.DONE,
                pages=pages,
                progress=100,
                error="",
                finished_at=timezone.now(),
            )
    except BaseException:
        storage.delete(name)
        raise
    if old and old != name:
        storage.delete(old)
