"""The Django admin, arranged for an organiser: an event page holds its players and volunteers.

The admin changes nothing the audit trail would not see. Results, donations, seats and the
trail itself are read only (the ledger is too: banking/admin.py); a round's or a table's
status is never edited, only moved by an action that calls the service the desk calls; and
every other change or deletion writes an `admin_changed` or `admin_deleted` audit row in
the same transaction.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from django.contrib import admin, messages
from django.contrib.auth.admin import UserAdmin
from django.contrib.auth.models import User
from django.db.models import Model, QuerySet
from django.forms.models import model_to_dict
from django.http import HttpRequest

from tournament.errors import Refusal
from tournament.models import (
    ApiToken,
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
    Team,
    Volunteer,
    Wave,
)
from tournament.money import edition_currency
from tournament.services import rounds as round_services
from tournament.services import tables as table_services
from tournament.services.events import audit, speaking


class Shown:
    """Shown, never added, changed or deleted here (a page or an inline)."""

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class ReadOnly(Shown, admin.ModelAdmin):
    pass


class ReadOnlyInline(Shown, admin.TabularInline):
    extra = 0


def _event_id(obj: Model) -> int | None:
    for path in ("event_id", "round.event_id", "table.round.event_id", "pk"):
        value: Any = obj
        for part in path.split("."):
            value = getattr(value, part, None)
        if value is not None:
            return value if path != "pk" or isinstance(obj, Event) else None
    return None


def _fields(obj: Model) -> dict[str, Any]:
    """The row's fields as the audit trail keeps them: JSON's plain values, else text."""
    plain = int | str | bool | float | type(None)
    return {k: v if isinstance(v, plain) else str(v) for k, v in model_to_dict(obj).items()}


def _audit(request: HttpRequest, obj: Model, action: str, **data: Any) -> None:
    """The audit row of an admin's write to `obj`, at its event (a row of no event: none)."""
    event_id = _event_id(obj)
    if event_id is not None:
        audit(
            event_id=event_id,
            actor=request.user,
            action=action,
            subject=f"{obj._meta.verbose_name}: {obj}"[:120],
            data={"model": obj._meta.label, "id": obj.pk, **data},
        )


def _audit_change(request: HttpRequest, obj: Model, before: dict[str, Any] | None) -> None:
    changed = {
        name: [None if before is None else before.get(name), value]
        for name, value in _fields(obj).items()
        if before is None or before.get(name) != value
    }
    if changed:
        action = "admin_changed" if before is not None else "admin_added"
        _audit(request, obj, action, changed=changed)


def _before(obj: Model) -> dict[str, Any] | None:
    if obj.pk is None:
        return None
    stored = type(obj)._base_manager.filter(pk=obj.pk).first()
    return None if stored is None else _fields(stored)


class Audited(admin.ModelAdmin):
    """Every save and deletion, the inlines' too, leaves an audit row (the admin runs each
    in one transaction, so the row and the change are written together)."""

    def save_model(self, request: HttpRequest, obj: Model, form: Any, change: bool) -> None:
        before = _before(obj)
        super().save_model(request, obj, form, change)
        _audit_change(request, obj, before)

    def save_formset(self, request: HttpRequest, form: Any, formset: Any, change: bool) -> None:
        befores = {id(f.instance): _before(f.instance) for f in formset.forms}
        instances = formset.save(commit=False)
        for obj in instances:
            obj.save()
            _audit_change(request, obj, befores.get(id(obj)))
        for obj in formset.deleted_objects:
            _audit(request, obj, "admin_deleted", was=_fields(obj))
            obj.delete()
        formset.save_m2m()

    def delete_model(self, request: HttpRequest, obj: Model) -> None:
        _audit(request, obj, "admin_deleted", was=_fields(obj))
        super().delete_model(request, obj)

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet) -> None:
        for obj in queryset:
            _audit(request, obj, "admin_deleted", was=_fields(obj))
        super().delete_queryset(request, queryset)


class PlayerInline(admin.TabularInline):
    model = Player
    extra = 0
    fields = ["name", "email", "team", "paid", "checked_in"]
    readonly_fields = ["paid", "checked_in"]  # money and the door: at the desk, audited


class VolunteerInline(admin.TabularInline):
    model = Volunteer
    extra = 0
    autocomplete_fields = ["user"]
    fields = ["user", "role", "player"]


