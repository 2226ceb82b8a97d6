"""The organiser's decisions on who advances: an override of the rules, always with a
reason, and one decision for a whole tie (the rules cannot separate its players)."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext as _

from tournament.errors import Conflict, NotFound
from tournament.models import Result, Round
from tournament.results.closing import advancement_of, given_reason
from tournament.services.events import audit, save_fields


@transaction.atomic
def result_override(
    *, round_id: int, player_id: int, advances: bool, reason: str, actor: AbstractBaseUser
) -> Result:
    """The organiser decides who advances, against or beyond the rules; always recorded.

    A decision on a tied player that fills the tie's places (or leaves only as many
    players as places) settles the rest of the tie with it, under the same reason: one
    decision per tie."""
    reason = given_reason(reason, _("Give a reason for overriding who advances."))
    result = (
        Result.objects.select_for_update()
        .select_related("round__event", "player")
        .filter(round_id=round_id, player_id=player_id)
        .first()
    )
    if result is None:
        raise NotFound("unknown_result", _("That player has no result in this round."))
    next_started = Round.objects.filter(
        event_id=result.round.event_id, number__gt=result.round.number
    ).exclude(status__in=[Round.Status.PLANNED, Round.Status.SEATED])
    if next_started.exists():
        raise Conflict("next_round_started", _("The next round has started: advancement is final."))
    was_undecided = result.undecided
    save_fields(result, advances=advances, undecided=False, override_reason=reason)
    settled = _settle_tie(result, reason) if was_undecided else []
    audit(
        event_id=result.round.event_id,
        actor=actor,
        action="advancement_override",
        subject=f"{result.player.name}, round {result.round.number}",
        reason=reason,
        data={"player_id": player_id, "advances": advances, "settled": settled},
        decided_seat_id=result.seat_id,
    )
    return result


def _settle_tie(decided: Result, reason: str) -> list[int]:
    """The rest of `decided`'s tie once its places are filled (they do not advance) or
    once only as many players as places are left (they do): their ids."""
    tie = next(
        (t for t in advancement_of(decided.round).ties if decided.player_id in t.players), None
    )
    if tie is None:
        return []
    results = list(
        Result.objects.select_for_update().filter(round=decided.round, player_id__in=tie.players)
    )
    open_ = [r for r in results if r.undecided]
    going = sum(1 for r in results if not r.undecided and r.advances)
    staying = sum(1 for r in results if not r.undecided and not r.advances)
    if going >= tie.places:
        verdict = False
    elif len(results) - staying <= tie.places:
        verdict = True
    else:
        return []
    for result in open_:
        result.advances, result.undecided = verdict, False
        result.override_reason = f"Tie settled with {decided.player.name}: {reason}"
    Result.objects.bulk_update(open_, ["advances", "undecided", "override_reason"])
    return [r.player_id for r in open_]
