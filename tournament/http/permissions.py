"""Permission checks for the event side of the API: organisers run their own events.

The views name them in `permission_classes` (DRF asks them before the handler runs); the
rules themselves are `tournament.access`'s, which the pages and the services use too.
"""

from __future__ import annotations

from typing import Any

from rest_framework import exceptions, permissions
from rest_framework.request import Request

from tournament import access


class IsPerson(permissions.BasePermission):
    """A person's login (a token or a session): table keys and anonymous callers are
    refused, each with its sentence."""

    def has_permission(self, request: Request, view: Any) -> bool:
        if request.user is None or not request.user.is_authenticated:
            if request.successful_authenticator is not None:
                raise exceptions.PermissionDenied("A table key only opens its own table.")
            raise exceptions.NotAuthenticated("Log in, or send an API token.")
        return True


class CreatesEvents(IsPerson):
    """Reading is for any person; creating an event, for organisers only (access.py)."""

    message = "Only organisers create events: ask one to give you the right in the admin."
    code = "organiser_only"

    def has_permission(self, request: Request, view: Any) -> bool:
        super().has_permission(request, view)
        return request.method in permissions.SAFE_METHODS or access.can_create_events(request.user)


class IsEventOrganiser(IsPerson):
    """The organisers of the event the path names (by event_id, round_id, table_id, job_id
    or player_id). A path naming nothing that exists is let through, for the view's 404."""

    message = "Only this event's organisers can do that."

    def has_permission(self, request: Request, view: Any) -> bool:
        super().has_permission(request, view)
        return access.organises_path(request.user, **view.kwargs) is not False
