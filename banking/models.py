"""The bank's books: the append-only ledger of entries, and each table's stored state."""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models

from tournament.models import Table


class Entry(models.Model):
    """One money movement (or other bank record) at a table. Never updated, never deleted:
    a mistake is undone by a reversing entry that names the one it voids."""

    VOID = "void"

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    # Indexed by gapless_seq_per_table, which it leads: no index of its own to write at
    # every entry.
    table = models.ForeignKey(
        Table, on_delete=models.PROTECT, related_name="entries", db_index=False
    )
    seq = models.PositiveIntegerField()
    kind = models.CharField(max_length=20)
    fields = models.JSONField(default=dict)
    transfers = models.JSONField(default=list)
    body_hash = models.CharField(max_length=64, help_text="Of the request body, for idempotency.")
    # PROTECT: a person who recorded entries stays (deactivate them instead); SET_NULL would
    # be an UPDATE of the entry, which the append-only trigger refuses.
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    author_role = models.CharField(max_length=10)
    author_name = models.CharField(max_length=150)
    voids = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="voided_by"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["table_id", "seq"]  # by the column: no join to the table's own ordering
        verbose_name_plural = "entries"
        constraints = [
            models.UniqueConstraint(fields=["table", "seq"], name="gapless_seq_per_table"),
        ]

    def __str__(self) -> str:
        return f"#{self.seq} {self.kind}"


class TableLedger(models.Model):
    """The stored projection of a table's ledger: its state after the latest entry."""

    table = models.OneToOneField(
        Table, on_delete=models.CASCADE, primary_key=True, related_name="ledger"
    )
    start = models.JSONField(help_text="The state before the first entry.")
    seats = models.JSONField(default=dict, help_text="Seat number -> [player id, name].")
    state = models.JSONField()
    last_seq = models.PositiveIntegerField(default=0)
    last_entry_at = models.DateTimeField(null=True, blank=True)
    leader = models.JSONField(
        null=True,
        blank=True,
        help_text="The seat with the highest net worth after the latest entry: "
        "{seat, name, net_worth}; none before the first entry.",
    )
    standings = models.JSONField(
        null=True,
        blank=True,
        help_text="Each seat as the leaderboards rank it after the latest entry, first "
        "first: [{seat, cash, net_worth, bankrupt, deeds}]; none before the first entry.",
    )

    def __str__(self) -> str:
        return f"Ledger of {self.table}"


class TabletHeartbeat(models.Model):
    """The latest word from a table's console, sent on its state poll: whether it thinks it
    is online, what waits in its outbox, when it last synced, how long it was away. Not part
    of the ledger: one row a table, overwritten by every poll (banking.services.tablets)."""

    table = models.OneToOneField(
        Table, on_delete=models.CASCADE, primary_key=True, related_name="tablet"
    )
    seen_at = models.DateTimeField(help_text="When the bank last heard from the console.")
    online = models.BooleanField(
        default=True, help_text="The console's own view: its latest send went through."
    )
    outbox = models.PositiveIntegerField(default=0, help_text="Entries waiting on the tablet.")
    oldest_at = models.DateTimeField(
        null=True, blank=True, help_text="When the oldest waiting entry was made (server time)."
    )
    synced_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text="When the console last held the bank's latest state with nothing waiting.",
    )
    back_at = models.DateTimeField(null=True, blank=True, help_text="When it last came back.")
    last_away_seconds = models.PositiveIntegerField(default=0)
    away_seconds = models.PositiveIntegerField(default=0, help_text="Offline in all, tonight.")
    caught_up = models.PositiveIntegerField(
        default=0, help_text="Entries it had waiting when it came back, in all, tonight."
    )

    def __str__(self) -> str:
        return f"Tablet of {self.table}"
