"""Who plays in a round and where: the entrants, and the seating plan for a seed.

Read only: the desk previews a seating with it, and `round_seat` saves the same plan.
"""

from __future__ import annotations

from . import seating
from .errors import Conflict, Refusal
from .models import Event, Player, Result, Round, Table

FINAL_TABLE_MAX = 6


def _previous_round(round_: Round) -> Round | None:
    return (
        Round.objects.filter(event_id=round_.event_id, number__lt=round_.number)
        .order_by("-number")
        .first()
    )


def round_entrants(round_: Round) -> list[Player]:
    """Who plays in a round: every registered player in the first round; later, those
    who advanced from the round before (in a points event, every player of the
    previous preliminary round plays the next preliminary round)."""
    event = round_.event
    previous = _previous_round(round_)
    if previous is None:
        return list(event.players.order_by("id"))
    if previous.status != Round.Status.ENDED:
        raise Conflict("previous_round_not_ended", f"Round {previous.number} has not ended yet.")
    if round_.kind == Round.Kind.PRELIMINARY and event.advancement == Event.Format.POINTS:
        return list(Player.objects.filter(seats__table__round=previous).order_by("id"))
    undecided = Result.objects.filter(round=previous, undecided=True).select_related("player")
    if undecided:
        names = ", ".join(r.player.name for r in undecided)
        raise Conflict(
            "ties_undecided",
            f"Decide who advances from round {previous.number} first: {names} are tied.",
        )
    return list(
        Player.objects.filter(results__round=previous, results__advances=True).order_by("id")
    )


def plan_for_round(
    round_: Round, *, seed: int, tables: int | None = None
) -> tuple[list[Player], list[list[int]]]:
    """The round's entrants and their tables (player ids in seat order) for this seed,
    keeping team-mates apart and avoiding opponents met in earlier rounds."""
    players = round_entrants(round_)
    if round_.kind == Round.Kind.FINAL:
        tables = tables or 1
        if len(players) > FINAL_TABLE_MAX * tables:
            raise Refusal(
                "final_too_big",
                f"{len(players)} finalists do not fit {tables} final table(s) of up to "
                f"{FINAL_TABLE_MAX}: ask for more tables.",
            )
    past = seating.opponents_by_player(
        [seat.player_id for seat in table.seats.all()]
        for table in Table.objects.filter(
            round__event_id=round_.event_id, round__number__lt=round_.number
        ).prefetch_related("seats")
    )
    entrants = [seating.Entrant(player_id=p.id, team=p.team or None) for p in players]
    try:
        plan = seating.seating_plan(
            entrants, table_size=round_.table_size, seed=seed, past_opponents=past, tables=tables
        )
    except seating.SeatingError as exc:
        raise Refusal("cannot_seat", str(exc)) from exc
    return players, plan
