"""How many round trips to PostgreSQL a read takes: under an event's load a round trip
costs more than a small query's own work (tournament/http/rows.py, read_together)."""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from typing import Any

from django.db import connection
from psycopg.pq import Trace


def round_trips(read: Callable[[], Any]) -> int:
    """How many times `read` waits for PostgreSQL's answers: a Sync message each, as
    libpq's trace of the protocol shows them."""
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
        return sum(1 for line in trace if line.split("\t")[:3] == ["F", "4", "Sync\n"])
