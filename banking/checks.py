"""What a table accepts now, checked the same way by recording an entry (services) and by
previewing one (previews): nothing here writes."""

from __future__ import annotations

from uuid import UUID

from banking.actors import Actor
from banking.models import Entry
from tournament.errors import Conflict, NotAllowed, NotFound, Refusal
from tournament.models import Round, Table


def check_live(round_: Round, table: Table) -> None:
    """Refuse (Conflict) when the table takes no entry now: its round not running, its
    result confirmed or awaiting a check."""
    if not round_.is_live:
        raise Conflict(
            "round_not_running",
            "The round has not started yet."
            if round_.status in (Round.Status.PLANNED, Round.Status.SEATED)
            else "The round is over: no more entries can be recorded.",
        )
    check_not_confirmed(table)
    if table.status == Table.Status.CLOSED:
        raise Conflict(
            "table_closed",
            "This table is closed and its result awaits a referee's check: no more entries "
            "can be recorded. A referee who finds a mistake disputes it, which opens it again.",
        )


def check_not_confirmed(table: Table) -> None:
    """Refuse (Conflict) any change to a table whose result is confirmed: it is locked."""
    if table.review == Table.Review.CONFIRMED:
        raise Conflict(
            "table_confirmed",
            "This table's result is confirmed and locked: only an organiser can reopen it.",
        )


def check_may_record(kind: str, actor: Actor) -> None:
    """Refuse (NotAllowed) an entry of `kind` that `actor` may not record: only a referee or
    an organiser adjusts a balance, and a referee corrects a table with adjust and void
    only (a void is checked by `voidable`)."""
    if kind == "adjust" and not actor.corrects:
        raise NotAllowed("referee_only", "Only a referee or an organiser can adjust a balance.")
    if actor.role == Actor.REFEREE and kind != "adjust":
        raise NotAllowed("permission_denied", "Referees correct tables with adjust and void only.")


def voidable(table: Table, entry_id: UUID, actor: Actor) -> Entry:
    """The table's entry `entry_id`, if `actor` may void it: not a void, not already voided,
    and an entry a referee or organiser recorded only by one of them."""
    target = Entry.objects.filter(pk=entry_id, table=table).first()
    if target is None:
        raise NotFound("not_found", "There is no such entry at this table.")
    if target.kind == Entry.VOID:
        raise Refusal("cannot_void_void", "A void cannot itself be voided.")
    if target.author_role in (Actor.REFEREE, Actor.ORGANISER) and not actor.corrects:
        raise NotAllowed(
            "referee_entry",
            f"Entry {target.seq} was recorded by a {target.author_role}: only a referee or "
            "an organiser can void it.",
        )
    if Entry.objects.filter(voids=target).exists():
        raise Refusal("already_voided", f"Entry {target.seq} has already been voided.")
    return target
