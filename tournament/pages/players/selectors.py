"""Selectors for the players' own pages (/p/<token>/): what one player may see.

A player sees their table and seat in the current round once the organiser has released
the seating, the round clock, their balance and deeds as the banker records them (the
table's stored state), the cash and net worth of the players at their own table (what
the big screen shows of every table anyway), their results so far and whether and where
they play next. Nothing about other tables, and nothing private of anyone (email, team,
tokens, keys).

Polling must be cheap (400 players every ten seconds: bench/players.py), so this module
reads with plain SQL rather than the ORM, whose query building costs more than the
queries. `player_version` fingerprints, in one short query, everything the page shows
but the table's stored state, whose sequence number it includes (the ETag): a poll with
nothing new stops there with a 304. Otherwise `player_page` reads the same rows and the
table's stored state (five short statements, one round trip on PostgreSQL), and
`player_status` shapes them.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from django.db import connection
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from banking.ledgers import rules_of
from banking.models import TableLedger
from banking.selectors import seat_row, space_row
from games import engine
from tournament.models import Event, Player, Result, Round, Seat, Table
from tournament.results.shape import result_row
from tournament.results.standings import leaderboard
from tournament.selectors import seating_shown
from tournament.timezones import event_zone

#: Bump when the page starts showing something the statements below do not read.
STAMP_FORMAT = "3"


@dataclass(frozen=True, slots=True)
class _Player:
    id: int
    name: str
    checked_in: bool
    event_name: str
    charity: str
    edition: str
    variants: dict[str, bool]
    advancement: str
    time_zone: str


@dataclass(frozen=True, slots=True)
class _Round:
    """What the page needs of a round (the names `seating_shown` reads too)."""

    pk: int
    number: int
    kind: str
    status: str
    released_at: datetime | None
    started_at: datetime | None
    ends_at: datetime | None
    ended_at: datetime | None
    time_limit_minutes: int


@dataclass(frozen=True, slots=True)
class _Result:
    rank: int
    net_worth: int
    cash: int
    property_value: int
    building_value: int
    bankrupt: bool
    points: int
    tied: bool
    advances: bool
    undecided: bool
    review: str
    override_reason: str
    tie_break: str
    deeds: list[dict[str, Any]] | None


@dataclass(frozen=True, slots=True)
class _Seat:
    number: int
    table_id: int
    table_number: int
    table_closed: bool
    round_id: int
    last_seq: int
    last_entry_at: datetime | None
    result: _Result | None


@dataclass(frozen=True, slots=True)
class PlayerPage:
    """One player's page as stored, read in one round trip, and its version (ETag)."""

    player: _Player
    rounds: list[_Round]
    seats: list[_Seat]
    mates: dict[int, list[tuple[int, int, str]]]  # table id -> (seat, player id, name)
    version: str
    latest_state: tuple[int, Any] | None = None  # (table id, stored state) of their last table


def _statements() -> list[str]:
    """The four statements the version covers, each taking the token once. Table names come
    from the models and the token is a parameter: nothing here is built from input."""
    player, event, round_ = Player._meta.db_table, Event._meta.db_table, Round._meta.db_table
    seat, table, result = Seat._meta.db_table, Table._meta.db_table, Result._meta.db_table
    ledger = TableLedger._meta.db_table
    # The round's status as read now (Round.status_now): a running round whose clock ran
    # out is time called, and the version changes with it.
    running, called = Round.Status.RUNNING.value, Round.Status.TIME_CALLED.value
    status = (
        f"CASE WHEN r.status = '{running}' AND r.ends_at <= CURRENT_TIMESTAMP "
        f"THEN '{called}' ELSE r.status END"
    )
    return [
        f"SELECT p.id, p.name, p.checked_in, e.name, e.charity, e.edition, e.variants, "  # noqa: S608
        f"e.advancement, e.time_zone FROM {player} p JOIN {event} e ON e.id = p.event_id "
        f"WHERE p.token = %s",
        f"SELECT r.id, r.number, r.kind, {status}, r.released_at, r.started_at, r.ends_at, "  # noqa: S608
        f"r.ended_at, r.time_limit_minutes FROM {round_} r "
        f"JOIN {player} p ON p.event_id = r.event_id WHERE p.token = %s ORDER BY r.number",
        f"SELECT s.number, t.id, t.number, t.status, t.round_id, l.last_seq, l.last_entry_at, "  # noqa: S608
        f"res.rank, res.net_worth, res.cash, res.property_value, res.building_value, "
        f"res.bankrupt, res.points, res.tied, res.advances, res.undecided, t.review, "
        f"res.override_reason, res.tie_break, res.deeds "
        f"FROM {seat} s JOIN {player} p ON p.id = s.player_id "
        f"JOIN {table} t ON t.id = s.table_id "
        f"LEFT JOIN {ledger} l ON l.table_id = t.id "
        f"LEFT JOIN {result} res ON res.seat_id = s.id WHERE p.token = %s ORDER BY s.id",
        f"SELECT o.table_id, o.number, o.player_id, q.name FROM {seat} s "  # noqa: S608
        f"JOIN {player} p ON p.id = s.player_id JOIN {seat} o ON o.table_id = s.table_id "
        f"JOIN {player} q ON q.id = o.player_id WHERE p.token = %s "
        f"ORDER BY o.table_id, o.number",
    ]


