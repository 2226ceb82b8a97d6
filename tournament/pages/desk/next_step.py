"""What the round page says to do next, at every stage of a round: one sentence and the
one action that moves the night on. A round that cannot be seated says why at once, when
it is planned, with the fix, not only when the organiser tries to seat it."""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _

from tournament.errors import Refusal
from tournament.lineups import round_size
from tournament.models import Result, Round

#: How to let a round be seated that has too few players for its tables.
FEWER_PLAYERS_FIX = (
    "To seat it: let more players through (more wildcards in the event's settings, or "
    "override a result on the last round's results page), or plan it with a smaller table "
    "size."
)


def _step(text: str, url: str = "", label: str = "", blocked: bool = False) -> dict[str, Any]:
    return {"text": text, "url": url, "label": label, "blocked": blocked}


def next_step(round_: Round, tables: list[dict[str, Any]]) -> dict[str, Any]:
    """What to do next with `round_` (with its event), whose live `tables` the page read:
    `text`, and the action's `url` and `label` (none when the page's own buttons are the
    way on); `blocked` when something must be fixed first."""
    status = round_.status_now
    if status == Round.Status.PLANNED:
        return _planned(round_)
    if status == Round.Status.SEATED:
        earlier = round_.event.rounds.filter(number__lt=round_.number)
        waiting = None
        if round_.number > 1:  # a round seated ahead of one not played yet (pre-seating)
            waiting = earlier.exclude(status=Round.Status.ENDED).order_by("number").first()
        if waiting is not None:
            return _step(
                f"Round {round_.number} is seated ahead: start it once round {waiting.number} "
                "has ended. Until you release it you can still move players.",
                reverse("desk:round", args=[waiting.pk]),
                f"Round {waiting.number}",
            )
        if round_.released_at is None:
            return _step(
                "Next: release the seating, so that players find their tables on the big "
                "screen and their own pages, and print the table cards."
            )
        return _step(
            f"Next: start round {round_.number} once every banker has the console open "
            "at their table."
        )
    if status == Round.Status.RUNNING and round_.ends_at is None:  # a wave still to start
        return _step(
            _(
                "Next: watch the tables in the control room below; start each wave once "
                "time is called in the wave before it."
            )
        )
    if status == Round.Status.RUNNING:
        return _step(
            "Next: watch the tables in the control room below; time is called at "
            f"{round_.ends_at:%H:%M}, or call it now."
        )
    if status == Round.Status.TIME_CALLED:
        left = sum(1 for t in tables if t["review"] != "confirmed")
        if left:
            return _step(
                f"Next: each table plays its last turn and closes; a referee confirms it. "
                f"{left} of {len(tables)} tables to confirm, then end the round."
            )
        return _step("Next: every table is confirmed: end the round.")
    return _ended(round_)


def _planned(round_: Round) -> dict[str, Any]:
    try:
        players, tables = round_size(round_)
    except Refusal as refusal:
        return _refused(round_, refusal)
    return _step(
        f"Next: seat the players ({players} player{'s' if players != 1 else ''} at {tables} "
        f"table{'s' if tables != 1 else ''}).",
        reverse("desk:seat", args=[round_.pk]),
        "Seat players",
    )


def _refused(round_: Round, refusal: Refusal) -> dict[str, Any]:
    previous = round_.event.rounds.filter(number__lt=round_.number).order_by("-number").first()
    if refusal.code == "previous_round_not_ended" and previous is not None:
        return _step(
            f"Round {previous.number} is still being played: seat round {round_.number} "
            "once it has ended and its results are in.",
            reverse("desk:round", args=[previous.pk]),
            f"Round {previous.number}",
            blocked=True,
        )
    if refusal.code == "ties_undecided" and previous is not None:
        return _step(
            f"{refusal.detail} One decision settles each tie.",
            reverse("desk:results", args=[previous.pk]),
            f"Round {previous.number}'s results",
            blocked=True,
        )
    if refusal.code == "nobody_checked_in":
        return _step(
            refusal.detail,
            reverse("desk:check-in", args=[round_.event_id]),
            "Check-in",
            blocked=True,
        )
    if refusal.code == "cannot_seat":
        return _step(f"{refusal.detail.rstrip('.')}. {FEWER_PLAYERS_FIX}", blocked=True)
    return _step(refusal.detail, blocked=True)


def _ended(round_: Round) -> dict[str, Any]:
    results = reverse("desk:results", args=[round_.pk])
    if Result.objects.filter(round=round_, undecided=True).exists():
        return _step(
            "Next: decide the ties on the results page: one decision settles each tie.",
            results,
            "Results",
            blocked=True,
        )
    if round_.kind == Round.Kind.FINAL:
        return _step(
            "The final is over: print the results, the bracket and the night in numbers.",
            reverse("print-page", args=[round_.event_id]),
            "Print",
        )
    later = round_.event.rounds.filter(number__gt=round_.number).order_by("number").first()
    if later is not None:
        seated = later.status == Round.Status.SEATED
        return _step(
            f"Next: round {later.number}, already seated."
            if seated
            else f"Next: seat round {later.number}.",
            reverse("desk:round", args=[later.pk]),
            f"Round {later.number}",
        )
    return _step(
        "Next: check the results, then plan the next round or the final.",
        reverse("desk:rounds", args=[round_.event_id]),
        "Plan the next round",
    )
