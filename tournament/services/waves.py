"""A round's waves: how many, which tables play in each, and each wave's clock.

Every round plays in waves, one unless the organiser sets more: its tables are spread over
them, and each wave is started by the desk and runs the round's time limit on its own
clock (a `Wave` row, written at its start). Starting a round is starting its wave 1, and
calling time on a round is calling it in its waves: a round of one wave runs on its wave
1's clock, with no other path. A table takes entries while its wave runs (banking/checks.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.errors import Conflict, NotFound, Refusal
from tournament.models import Event, Round, Table, Wave
from tournament.selectors import table_wave
from tournament.services.events import round_audit, save_fields

#: The most waves a round may play in.
MOST_WAVES = 8
NOT_STARTED = (Round.Status.PLANNED, Round.Status.SEATED)


def spread(count: int, waves: int) -> list[int]:
    """The wave of each of `count` tables in number order, `waves` of them evenly: the
    first tables in wave 1, the last in the last wave (5 tables in 2: 1, 1, 1, 2, 2)."""
    return [index * waves // count + 1 for index in range(count)]


def tables_spread(round_: Round, tables: Sequence[Table]) -> None:
    """Give the round's `tables` (in number order) their waves, spread evenly."""
    for table, wave in zip(tables, spread(len(tables), round_.wave_count), strict=True):
        if table.wave != wave:
            save_fields(table, wave=wave)


@transaction.atomic
def round_waves_set(*, round_id: int, waves: int, actor: AbstractBaseUser | None = None) -> Round:
    """Set how many waves a preliminary round plays in, before it starts: its tables are
    spread over them again, evenly. Never more waves than it has tables."""
    round_ = Round.objects.select_for_update().get(pk=round_id)
    if round_.status not in NOT_STARTED:
        raise Conflict(
            "round_started",
            _("Round %(number)s has started: its waves are set before it starts.")
            % {"number": round_.number},
        )
    if round_.kind == Round.Kind.FINAL and waves != 1:
        raise Refusal("final_one_wave", _("The final plays in one wave, all at once."))
    tables = list(round_.tables.order_by("number"))
    most = min(MOST_WAVES, len(tables)) if tables else MOST_WAVES
    if not 1 <= waves <= most:
        raise Refusal(
            "invalid",
            _("Round %(number)s can play in 1 to %(most)s waves: one table at least a wave.")
            % {"number": round_.number, "most": most},
        )
    save_fields(round_, wave_count=waves)
    tables_spread(round_, tables)
    round_audit(round_, actor, "round_waves_set", waves=waves)
    return round_


@transaction.atomic
def table_wave_move(*, table_id: int, wave: int, actor: AbstractBaseUser | None = None) -> Table:
    """Move a table to another wave of its round, while neither wave has started."""
    table = Table.objects.select_related("round").select_for_update(of=("self",)).get(pk=table_id)
    round_ = table.round
    if not 1 <= wave <= round_.wave_count:
        raise NotFound(
            "unknown_wave",
            _("Round %(number)s has no wave %(wave)s.") % {"number": round_.number, "wave": wave},
        )
    started = set(round_.waves.values_list("number", flat=True))
    if round_.status not in (*NOT_STARTED, Round.Status.RUNNING) or started & {wave, table.wave}:
        raise Conflict(
            "wave_started",
            _("Table %(table)s cannot move: a wave plays with the tables it started with.")
            % {"table": table.number},
        )
    moved_from = table.wave
    save_fields(table, wave=wave)
    round_audit(round_, actor, "table_wave_moved", table=table.number, wave=wave, was=moved_from)
    return table


