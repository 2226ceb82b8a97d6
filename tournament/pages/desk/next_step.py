"""What the round page says to do next, at every stage of a round: one sentence and the
one action that moves the night on. A round that cannot be seated says why at once, when
it is planned, with the fix, not only when the organiser tries to seat it."""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from tournament.errors import Refusal
from tournament.lineups import round_size
from tournament.models import Result, Round

#: How to let a round be seated that has too few players for its tables.
FEWER_PLAYERS_FIX = gettext_lazy(
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
                _(
                    "Round %(number)s is seated ahead: start it once round %(waiting)s has "
                    "ended. Until you release it you can still move players."
                )
                % {"number": round_.number, "waiting": waiting.number},
                reverse("desk:round", args=[waiting.pk]),
                _("Round %(number)s") % {"number": waiting.number},
            )
        if round_.released_at is None:
            return _step(
                _(
                    "Next: release the seating, so that players find their tables on the big "
                    "screen and their own pages, and print the table cards."
                )
            )
        return _step(
            _("Next: start round %(number)s once every banker has the console open at their table.")
            % {"number": round_.number}
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
            _(
                "Next: watch the tables in the control room below; time is called at "
                "%(time)s, or call it now."
            )
            % {"time": f"{round_.ends_at:%H:%M}"}
        )
    if status == Round.Status.TIME_CALLED:
        left = sum(1 for t in tables if t["review"] != "confirmed")
        if left:
            return _step(
                ngettext(
                    "Next: each table plays its last turn and closes; a referee confirms it. "
                    "%(left)s of %(tables)s table to confirm, then end the round.",
                    "Next: each table plays its last turn and closes; a referee confirms it. "
                    "%(left)s of %(tables)s tables to confirm, then end the round.",
                    len(tables),
                )
                % {"left": left, "tables": len(tables)}
            )
        return _step(_("Next: every table is confirmed: end the round."))
    return _ended(round_)


def _planned(round_: Round) -> dict[str, Any]:
    try:
        players, tables = round_size(round_)
    except Refusal as refusal:
        return _refused(round_, refusal)
    said = {"players": players, "tables": tables}
    if tables == 1:
        text = ngettext(
            "Next: seat the players (%(players)s player at %(tables)s table).",
            "Next: seat the players (%(players)s players at %(tables)s table).",
            players,
        )
    else:
        text = ngettext(
            "Next: seat the players (%(players)s player at %(tables)s tables).",
            "Next: seat the players (%(players)s players at %(tables)s tables).",
            players,
        )
    return _step(text % said, reverse("desk:seat", args=[round_.pk]), _("Seat players"))


def _refused(round_: Round, refusal: Refusal) -> dict[str, Any]:
    previous = round_.event.rounds.filter(number__lt=round_.number).order_by("-number").first()
    if refusal.code == "previous_round_not_ended" and previous is not None:
        return _step(
            _(
                "Round %(previous)s is still being played: seat round %(number)s once it has "
                "ended and its results are in."
            )
            % {"previous": previous.number, "number": round_.number},
            reverse("desk:round", args=[previous.pk]),
            _("Round %(number)s") % {"number": previous.number},
            blocked=True,
        )
    if refusal.code == "ties_undecided" and previous is not None:
        return _step(
            _("%(refusal)s One decision settles each tie.") % {"refusal": refusal.detail},
            reverse("desk:results", args=[previous.pk]),
            _("Round %(number)s's results") % {"number": previous.number},
            blocked=True,
        )
    if refusal.code == "nobody_checked_in":
        return _step(
            refusal.detail,
            reverse("desk:check-in", args=[round_.event_id]),
            _("Check-in"),
            blocked=True,
        )
    if refusal.code == "cannot_seat":
        said = {"refusal": refusal.detail.rstrip("."), "fix": FEWER_PLAYERS_FIX}
        return _step(_("%(refusal)s. %(fix)s") % said, blocked=True)
    return _step(refusal.detail, blocked=True)


def _ended(round_: Round) -> dict[str, Any]:
    results = reverse("desk:results", args=[round_.pk])
    if Result.objects.filter(round=round_, undecided=True).exists():
        return _step(
            _("Next: decide the ties on the results page: one decision settles each tie."),
            results,
            _("Results"),
            blocked=True,
        )
    if round_.kind == Round.Kind.FINAL:
        return _step(
            _("The final is over: print the results, the bracket and the night in numbers."),
            reverse("print-page", args=[round_.event_id]),
            _("Print"),
        )
    later = round_.event.rounds.filter(number__gt=round_.number).order_by("number").first()
    if later is not None:
        seated = later.status == Round.Status.SEATED
        said = {"number": later.number}
        return _step(
            _("Next: round %(number)s, already seated.") % said
            if seated
            else _("Next: seat round %(number)s.") % said,
            reverse("desk:round", args=[later.pk]),
            _("Round %(number)s") % said,
        )
    return _step(
        _("Next: check the results, then plan the next round or the final."),
        reverse("desk:rounds", args=[round_.event_id]),
        _("Plan the next round"),
    )