def _latest_state_sql() -> str:
    """The stored state of the table of the player's latest round (the only one their page
    can show); read with the rows, not part of the fingerprint (its `last_seq` is)."""
    player, seat, table = Player._meta.db_table, Seat._meta.db_table, Table._meta.db_table
    round_, ledger = Round._meta.db_table, TableLedger._meta.db_table
    return (
        f"SELECT l.table_id, l.state FROM {seat} s JOIN {player} p ON p.id = s.player_id "  # noqa: S608
        f"JOIN {table} t ON t.id = s.table_id JOIN {round_} r ON r.id = t.round_id "
        f"JOIN {ledger} l ON l.table_id = t.id WHERE p.token = %s "
        f"ORDER BY r.number DESC LIMIT 1"
    )


_STATEMENTS: list[str] = []


def _statements_once() -> list[str]:
    if not _STATEMENTS:
        _STATEMENTS.extend(_statements())
    return _STATEMENTS


def _fingerprint_sql() -> str:
    """PostgreSQL only: the same four statements, fingerprinted in the database, so that a
    poll with nothing new reads one short row (the player's id and an md5)."""
    player = Player._meta.db_table
    parts = ", ".join(
        f"coalesce((SELECT string_agg(x::text, ';') FROM ({statement}) AS x), '')"  # noqa: S608
        for statement in _statements_once()
    )
    return f"SELECT (SELECT id FROM {player} WHERE token = %s), md5(concat_ws('|', {parts}))"  # noqa: S608


_FINGERPRINT: list[str] = []


def _fetch(token: str, fingerprinted: bool) -> tuple[str | None, list[list[tuple[Any, ...]]]]:
    """The four statements' rows and the latest table's stored state, and on PostgreSQL
    their fingerprint unless the caller has it already (`fingerprinted`): one round trip."""
    statements = [*_statements_once(), _latest_state_sql()]
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            fingerprint, sets = None, []
            if fingerprinted:
                cursor.execute("; ".join(statements), [token] * len(statements))
                sets.append(cursor.fetchall())
            else:
                if not _FINGERPRINT:
                    _FINGERPRINT.append(_fingerprint_sql())
                sql = "; ".join([_FINGERPRINT[0], *statements])
                cursor.execute(sql, [token] * (1 + len(_statements_once()) + len(statements)))
                fingerprint = cursor.fetchone()[1]
            while cursor.nextset():
                sets.append(cursor.fetchall())
            return fingerprint, sets
        sets = []
        for statement in statements:
            cursor.execute(statement, [token])
            sets.append(cursor.fetchall())
        return None, sets


def player_version(token: str) -> str | None:
    """The version (ETag) of the page this token opens; None for a wrong token. One short
    query on PostgreSQL: all a poll with nothing new costs."""
    if not token or len(token) > 64:
        return None
    if connection.vendor != "postgresql":
        page = player_page(token)
        return page.version if page is not None else None
    if not _FINGERPRINT:
        _FINGERPRINT.append(_fingerprint_sql())
    with connection.cursor() as cursor:
        cursor.execute(_FINGERPRINT[0], [token] * (1 + len(_statements_once())))
        player_id, fingerprint = cursor.fetchone()
    return None if player_id is None else _version(fingerprint)


