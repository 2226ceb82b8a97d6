"""The Django admin, arranged for an organiser: an event page holds its players and volunteers."""

from django.contrib import admin

from .models import (
    AuditEvent,
    BriefingItem,
    Donation,
    Event,
    Player,
    PrintJob,
    Result,
    Round,
    Seat,
    Table,
    Volunteer,
)


class PlayerInline(admin.TabularInline):
    model = Player
    extra = 0
    fields = ["name", "email", "team", "paid", "checked_in"]


class VolunteerInline(admin.TabularInline):
    model = Volunteer
    extra = 0
    autocomplete_fields = ["user"]
    fields = ["user", "role", "player"]


class DonationInline(admin.TabularInline):
    model = Donation
    extra = 0


class RoundInline(admin.TabularInline):
    model = Round
    extra = 0
    fields = ["number", "kind", "time_limit_minutes", "table_size", "status"]
    readonly_fields = ["status"]
    show_change_link = True


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ["name", "date", "venue", "edition", "advancement", "status"]
    list_filter = ["status", "edition", "advancement"]
    search_fields = ["name", "venue", "charity"]
    date_hierarchy = "date"
    inlines = [VolunteerInline, RoundInline, DonationInline, PlayerInline]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "event", "team", "paid", "checked_in"]
    list_filter = ["event", "checked_in"]
    list_editable = ["paid", "checked_in"]
    search_fields = ["name", "email", "team"]


@admin.register(Donation)
class DonationAdmin(admin.ModelAdmin):
    list_display = ["donor", "amount", "event", "created_at"]
    list_filter = ["event"]
    search_fields = ["donor", "note"]


@admin.register(Volunteer)
class VolunteerAdmin(admin.ModelAdmin):
    list_display = ["user", "role", "event", "player"]
    list_filter = ["event", "role"]
    search_fields = ["user__username"]
    autocomplete_fields = ["user"]


class TableInline(admin.TabularInline):
    model = Table
    extra = 0
    fields = ["number", "banker", "referee", "status"]
    show_change_link = True


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["event", "number", "kind", "status", "started_at", "ends_at"]
    list_filter = ["event", "kind", "status"]
    inlines = [TableInline]


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    autocomplete_fields = ["player"]


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ["__str__", "banker", "referee", "status", "verification_code"]
    list_filter = ["round__event", "status"]
    readonly_fields = ["key", "verification_code", "closed_at"]
    inlines = [SeatInline]


@admin.register(Result)
class ResultAdmin(admin.ModelAdmin):
    list_display = ["player", "round", "net_worth", "rank", "points", "advances", "tied"]
    list_filter = ["round__event", "round", "advances", "tied"]
    search_fields = ["player__name"]


@admin.register(AuditEvent)
class AuditEventAdmin(admin.ModelAdmin):
    list_display = ["created_at", "event", "actor", "action", "subject", "reason"]
    list_filter = ["event", "action"]

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Seat)
class SeatAdmin(admin.ModelAdmin):
    list_display = ["__str__", "table"]
    list_filter = ["table__round__event"]
    search_fields = ["player__name"]
    autocomplete_fields = ["player"]


@admin.register(PrintJob)
class PrintJobAdmin(admin.ModelAdmin):
    list_display = ["kind", "event", "round", "status", "progress", "created_at", "finished_at"]
    list_filter = ["event", "kind", "status"]
    readonly_fields = [
        "status",
        "progress",
        "file",
        "pages",
        "error",
        "attempts",
        "started_at",
        "finished_at",
    ]


@admin.register(BriefingItem)
class BriefingItemAdmin(admin.ModelAdmin):
    list_display = ("event", "position", "faq")
    list_filter = ("event",)
    list_select_related = ("event", "faq")
    ordering = ("event", "position", "id")
    autocomplete_fields = ("faq",)
    raw_id_fields = ("event",)