@transaction.atomic
def wave_start(*, round_id: int, number: int, actor: AbstractBaseUser | None = None) -> Wave:
    """Start a wave's clock: its tables play the round's time limit from now. Wave 1 starts
    the round; each later wave starts once time is called in the wave before it."""
    from tournament.tasks import call_time, send

    round_ = Round.objects.select_for_update().get(pk=round_id)
    if not 1 <= number <= round_.wave_count:
        raise NotFound(
            "unknown_wave",
            _("Round %(number)s has no wave %(wave)s.") % {"number": round_.number, "wave": number},
        )
    if round_.status == Round.Status.PLANNED or (
        number > 1 and round_.status == Round.Status.SEATED
    ):
        raise Conflict("round_not_seated", _("Only a seated round can start."))
    waves = {wave.number: wave for wave in round_.waves.all()}
    if number in waves or round_.status not in (Round.Status.SEATED, Round.Status.RUNNING):
        raise Conflict(
            "wave_started" if round_.wave_count > 1 else "round_not_seated",
            _("Wave %(wave)s has already started.") % {"wave": number}
            if round_.wave_count > 1
            else _("This round has already started."),
        )
    before = waves.get(number - 1)
    if before is not None and before.clock_ran_out:  # no worker recorded it: now
        waves_call_time(round_id=round_id, wave=before.number)
        before.refresh_from_db()
    if number > 1 and (before is None or before.status != Wave.Status.TIME_CALLED):
        raise Conflict(
            "previous_wave_running",
            _("Wave %(before)s is still playing: start wave %(wave)s once its time is called.")
            % {"before": number - 1, "wave": number},
        )
    now = timezone.now()
    changes: dict[str, object] = {"status": Round.Status.RUNNING}
    if number == 1:
        _check_earlier_rounds_ended(round_)
        changes["started_at"] = now
        if round_.released_at is None:
            # The players are at their tables: the seating is no secret any more (the start
            # is what the organiser did; it needs no audit line of its own).
            changes["released_at"] = now
    wave = Wave.objects.create(
        round=round_,
        number=number,
        started_at=now,
        ends_at=now + timedelta(minutes=round_.time_limit_minutes),
    )
    if number == round_.wave_count:
        changes["ends_at"] = wave.ends_at
    save_fields(round_, **changes)  # moves the round's row: the watching pages see the wave
    ends_at = wave.ends_at
    if number == 1:
        round_audit(round_, actor, "round_started", wave=1, ends_at=ends_at.isoformat())
        Event.objects.filter(pk=round_.event_id, status=Event.Status.SETUP).update(
            status=Event.Status.UNDER_WAY
        )
    else:
        round_audit(round_, actor, "wave_started", wave=number, ends_at=ends_at.isoformat())
    # With the broker down the wave still starts: once its clock runs out every read shows
    # time called (Wave.status_now), and the next write at its tables records it
    # (call_time_if_due).
    transaction.on_commit(lambda: send(call_time, round_id, number, eta=ends_at))
    return wave


def _check_earlier_rounds_ended(round_: Round) -> None:
    earlier = Round.objects.filter(event_id=round_.event_id, number__lt=round_.number)
    if waiting := earlier.exclude(status=Round.Status.ENDED).order_by("number").first():
        raise Conflict(
            "previous_round_not_ended",
            _("Round %(waiting)s has not ended yet: start round %(number)s after it.")
            % {"waiting": waiting.number, "number": round_.number},
        )


@transaction.atomic
def waves_call_time(
    *,
    round_id: int,
    wave: int | None = None,
    now_: bool = False,
    actor: AbstractBaseUser | None = None,
) -> Round:
    """Call time in the round's running waves (`wave` alone, if given) whose clock has run
    out, or at once when `now_`: their last turn is played, then bankers close their
    tables. Time called early moves the wave's end to now. Once every wave has its time
    called, so has the round. Safe to run any number of times."""
    round_ = Round.objects.select_for_update().get(pk=round_id)
    if round_.status != Round.Status.RUNNING:
        return round_
    now = timezone.now()
    waves = list(round_.waves.all())
    for running in waves:
        if running.status != Wave.Status.RUNNING or wave not in (None, running.number):
            continue
        if now_ or now >= running.ends_at:
            save_fields(running, status=Wave.Status.TIME_CALLED, ends_at=min(running.ends_at, now))
            round_audit(round_, actor, "time_called", wave=running.number, early=now_)
    called = [w for w in waves if w.status == Wave.Status.TIME_CALLED]
    if len(called) == round_.wave_count:
        save_fields(round_, status=Round.Status.TIME_CALLED, ends_at=called[-1].ends_at)
    elif called:
        save_fields(round_, status=Round.Status.RUNNING)  # moves the watching pages' version
    return round_


def call_time_if_due(table: Table) -> Wave | None:
    """Record time called in the table's wave when its clock ran out and no worker did it
    (eager mode, worker down), and give the wave (None: not started), `table.round` read
    again. For writes only (posting, voiding, closing): a read shows `Wave.status_now`."""
    wave = table_wave(table)
    if wave is not None and wave.clock_ran_out:
        table.round = waves_call_time(round_id=table.round_id, wave=wave.number)
        wave.refresh_from_db()
    return wave
