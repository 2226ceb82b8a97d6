"""No worker, no word? The print page and the API say plainly when no worker has taken a job
within a few seconds, and "Make again" sends a job that no worker holds. A worker that starts
before the database is migrated logs that, and carries on."""

from __future__ import annotations

import logging
from datetime import timedelta

import pytest
from django.db import ProgrammingError
from django.urls import reverse
from django.utils import timezone

from tests.conftest import client_for
from tests.played import night
from tests.print_jobs import job_for
from tournament.models import PrintJob
from tournament.printing import tasks

pytestmark = pytest.mark.django_db


def queued(n, kind="badges", *, seconds_ago: float) -> PrintJob:
    job = job_for(n, kind)
    PrintJob.objects.filter(pk=job.pk).update(
        queued_at=timezone.now() - timedelta(seconds=seconds_ago)
    )
    return job


def test_a_job_no_worker_took_says_so_and_can_be_sent_again(django_capture_on_commit_callbacks):
    n = night(ended=False)
    job = queued(n, seconds_ago=30)
    client = client_for(n.organiser)
    seen = client.get(f"/api/print-jobs/{job.pk}/").json()
    assert seen["status"] == "queued"
    assert seen["notice"].startswith("No print worker has taken this document")
    assert seen["retryable"] is True

    with django_capture_on_commit_callbacks(execute=False):
        again = client.post(f"/api/print-jobs/{job.pk}/retry/")
    assert again.status_code == 200, again.json()
    assert again.json()["status"] == "queued"
    assert again.json()["notice"] == ""  # just sent: the clock starts again
    job.refresh_from_db()
    assert timezone.now() - job.queued_at < timedelta(seconds=5)


def test_the_print_page_says_it_too_with_a_button_to_send_again(client):
    n = night(ended=False)
    job = queued(n, seconds_ago=30)
    client.force_login(n.organiser)
    page = client.get(reverse("print-page", args=[n.event.pk])).content.decode()
    assert "No print worker has taken this document" in page
    assert reverse("print-job-retry", args=[job.pk]) in page
    assert "Send again" in page


def test_a_job_just_queued_is_left_to_the_worker():
    n = night(ended=False)
    job = queued(n, seconds_ago=1)
    client = client_for(n.organiser)
    seen = client.get(f"/api/print-jobs/{job.pk}/").json()
    assert (seen["notice"], seen["retryable"]) == ("", False)
    busy = client.post(f"/api/print-jobs/{job.pk}/retry/")
    assert busy.status_code == 409
    assert busy.json()["error"] == "job_busy"


def test_a_job_waiting_behind_another_that_a_worker_is_making_is_not_called_lost():
    n = night(ended=False)
    job = queued(n, seconds_ago=30)
    other = job_for(n, "table_cards")
    PrintJob.objects.filter(pk=other.pk).update(
        status=PrintJob.Status.RUNNING, started_at=timezone.now() - timedelta(seconds=40)
    )
    seen = client_for(n.organiser).get(f"/api/print-jobs/{job.pk}/").json()
    assert (seen["notice"], seen["retryable"]) == ("", False)


def test_a_worker_started_before_the_migrations_logs_it_and_carries_on(monkeypatch, caplog):
    def no_table() -> int:
        raise ProgrammingError('relation "tournament_printjob" does not exist')

    monkeypatch.setattr(tasks, "print_jobs_send_waiting", no_table)
    with caplog.at_level(logging.WARNING, logger="tournament.printing.tasks"):
        tasks.send_waiting_print_jobs()
    assert "migrate" in caplog.text
