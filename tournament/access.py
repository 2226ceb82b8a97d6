"""Who may do what in an event: roles come from Volunteer rows; superusers may do anything."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

from .models import Event, Volunteer

Role = Volunteer.Role


def roles_in_event(user: AbstractBaseUser | AnonymousUser | None, event_id: int) -> set[str]:
    if user is None or not user.is_authenticated:
        return set()
    if getattr(user, "is_superuser", False):
        return {Role.ORGANISER, Role.REFEREE}
    return set(
        Volunteer.objects.filter(event_id=event_id, user=user).values_list("role", flat=True)
    )


def is_organiser(user: AbstractBaseUser | AnonymousUser | None, event_id: int) -> bool:
    return Role.ORGANISER in roles_in_event(user, event_id)


def can_referee(user: AbstractBaseUser | AnonymousUser | None, event_id: int) -> bool:
    """Referees and organisers read every table of the event and correct entries."""
    return bool(roles_in_event(user, event_id) & {Role.ORGANISER, Role.REFEREE})


def events_visible_to(user: AbstractBaseUser) -> list[int] | None:
    """Ids of events the user volunteers at; None means every event (a superuser)."""
    if getattr(user, "is_superuser", False):
        return None
    return list(Event.objects.filter(volunteers__user=user).values_list("id", flat=True).distinct())
