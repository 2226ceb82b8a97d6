"""Redis, the print queue's broker, goes down during an event and comes back.

The broker is a redis-server of the test's own (never the shared one), stopped and started
again on the same port. While it is down, banking carries on (a round starts, entries post)
and a print job asked for is accepted at once and waits for the print queue; once Redis is
back, a worker that starts sends the jobs that waited, and with a worker running through
the outage the print page's next poll sends them; each is made once.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from tests.conftest import make_world
from tests.faults.servers import RedisServer, finished, pdf_pages, wait_for_job
from tournament.models import PrintJob

pytestmark = [pytest.mark.faults, pytest.mark.django_db(transaction=True)]

QUICK = 3.0  # seconds: a dead broker may cost a request a second or two, never a hang


def timed(call: Callable[[], Any]) -> tuple[Any, float]:
    start = time.monotonic()
    answer = call()
    return answer, time.monotonic() - start


def test_with_redis_down_the_bank_carries_on_and_print_jobs_wait_until_it_is_back(
    broker: RedisServer,
    worker_process: Callable[..., Any],
    settings: Any,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
):
    settings.MEDIA_ROOT = media = tmp_path / "media"
    monkeypatch.setattr("tournament.printing.jobs.RESEND_EVERY", 0.0)  # each poll tries
    world = make_world(start=False)
    organiser = world.organiser_client()
    desk = Client()
    desk.force_login(world.organiser)
    broker.stop()

    started, seconds = timed(lambda: organiser.post(f"/api/rounds/{world.round.pk}/start/"))
    assert started.status_code == 200, started.json()
    assert seconds < QUICK
    for seat in (1, 2):
        body = {"id": str(uuid.uuid4()), "kind": "buy", "seat": seat, "space": 35 + 2 * seat}
        posted, seconds = timed(
            lambda body=body: world.banker().post(
                f"/api/tables/{world.table.pk}/entries/", body, format="json"
            )
        )
        assert posted.status_code == 201, posted.json()
        assert seconds < QUICK
    assert world.banker().get(f"/api/tables/{world.table.pk}/state/").json()["last_seq"] == 2

    asked, seconds = timed(
        lambda: organiser.post(
            f"/api/events/{world.event.pk}/print-jobs/", {"kind": "badges"}, format="json"
        )
    )
    assert asked.status_code == 201
    assert seconds < QUICK
    badges = asked.json()
    assert (badges["status"], badges["status_label"]) == ("waiting", "Waiting for the print queue")
    page, seconds = timed(
        lambda: desk.post(
            f"/print/events/{world.event.pk}/",
            {"kind": "table_cards", "round": world.round.pk},
            follow=True,
        )
    )
    assert page.status_code == 200
    assert seconds < QUICK
    assert "Table cards: Waiting for the print queue." in page.content.decode()
    cards = PrintJob.objects.get(kind="table_cards")
    assert cards.status == PrintJob.Status.WAITING

    polled, seconds = timed(lambda: organiser.get(f"/api/print-jobs/{badges['id']}/"))
    assert polled.json()["status"] == "waiting"  # still down: the poll tried, quickly
    assert seconds < QUICK

    broker.start()
    worker_process(broker_url=broker.url, media_root=media)  # on starting, it sends both
    for job_id in (badges["id"], cards.pk):
        job = wait_for_job(job_id, finished)
        assert (job.status, job.error, job.attempts) == (PrintJob.Status.DONE, "", 1)
        assert pdf_pages(job.file.path) == job.pages > 0

    # Down again, with the worker running: the next job waits, and the print page's poll
    # sends it once Redis is back.
    broker.stop()
    asked = organiser.post(
        f"/api/events/{world.event.pk}/print-jobs/", {"kind": "badges"}, format="json"
    )
    assert asked.json()["status"] == "waiting"
    broker.start()
    polled = organiser.get(f"/api/print-jobs/{asked.json()['id']}/")
    assert polled.json()["status"] in ("queued", "running", "done")
    job = wait_for_job(asked.json()["id"], finished)
    assert (job.status, job.error, job.attempts) == (PrintJob.Status.DONE, "", 1)
    assert pdf_pages(job.file.path) == job.pages > 0
