"""Permission checks for the event side of the API: organisers run their own events."""

from __future__ import annotations

from rest_framework import exceptions
from rest_framework.request import Request

from .. import access


def require_user(request: Request) -> None:
    """Refuse table keys and anonymous callers: these endpoints need a person's login."""
    if request.user is None or not request.user.is_authenticated:
        if request.successful_authenticator is not None:
            raise exceptions.PermissionDenied("A table key only opens its own table.")
        raise exceptions.NotAuthenticated("Log in, or send an API token.")


def require_organiser(request: Request, event_id: int) -> None:
    require_user(request)
    if not access.is_organiser(request.user, event_id):
        raise exceptions.PermissionDenied("Only this event's organisers can do that.")


def require_referee(request: Request, event_id: int) -> None:
    require_user(request)
    if not access.can_referee(request.user, event_id):
        raise exceptions.PermissionDenied("Only this event's referees and organisers can do that.")
