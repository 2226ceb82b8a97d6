"""Django's `migrate`, one run at a time on PostgreSQL: two servers that start together
(the image's entrypoint migrates as the web container starts) would otherwise both create
the same tables, and one would stop with a duplicate key. Each run holds an advisory lock
for its whole length, so the second waits, then finds nothing left to do. On SQLite the
database file's own lock keeps writers apart."""

from __future__ import annotations

from typing import Any

from django.core.management.commands.migrate import Command as DjangoMigrate
from django.db import connections

#: The advisory lock's key, the same in every run of this project ("MNmigr" in ASCII).
LOCK = 0x4D4E6D696772


class Command(DjangoMigrate):
    def handle(self, *args: Any, **options: Any) -> None:
        connection = connections[options["database"]]
        if connection.vendor != "postgresql":
            return super().handle(*args, **options)
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_lock(%s)", [LOCK])
        try:
            return super().handle(*args, **options)
        finally:
            # A session's lock also ends with its connection, if migrating closed it.
            if connection.connection is not None:
                with connection.cursor() as cursor:
                    cursor.execute("SELECT pg_advisory_unlock(%s)", [LOCK])
