"""Migrate the database of DATABASE_URL and build an event with a running round in it;
print the tables as JSON. Run as `python -m tests.faults.running_event TABLES` by the fault
tests that serve a database of their own with gunicorn.
"""

from __future__ import annotations

import datetime
import json
import sys


def build(tables: int) -> dict[str, object]:
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from tournament.models import Table, Volunteer
    from tournament.services.events import event_create, volunteer_add
    from tournament.services.players import players_import
    from tournament.services.rounds import round_create, round_seat, round_start

    call_command("migrate", verbosity=0)
    users = get_user_model().objects
    organiser = users.create_user("faults-organiser", is_staff=True)
    users.create_user("faults-banker")
    event = event_create(
        creator=organiser, name="Fault drill", date=datetime.date.today(), edition="us"
    )
    volunteer_add(event_id=event.pk, username="faults-banker", role=Volunteer.Role.BANKER)
    csv = "name,email,team,paid\n" + "".join(f"Player {n},,,0\n" for n in range(1, 4 * tables + 1))
    report = players_import(event_id=event.pk, text=csv)
    assert not report.errors, report.errors
    round_ = round_create(event_id=event.pk, table_size=4, time_limit_minutes=600)
    round_seat(round_id=round_.pk, seed=1, include_all=True)
    round_start(round_id=round_.pk)
    seated = Table.objects.filter(round=round_).order_by("number")
    return {"event": event.pk, "tables": [{"id": t.pk, "key": t.key} for t in seated]}


if __name__ == "__main__":
    import django

    django.setup()
    print(json.dumps(build(int(sys.argv[1]))))
