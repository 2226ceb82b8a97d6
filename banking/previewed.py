"""What a banker's preview keeps for the post that follows it.

The console previews every entry a moment before it posts it, and the preview already
computes all that posting would: the table's state after, its standings, the entry's
transfers and words, and the answer. The preview keeps that outcome in PostgreSQL (one row
a table, `PreviewedEntry`, in an unlogged table: no write to the log, no flush to disk)
with the body's hash and the facts it was computed from: the ledger's seq, the seats, the
table's, round's and event's columns that the rules, the checks and the answer read, and
the banker's name (banking/services/entries.py, PREVIEWED_FACTS).

Posting the same body within a minute then records it in one statement, which reads the
kept outcome and writes it only while every one of those facts still holds
(`entry_post_previewed`): one round trip to PostgreSQL, as for a bare insert. Anything
else (no preview kept, another entry in between, the round or the table changed, the row
lost in a crash) is posted as any entry is, under the table's lock. So what is kept can be
missing or out of date, never wrong: it is written only where the ledger is exactly as it
was.
"""

from __future__ import annotations

import json
from functools import lru_cache, partial

from django.db import connection
from rest_framework.utils.encoders import JSONEncoder

from banking.models import PreviewedEntry
from tournament.http.rows import prepared_cursor

KEPT_FOR = 60  # seconds: the console posts a moment after its preview

# As the API renders JSON: the kept answer's times read as the answer's would.
as_json = partial(json.dumps, cls=JSONEncoder, separators=(",", ":"))


@lru_cache(maxsize=1)
def _keep_sql() -> tuple[str, tuple[tuple[str, bool], ...]]:
    """INSERT the table's row, or replace it; its time from PostgreSQL's clock, which the
    post reads it by. Every name from the model, every value a parameter."""
    qn = connection.ops.quote_name
    fields = [f for f in PreviewedEntry._meta.concrete_fields if f.attname != "kept_at"]
    columns = [qn(f.column) for f in fields]
    replaced = ", ".join(f"{c} = EXCLUDED.{c}" for c in [*columns[1:], qn("kept_at")])
    sql = (
        f"INSERT INTO {qn(PreviewedEntry._meta.db_table)} "  # noqa: S608 - the model's names
        f"({', '.join(columns)}, {qn('kept_at')}) "
        f"VALUES ({', '.join(['%s'] * len(columns))}, statement_timestamp()) "
        f"ON CONFLICT ({columns[0]}) DO UPDATE SET {replaced}"
    )
    return sql, tuple((f.attname, f.get_internal_type() == "JSONField") for f in fields)


def keep(previewed: PreviewedEntry) -> None:
    """Keep this outcome (unsaved, but for its time) as its table's latest preview, in one
    upsert (PostgreSQL only: elsewhere every post takes the table's lock)."""
    if connection.vendor != "postgresql":
        return
    sql, columns = _keep_sql()
    params = [
        as_json(getattr(previewed, name)) if is_json else getattr(previewed, name)
        for name, is_json in columns
    ]
    with prepared_cursor() as cursor:
        cursor.execute(sql, params)
