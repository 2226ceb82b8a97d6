"""Rounds: creating them, seating the players, an alternate stepping into a vacant seat,
starting the clock and calling time (each wave's: tournament/services/waves.py)."""

from __future__ import annotations

import secrets
from collections.abc import Mapping

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.errors import Conflict, NotFound, Refusal
from tournament.lineups import next_alternate, plan_for_preseating, plan_for_round, vacancies
from tournament.models import Event, Round, Seat, Table, Volunteer
from tournament.services.events import audit, round_audit, save_fields
from tournament.services.players import alternates_renumber
from tournament.services.waves import spread, wave_start, waves_call_time
from tournament.text import isolated


@transaction.atomic
def round_create(
    *,
    event_id: int,
    kind: str = Round.Kind.PRELIMINARY,
    time_limit_minutes: int = 90,
    table_size: int = 4,
    actor: AbstractBaseUser | None = None,
) -> Round:
    event = Event.objects.select_for_update().get(pk=event_id)
    if event.rounds.filter(kind=Round.Kind.FINAL).exists():
        raise Conflict(
            "final_exists", _("This event already has its final; no round can follow it.")
        )
    if not 1 <= time_limit_minutes <= 600:
        raise Refusal("invalid", _("The time limit must be between 1 and 600 minutes."))
    if not 3 <= table_size <= 8:
        raise Refusal("invalid", _("Tables seat between 3 and 8 players."))
    number = (event.rounds.order_by("-number").values_list("number", flat=True).first() or 0) + 1
    chosen = {"kind": kind, "time_limit_minutes": time_limit_minutes, "table_size": table_size}
    round_ = Round.objects.create(event=event, number=number, **chosen)
    round_audit(round_, actor, "round_created", **chosen)
    return round_


@transaction.atomic
def round_seat(
    *,
    round_id: int,
    seed: int | None = None,
    tables: int | None = None,
    include_all: bool = False,
    moves: Mapping[int, int] | None = None,
    keep: bool = False,
    actor: AbstractBaseUser | None = None,
) -> Round:
    """Seat the round's players at tables; seating again replaces the previous seating.
    `moves` (player id -> table number) are the organiser's changes to the seed's seating,
    or, when `keep`, to the round's saved seating (a pre-seated round), seed and all.

    The first round seats the players checked in at the door, or every registered player
    when `include_all`; later rounds seat those who went through. A new seating is the
    desk's alone until the organiser releases it (`round_release`): seating again takes
    back a release.
    """
    round_ = Round.objects.select_for_update().select_related("event").get(pk=round_id)
    if keep:
        seed = round_.seed
    elif seed is None:
        seed = secrets.randbelow(2**31)
    plan = plan_for_round(
        round_, seed=seed or 0, tables=tables, include_all=include_all, moves=moves, keep=keep
    ).plan
    _save_tables(round_, plan, seed=seed)
    moved = {str(p): n for p, n in (moves or {}).items()}
    round_audit(round_, actor, "round_seated", seed=seed, tables=len(plan), moves=moved)
    return round_


def _save_tables(round_: Round, plan: list[list[int]], *, seed: int | None) -> None:
    """Replace the round's tables with `plan`'s (player ids in seat order), each with a
    banker and a referee in turn: the round is seated, its seating not released."""
    round_.tables.all().delete()
    bankers = list(round_.event.volunteers.filter(role=Volunteer.Role.BANKER).order_by("id"))
    referees = list(round_.event.volunteers.filter(role=Volunteer.Role.REFEREE).order_by("id"))
    # Never more waves than tables; the tables spread evenly over them.
    waves = {"wave_count": min(round_.wave_count, len(plan))} if plan else {}
    in_wave = spread(len(plan), waves.get("wave_count", 1))
    for index, player_ids in enumerate(plan):
        table = Table.objects.create(
            round=round_,
            number=index + 1,
            wave=in_wave[index],
            banker=_banker_for(round_, bankers, index, player_ids),
            referee=referees[index % len(referees)] if referees else None,
        )
        Seat.objects.bulk_create(
            Seat(table=table, number=n, player_id=pid) for n, pid in enumerate(player_ids, 1)
        )
    save_fields(round_, seed=seed, status=Round.Status.SEATED, released_at=None, **waves)


@transaction.atomic
def rounds_preseat(
    *,
    event_id: int,
    seed: int | None = None,
    include_all: bool = False,
    actor: AbstractBaseUser | None = None,
) -> list[Round]:
    """Seat every preliminary round still to be played at once (an event where every
    player plays every preliminary round): team-mates apart and as few repeat meetings as
    the search finds. Each round is seated as `round_seat` leaves it, and is released and
    started as usual; seating one again replaces its tables alone."""
    event = Event.objects.select_for_update().get(pk=event_id)
    seed = seed if seed is not None else secrets.randbelow(2**31)
    preseating = plan_for_preseating(event, seed=seed, include_all=include_all)
    for round_, plan in zip(preseating.rounds, preseating.plans, strict=True):
        round_.event = event
        _save_tables(round_, plan, seed=seed)
    numbers = [round_.number for round_ in preseating.rounds]
    audit(
        event_id=event.pk,
        actor=actor,
        action="rounds_preseated",
        subject=f"Rounds {', '.join(map(str, numbers))}",
        data={"rounds": numbers, "seed": seed, "players": len(preseating.players)},
    )
    return preseating.rounds