class DonationInline(ReadOnlyInline):
    model = Donation
    fields = ["donor", "amount", "note", "created_at"]
    readonly_fields = fields


class RoundInline(admin.TabularInline):
    model = Round
    extra = 0
    fields = ["number", "kind", "time_limit_minutes", "table_size", "status"]
    readonly_fields = ["status"]
    show_change_link = True


@admin.register(Event)
class EventAdmin(Audited):
    list_display = [
        "name",
        "date",
        "venue",
        "edition",
        "language",
        "currency",
        "advancement",
        "status",
    ]
    list_filter = ["status", "edition", "language", "currency", "advancement"]
    search_fields = ["name", "venue", "charity"]
    date_hierarchy = "date"
    readonly_fields = ["status", "created_by", "screen_token", "screen_token_issued_at"]
    inlines = [VolunteerInline, RoundInline, DonationInline, PlayerInline]

    def save_model(self, request: HttpRequest, obj: Model, form: Any, change: bool) -> None:
        if not change:
            obj.created_by = request.user
            # Left as they were, what the desk and the API would take for a new event.
            if "language" not in form.changed_data:
                obj.language = speaking()
            if "currency" not in form.changed_data:
                obj.currency = edition_currency(obj.edition)
        super().save_model(request, obj, form, change)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # its ledger and audit trail only grow: the database refuses (0016)


@admin.register(Player)
class PlayerAdmin(Audited):
    list_display = ["name", "event", "team", "paid", "checked_in"]
    list_filter = ["event", "checked_in"]
    readonly_fields = ["paid", "checked_in", "checked_in_at", "alternate", "token"]
    search_fields = ["name", "email", "team"]


@admin.register(Team)
class TeamAdmin(Audited):
    """A team's sponsor; the team itself is its players' `team` name."""

    list_display = ["name", "event", "sponsor"]
    list_filter = ["event"]
    search_fields = ["name", "sponsor"]


@admin.register(Donation)
class DonationAdmin(ReadOnly):
    list_display = ["donor", "amount", "event", "created_at"]
    list_filter = ["event"]
    search_fields = ["donor", "note"]


@admin.register(Volunteer)
class VolunteerAdmin(Audited):
    list_display = ["user", "role", "event", "player"]
    list_filter = ["event", "role"]
    search_fields = ["user__username"]
    autocomplete_fields = ["user"]


class TableInline(ReadOnlyInline):
    model = Table
    fields = ["number", "wave", "banker", "referee", "status", "review"]
    readonly_fields = fields
    show_change_link = True


ROUND_STATE = [
    "status",
    "seed",
    "released_at",
    "started_at",
    "ends_at",
    "ended_at",
    "wave_count",
]


class WaveInline(ReadOnlyInline):
    model = Wave
    fields = ["number", "status", "started_at", "ends_at"]
    readonly_fields = fields


@admin.register(Round)
class RoundAdmin(Audited):
    list_display = ["event", "number", "kind", "status", "started_at", "ends_at"]
    list_filter = ["event", "kind", "status"]
    readonly_fields = ROUND_STATE
    inlines = [WaveInline, TableInline]
    actions = ["start", "call_time"]

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        if obj is not None and obj.status != Round.Status.PLANNED:
            return [*ROUND_STATE, "event", "number", "kind", "table_size", "time_limit_minutes"]
        return ROUND_STATE

    @admin.action(description="Start the selected seated rounds (as the desk does)")
    def start(self, request: HttpRequest, queryset: QuerySet) -> None:
        self._run(request, queryset, round_services.round_start, "started")

    @admin.action(description="Call time on the selected running rounds (as the desk does)")
    def call_time(self, request: HttpRequest, queryset: QuerySet) -> None:
        self._run(request, queryset, partial(round_services.round_call_time, now_=True), "called")

    def _run(self, request: HttpRequest, rounds: QuerySet, service: Any, done: str) -> None:
        for round_ in rounds:
            try:
                service(round_id=round_.pk, actor=request.user)
            except Refusal as refusal:
                self.message_user(request, f"{round_}: {refusal.detail}", messages.ERROR)
            else:
                self.message_user(request, f"{round_}: {done}.")


class SeatInline(ReadOnlyInline):
    model = Seat
    fields = ["number", "player"]
    readonly_fields = fields


