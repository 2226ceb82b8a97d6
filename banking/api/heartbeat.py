"""The console's heartbeat, read from the headers of its state poll (docs/api.md, "The
tablet's heartbeat"): no request of its own. A report that cannot be read is ignored: the
poll answers as ever."""

from __future__ import annotations

from rest_framework.request import Request

from banking.actors import Actor
from banking.services.tablets import Report, tablet_heartbeat
from tournament.models import Table


def _number(text: str | None) -> int | None:
    if not text:
        return None
    value = int(text)  # ValueError: not a report
    if value < 0:
        raise ValueError(text)
    return value


def heartbeat_record(request: Request, table: Table, actor: Actor) -> None:
    """Keep the report of the table's own tablet (opened with its key); others' are not its.
    A request with no `X-Console-Outbox` (a referee's or a script's read) carries none."""
    headers = request.headers
    if actor.role != Actor.BANKER or "X-Console-Outbox" not in headers:
        return
    try:
        report = Report(
            online=headers.get("X-Console-Online", "1") != "0",
            outbox=_number(headers["X-Console-Outbox"]) or 0,
            oldest_seconds=_number(headers.get("X-Console-Oldest")),
            synced_seconds=_number(headers.get("X-Console-Synced")),
            away_seconds=_number(headers.get("X-Console-Away")),
        )
    except ValueError:
        return
    tablet_heartbeat(table_id=table.pk, report=report)
