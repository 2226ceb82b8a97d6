"""Closing tables and ending rounds: value every seat with the engine, rank, decide who advances.

This needs both the ledger and the event, so it lives on the banking side and
writes its findings into the event's own models (Result, Table).
"""

from __future__ import annotations

from collections.abc import Sequence

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from games import engine
from tournament import advancement
from tournament.errors import Conflict, NotFound
from tournament.models import Event, Result, Round, Seat, Table

from ..ledgers import ledger_of, rules_of
from ..verification import ledger_code


def _close(table: Table) -> None:
    table.status = Table.Status.CLOSED
    table.closed_at = timezone.now()
    table.verification_code = ledger_code(table.id)
    table.save(update_fields=["status", "closed_at", "verification_code"])


@transaction.atomic
def table_close(*, table_id: int) -> Table:
    """The banker closes the table once the last turn is played: no more entries."""
    table = Table.objects.select_for_update().select_related("round").filter(pk=table_id).first()
    if table is None:
        raise NotFound("not_found", "There is no such table.")
    if not table.round.is_live:
        raise Conflict("round_not_running", "Only a table of a running round can be closed.")
    if table.status == Table.Status.CLOSED:
        return table
    _close(table)
    return table


@transaction.atomic
def round_end(*, round_id: int, actor: AbstractBaseUser | None = None) -> Round:
    """End a round: close every table still open, value each seat, rank each table and
    decide who advances, all in one transaction."""
    round_ = Round.objects.select_for_update().select_related("event").get(pk=round_id)
    if not round_.is_live:
        raise Conflict("round_not_running", "Only a running round can end.")
    event = round_.event
    rules = rules_of(event)
    tables = list(
        round_.tables.select_for_update(of=("self",))
        .select_related("ledger")
        .prefetch_related("seats__player")
        .order_by("number")
    )
    states = [engine.TableState.from_dict(ledger_of(t, rules).state) for t in tables]
    ranked_tables = []
    for table, state in zip(tables, states, strict=True):
        if table.status == Table.Status.OPEN:
            _close(table)
        ranked_tables.append(_rank(table, state, rules))
    _write_results(round_, rules, tables, states, ranked_tables)
    _decide_advancement(round_, event, ranked_tables)
    round_.status = Round.Status.ENDED
    round_.ended_at = timezone.now()
    round_.save(update_fields=["status", "ended_at"])
    if round_.kind == Round.Kind.FINAL:
        Event.objects.filter(pk=event.pk).update(status=Event.Status.FINISHED)
    return round_


def _rank(table: Table, state: engine.TableState, rules: engine.Rules) -> list[advancement.Ranked]:
    results = []
    for seat in table.seats.all():
        worth = engine.net_worth(state, rules, seat.number)
        bankrupt = seat.number in state.bankrupt
        results.append(
            advancement.SeatResult(
                player_id=seat.player_id,
                table=table.number,
                net_worth=worth.total,
                cash=worth.cash,
                bankrupt=bankrupt,
                bankrupt_order=state.bankrupt.index(seat.number) + 1 if bankrupt else 0,
            )
        )
    return advancement.rank_table(results)


def _write_results(
    round_: Round,
    rules: engine.Rules,
    tables: Sequence[Table],
    states: Sequence[engine.TableState],
    ranked_tables: Sequence[Sequence[advancement.Ranked]],
) -> None:
    rows = []
    for table, state, ranked in zip(tables, states, ranked_tables, strict=True):
        seats: dict[int, Seat] = {seat.player_id: seat for seat in table.seats.all()}
        for row in ranked:
            seat = seats[row.result.player_id]
            worth = engine.net_worth(state, rules, seat.number)
            rows.append(
                Result(
                    seat=seat,
                    round=round_,
                    player_id=seat.player_id,
                    cash=worth.cash,
                    property_value=worth.property_value,
                    building_value=worth.building_value,
                    net_worth=worth.total,
                    bankrupt=row.result.bankrupt,
                    rank=row.rank,
                    points=row.points,
                    tied=row.tied,
                )
            )
    Result.objects.filter(round=round_).delete()
    Result.objects.bulk_create(rows)


def _decide_advancement(
    round_: Round, event: Event, ranked_tables: Sequence[Sequence[advancement.Ranked]]
) -> None:
    if event.advancement == Event.Format.POINTS and round_.kind == Round.Kind.PRELIMINARY:
        rounds = [
            _stored_ranking(r)
            for r in event.rounds.filter(
                kind=Round.Kind.PRELIMINARY, number__lt=round_.number, status=Round.Status.ENDED
            )
        ]
        rounds.append([row for table in ranked_tables for row in table])
        decided = advancement.points_advance(rounds, finalists=event.finalists)
    else:
        wildcards = event.wildcards if round_.kind == Round.Kind.PRELIMINARY else 0
        decided = advancement.knockout(ranked_tables, wildcards=wildcards)
    results = Result.objects.filter(round=round_)
    results.filter(player_id__in=decided.advancing).update(advances=True)
    results.filter(player_id__in=decided.undecided).update(undecided=True)


def _stored_ranking(round_: Round) -> list[advancement.Ranked]:
    return [
        advancement.Ranked(
            result=advancement.SeatResult(
                player_id=r.player_id,
                table=r.seat.table.number,
                net_worth=r.net_worth,
                cash=r.cash,
                bankrupt=r.bankrupt,
            ),
            rank=r.rank,
            points=r.points,
            tied=r.tied,
        )
        for r in round_.results.select_related("seat__table")
    ]
