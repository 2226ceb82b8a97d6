"""The big screen's snapshot: CPU time of one fetch, at an event of 100 tables where most
tables changed since the screen's last fetch.

    TEST_DATABASE_URL=postgres://... .venv/bin/python bench/snapshot.py [--repetitions 30]

Makes a database of its own (the test database's name with `_snapshot_bench`), an event
of 400 players at 100 tables of a running round, and a screen link. Then each repetition
posts an entry at 80 tables (not measured) and times one fetch of the snapshot through its
view, called directly (no test client: its instrumentation costs more than the view), with
the bracket the screen already holds, as a screen's every fetch but its first, then once
more with the bracket (a screen's first fetch, and its next after the bracket moved;
second, so with every table already worked out). Times are
CPU time of this process (time.process_time): the web server's own work, not PostgreSQL's.
Printed: min / median / max in ms; the budget is 20 ms median.
"""

from __future__ import annotations

import argparse
import json
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
    database["TEST"]["NAME"] = f"{database['NAME']}_snapshot_bench"
    connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        run(repetitions, RequestFactory())
    finally:
        connection.creation.destroy_test_db(database["NAME"], verbosity=0)


def run(repetitions: int, requests) -> None:
    from banking.actors import Actor
    from banking.services.entries import entry_post
    from tests.conftest import make_world
    from tournament.pages.screen.views import screen_snapshot
    from tournament.services.screens import screen_link_issue

    world = make_world(players=4 * TABLES)
    event = screen_link_issue(event_id=world.event.pk)
    banker = Actor(role=Actor.BANKER, name="banker")

    def fetch(held: str = "") -> bytes:
        request = requests.get("/", {"bracket_version": held} if held else {})
        return screen_snapshot(request, event_id=event.pk, token=event.screen_token).content

    held = json.loads(fetch())["bracket_version"]
    if len(json.loads(fetch(held))["tables"]) != TABLES:
        raise SystemExit(f"the screen does not show {TABLES} tables")
    times: dict[str, list[float]] = {"bracket held": [], "bracket sent": []}
    for repetition in range(repetitions):
        for table in world.tables[:CHANGED]:
            payload = {"kind": "pass_go", "seat": 1 + repetition % 4}
            entry_post(table_id=table.pk, entry_id=uuid.uuid4(), payload=payload, actor=banker)
        for case, bracket in (("bracket held", held), ("bracket sent", "")):
            started = time.process_time()
            snapshot = fetch(bracket)
            times[case].append((time.process_time() - started) * 1000)
        seqs = {t["id"]: t["last_seq"] for t in json.loads(snapshot)["tables"]}
        if sum(seq == repetition + 1 for seq in seqs.values()) != CHANGED:
            raise SystemExit(f"the snapshot does not show the {CHANGED} tables changed")
    for case, measured in times.items():
        print(
            f"snapshot, {TABLES} tables, {CHANGED} changed, {case}: ms CPU "
            f"min {min(measured):.1f} median {statistics.median(measured):.1f} "
            f"max {max(measured):.1f} over {repetitions}"
        )
    median = statistics.median(times["bracket held"])
    print("PASS" if median <= BUDGET_MS else "FAIL", f"(budget {BUDGET_MS} ms median)")


if __name__ == "__main__":
    main()
