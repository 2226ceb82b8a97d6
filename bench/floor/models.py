"""What the benchmarks' bare endpoints insert: one posted body a row. Nothing reads it."""

import uuid

from django.db import models


class FloorRow(models.Model):
    """One body posted to the floor or the baseline, kept as sent: no rules, no projection."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    table_id = models.IntegerField()
    body = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"Row {self.id} of table {self.table_id}"
