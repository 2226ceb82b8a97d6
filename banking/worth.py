"""Each seat's net worth over a table's round, after every entry of its ledger: what the
charts of a table draw (the referee's table page, the player's page, the scoresheet, the big
screen's final), and `worth_chart`, which draws it (tournament/charts.py).

The series is replayed from the ledger with the engine, the same valuation the results
use; a void puts the table back as if the entry it undoes had never been made, so the point
after a void is the net worth without that entry. A table's history never changes below its
last entry: its series is kept in the cache with the table's state after that entry, and a
new entry extends it by its own point (the charts are drawn again after each entry, and a
round's ledger runs to hundreds). A void among the new entries changes the table from the
entry it undoes on: the series is then replayed from the start.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, replace
from typing import Any

from django.core.cache import cache
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from banking.ledgers import opening_ledger, parsed, rules_of
from banking.models import Entry, TableLedger
from games import engine
from tournament.charts import Series, line_chart
from tournament.models import Table
from tournament.money import money

KEPT_SECONDS = 3600


@dataclass(frozen=True, slots=True)
class SeatWorth:
    seat: int
    name: str
    values: tuple[int, ...]  # the net worth at the start, then after each entry


@dataclass(frozen=True, slots=True)
class WorthSeries:
    table_id: int
    last_seq: int
    currency: str
    seqs: tuple[int, ...]  # 0 for the start, then each entry's seq
    seats: tuple[SeatWorth, ...]


@dataclass(frozen=True, slots=True)
class _Kept:
    series: WorthSeries
    state: dict[str, Any]  # the table's state after the series' last entry


def worth_series(table: Table) -> WorthSeries:
    """The table's net worth per seat after each entry, as the ledger stands. `table` with
    its round and event."""
    event = table.round.event
    rules = rules_of(event)
    stored = TableLedger.objects.filter(table_id=table.pk).values_list("last_seq", "start")
    last_seq, start = stored.first() or (0, None)
    key = f"worth:{table.pk}"
    kept: _Kept | None = cache.get(key)
    if kept is not None and kept.series.last_seq >= last_seq:
        # kept by a reader of a later ledger; the currency, the event's as it is now
        return replace(_up_to(kept.series, last_seq), currency=event.currency)
    extended = _extended(table, kept, rules) if kept is not None else None
    if extended is None:
        begin = engine.TableState.from_dict(start or opening_ledger(table, rules).start)
        extended = _replayed(table, begin, rules)
    cache.set(key, extended, KEPT_SECONDS)
    return replace(extended.series, currency=event.currency)


def _up_to(series: WorthSeries, last_seq: int) -> WorthSeries:
    """The series as it was after entry `last_seq`."""
    if series.last_seq == last_seq:
        return series
    count = bisect_right(series.seqs, last_seq)
    return replace(
        series,
        last_seq=series.seqs[count - 1],
        seqs=series.seqs[:count],
        seats=tuple(replace(seat, values=seat.values[:count]) for seat in series.seats),
    )


def _extended(table: Table, kept: _Kept, rules: engine.Rules) -> _Kept | None:
    """The kept series with a point for each entry after it; None if one of them is a void
    (the series must then be replayed from the start)."""
    series = kept.series
    entries = list(Entry.objects.filter(table=table, seq__gt=series.last_seq).order_by("seq"))
    if any(entry.kind == Entry.VOID for entry in entries):
        return None
    state = engine.TableState.from_dict(kept.state)
    seats = [seat.seat for seat in series.seats]
    points = []
    for entry in entries:
        state = engine.apply(state, parsed(entry), rules).state
        points.append(_worths(state, rules, seats))
    return _Kept(
        replace(
            series,
            last_seq=entries[-1].seq if entries else series.last_seq,
            seqs=series.seqs + tuple(entry.seq for entry in entries),
            seats=tuple(
                replace(seat, values=seat.values + tuple(p[i] for p in points))
                for i, seat in enumerate(series.seats)
            ),
        ),
        state.as_dict(),
    )


def _replayed(table: Table, begin: engine.TableState, rules: engine.Rules) -> _Kept:
    seats = sorted(begin.cash)
    entries = list(Entry.objects.filter(table=table).order_by("seq"))
    state, counting = begin.copy(), []  # the entries that count so far, oldest first
    seqs, points = [0], [_worths(begin, rules, seats)]
    for entry in entries:
        if entry.kind == Entry.VOID:
            counting = [e for e in counting if e.pk != entry.voids_id]
            state = engine.replay(begin, rules, (parsed(e) for e in counting))
        else:
            counting.append(entry)
            state = engine.apply(state, parsed(entry), rules).state
        seqs.append(entry.seq)
        points.append(_worths(state, rules, seats))
    series = WorthSeries(
        table_id=table.pk,
        last_seq=entries[-1].seq if entries else 0,
        currency=table.round.event.currency,
        seqs=tuple(seqs),
        seats=tuple(
            SeatWorth(seat, begin.name(seat), tuple(p[i] for p in points))
            for i, seat in enumerate(seats)
        ),
    )
    return _Kept(series, state.as_dict())


def _worths(state: engine.TableState, rules: engine.Rules, seats: list[int]) -> list[int]:
    return [engine.net_worth(state, rules, seat).total for seat in seats]


def worth_chart(series: WorthSeries, **options: Any) -> SafeString:
    """The series drawn: one line a seat, named at its end, money on the side; `options`,
    any of line_chart's width, height, text and named. Its words in the reader's language,
    its money as the pages write it."""
    last = _("Entry %(seq)s") % {"seq": series.last_seq} if series.last_seq else ""
    return line_chart(
        [Series(seat.name, seat.values) for seat in series.seats],
        title=_("Net worth of each player after each entry"),
        value_text=lambda value: money(value, series.currency),
        first=_("Start"),
        last=last,
        **options,
    )