def _version(fingerprint: str) -> str:
    return f"{STAMP_FORMAT}-{fingerprint[:24]}"


def _when(value: Any) -> datetime | None:
    """A timestamp as the database gave it, aware (SQLite gives it naive, in UTC)."""
    if value is None:
        return None
    parsed = value if isinstance(value, datetime) else parse_datetime(str(value))
    if parsed is not None and parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=UTC)
    return parsed


def player_page(token: str, *, version: str | None = None) -> PlayerPage | None:
    """The player whose link holds this token, what their page shows (with the stored
    state of their latest table) and its version; None for a wrong token. One round trip
    on PostgreSQL. A caller that
    has just read the `version` passes it: it is not computed again (what changed since
    makes the next poll's fingerprint differ, and that poll reads it)."""
    if not token or len(token) > 64:
        return None
    fingerprint, sets = _fetch(token, fingerprinted=version is not None)
    if not sets[0]:
        return None
    pid, name, checked_in, event_name, charity, edition, variants, advancement, zone = sets[0][0]
    if isinstance(variants, str):
        variants = json.loads(variants)
    player = _Player(
        pid,
        name,
        bool(checked_in),
        event_name,
        charity,
        edition,
        variants or {},
        advancement,
        zone,
    )
    rounds = [
        _Round(r[0], r[1], r[2], r[3], _when(r[4]), _when(r[5]), _when(r[6]), _when(r[7]), r[8])
        for r in sets[1]
    ]
    seats = [
        _Seat(
            number=row[0],
            table_id=row[1],
            table_number=row[2],
            table_closed=row[3] == Table.Status.CLOSED,
            round_id=row[4],
            last_seq=row[5] or 0,
            last_entry_at=_when(row[6]),
            result=None
            if row[7] is None
            else _Result(
                *row[7:12],
                bool(row[12]),
                row[13],
                *(bool(x) for x in row[14:17]),
                *row[17:20],
                json.loads(row[20]) if isinstance(row[20], str) else row[20],
            ),
        )
        for row in sets[2]
    ]
    mates: dict[int, list[tuple[int, int, str]]] = {}
    for table_id, number, player_id, mate in sets[3]:
        mates.setdefault(table_id, []).append((number, player_id, mate))
    if version is None:
        if fingerprint is None:  # not PostgreSQL: the same rows, fingerprinted here
            stamp = repr(sets[:4]).encode()
            fingerprint = hashlib.md5(stamp, usedforsecurity=False).hexdigest()
        version = _version(fingerprint)
    latest = sets[4][0] if sets[4] else None
    return PlayerPage(player, rounds, seats, mates, version, latest)


def _stored_state(page: PlayerPage, table_id: int) -> dict[str, Any] | None:
    if page.latest_state is None or page.latest_state[0] != table_id:
        return None
    state = page.latest_state[1]
    return json.loads(state) if isinstance(state, str) else state


def _round(round_: _Round, player: _Player) -> dict[str, Any]:
    ends_at = round_.ends_at
    zone = event_zone(player)
    return {
        "id": round_.pk,
        "number": round_.number,
        "kind": round_.kind,
        "kind_label": Round.Kind(round_.kind).label,
        "status": round_.status,
        "status_label": Round.Status(round_.status).label,
        "time_limit_minutes": round_.time_limit_minutes,
        "started_at": round_.started_at,
        "ends_at": ends_at,
        # When time is called, as the hall's clocks read it (the event's time zone).
        "ends_at_text": f"{timezone.localtime(ends_at, zone):%H:%M}" if ends_at else "",
        "last_turn": round_.status == Round.Status.TIME_CALLED,
        "ended": round_.status == Round.Status.ENDED,
        "released": seating_shown(round_),
    }


