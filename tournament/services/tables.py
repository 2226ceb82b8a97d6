"""Tables: who banks and referees them, and their console keys."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext as _

from tournament.errors import NotFound, Refusal
from tournament.models import Round, Table, Volunteer, new_table_key
from tournament.services.events import audit, save_fields


def table_subject(table: Table) -> str:
    """How the audit trail names a table: "Round 2, table 3"."""
    return f"Round {table.round.number}, table {table.number}"


@transaction.atomic
def table_assign(
    *,
    table_id: int,
    banker_id: int | None = None,
    referee_id: int | None = None,
    actor: AbstractBaseUser | None = None,
) -> Table:
    table = Table.objects.select_for_update().select_related("round").get(pk=table_id)
    event_id = table.round.event_id
    for field, volunteer_id, role in (
        ("banker", banker_id, Volunteer.Role.BANKER),
        ("referee", referee_id, Volunteer.Role.REFEREE),
    ):
        if volunteer_id is None:
            continue
        volunteer = Volunteer.objects.filter(pk=volunteer_id, event_id=event_id).first()
        if volunteer is None or volunteer.role != role:
            not_one = {
                Volunteer.Role.BANKER: _("That volunteer is not a banker at this event."),
                Volunteer.Role.REFEREE: _("That volunteer is not a referee at this event."),
            }
            raise NotFound("unknown_volunteer", not_one[role])
        if (
            role == Volunteer.Role.BANKER
            and table.round.kind == Round.Kind.FINAL
            and volunteer.player_id is not None
            and table.seats.filter(player_id=volunteer.player_id).exists()
        ):
            raise Refusal("banker_plays", _("The final's banker must not be one of its players."))
        setattr(table, field, volunteer)
    table.save(update_fields=["banker", "referee"])
    audit(
        event_id=event_id,
        actor=actor,
        action="table_assigned",
        subject=table_subject(table),
        data={"table_id": table.pk, "banker": table.banker_id, "referee": table.referee_id},
    )
    return table


@transaction.atomic
def table_key_rotate(*, table_id: int, actor: AbstractBaseUser) -> Table:
    """Give the table a new console key; the old one stops working at once."""
    table = Table.objects.select_for_update().select_related("round").get(pk=table_id)
    save_fields(table, key=new_table_key())
    audit(
        event_id=table.round.event_id,
        actor=actor,
        action="table_key_rotated",
        subject=table_subject(table),
    )
    return table
