"""The console's heartbeat, read from the headers of its state poll (docs/api.md, "The
tablet's heartbeat"): no request of its own. A report that cannot be read is ignored: the
poll answers as ever."""

from __future__ import annotations

from rest_framework.request import Request

from banking.actors import Actor
from banking.services.tablets import Report, tablet_heartbeat
from tournament.models import Table

HEADERS = {
    "online": "X-Console-Online",
    "outbox": "X-Console-Outbox",
    "oldest_seconds": "X-Console-Oldest",
    "synced_seconds": "X-Console-Synced",
    "away_seconds": "X-Console-Away",
}


def _number(text: str | None) -> int | None:
    if text is None or text == "":
        return None
    value = int(text)  # ValueError: not a report
    if value < 0:
        raise ValueError(text)
    return value


def report_of(request: Request) -> Report | None:
    """The console's report on itself, or None when the request carries none (a referee's
    or a script's read) or one that cannot be read."""
    headers = request.headers
    if HEADERS["outbox"] not in headers:
        return None
    try:
        return Report(
            online=headers.get(HEADERS["online"], "1") != "0",
            outbox=_number(headers.get(HEADERS["outbox"])) or 0,
            oldest_seconds=_number(headers.get(HEADERS["oldest_seconds"])),
            synced_seconds=_number(headers.get(HEADERS["synced_seconds"])),
            away_seconds=_number(headers.get(HEADERS["away_seconds"])),
        )
    except ValueError:
        return None


def heartbeat_record(request: Request, table: Table, actor: Actor) -> None:
    """Keep the report of the table's own tablet (opened with its key); others' are not its."""
    if actor.role != Actor.BANKER:
        return
    report = report_of(request)
    if report is not None:
        tablet_heartbeat(table_id=table.pk, report=report)
