"""A table's result counts only once a second person confirms it (docs/design.md, "Results are
checked by a second person").

The banker closes the table (closing.py: its result is written, awaiting confirmation). A
referee or organiser who did not bank the table, does not play at it, did not close it and
recorded no entry at it, then confirms the result, or disputes it with a reason: a disputed
table opens again for corrections (voids, adjustments) until its banker closes it again. A
confirmed result is locked; only an organiser reopens it, with a reason. Every step goes in
the audit trail.

The server decides who may check a table; hiding a button on a page is not enough.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from banking.checks import check_not_confirmed
from banking.models import Entry
from tournament import access
from tournament.errors import Conflict, NotAllowed
from tournament.models import Result, Table, Volunteer
from tournament.results.closing import MAX_REASON as MAX_REASON  # the pages' limit too
from tournament.results.closing import given_reason, locked_table, result_record
from tournament.results.shape import shaped
from tournament.services.events import audit, save_fields
from tournament.services.tables import table_subject

User = AbstractBaseUser | AnonymousUser | None


def checker_problem(
    table: Table, user: User, *, roles: set[str] | None = None
) -> NotAllowed | None:
    """Why this person may not check this table's result, or None if they may: a referee or
    organiser of the event who neither banked the table nor plays at it. (Pages use it to
    hide the buttons; the services below refuse with it whatever a page shows.) `roles`:
    the person's roles in the table's event (access.roles_in_event), when at hand.

    The trigger of migration 0016 keeps the two-person part of this rule in the database,
    against writes that bypass the services; a test puts the same people to both."""
    if user is None or not user.is_authenticated:
        return NotAllowed("not_authenticated", _("Log in as a referee to check a table's result."))
    if roles is None:
        roles = access.roles_in_event(user, table.round.event_id)
    if not roles & {access.Role.REFEREE, access.Role.ORGANISER}:
        return NotAllowed(
            "referee_only", _("Only this event's referees and organisers check results.")
        )
    if table.banker is not None and table.banker.user_id == user.pk:
        return NotAllowed(
            "own_table", _("You banked this table: another referee must check its result.")
        )
    playing = Volunteer.objects.filter(
        event_id=table.round.event_id, user_id=user.pk, player__seats__table=table
    )
    if playing.exists():
        return NotAllowed(
            "own_game", _("You play at this table: another referee must check its result.")
        )
    if table.status == Table.Status.CLOSED and table.closed_by_id == user.pk:
        return NotAllowed(
            "own_closing", _("You closed this table: another referee must check its result.")
        )
    if Entry.objects.filter(table=table, author_id=user.pk).exists():
        return NotAllowed(
            "own_entries",
            _("You recorded entries at this table: another referee must check its result."),
        )
    return None


def _check_checker(table: Table, user: User) -> None:
    if (problem := checker_problem(table, user)) is not None:
        raise problem


def _check_running(table: Table) -> None:
    if not table.round.is_live:
        raise Conflict("round_not_running", _("The round is over: its results are final."))


def _audit_result(table: Table, user: User, action: str, reason: str = "") -> None:
    """The table's result as it stands (closing.result_record), in the audit trail."""
    audit(
        event_id=table.round.event_id,
        actor=user,
        action=action,
        subject=table_subject(table),
        reason=reason,
        data=result_record(table, shaped(seat__table=table)),
    )


def _open_again(table: Table, *, user: AbstractBaseUser, reason: str, action: str) -> None:
    """Withdraw the table's result and open it for corrections, marked disputed; the audit
    trail keeps the withdrawn result under `action`, with the reason."""
    _audit_result(table, user, action, reason)
    save_fields(
        table,
        status=Table.Status.OPEN,
        closed_at=None,
        verification_code="",
        review=Table.Review.DISPUTED,
        review_note=reason,
        reviewed_by=user,
        reviewed_at=timezone.now(),
    )
    # Opened first: the database keeps a confirmed table's results (migration 0016).
    Result.objects.filter(seat__table=table).delete()


@transaction.atomic
def table_confirm(*, table_id: int, user: User) -> Table:
    """Confirm a closed table's result: it counts from now on, and is locked."""
    table = locked_table(table_id, Table.objects.with_event_and_banker())
    _check_checker(table, user)
    _check_running(table)
    if table.review == Table.Review.CONFIRMED:
        return table  # confirmed already: a second tap changes nothing
    if table.status != Table.Status.CLOSED:
        raise Conflict(
            "table_not_closed",
            _(
                "This table is being corrected after a dispute: its banker closes it again, "
                "then its result can be confirmed."
            )
            if table.review == Table.Review.DISPUTED
            else _("Its banker has not closed this table yet: there is no result to confirm."),
        )
    confirmed = Table.Review.CONFIRMED
    save_fields(
        table, review=confirmed, review_note="", reviewed_by=user, reviewed_at=timezone.now()
    )
    _audit_result(table, user, "table_confirmed")
    return table


@transaction.atomic
def table_dispute(*, table_id: int, user: User, reason: str) -> Table:
    """Dispute a closed table's result: it is withdrawn, and the table opens again so its
    ledger can be corrected (voids, adjustments) and closed again."""
    table = locked_table(table_id, Table.objects.with_event_and_banker())
    _check_checker(table, user)
    reason = given_reason(reason, _("Say why the result is being disputed."))
    _check_running(table)
    check_not_confirmed(table)
    if table.status != Table.Status.CLOSED:
        raise Conflict(
            "table_not_closed",
            _("This table is already disputed and open for corrections.")
            if table.review == Table.Review.DISPUTED
            else _("Its banker has not closed this table yet: there is no result to dispute."),
        )
    _open_again(table, user=user, reason=reason, action="table_disputed")
    return table


@transaction.atomic
def table_reopen(*, table_id: int, user: User, reason: str) -> Table:
    """An organiser reopens a confirmed result, with a reason: the table opens again for
    corrections, as a disputed one does, and must be closed and confirmed again."""
    table = locked_table(table_id, Table.objects.with_event_and_banker())
    if not access.is_organiser(user, table.round.event_id):
        raise NotAllowed("organiser_only", _("Only an organiser can reopen a confirmed result."))
    reason = given_reason(reason, _("Say why the result is being reopened."))
    _check_running(table)
    if table.review != Table.Review.CONFIRMED:
        raise Conflict(
            "not_confirmed",
            _(
                "Only a confirmed result is reopened: this one is not confirmed (a referee "
                "disputes an unconfirmed result instead)."
            ),
        )
    _open_again(table, user=user, reason=reason, action="table_reopened")
    return table
