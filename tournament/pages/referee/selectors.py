"""What the referee's pages read: the events a person referees, every table of the current
rounds with its latest entry, one table with its ledger, and the role a referee
corrects under."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.contrib.auth.models import AbstractBaseUser

from banking import selectors as bank
from banking.models import Entry
from tournament import access
from tournament.models import Event, Round, Table, Volunteer


def refereed_events(user: AbstractBaseUser) -> list[Event]:
    """The events a person may referee (as referee or organiser), newest first."""
    events = Event.objects.order_by("-date", "name")
    if getattr(user, "is_superuser", False):
        return list(events)
    roles = (Volunteer.Role.ORGANISER, Volunteer.Role.REFEREE)
    return list(events.filter(volunteers__user=user, volunteers__role__in=roles).distinct())


def overview_tables(*, table_ids: list[int], rounds: Sequence[Round] = ()) -> list[dict[str, Any]]:
    """These tables as the referees' overview shows them, each with its latest entry (one
    only: twenty phones reload the page for a hundred tables; each table's own page has its
    ledger), in its order: for the tables whose kept rendering is out of date. `rounds`:
    their rounds with their event, when at hand."""
    tables = bank.watched_tables(table_ids, rounds=rounds, recent=1)
    for table in tables:
        latest = table.pop("latest", [])
        table["entries"] = bank.entry_lines(
            latest, names=bank.seat_names(table), rules=table["rules"]
        )
    return tables


def referee_table(
    *, event_id: int, table_id: int, latest: int | None = None
) -> dict[str, Any] | None:
    """One table of the event with its state and its ledger, newest first: its `latest`
    entries, or all of them (None)."""
    found = bank.watched_tables([table_id], event_id=event_id)
    if not found:
        return None
    table = found[0]
    entries = Entry.objects.filter(table_id=table_id).select_related("voided_by").order_by("-seq")
    if latest is not None:
        entries = entries[:latest]
    table["entries"] = bank.entry_lines(entries, names=bank.seat_names(table), rules=table["rules"])
    return table


def ended_tables(*, event_ids: list[int]) -> dict[int, list[dict[str, Any]]]:
    """The tables of the events' ended rounds, by event, in round and table order: each
    ledger and result stays one link away once its round is over."""
    rows = (
        Table.objects.filter(round__event_id__in=event_ids, round__status=Round.Status.ENDED)
        .order_by("round__number", "number")
        .values("id", "number", "round__number", "round__event_id")
    )
    tables: dict[int, list[dict[str, Any]]] = {}
    for r in rows:
        row = {"id": r["id"], "number": r["number"], "round": r["round__number"]}
        tables.setdefault(r["round__event_id"], []).append(row)
    return tables


def referee_actor_role(roles: set[str]) -> str | None:
    """The role a person with these roles in an event (access.roles_in_event) corrects
    tables under: referee (first) or organiser."""
    if access.Role.REFEREE in roles:
        return str(access.Role.REFEREE)
    return str(access.Role.ORGANISER) if access.Role.ORGANISER in roles else None
