"""The writes that move what the watched pages show (the referees' overview, the big
screen: tournament.watched) without touching a row those pages read their versions from.

Those pages keep what they computed under versions read from the rows of the event, its
rounds, its tables and their ledgers, which move by themselves with every update. What they
show of the seats, the players, the volunteers, the results and the teams (their sponsors)
is kept under the event's `watched_version`, which a save or deletion of any of those rows
moves here, in the same transaction, whoever writes it (a service, the admin, a script).
Rows deleted with an event, a round or a table move nothing here: that row's leaving moves
the versions. A write that goes round `save()` and `delete()` (a queryset's `update`,
`bulk_create`, `bulk_update`) sends no signal: where such a write changes what the pages
show, it writes a table's or a round's row in the same transaction (seating a round makes
its tables, ending one writes its row), or follows a save here (an override settling a
tie).
"""

from __future__ import annotations

from typing import Any

from django.db.models import F, Model, QuerySet
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from tournament.models import Event, Player, Result, Round, Seat, Table, Team, Volunteer

#: Fields the watched pages do not show: a save that names only these (`update_fields`)
#: moves nothing, so that the door's ticks, the money paid and the alternates' places keep
#: the pages' work.
NOT_SHOWN: dict[type[Model], frozenset[str]] = {
    Player: frozenset({"checked_in", "checked_in_at", "paid", "alternate"}),
}


def _event_of(instance: Model) -> QuerySet[Event]:
    """The event this row belongs to, as a query (no row is read to find it)."""
    if isinstance(instance, Seat):
        return Event.objects.filter(rounds__tables__id=instance.table_id)
    if isinstance(instance, Result):
        return Event.objects.filter(rounds__id=instance.round_id)
    return Event.objects.filter(pk=instance.event_id)  # type: ignore[attr-defined]


def watched_move(instance: Model) -> None:
    """Move the watched version of the event `instance` belongs to."""
    _event_of(instance).update(watched_version=F("watched_version") + 1)


@receiver(post_save, sender=Player, dispatch_uid="watched_player_saved")
@receiver(post_save, sender=Volunteer, dispatch_uid="watched_volunteer_saved")
@receiver(post_save, sender=Seat, dispatch_uid="watched_seat_saved")
@receiver(post_save, sender=Result, dispatch_uid="watched_result_saved")
@receiver(post_save, sender=Team, dispatch_uid="watched_team_saved")
def _saved(sender: type[Model], instance: Model, update_fields: Any = None, **_: Any) -> None:
    if update_fields and set(update_fields) <= NOT_SHOWN.get(sender, frozenset()):
        return
    watched_move(instance)


#: What takes its rows with it when it is deleted, and moves the versions by its own leaving
#: (the pages read its rows': an event, a round, a table), or ends the pages (an event).
LEAVING: tuple[type[Model], ...] = (Event, Round, Table)


@receiver(post_delete, sender=Player, dispatch_uid="watched_player_deleted")
@receiver(post_delete, sender=Volunteer, dispatch_uid="watched_volunteer_deleted")
@receiver(post_delete, sender=Seat, dispatch_uid="watched_seat_deleted")
@receiver(post_delete, sender=Result, dispatch_uid="watched_result_deleted")
@receiver(post_delete, sender=Team, dispatch_uid="watched_team_deleted")
def _deleted(sender: type[Model], instance: Model, origin: Any = None, **_: Any) -> None:
    """A row deleted, unless it went with what it belongs to (seating a round again takes
    its tables' seats with them: four hundred at a hundred tables)."""
    deleted = origin.model if isinstance(origin, QuerySet) else type(origin)
    if issubclass(deleted, LEAVING):
        return
    watched_move(instance)
