"""The big screen's poll: CPU time of one, at an event of 100 tables where most tables
changed since the screen's last poll.

    TEST_DATABASE_URL=postgres://... .venv/bin/python bench/screen.py [--repetitions 30]

Makes a database of its own (the test database's name with `_screen_bench`), an event of
400 players at 100 tables of a running round, and a screen link. Then each repetition
posts an entry at 80 tables (not measured) and times one poll through its view, called
directly (no test client: its instrumentation costs more than the view), as htmx asks it
(HX-Request): first as a 1920 x 1080 screen asks at a hundred tables, for the page of
twelve it shows, with the ETag of its last answer, so with the bracket it already holds
(its every poll but the first); then once more for every table without an ETag, so with
the bracket (a screen's first poll, or its next after the tables or the bracket moved;
second, so with the page's boards already rendered); then once more for the page with
the ETag of that answer (nothing changed: a 304). Times are CPU time of this process
(time.process_time): the web server's own work, not PostgreSQL's. Printed: min / median /
max in ms; the budget is 20 ms median.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.settings.test")

TABLES = 100
CHANGED = 80
PAGE = 12  # the tables a 1920 x 1080 screen shows at once at a hundred tables
BUDGET_MS = 20


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repetitions", type=int, default=30)
    repetitions = parser.parse_args().repetitions

    import django
    from django.conf import settings

    django.setup()
    from django.db import connection
    from django.test import RequestFactory

    database = settings.DATABASES["default"]
    database["TEST"]["NAME"] = f"{database['NAME']}_screen_bench"
    connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        run(repetitions, RequestFactory())
    finally:
        connection.creation.destroy_test_db(database["NAME"], verbosity=0)


def run(repetitions: int, requests) -> None:
    from django_htmx.middleware import HtmxDetails

    from banking.actors import Actor
    from banking.services.entries import entry_post
    from tests.conftest import make_world
    from tournament.pages.screen.views import screen
    from tournament.services.screens import screen_link_issue

    world = make_world(players=4 * TABLES)
    event = screen_link_issue(event_id=world.event.pk)
    banker = Actor(role=Actor.BANKER, name="banker")

    page = ",".join(str(t.pk) for t in world.tables[:PAGE])

    def poll(etag: str = "", tables: str = "") -> tuple[int, str, bytes]:
        asked = {"tables": tables} if tables else {}
        request = requests.get("/", asked, headers={"HX-Request": "true", "If-None-Match": etag})
        request.htmx = HtmxDetails(request)  # as its middleware does
        answer = screen(request, event_id=event.pk, token=event.screen_token)
        return answer.status_code, answer["ETag"], answer.content

    _, held, _ = poll(tables=page)
    if poll(held, page)[0] != 304 or poll()[2].count(b'<article class="board"') != TABLES:
        raise SystemExit(f"the screen does not show {TABLES} tables, or not as kept")
    times: dict[str, list[float]] = {
        f"a page of {PAGE}, bracket held": [],
        "every table, bracket sent": [],
        "not modified": [],
    }
    for repetition in range(repetitions):
        for table in world.tables[:CHANGED]:
            payload = {"kind": "pass_go", "seat": 1 + repetition % 4}
            entry_post(table_id=table.pk, entry_id=uuid.uuid4(), payload=payload, actor=banker)
        page_etag = held
        for case, etag, tables in zip(times, (held, "", None), (page, "", page), strict=True):
            started = time.process_time()
            status, tag, answer = poll(page_etag if etag is None else etag, tables)
            times[case].append((time.process_time() - started) * 1000)
            if (status == 304) != (etag is None) or (b'id="bracket"' in answer) != (etag == ""):
                raise SystemExit(f"the poll ({case}) did not answer as the screen needs")
            page_etag = tag if tables else page_etag
        held = page_etag
    for case, measured in times.items():
        print(
            f"the screen's poll, {TABLES} tables, {CHANGED} changed, {case}: ms CPU "
            f"min {min(measured):.1f} median {statistics.median(measured):.1f} "
            f"max {max(measured):.1f} over {repetitions}"
        )
    median = statistics.median(times[f"a page of {PAGE}, bracket held"])
    print("PASS" if median <= BUDGET_MS else "FAIL", f"(budget {BUDGET_MS} ms median)")


if __name__ == "__main__":
    main()