def _result(result: _Result, round_: _Round, seat: _Seat, player: _Player) -> dict[str, Any]:
    """The player's own result in an ended round, shaped as everywhere (shape.result_row),
    with the round; not their team (nothing private on this page)."""
    stored = Result(
        seat=Seat(
            number=seat.number,
            table=Table(pk=seat.table_id, number=seat.table_number, review=result.review),
        ),
        round=Round(pk=round_.pk, number=round_.number, status=round_.status),
        player=Player(pk=player.id, name=player.name),
        cash=result.cash,
        property_value=result.property_value,
        building_value=result.building_value,
        net_worth=result.net_worth,
        bankrupt=result.bankrupt,
        rank=result.rank,
        points=result.points,
        tied=result.tied,
        advances=result.advances,
        undecided=result.undecided,
        override_reason=result.override_reason,
        tie_break=result.tie_break,
        deeds=result.deeds,
    )
    row = result_row(stored)
    del row["team"]
    return {**row, "round": round_.number, "kind_label": Round.Kind(round_.kind).label}


def _table(page: PlayerPage, seat: _Seat, rules: engine.Rules) -> dict[str, Any]:
    """The player's table from its stored state: every seat's cash and net worth (a small
    leaderboard), and the player's own balance, breakdown and deeds."""
    mates = page.mates.get(seat.table_id, [])
    names = {number: name for number, _player_id, name in mates}
    player_ids = {number: player_id for number, player_id, _name in mates}
    stored = _stored_state(page, seat.table_id)
    if stored is not None:
        state = engine.TableState.from_dict(stored)
    else:  # no entry yet: everybody at the start (computed here: reading never writes)
        state = engine.new_table(rules, names)
    everyone = [seat_row(state, rules, n, player_ids[n], names[n]) for n in sorted(names)]
    mine = next(s for s in everyone if s["seat"] == seat.number)
    deeds = [
        deed
        for deed in (space_row(state, rules, space) for space in rules.edition.deeds)
        if deed["owner"] == seat.number
    ]
    board = leaderboard(everyone)
    for row in board:
        row["you"] = row["seat"] == seat.number
        row.pop("deeds", None)
    return {
        "id": seat.table_id,
        "number": seat.table_number,
        "seat": seat.number,
        "closed": seat.table_closed,
        "currency": rules.edition.currency,
        "last_seq": seat.last_seq,
        "last_entry_at": seat.last_entry_at,
        "me": {
            "cash": mine["cash"],
            "property_value": mine["property_value"],
            "building_value": mine["building_value"],
            "net_worth": mine["net_worth"],
            "bankrupt": mine["bankrupt"],
            "jail_cards": mine["jail_cards"],
            "place": next(row["place"] for row in board if row["you"]),
            "deeds": [
                {
                    "name": d["name"],
                    "group": d["group"],
                    "houses": d["houses"],
                    "hotel": d["hotel"],
                    "mortgaged": d["mortgaged"],
                }
                for d in deeds
            ],
        },
        "players": board,
    }


CHECK_IN = {
    "state": "check_in",
    "text": "Check in at the desk first: show them the QR code on this page.",
}
OUT = {"state": "out", "text": "You do not go through this time. Thank you for playing!"}
NOT_IN_THE_FINAL = {
    "state": "not_seated",
    "text": "You are not seated in the final: it is for the players who went through. "
    "Thank you for coming!",
}


def _waiting(which: str) -> dict[str, str]:
    """Checked in, for the seating of the `which` ("first", "next") round."""
    return {
        "state": "waiting",
        "text": "You are checked in. Your table appears here once the organiser releases the "
        f"{which} round's seating.",
    }


def _eliminated(player: _Player, current: _Round, last: _Result | None) -> bool:
    """Whether the player's last result keeps them out of `current`: they did not go
    through (on points, everyone plays on until the final)."""
    if last is None or last.advances or last.undecided:
        return False
    return player.advancement != Event.Format.POINTS or current.kind == Round.Kind.FINAL