@admin.register(Table)
class TableAdmin(ReadOnly):
    """Seen here; assigned, closed, checked and given a new key from the desk, the API or
    the action below, each through its service and audited."""

    list_display = ["__str__", "banker", "referee", "status", "review", "verification_code"]
    list_filter = ["round__event", "status", "review"]
    exclude = ["key"]
    inlines = [SeatInline]
    actions = ["rotate_key"]

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return obj is None and request.user.has_perm("tournament.change_table")  # the action

    @admin.action(description="Give the selected tables new console keys (the old stop)")
    def rotate_key(self, request: HttpRequest, queryset: QuerySet) -> None:
        for table in queryset:
            table_services.table_key_rotate(table_id=table.pk, actor=request.user)
        self.message_user(request, f"{queryset.count()} table key(s) replaced.")


@admin.register(Result)
class ResultAdmin(ReadOnly):
    list_display = ["player", "round", "net_worth", "rank", "points", "advances", "tied"]
    list_filter = ["round__event", "round", "advances", "tied"]
    search_fields = ["player__name"]


@admin.register(AuditEvent)
class AuditEventAdmin(ReadOnly):
    list_display = ["created_at", "event", "actor", "action", "subject", "reason"]
    list_filter = ["event", "action"]


@admin.register(Wave)
class WaveAdmin(ReadOnly):
    """Each wave's clock, started and called from the desk or the API."""

    list_display = ["round", "number", "status", "started_at", "ends_at"]
    list_filter = ["round__event", "status"]


@admin.register(Seat)
class SeatAdmin(ReadOnly):
    list_display = ["__str__", "table"]
    list_filter = ["table__round__event"]
    search_fields = ["player__name"]


@admin.register(ApiToken)
class ApiTokenAdmin(ReadOnly):
    """Each person's API tokens, without the digest; an admin may revoke one (delete)."""

    list_display = ["name", "user", "created", "last_used"]
    list_select_related = ["user"]
    search_fields = ["user__username", "name"]
    exclude = ["digest"]

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return admin.ModelAdmin.has_delete_permission(self, request, obj)


@admin.register(PrintJob)
class PrintJobAdmin(Audited):
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
class BriefingItemAdmin(Audited):
    list_display = ("event", "position", "faq")
    list_filter = ("event",)
    list_select_related = ("event", "faq")
    ordering = ("event", "position", "id")
    autocomplete_fields = ("faq",)
    raw_id_fields = ("event",)


def _events_acted_at(user: Any) -> set[int]:
    """The events at which this person did something the night's record names them for:
    an audited act, a table closed or checked, an entry recorded, a print asked for."""
    from banking.models import Entry

    acts = (
        AuditEvent.objects.filter(actor=user).values_list("event_id", flat=True),
        Table.objects.filter(closed_by=user).values_list("round__event_id", flat=True),
        Table.objects.filter(reviewed_by=user).values_list("round__event_id", flat=True),
        Entry.objects.filter(author=user).values_list("table__round__event_id", flat=True),
        PrintJob.objects.filter(requested_by=user).values_list("event_id", flat=True),
    )
    return {event_id for query in acts for event_id in query.distinct()}


class AccountAdmin(UserAdmin):
    """Django's user admin, where deleting a person who acted at an event deactivates them
    instead (who closed, checked or recorded what stays named), and every deletion or
    deactivation is audited at each event they volunteered or acted at."""

    def delete_model(self, request: HttpRequest, obj: Any) -> None:
        self._remove(request, obj)

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet) -> None:
        for user in queryset:
            self._remove(request, user)

    def _remove(self, request: HttpRequest, user: Any) -> None:
        acted = _events_acted_at(user)
        volunteered = set(Volunteer.objects.filter(user=user).values_list("event_id", flat=True))
        action = "user_deactivated" if acted else "user_deleted"
        for event_id in sorted(acted | volunteered):
            audit(
                event_id=event_id,
                actor=request.user,
                action=action,
                subject=user.get_username()[:120],
                data={"user_id": user.pk},
            )
        if acted:
            user.is_active = False
            user.save(update_fields=["is_active"])
            messages.warning(
                request,
                f"{user.get_username()} acted at an event, so the account is deactivated, "
                "not deleted: the night's record keeps their name.",
            )
        else:
            user.delete()


admin.site.unregister(User)
admin.site.register(User, AccountAdmin)
