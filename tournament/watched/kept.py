"""What the pages that watch many tables keep of their work, under the versions of what it
shows (selectors.WatchedVersions): the referees' overview keeps each table's card, the big
screen its head (the clock, the bracket rendered, who sits where) and each table's board,
rendered. A page asks here, giving what makes each part, and renders what it gets; the
keys, the versions they name and where each thing is kept are this module's alone.

Kept in two places: the shared cache (Redis when `CACHE_URL` names one, so that every
worker of every web server shares it; else each process's memory: tournament/cache.py),
and each process's own copy of what it last took from there (`kept_here`), so that a page
reloaded by many people costs a trip to Redis only for what changed since this process
last showed it. What is kept is only ever a copy made from PostgreSQL under the version of
what it shows, so losing it costs time, never correctness. What holds words is kept in
each reader's language: its key names the language too.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from django.core.cache import cache
from django.utils.translation import get_language

from tournament import selectors as event_selectors
from tournament.models import Event, Round
from tournament.room import selectors as room_selectors
from tournament.watched.selectors import WatchedVersions

#: How long the shared cache keeps a card or a screen's head nobody asks for.
KEPT_SECONDS = 600
#: The referees' list of tables needing attention is judged again after this long.
ATTENTION_KEPT_SECONDS = 5


class KeptHere:
    """Each process's own copy of what it last took from the shared cache, one set per
    scope (an event's overview, its screen).

    Keys name the version of what they hold, so a copy is never out of date, only unused:
    each `keep` replaces the scope's set with the one an answer used, and what no longer
    shows is dropped with it."""

    def __init__(self) -> None:
        self._sets: dict[Any, dict[str, Any]] = {}

    def get_many(
        self, scope: Any, keys: list[str], *, shared: Sequence[str] = ()
    ) -> dict[str, Any]:
        """These keys' values: this process's copy first, then the shared cache, which is
        asked in the same call for the `shared` keys (values shared but never kept here,
        such as those kept for a few seconds)."""
        found = self.here_many(scope, keys)
        rest = [key for key in keys if key not in found]
        if rest or shared:
            found.update(cache.get_many([*rest, *shared]))
        return found

    def here_many(self, scope: Any, keys: list[str]) -> dict[str, Any]:
        """These keys' values in this process's copy only, those it has: for what is
        cheaper to work out again than to share."""
        here = self._sets.get(scope, {})
        return {key: here[key] for key in keys if key in here}

    def keep(self, scope: Any, values: dict[str, Any]) -> None:
        """This scope's set is now these values (those an answer used)."""
        self._sets[scope] = values

    def clear(self) -> None:
        self._sets.clear()


#: This process's copies (KeptHere), shared by the pages that keep their work.
kept_here = KeptHere()


# ---------------------------------------------------------------- the referees' overview


@dataclass(frozen=True)
class Overview:
    """The overview's parts: the current rounds, each watched table's card as the page
    made it (in the page's order), and the tables needing attention."""

    rounds: list[Round]
    cards: list[Any]
    attention: Any


#: Makes the cards of these tables (ids), of these rounds, on a page showing one round or
#: many: each table's card by its id.
Cards = Callable[[list[int], list[Round], bool], dict[int, Any]]


def overview(event: Event, versions: WatchedVersions, *, cards: Cards) -> Overview:
    """The overview, each table's card made once for every referee and kept until the
    table changes: twenty phones reloading a page of a hundred tables cost the tables that
    changed since the last reload, not a hundred. The current rounds are kept in this
    process while the event's head (its rounds among it) is unchanged."""
    scope = ("overview", event.pk)
    rounds_key = f"rounds:{versions.head}"
    rounds = kept_here.here_many(scope, [rounds_key]).get(rounds_key)
    if rounds is None:
        rounds = event_selectors.current_rounds(event=event)
    else:  # kept by an earlier request: this request's event, as current_rounds gives it
        for round_ in rounds:
            round_.event = event
    many = len(rounds) > 1
    ids = versions.tables_of(r.pk for r in rounds)
    language = f"{get_language()}:{event.currency}"  # the words, and how money is written
    keys = {tid: f"referee-table:{tid}:{versions.tables[tid][1]}:{many}:{language}" for tid in ids}
    # The tables needing attention, as the desk's control room judges them, judged again at
    # most every few seconds for all the referees (their reasons count minutes); read with
    # the tables, in one call to the cache.
    attention_key = f"referee-attention:{event.pk}:{language}"
    kept = kept_here.get_many(scope, list(keys.values()), shared=[attention_key])
    attention = kept.pop(attention_key, None)
    if attention is None:
        attention = room_selectors.tables_needing_attention(event_id=event.pk)
        cache.set(attention_key, attention, ATTENTION_KEPT_SECONDS)
    missing = [tid for tid in ids if keys[tid] not in kept]
    if missing:
        fresh = {keys[tid]: card for tid, card in cards(missing, rounds, many).items()}
        cache.set_many(fresh, KEPT_SECONDS)
        kept.update(fresh)
    kept_here.keep(scope, {rounds_key: rounds, **kept})
    return Overview(rounds, [kept[keys[tid]] for tid in ids], attention)


# ------------------------------------------------------------------------ the big screen


@dataclass(frozen=True)
class ScreenHead:
    """What the screen shows but its tables (`shown`, as the page made it: its bracket
    rendered), the rounds whose tables it shows, and who sits at them (as the page read
    them)."""

    shown: dict[str, Any]
    rounds: list[int]
    seats: Any


@dataclass(frozen=True)
class Screen:
    """The screen's parts: its head, and each shown table as the page made it (its board
    rendered), in the screen's order."""

    head: ScreenHead
    tables: list[dict[str, Any]]


def screen(
    versions: WatchedVersions,
    *,
    head: Callable[[], tuple[dict[str, Any], list[int]]],
    seats: Callable[[list[int]], Any],
    tables: Callable[[list[int], Any, bool], Iterable[dict[str, Any]]],
    showing: Collection[int] | None = None,
) -> Screen:
    """The screen, its parts kept until what they show changes: the head (`head`: what it
    shows and the ids of the rounds whose tables show; `seats`: who sits at these tables)
    until a round, table, seat or result changes, each table's board (`tables`: these
    tables, given the seats, on a screen showing one round or many) until that table
    changes. Only what changed is worked out and rendered, and of the tables only those
    the screen is `showing` (their ids; None: all), as a screen that shows its tables
    page by page asks for the page it shows.

    The head holds the whole bracket, rendered, which grows with the night (at 30 rounds
    of 100 tables, reading it from Redis cost more than the rest of a poll): each process
    keeps its own copy and reads the shared one only when its version moved. The boards
    are shared as the referees' cards are: a screen's next poll comes to another worker,
    which last answered it several polls ago, and renders only the boards that changed
    since the last poll, whichever worker answered it (and a second screen none)."""
    event = versions.event
    if event is None:
        raise ValueError("The screen's versions are read with their event.")
    scope = ("screen", event.pk)
    # Named anew whenever the kept head's or boards' shape changes: a web server still
    # running the release before reads only what has its own shape.
    language = f"{get_language()}:{event.currency}"  # the words, and how money is written
    head_key = f"screen-head-v8:{event.pk}:{versions.bracket}:{language}"
    kept_head: ScreenHead | None = kept_here.get_many(scope, [head_key]).get(head_key)
    if kept_head is None:
        shown, rounds = head()
        # Who sits at the tables shown: they change with the head (the event's version
        # moves with seats and players), not with an entry.
        kept_head = ScreenHead(shown, rounds, seats(versions.tables_of(rounds)))
        cache.set(head_key, kept_head, KEPT_SECONDS)
    ids = versions.tables_of(kept_head.rounds)
    many = len({versions.tables[tid][0] for tid in ids}) > 1
    if showing is not None:
        ids = [tid for tid in ids if tid in showing]
    keys = {
        tid: f"screen-board-v3:{tid}:{versions.tables[tid][1]}:{many}:{language}" for tid in ids
    }
    kept = kept_here.get_many(scope, list(keys.values()))
    missing = [tid for tid in ids if keys[tid] not in kept]
    if missing:
        fresh = {keys[t["id"]]: t for t in tables(missing, kept_head.seats, many)}
        cache.set_many(fresh, KEPT_SECONDS)
        kept.update(fresh)
    kept_here.keep(scope, {head_key: kept_head, **kept})
    return Screen(kept_head, [kept[keys[tid]] for tid in ids])
