"""Who may do what in an event: roles come from Volunteer rows; superusers may do anything."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import connection
from django.db.models import Exists, OuterRef

from tournament.http.rows import Columns, Read, split
from tournament.models import Event, PrintJob, Round, Table, Volunteer

Role = Volunteer.Role


def roles_in_event(user: AbstractBaseUser | AnonymousUser | None, event_id: int) -> set[str]:
    if user is None or not user.is_authenticated:
        return set()
    if getattr(user, "is_superuser", False):
        return {Role.ORGANISER, Role.REFEREE}
    return set(
        Volunteer.objects.filter(event_id=event_id, user=user).values_list("role", flat=True)
    )


def event_with_roles_read(
    user: AbstractBaseUser | AnonymousUser | None, event_id: int
) -> Read[tuple[Event | None, set[str]]]:
    """The event (None: there is no such event) and the user's roles in it, as
    `roles_in_event` gives them, in one query written once (a row per role): a read, to go
    with others in one round trip (read_all)."""
    if user is None or not user.is_authenticated or getattr(user, "is_superuser", False):
        return Read(
            (),
            lambda _: (Event.objects.filter(pk=event_id).first(), roles_in_event(user, event_id)),
        )
    sql, event = _event_roles_sql()

    def result(found: list[list[tuple[Any, ...]]]) -> tuple[Event | None, set[str]]:
        rows = found[0]
        if not rows:
            return None, set()
        return event.instance(rows[0][: event.width]), {row[-1] for row in rows if row[-1]}

    return Read(((sql, [user.pk, event_id]),), result)


def round_with_roles_read(
    user: AbstractBaseUser | AnonymousUser | None, round_id: int
) -> Read[tuple[Round | None, set[str]]]:
    """The round with its event (None: there is no such round) and the user's roles in the
    event, as `roles_in_event` gives them, in one query written once: a read, to go with
    others in one round trip (read_all)."""
    if user is None or not user.is_authenticated or getattr(user, "is_superuser", False):

        def alone(_: Any) -> tuple[Round | None, set[str]]:
            round_ = Round.objects.select_related("event").filter(pk=round_id).first()
            return round_, roles_in_event(user, round_.event_id) if round_ else set()

        return Read((), alone)
    sql, round_columns, event = _round_roles_sql()

    def result(found: list[list[tuple[Any, ...]]]) -> tuple[Round | None, set[str]]:
        rows = found[0]
        if not rows:
            return None, set()
        round_values, event_values, _ = split(rows[0], round_columns, event)
        round_ = round_columns.instance(round_values)
        round_.event = event.instance(event_values)
        return round_, {row[-1] for row in rows if row[-1]}

    return Read(((sql, [user.pk, round_id]),), result)


def _role_column() -> str:
    return connection.ops.quote_name(Volunteer._meta.get_field("role").column)


@lru_cache(maxsize=1)
def _event_roles_sql() -> tuple[str, Columns]:
    qn = connection.ops.quote_name
    event = Columns.of(Event, "e")
    sql = (
        f"SELECT {event.sql}, v.{_role_column()} "  # noqa: S608 - the models' names
        f"FROM {qn(Event._meta.db_table)} e LEFT JOIN {qn(Volunteer._meta.db_table)} v "
        "ON v.event_id = e.id AND v.user_id = %s WHERE e.id = %s"
    )
    return sql, event


@lru_cache(maxsize=1)
def _round_roles_sql() -> tuple[str, Columns, Columns]:
    qn = connection.ops.quote_name
    round_, event = Columns.of(Round, "r"), Columns.of(Event, "e")
    sql = (
        f"SELECT {round_.sql}, {event.sql}, v.{_role_column()} "  # noqa: S608 - the models' names
        f"FROM {qn(Round._meta.db_table)} r JOIN {qn(Event._meta.db_table)} e "
        f"ON e.id = r.event_id LEFT JOIN {qn(Volunteer._meta.db_table)} v "
        "ON v.event_id = e.id AND v.user_id = %s WHERE r.id = %s"
    )
    return sql, round_, event


def is_organiser(user: AbstractBaseUser | AnonymousUser | None, event_id: int) -> bool:
    return Role.ORGANISER in roles_in_event(user, event_id)


def can_referee(user: AbstractBaseUser | AnonymousUser | None, event_id: int) -> bool:
    """Referees and organisers read every table of the event and correct entries."""
    return bool(roles_in_event(user, event_id) & {Role.ORGANISER, Role.REFEREE})


def can_create_events(user: AbstractBaseUser | AnonymousUser | None) -> bool:
    """Organisers create events: staff, or a person the admin granted "Can add event"."""
    if user is None or not user.is_authenticated:
        return False
    return bool(getattr(user, "is_staff", False)) or user.has_perm("tournament.add_event")


def events_visible_to(user: AbstractBaseUser) -> list[int] | None:
    """Ids of events the user volunteers at; None means every event (a superuser)."""
    if getattr(user, "is_superuser", False):
        return None
    return list(Event.objects.filter(volunteers__user=user).values_list("id", flat=True).distinct())


def organises_path(
    user: AbstractBaseUser | AnonymousUser | None,
    *,
    event_id: int | None = None,
    round_id: int | None = None,
    table_id: int | None = None,
    job_id: int | None = None,
    **_: object,
) -> bool | None:
    """Whether the person organises the event an address names (by its event, round, table
    or print job), in one query; None when there is no such object."""
    for model, pk, event in (
        (Event, event_id, "pk"),
        (Round, round_id, "event_id"),
        (Table, table_id, "round__event_id"),
        (PrintJob, job_id, "event_id"),
    ):
        if pk is None:
            continue
        if getattr(user, "is_superuser", False):
            return True if model.objects.filter(pk=pk).exists() else None
        organiser = Volunteer.objects.filter(
            event_id=OuterRef(event), user_id=getattr(user, "pk", None), role=Role.ORGANISER
        )
        found = model.objects.filter(pk=pk).annotate(organises=Exists(organiser))
        return found.values_list("organises", flat=True).first()
    return None
