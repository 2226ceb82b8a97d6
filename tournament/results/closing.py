"""Closing tables and ending rounds: value every seat with the engine, rank, decide who advances.

It reads the ledger and writes into the event's own models (Result, Table, AuditEvent).

A table's result is written when its banker closes it: each seat's net worth with its
breakdown, and the rank at the table. It counts once a second person confirms it
(reviews.py). Ending the round reads the stored results: it is refused while a
table is unconfirmed, unless an organiser forces it with a reason.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import groupby
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from banking.actors import Actor
from banking.checks import check_not_confirmed
from banking.ledgers import ledger_of, rules_of
from banking.verification import ledger_code
from games import engine
from tournament.errors import Conflict, NotFound, Refusal
from tournament.models import Event, Result, Round, Seat, Table
from tournament.results import advancement
from tournament.results.shape import result_rows
from tournament.results.standings import stored_ranking
from tournament.services.events import audit, save_fields
from tournament.services.tables import table_subject
from tournament.services.waves import call_time_if_due

MAX_REASON = 300  # AuditEvent.reason and Table.review_note


def given_reason(reason: str, asked: str, *, required: bool = True) -> str:
    """The reason given, trimmed; refused when it is missing (and `required`: `asked` is
    the sentence that asks for it) or too long."""
    reason = (reason or "").strip()
    if required and not reason:
        raise Refusal("reason_required", asked)
    if len(reason) > MAX_REASON:
        said = {"most": MAX_REASON}
        raise Refusal("invalid", _("Keep the reason under %(most)s characters.") % said)
    return reason


def locked_table(table_id: int, tables: QuerySet[Table]) -> Table:
    """The table of `tables`, its own row locked until the transaction ends; or NotFound."""
    table = tables.select_for_update(of=("self",)).filter(pk=table_id).first()
    if table is None:
        raise NotFound("not_found", _("There is no such table."))
    return table


def result_record(table: Table, results: Iterable[Result]) -> dict[str, Any]:
    """What the audit trail keeps of a table's result (closed, confirmed, disputed): every
    seat's result as stored (shape.py). A record for people: nothing reads it back to
    compute a result."""
    seats = sorted(result_rows(results), key=lambda row: row["seat"])
    return {
        "table_id": table.pk,
        "round_id": table.round_id,
        "verification_code": table.verification_code,
        "net_worths": {str(s["seat"]): s["net_worth"] for s in seats},
        "seats": seats,
    }


def recorded_deeds(
    state: engine.TableState, rules: engine.Rules, seat: int
) -> list[dict[str, Any]]:
    """Each deed behind a seat's net worth as a Result keeps it: the engine's valuation of
    the deed (name, price, mortgaged, value, houses, hotel, building_value) and its group."""
    return [
        {**line._asdict(), "group": rules.edition.spaces[line.space].group or ""}
        for line in engine.net_worth_lines(state, rules, seat)
    ]


def _close(
    table: Table, rules: engine.Rules, *, actor: Actor | AbstractBaseUser | None, forced: str = ""
) -> list[Result]:
    """Close the table and write its result from the ledger as it stands: each seat valued
    by the engine and ranked at the table. The result then awaits a second person's check;
    a table closed by a forced end keeps its review as it was (a dispute stays one)."""
    # The person logged in who acts (none for a key), and the account the closing names:
    # the person's, or the banker's whose key closed it.
    person = actor.user if isinstance(actor, Actor) else actor
    person_id = actor.account_id if isinstance(actor, Actor) else getattr(actor, "pk", None)
    state = engine.TableState.from_dict(ledger_of(table, rules).state)
    results = _write_table_results(table, rules, state)
    table.status = Table.Status.CLOSED
    table.closed_at = timezone.now()
    table.closed_by_id = person_id
    table.verification_code = ledger_code(table.id)
    fields = ["status", "closed_at", "closed_by", "verification_code"]
    if not forced or table.review != Table.Review.DISPUTED:
        table.review = Table.Review.AWAITING
        table.reviewed_by = None
        table.reviewed_at = None
        table.review_note = ""
        fields += ["review", "reviewed_by", "reviewed_at", "review_note"]
    table.save(update_fields=fields)
    data = result_record(table, results)
    if isinstance(actor, Actor):
        data |= {"closed_by": actor.name, "closed_by_role": actor.role}
    if forced:
        data["forced"] = True
    audit(
        event_id=table.round.event_id,
        actor=person,
        action="table_closed",
        subject=table_subject(table),
        reason=forced,
        data=data,
    )
    return results


@transaction.atomic
def table_close(*, table_id: int, actor: Actor | None = None) -> Table:
    """The banker closes the table once the last turn is played: no more entries, and the
    table's result is written at once, awaiting a referee's confirmation. Closing a table
    that is already closed changes nothing; a confirmed result is locked."""
    tables = Table.objects.select_related("round__event", "ledger")
    table = locked_table(table_id, tables.prefetch_related("seats__player"))
    check_not_confirmed(table)
    if not table.round.is_live:
        raise Conflict("round_not_running", _("Only a table of a running round can be closed."))
    if call_time_if_due(table) is None:  # the clock ran out with no worker about
        raise Conflict(
            "wave_not_started",
            _("Table %(table)s plays in wave %(wave)s, which has not started yet.")
            % {"table": table.number, "wave": table.wave},
        )
    if table.status == Table.Status.CLOSED:
        return table
    _close(table, rules_of(table.round.event), actor=actor)
    return table


def _unconfirmed_sentence(tables: Sequence[Table]) -> str:
    def state(table: Table) -> str:
        said = {"number": table.number}
        if table.review == Table.Review.DISPUTED:
            return _("table %(number)s (disputed, being corrected)") % said
        if table.status == Table.Status.OPEN:
            return _("table %(number)s (still open)") % said
        return _("table %(number)s (awaiting confirmation)") % said

    listed = ", ".join(state(t) for t in tables)
    return _(
        "Not every table is confirmed: %(tables)s. A referee confirms each closed table before "
        "the round ends; an organiser may force the end, with a reason."
    ) % {"tables": listed}


@transaction.atomic
def round_end(
    *, round_id: int, actor: AbstractBaseUser | None = None, force: bool = False, reason: str = ""
) -> Round:
    """End a round from its tables' confirmed results: rank and decide who advances.

    Refused while a table is unconfirmed (open, awaiting confirmation or disputed), unless
    `force` with a reason: then open tables are closed and valued as they stand, and every
    unconfirmed table goes in as it is, marked (its review is not "confirmed") and named
    in the audit trail with the reason.
    """
    round_ = Round.objects.select_for_update().select_related("event").get(pk=round_id)
    if not round_.is_live:
        raise Conflict("round_not_running", _("Only a running round can end."))
    if (played := round_.waves.count()) < round_.wave_count:
        raise Conflict(
            "waves_not_played",
            _("Wave %(wave)s has not played yet: the round ends once every wave has played.")
            % {"wave": played + 1},
        )
    asked = _("Say why the round ends before every table is confirmed.")
    reason = given_reason(reason, asked, required=force)
    event = round_.event
    tables = list(
        round_.tables.select_for_update(of=("self",))
        .select_related("ledger")
        .prefetch_related("seats__player")
        .order_by("number")
    )
    unconfirmed = [t for t in tables if t.review != Table.Review.CONFIRMED]
    if unconfirmed and not force:
        raise Conflict(
            "unconfirmed_tables",
            _unconfirmed_sentence(unconfirmed),
            tables=[
                {"id": t.pk, "number": t.number, "status": t.status, "review": t.review}
                for t in unconfirmed
            ],
        )
    rules = rules_of(event)
    valued = set(
        Result.objects.filter(round=round_).values_list("seat__table_id", flat=True).distinct()
    )
    forced = []
    for table in unconfirmed:
        table.round = round_
        if table.status == Table.Status.OPEN or table.pk not in valued:
            _close(table, rules, actor=actor, forced=reason)
        forced.append(
            {
                "table_id": table.pk,
                "number": table.number,
                "review": table.review,
                "review_note": table.review_note,
            }
        )
    decided = advancement_of(round_)
    results = Result.objects.filter(round=round_)
    results.update(advances=False, undecided=False)
    results.filter(player_id__in=decided.advancing).update(advances=True)
    results.filter(player_id__in=decided.undecided).update(undecided=True)
    save_fields(round_, status=Round.Status.ENDED, ended_at=timezone.now())
    if round_.kind == Round.Kind.FINAL:
        Event.objects.filter(pk=event.pk).update(status=Event.Status.FINISHED)
    audit(
        event_id=event.pk,
        actor=actor,
        action="round_forced_end" if forced else "round_ended",
        subject=f"Round {round_.number}",
        reason=reason,
        data={"round_id": round_.pk, "forced_tables": forced},
    )
    return round_


def _write_table_results(
    table: Table, rules: engine.Rules, state: engine.TableState
) -> list[Result]:
    """Rank the table's seats as the engine values them (a later bankruptcy ranks higher),
    and replace the table's results by these: one row per seat, with its breakdown."""
    seats: dict[int, Seat] = {seat.player_id: seat for seat in table.seats.all()}
    worths = {player: engine.net_worth(state, rules, seat.number) for player, seat in seats.items()}
    order = {number: index for index, number in enumerate(state.bankrupt, start=1)}
    ranked = advancement.rank_table(
        [
            advancement.SeatResult(
                player_id=player,
                table=table.number,
                net_worth=worths[player].total,
                cash=worths[player].cash,
                bankrupt=seat.number in order,
                bankrupt_order=order.get(seat.number, 0),
            )
            for player, seat in seats.items()
        ]
    )
    tie_breaks = advancement.tie_breaks(ranked)
    rows = []
    for row in ranked:
        seat, worth = seats[row.result.player_id], worths[row.result.player_id]
        rows.append(
            Result(
                seat=seat,
                round=table.round,
                player=seat.player,
                cash=worth.cash,
                property_value=worth.property_value,
                building_value=worth.building_value,
                net_worth=worth.total,
                bankrupt=row.result.bankrupt,
                rank=row.rank,
                points=row.points,
                tied=row.tied,
                deeds=recorded_deeds(state, rules, seat.number),
                tie_break=tie_breaks[seat.player_id],
            )
        )
    Result.objects.filter(seat__table=table).delete()
    return Result.objects.bulk_create(rows)


def advancement_of(round_: Round) -> advancement.Advancement:
    """Who goes on from an ended round by the rules, from its stored results (read only):
    the ties among them, each with its places, for the organiser's decisions."""
    event, ranking = round_.event, _stored_ranking(round_)
    if event.plays_every_preliminary and round_.kind == Round.Kind.PRELIMINARY:
        rounds = [
            _stored_ranking(r)
            for r in event.rounds.filter(
                kind=Round.Kind.PRELIMINARY, number__lt=round_.number, status=Round.Status.ENDED
            )
        ]
        return advancement.totals_advance(
            [*rounds, ranking], finalists=event.finalists, by=event.advancement
        )
    tables = [list(group) for _, group in groupby(ranking, key=lambda r: r.result.table)]
    wildcards = event.wildcards if round_.kind == Round.Kind.PRELIMINARY else 0
    return advancement.knockout(tables, wildcards=wildcards)


def _stored_ranking(round_: Round) -> list[advancement.Ranked]:
    return stored_ranking(
        round_.results.select_related("seat__table").order_by(
            "seat__table__number", "rank", "seat__number"
        )
    )
