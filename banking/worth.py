"""Each seat's net worth over a table's round, after every entry of its ledger: what the
charts of a table draw (the referee's table page, the player's page, the scoresheet, the big
screen's final), and `worth_chart`, which draws it (tournament/charts.py).

The series is replayed from the ledger with the engine, the same valuation the results
use; a void puts the table back as if the entry it undoes had never been made, so the point
after a void is the net worth without that entry. Kept in the cache under the ledger's
last sequence number: a table's history never changes below it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.core.cache import cache
from django.utils.safestring import SafeString

from banking.ledgers import opening_ledger, rules_of
from banking.models import Entry, TableLedger
from games import engine
from games.engine.money import money
from tournament.charts import Series, line_chart
from tournament.models import Table

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


def worth_series(table: Table) -> WorthSeries:
    """The table's net worth per seat after each entry, kept until its next entry."""
    rules = rules_of(table.round.event)
    stored = TableLedger.objects.filter(table_id=table.pk).values_list("last_seq", "start")
    last_seq, start = stored.first() or (0, None)
    key = f"worth:{table.pk}:{last_seq}"
    kept = cache.get(key)
    if kept is None:
        kept = _replayed(table, start or opening_ledger(table, rules).start, rules)
        cache.set(key, kept, KEPT_SECONDS)
    return kept


def _replayed(table: Table, start: dict[str, Any], rules: engine.Rules) -> WorthSeries:
    begin = engine.TableState.from_dict(start)
    seats = sorted(begin.cash)
    entries = list(Entry.objects.filter(table=table).order_by("seq"))
    state, counting = begin.copy(), []  # the entries that count so far, oldest first
    seqs, points = [0], [_worths(begin, rules, seats)]
    for entry in entries:
        if entry.kind == Entry.VOID:
            counting = [e for e in counting if e.pk != entry.voids_id]
            state = engine.replay(begin, rules, (_parsed(e) for e in counting))
        else:
            counting.append(entry)
            state = engine.apply(state, _parsed(entry), rules).state
        seqs.append(entry.seq)
        points.append(_worths(state, rules, seats))
    return WorthSeries(
        table_id=table.pk,
        last_seq=entries[-1].seq if entries else 0,
        currency=rules.edition.currency,
        seqs=tuple(seqs),
        seats=tuple(
            SeatWorth(seat, begin.name(seat), tuple(p[i] for p in points))
            for i, seat in enumerate(seats)
        ),
    )


def _parsed(entry: Entry) -> engine.Entry:
    return engine.parse_entry({"kind": entry.kind, **entry.fields})


def _worths(state: engine.TableState, rules: engine.Rules, seats: list[int]) -> list[int]:
    return [engine.net_worth(state, rules, seat).total for seat in seats]


def worth_chart(
    series: WorthSeries, *, width: int = 640, height: int = 260, text: int = 12
) -> SafeString:
    """The series drawn: one line a seat, named at its end, money on the side."""
    return line_chart(
        [Series(seat.name, seat.values) for seat in series.seats],
        title="Net worth of each player after each entry",
        value_text=lambda value: money(value, series.currency),
        first="Start",
        last=f"Entry {series.last_seq}" if series.last_seq else "",
        width=width,
        height=height,
        text=text,
    )
