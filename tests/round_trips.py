"""How many round trips to PostgreSQL a read takes: under an event's load a round trip
costs more than a small query's own work (tournament/http/rows.py, read_together)."""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from typing import Any

from django.db import connection
from psycopg.pq import Trace


def round_trips(read: Callable[[], Any]) -> int:
    """How many times `read` waits for PostgreSQL's answers, as libpq's trace of the
    protocol shows them: a Sync message each for statements sent with their parameters
    apart (prepared ones, all those of a pipeline before one Sync), a Query message each
    for statements sent as plain text (Django's own cursors)."""
    connection.ensure_connection()
    pgconn = connection.connection.pgconn
    with tempfile.TemporaryFile("w+") as trace:
        pgconn.trace(trace.fileno())
        pgconn.set_trace_flags(Trace.SUPPRESS_TIMESTAMPS | Trace.REGRESS_MODE)
        try:
            read()
        finally:
            pgconn.untrace()
        trace.seek(0)
        return sum(1 for line in trace if _waits(line.split("\t")))


def _waits(message: list[str]) -> bool:
    return message[0] == "F" and (message[2:3] == ["Sync\n"] or message[2:3] == ["Query"])