@transaction.atomic
def round_release(*, round_id: int, actor: AbstractBaseUser | None) -> Round:
    """Show a round's seating to the big screen and to the players' own pages.

    Until then only the desk sees it. Releasing again changes nothing (and records
    nothing); seating the round again takes the release back.
    """
    round_ = Round.objects.select_for_update().get(pk=round_id)
    if round_.status == Round.Status.PLANNED:
        raise Conflict(
            "round_not_seated", _("Seat the players first: there is no seating to show.")
        )
    if round_.released_at is None:
        save_fields(round_, released_at=timezone.now())
        round_audit(round_, actor, "seating_released", seed=round_.seed)
    return round_


@transaction.atomic
def alternate_step_in(
    *, round_id: int, seat_id: int, player_id: int, actor: AbstractBaseUser | None = None
) -> Seat:
    """Put the next alternate (`player_id`, as the desk offered them) in a vacant seat of a
    round seated but not started (`tournament.lineups.vacancies`): the same table and seat
    number, the table's key and other seats unchanged. They leave the alternates' list and
    play the round as any player; the player they replace is no longer one of its entrants
    (seating it again leaves them out). Refused once the round has started: never
    mid-game."""
    round_ = Round.objects.select_for_update().get(pk=round_id)
    Event.objects.select_for_update().filter(pk=round_.event_id).first()  # the list's lock
    if round_.status == Round.Status.PLANNED:
        said = {"number": round_.number}
        raise Conflict("round_not_seated", _("Round %(number)s is not seated yet.") % said)
    if round_.status != Round.Status.SEATED:
        raise Conflict(
            "round_started",
            _("Round %(number)s has started: an alternate steps in between games, never mid-game.")
            % {"number": round_.number},
        )
    seats = Seat.objects.select_related("table", "player")
    seat = seats.filter(pk=seat_id, table__round=round_).first()
    if seat is None:
        said = {"number": round_.number}
        raise NotFound("unknown_seat", _("That seat is not in round %(number)s.") % said)
    if seat not in vacancies(round_):
        raise Conflict(
            "not_vacant",
            _("%(name)s is checked in at table %(table)s, seat %(seat)s: the seat is not vacant.")
            % {"name": isolated(seat.player.name), "table": seat.table.number, "seat": seat.number},
        )
    offered = next_alternate(round_)
    if offered is None or offered.pk != player_id:
        raise Conflict(
            "not_next_alternate",
            _("%(name)s is the next alternate: offer the seat to them.")
            % {"name": isolated(offered.name)}
            if offered is not None
            else _("No alternate is checked in and free to step in."),
        )
    banks_it = Volunteer.objects.filter(pk=seat.table.banker_id, player=offered)
    if round_.kind == Round.Kind.FINAL and banks_it.exists():
        raise Conflict("banker_plays", _("The final's banker must not be one of its players."))
    replaced, place = seat.player, offered.alternate
    save_fields(seat, player=offered)
    save_fields(offered, alternate=None)
    round_.replaced.add(replaced)  # out of the round, even when it is seated again
    alternates_renumber(event_id=round_.event_id)
    round_audit(
        round_,
        actor,
        "alternate_stepped_in",
        table=seat.table.number,
        seat=seat.number,
        player_id=offered.pk,
        player=offered.name,
        place=place,
        replaced_id=replaced.pk,
        replaced=replaced.name,
        why="withdrawn" if replaced.withdrawn else "not checked in",
    )
    return seat


def _banker_for(
    round_: Round, bankers: list[Volunteer], index: int, player_ids: list[int]
) -> Volunteer | None:
    """Bankers in turn; a final's banker is never one of its players."""
    if not bankers:
        return None
    for offset in range(len(bankers)):
        banker = bankers[(index + offset) % len(bankers)]
        if round_.kind != Round.Kind.FINAL or banker.player_id not in player_ids:
            return banker
    return None


def round_start(*, round_id: int, actor: AbstractBaseUser | None = None) -> Round:
    """Start the round: its wave 1's clock, `time_limit_minutes` from now
    (tournament/services/waves.py). A round of one wave ends when that wave does."""
    wave_start(round_id=round_id, number=1, actor=actor)
    return Round.objects.get(pk=round_id)


def round_call_time(
    *,
    round_id: int,
    now_: bool = False,
    wave: int | None = None,
    actor: AbstractBaseUser | None = None,
) -> Round:
    """Call time in the round's running waves (`wave` alone, if given) once their clock has
    run out, or at once when `now_`: the last turn is played, then bankers close their
    tables. Safe to run any number of times. Time called early moves the wave's end to
    now: `ends_at` says when time was called."""
    return waves_call_time(round_id=round_id, wave=wave, now_=now_, actor=actor)
