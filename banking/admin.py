"""The ledger in the admin: read only. Corrections are made by voids and adjustments."""

from django.contrib import admin

from banking.models import Entry, TableLedger, TabletHeartbeat
from tournament.admin import ReadOnly


@admin.register(Entry)
class EntryAdmin(ReadOnly):
    list_display = ["table", "seq", "kind", "author_name", "author_role", "created_at"]
    list_filter = ["kind", "author_role", "table__round__event"]
    search_fields = ["id", "author_name"]
    list_select_related = ["table__round__event"]


@admin.register(TableLedger)
class TableLedgerAdmin(ReadOnly):
    list_display = ["table", "last_seq", "last_entry_at"]
    list_select_related = ["table__round__event"]


@admin.register(TabletHeartbeat)
class TabletHeartbeatAdmin(ReadOnly):
    """What each table's tablet last reported on its poll: read only, the console writes it."""

    list_display = ["table", "online", "outbox", "seen_at", "synced_at", "away_seconds"]
    list_select_related = ["table__round__event"]
