"""Who calls the table API: a table's banker by its key, or a referee or organiser by login."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from rest_framework import exceptions, permissions
from rest_framework.request import Request

from banking import selectors
from banking.actors import Actor
from tournament import access
from tournament.http.authentication import table_of, unchecked_key_of
from tournament.models import Table


def actor_of(request: Request, table: Table) -> Actor:
    """Who is acting at this table: its banker (by key), or a referee or organiser by login."""
    if (keyed := table_of(request)) is not None:
        if keyed.pk != table.pk:
            raise exceptions.PermissionDenied(_("This table key opens another table."))
        banker = keyed.banker_username  # type: ignore[attr-defined]  # by the key's query
        account = keyed.banker_user_id  # type: ignore[attr-defined]
        name = banker or f"Banker of table {table.number}"
        return Actor(role=Actor.BANKER, name=name, user_id=account)
    user = request.user
    if user is None or not user.is_authenticated:
        raise exceptions.NotAuthenticated(_("Open the table with its key, or log in."))
    roles = access.roles_in_event(user, table.round.event_id)
    for role in (Actor.ORGANISER, Actor.REFEREE):  # an organiser who referees acts as organiser
        if role in roles:
            return Actor(role=role, name=user.get_username(), user=user)
    raise exceptions.PermissionDenied(_("Only this table's banker and the event's referees can."))


class CallsTheTable(permissions.BasePermission):
    """The table of the address, called by its banker (its key) or by the event's referees
    and organisers; the view reads both from `request.table_caller` (asked once)."""

    def has_permission(self, request: Request, view: Any) -> bool:
        if getattr(view, "checks_table_key", False) and unchecked_key_of(request) is not None:
            return True  # a banker's write: the service checks the key under the table's lock
        table_id = int(view.kwargs["table_id"])
        table = table_of(request)  # loaded by the key's authentication, with what views read
        if table is None or table.pk != table_id:
            table = selectors.table_for_reading(table_id)
            if table is None:
                raise exceptions.NotFound("There is no such table.")
        request.table_caller = (table, actor_of(request, table))
        return True


def caller_of(request: Request) -> tuple[Table, Actor]:
    """The table and who calls it, as `CallsTheTable` found them."""
    return request.table_caller  # type: ignore[attr-defined]
