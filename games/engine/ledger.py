"""A table's history: replaying it, and voiding one entry of it."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from games.engine.apply import HANDLERS, apply_in_place
from games.engine.entries import Entry
from games.engine.rules import Rules
from games.engine.state import Outcome, TableState, Transfer, settle
from games.engine.violations import RuleViolation, Word, gettext_noop


class Recorded(NamedTuple):
    """An entry as the ledger holds it: its number, what it said and the money it moved."""

    seq: int
    entry: Entry
    transfers: tuple[Transfer, ...]


def replay(start: TableState, rules: Rules, entries: Iterable[Entry]) -> TableState:
    """The state after `entries`, from `start` (which is left as it was)."""
    state, handlers = start.copy(), HANDLERS
    for entry in entries:  # apply_in_place, inlined: a ledger replays thousands of entries
        settle(state, handlers[type(entry)](state, entry, rules))
    return state


def void(start: TableState, rules: Rules, history: Sequence[Recorded], seq: int) -> Outcome:
    """The state as if entry `seq` had never been made, and the transfers that reverse it.

    Refused when a later entry depends on it: when, without it, a later entry
    would be refused or would move different money.
    """
    state = start.copy()
    target = None
    for recorded in history:
        if recorded.seq == seq:
            target = recorded
            continue
        try:
            transfers = apply_in_place(state, recorded.entry, rules)
        except RuleViolation as exc:
            raise _dependent(recorded) from exc
        if target is not None and transfers != recorded.transfers:
            raise _dependent(recorded)
    if target is None:
        raise RuleViolation(
            "unknown_entry", gettext_noop("There is no entry %(seq)s to void."), seq=seq
        )
    reverse = tuple(Transfer((t.target, t.source, t.amount)) for t in reversed(target.transfers))
    return Outcome(state, reverse)


def _dependent(recorded: Recorded) -> RuleViolation:
    return RuleViolation(
        "dependent_entries",
        gettext_noop("Entry %(seq)s (%(kind)s) depends on this one: void it first."),
        seq=recorded.seq,
        kind=Word(recorded.entry.kind, kind="entry_kind", code=recorded.entry.kind),
    )
