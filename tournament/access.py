"""Who may do what in an event: roles come from Volunteer rows; superusers may do anything."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Exists, OuterRef

from tournament.http.rows import Read, Statement
from tournament.models import Event, Player, PrintJob, Round, Table, Volunteer
from tournament.queries import event_roles_sql, round_roles_sql

Role = Volunteer.Role


def roles_in_event(user: AbstractBaseUser | AnonymousUser | None, event_id: int) -> set[str]:
    if (given := _roles_without_reading(user)) is not None:
        return given
    return set(
        Volunteer.objects.filter(event_id=event_id, user=user).values_list("role", flat=True)
    )


def _roles_without_reading(user: AbstractBaseUser | AnonymousUser | None) -> set[str] | None:
    """The roles a person has in any event, when they need no reading: none for someone not
    logged in, every one for a superuser; None for anyone else."""
    if user is None or not user.is_authenticated:
        return set()
    if getattr(user, "is_superuser", False):
        return {Role.ORGANISER, Role.REFEREE}
    return None


def event_with_roles_read(
    user: AbstractBaseUser | AnonymousUser | None, event_id: int
) -> Read[tuple[Event | None, set[str]]]:
    """The event (None: there is no such event) and the user's roles in it, as
    `roles_in_event` gives them, in one query written once (a row per role): a read, to go
    with others in one round trip (read_all)."""
    statement = event_roles_sql()
    (event,) = statement.parts
    return _with_roles_read(user, event_id, statement, lambda values: event.instance(values[0]))


def round_with_roles_read(
    user: AbstractBaseUser | AnonymousUser | None, round_id: int
) -> Read[tuple[Round | None, set[str]]]:
    """The round with its event (None: there is no such round) and the user's roles in the
    event, as `roles_in_event` gives them, in one query written once: a read, to go with
    others in one round trip (read_all)."""
    statement = round_roles_sql()
    round_columns, event = statement.parts

    def made(values: list[Any]) -> Round:
        round_ = round_columns.instance(values[0])
        round_.event = event.instance(values[1])
        return round_

    return _with_roles_read(user, round_id, statement, made)


def _with_roles_read(
    user: AbstractBaseUser | AnonymousUser | None,
    pk: int,
    statement: Statement,
    made: Callable[[list[Any]], Any],
) -> Read[tuple[Any, set[str]]]:
    """What `made` makes of the first row's values (None for no row), and the roles of the
    rows (a row per role, none for no role), as `roles_in_event` gives them."""

    def result(found: list[list[tuple[Any, ...]]]) -> tuple[Any, set[str]]:
        rows = found[0]
        if not rows:
            return None, set()
        roles = _roles_without_reading(user)
        if roles is None:
            roles = {statement.split(row)[-1]["role"] for row in rows} - {None}
        return made(statement.split(rows[0])), roles

    # No person's id, when not logged in: no role matches.
    user_id = user.pk if user is not None and user.is_authenticated else None
    return Read(((statement.sql, [user_id, pk]),), result)


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


def organises_path(
    user: AbstractBaseUser | AnonymousUser | None,
    *,
    event_id: int | None = None,
    round_id: int | None = None,
    table_id: int | None = None,
    job_id: int | None = None,
    player_id: int | None = None,
    **_: object,
) -> bool | None:
    """Whether the person organises the event an address names (by its event, round, table,
    print job or player), in one query; None when there is no such object."""
    for model, pk, event in (
        (Event, event_id, "pk"),
        (Round, round_id, "event_id"),
        (Table, table_id, "round__event_id"),
        (PrintJob, job_id, "event_id"),
        (Player, player_id, "event_id"),
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
