"""What a table accepts now, checked the same way by recording an entry (services) and by
previewing one (previews): nothing here writes."""

from __future__ import annotations

from uuid import UUID

from django.utils.translation import gettext as _

from banking.actors import Actor
from banking.models import Entry
from tournament.errors import Conflict, NotAllowed, NotFound, Refusal
from tournament.models import Round, Table, Wave


def check_live(round_: Round, table: Table, wave: Wave | None) -> None:
    """Refuse (Conflict) when the table takes no entry now: its round not running, its
    wave (`wave`, None while it has not started) not started, its result confirmed or
    awaiting a check."""
    if not round_.is_live:
        raise Conflict(
            "round_not_running",
            _("The round has not started yet.")
            if round_.status in (Round.Status.PLANNED, Round.Status.SEATED)
            else _("The round is over: no more entries can be recorded."),
        )
    if wave is None:
        raise Conflict(
            "wave_not_started",
            _(
                "Table %(table)s plays in wave %(wave)s, which has not started yet: entries "
                "are taken once the desk starts it."
            )
            % {"table": table.number, "wave": table.wave},
        )
    check_not_confirmed(table)
    if table.status == Table.Status.CLOSED:
        raise Conflict(
            "table_closed",
            _(
                "This table is closed and its result awaits a referee's check: no more entries "
                "can be recorded. A referee who finds a mistake disputes it, which opens it again."
            ),
        )


def check_not_confirmed(table: Table) -> None:
    """Refuse (Conflict) any change to a table whose result is confirmed: it is locked."""
    if table.review == Table.Review.CONFIRMED:
        raise Conflict(
            "table_confirmed",
            _("This table's result is confirmed and locked: only an organiser can reopen it."),
        )


def check_may_record(kind: str, actor: Actor) -> None:
    """Refuse (NotAllowed) an entry of `kind` that `actor` may not record: only a referee or
    an organiser adjusts a balance, and a referee corrects a table with adjust and void
    only (a void is checked by `voidable`)."""
    if kind == "adjust" and not actor.corrects:
        raise NotAllowed("referee_only", _("Only a referee or an organiser can adjust a balance."))
    if actor.role == Actor.REFEREE and kind != "adjust":
        raise NotAllowed(
            "permission_denied", _("Referees correct tables with adjust and void only.")
        )


def voidable(table: Table, entry_id: UUID, actor: Actor) -> Entry:
    """The table's entry `entry_id`, if `actor` may void it (void_refusal)."""
    target = Entry.objects.filter(pk=entry_id, table=table).first()
    if target is None:
        raise NotFound("not_found", _("There is no such entry at this table."))
    voided = Entry.objects.filter(voids=target).exists()
    if (refusal := void_refusal(target, voided=voided, corrects=actor.corrects)) is not None:
        raise refusal
    return target


def void_refusal(entry: Entry, *, voided: bool, corrects: bool) -> Refusal | None:
    """Why an entry may not be voided by someone who corrects tables (a referee or an
    organiser: `corrects`) or not (a banker), or None: a void is never voided, nor an entry
    already voided (`voided`), and an entry a referee or organiser recorded only by one."""
    if entry.kind == Entry.VOID:
        return Refusal("cannot_void_void", _("A void cannot itself be voided."))
    if entry.author_role in Actor.CORRECTORS and not corrects:
        sentence = (
            _(
                "Entry %(seq)s was recorded by a referee: only a referee or an organiser "
                "can void it."
            )
            if entry.author_role == Actor.REFEREE
            else _(
                "Entry %(seq)s was recorded by an organiser: only a referee or an organiser "
                "can void it."
            )
        )
        return NotAllowed("referee_entry", sentence % {"seq": entry.seq})
    if voided:
        return Refusal(
            "already_voided", _("Entry %(seq)s has already been voided.") % {"seq": entry.seq}
        )
    return None