def _next(
    player: _Player,
    current: _Round | None,
    later: list[_Round],
    seated: bool,
    result: _Result | None,
    last: _Result | None,
) -> dict[str, str]:
    """Whether and where the player plays next, in one sentence, and their state: check_in,
    waiting or coming_soon (for a seating), seated, playing, not_seated (this round), out,
    through, points or undecided (after a round), won or over (the final). `result` is
    theirs in `current` once it ended; `last`, their result in the rounds before it."""
    if current is None:
        if not player.checked_in:
            return CHECK_IN
        return _waiting("first")
    # Someone who played a round was there: only a newcomer is asked to check in.
    absent = not player.checked_in and last is None
    label = f"round {current.number}"
    if current.status != Round.Status.ENDED:
        if _eliminated(player, current, last):
            return OUT
        if current.kind == Round.Kind.FINAL and not seated and last is None:
            return NOT_IN_THE_FINAL  # a late arrival joins a preliminary round, never a final
        if not seating_shown(current):
            if absent:
                return CHECK_IN
            return {
                "state": "coming_soon",
                "text": f"Stay close: {label} is being seated. The tables appear on the big "
                "screen and on this page at the same moment.",
            }
        if seated and current.status == Round.Status.SEATED:
            return {
                "state": "seated",
                "text": "Find your table and take your seat: the clock starts when the "
                "organiser starts the round.",
            }
        if seated:
            return {
                "state": "playing",
                "text": "Good luck! When time is called, finish the turn; your banker then "
                "closes the table and the result is checked.",
            }
        if absent:
            why = "you were not checked in. Ask at the desk."
        elif last is None:
            why = "you checked in after it was seated. The desk can seat you in the next round."
        else:
            why = "ask at the desk."
        return {"state": "not_seated", "text": f"You are not seated in {label}: {why}"}
    # The current round has ended.
    if current.kind == Round.Kind.FINAL:
        if result is not None and result.rank == 1:
            return {"state": "won", "text": "You won the final. Congratulations!"}
        return {"state": "over", "text": "The final is over. Thank you for playing!"}
    if result is None:
        if _eliminated(player, current, last):
            return OUT
        if last is None and any(r.kind == Round.Kind.FINAL for r in later):
            return NOT_IN_THE_FINAL
        return CHECK_IN if absent else _waiting("next")
    if result.undecided:
        return {
            "state": "undecided",
            "text": "You are tied for a place in the next round: the organiser decides.",
        }
    points = player.advancement == Event.Format.POINTS
    if points and not any(r.kind == Round.Kind.FINAL for r in later):
        more = "you would reach the final" if result.advances else "you would not reach the final"
        return {
            "state": "points",
            "text": f"Everyone plays on until the final; on the points so far {more}. "
            "Your next table appears here once the organiser releases the seating.",
        }
    if result.advances:
        return {
            "state": "through",
            "text": "You go through to the next round. Your table appears here once the "
            "organiser releases the seating.",
        }
    return OUT


def player_status(page: PlayerPage) -> dict[str, Any]:
    """Everything the player's own page shows, JSON-ready, with its `version`. No query:
    `player_page` read it all."""
    player = page.player
    rules = rules_of(Event(edition=player.edition, variants=player.variants))
    rounds = page.rounds
    by_round = {seat.round_id: seat for seat in page.seats}
    on_stage = [r for r in rounds if r.status != Round.Status.PLANNED]
    current = on_stage[-1] if on_stage else None
    later = [r for r in rounds if current is not None and r.number > current.number]

    seat = by_round.get(current.pk) if current is not None else None
    table = None
    if seat is not None and current is not None and seating_shown(current):
        table = _table(page, seat, rules)

    results = []
    for round_ in rounds:
        mine = by_round.get(round_.pk)
        if round_.status == Round.Status.ENDED and mine is not None and mine.result is not None:
            results.append(_result(mine.result, round_, mine, player))
    current_result = None
    if current is not None and current.status == Round.Status.ENDED:
        mine = by_round.get(current.pk)
        current_result = mine.result if mine is not None else None
    earlier = [
        by_round[r.pk]
        for r in rounds
        if current is not None and r.number < current.number and r.pk in by_round
    ]
    last = next((seat.result for seat in reversed(earlier) if seat.result is not None), None)
    return {
        "version": page.version,
        "player": {"name": player.name, "checked_in": player.checked_in},
        "event": {"name": player.event_name, "charity": player.charity},
        "currency": rules.edition.currency,
        "round": _round(current, player) if current is not None else None,
        "seating": (
            "none"
            if current is None
            else "coming_soon"
            if not seating_shown(current)
            else "seated"
            if table is not None
            else "not_seated"
        ),
        "table": table,
        "results": results,
        "next": _next(player, current, later, table is not None, current_result, last),
    }
