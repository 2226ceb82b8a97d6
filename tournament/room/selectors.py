"""The control room's reads: one tile per table of a round (its status, its tablet, its
latest entry, its leader) and the reasons it needs attention, judged here, on the server,
against the event's thresholds (Event.attention_*). Shared by the desk and the referees.

Two queries whatever the number of tables: the round with its event, then its tables with
their ledger's and tablet's rows, the ledger's row with the leader it keeps after each
entry. The desk's round page, and its poll, read both in one round trip, with each
table's latest entry's kind (`desk_rows_read`); the page's table cards read who sits and
banks at each table (`round_table_status`). The hand-written statements are in
queries.py. `now` is the clock, settable in tests.
"""

from __future__ import annotations

from datetime import datetime
from types import SimpleNamespace
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from banking.entry_words import kind_label
from banking.ledgers import rules_of
from banking.services.tablets import offline_since
from games import engine
from tournament.http.rows import Read, id_list, read_all
from tournament.models import Round, Seat, Table
from tournament.room.queries import desk_tables_sql, room_tables_sql
from tournament.selectors import console_path
from tournament.text import isolated
from tournament.when import ago

#: A tile's status: its review once closed (awaiting, disputed, confirmed), else open or closed.
STATUS_LABELS = dict(Table.Status.choices + Table.Review.choices)
#: A tablet that has never reported.
NEVER_OPENED = gettext_lazy("never opened")


def _minutes(seconds: float) -> int:
    return max(0, int(seconds // 60))


def _tablet(table: Row, now: datetime) -> dict[str, Any]:
    """The tablet as the desk sees it: online, offline (silent, or saying its sends fail)
    since when, with how many entries waiting; or never opened."""
    beat = table.tablet
    if beat is None:
        return {
            "state": "never",
            "words": str(NEVER_OPENED),
            "outbox": 0,
            "offline_seconds": 0,
            "back": None,
        }
    since = offline_since(beat, now, last_entry_at=table.last_entry_at)
    # Entries that reached the bank after the tablet's last report were sent from what it
    # then said was waiting.
    outbox = 0 if table.last_entry_at and table.last_entry_at > beat.seen_at else beat.outbox
    seconds = (now - since).total_seconds() if since is not None else 0
    said = {"minutes": _minutes(seconds), "outbox": outbox}
    if since is None and outbox:
        words = ngettext(
            "online, %(outbox)s entry waiting", "online, %(outbox)s entries waiting", outbox
        )
    elif since is None:
        words = _("online")
    elif outbox:
        words = ngettext(
            "offline %(minutes)s min, %(outbox)s entry waiting",
            "offline %(minutes)s min, %(outbox)s entries waiting",
            outbox,
        )
    else:
        words = _("offline %(minutes)s min")
    words %= said
    away = _minutes(beat.last_away_seconds)
    back = (
        _("back after %(minutes)s min") % {"minutes": away} if away else _("back after under 1 min")
    )
    return {
        "state": "online" if since is None else "offline",
        "words": words,
        "outbox": outbox,
        "offline_seconds": int(seconds),
        "back": back if beat.back_at is not None else None,
    }


def _tile(table: Row, round_: Round, rules: engine.Rules, now: datetime) -> dict[str, Any]:
    event = round_.event
    leader = table.leader  # each ledger keeps its leader after every entry (none before)
    status = table.review or table.status
    tablet = _tablet(table, now)
    last_entry_at = table.last_entry_at
    # The table's clock is its wave's: a table whose wave has not started is not playing.
    started_at, ends_at = table.wave_started_at, table.wave_ends_at
    since = last_entry_at or started_at
    quiet_seconds = (now - since).total_seconds() if since is not None else None
    open_ = table.status == Table.Status.OPEN and started_at is not None
    live = round_.is_live
    time_called = live and ends_at is not None and now >= ends_at
    offline_limit = event.attention_offline_minutes * 60
    last_turn_limit = event.attention_last_turn_minutes * 60
    reasons: list[str] = []
    if live and table.review == Table.Review.DISPUTED:
        reasons.append(_("dispute waiting"))
    if live and open_:
        if tablet["state"] == "never":
            reasons.append(_("no tablet yet"))
        if tablet["state"] == "offline" and tablet["offline_seconds"] >= offline_limit:
            reasons.append(_("tablet %(state)s") % {"state": tablet["words"]})
        if quiet_seconds is not None and quiet_seconds >= event.attention_quiet_minutes * 60:
            reasons.append(
                _("no entry for %(minutes)s min") % {"minutes": _minutes(quiet_seconds)}
                if last_entry_at
                else _("no entry since the start, %(ago)s") % {"ago": ago(since, now)}
            )
        if time_called and (now - ends_at).total_seconds() >= last_turn_limit:
            reasons.append(_("time called, still open"))
    return {
        "id": table.pk,
        "number": table.number,
        "round_id": round_.pk,
        "round_number": round_.number,
        "status": status,
        "status_label": STATUS_LABELS[status],
        "review_note": table.review_note,
        # Minutes, not seconds: the tile (and the desk's ETag) changes once a minute.
        "tablet": {k: v for k, v in tablet.items() if k != "offline_seconds"},
        "last_entry_at": last_entry_at,
        "quiet_minutes": _minutes(quiet_seconds) if quiet_seconds is not None else None,
        "last_entry_words": ago(last_entry_at, now) if last_entry_at else _("none yet"),
        "entries": table.last_seq or 0,
        "leader": leader,
        "leader_words": (
            f"{isolated(leader['name'])} {rules.money(leader['net_worth'])}"
            if leader
            else _("none yet")
        ),
        "currency": event.currency,
        "attention": bool(reasons),
        "reasons": reasons,
        "reason_words": "; ".join(reasons),
    }


class Row(SimpleNamespace):
    """A table as the control room reads it: its own columns, its ledger's `last_seq`,
    `last_entry_at` and `leader` (None before its first entry), its `tablet` (None if
    never heard), and its wave's `wave_started_at` and `wave_ends_at` (None before the
    wave starts)."""


def _rows_read(round_ids: list[int], *, desk: bool = False) -> Read[list[Row]]:
    """The rounds' tables as plain rows, in round and table order, in one query written
    once (the desk polls it every 5 s): a read, to go with others in one round trip
    (read_all). For the desk, also the kind of each one's latest entry (`last_kind`)."""
    statement = desk_tables_sql() if desk else room_tables_sql()
    table, ledger, tablet, wave = statement.parts

    def result(found: list[list[tuple[Any, ...]]]) -> list[Row]:
        rows = []
        for values in found[0]:
            own, ledger_values, tablet_values, wave_values, more = statement.split(values)
            fields = {**table.as_dict(own), **ledger.as_dict(ledger_values), **more}  # last_kind
            clock = wave.as_dict(wave_values)
            fields |= {"wave_started_at": clock["started_at"], "wave_ends_at": clock["ends_at"]}
            fields["pk"] = fields.pop("id")
            beat = tablet.as_dict(tablet_values)
            rows.append(Row(**fields, tablet=Row(**beat) if beat["table_id"] else None))
        return rows

    return Read(((statement.sql, [id_list(round_ids)]),), result)


def _tiles(rounds: list[Round], now: datetime, tables: list[Row]) -> list[dict[str, Any]]:
    by_id = {round_.pk: round_ for round_ in rounds}
    rules = {round_.pk: rules_of(round_.event) for round_ in rounds}
    tiles = [_tile(t, by_id[t.round_id], rules[t.round_id], now) for t in tables]
    # Tables needing attention first; in each group, by round and table number.
    return sorted(tiles, key=lambda tile: not tile["attention"])


def desk_rows_read(round_id: int) -> Read[list[Row]]:
    """The round's tables as the desk's round page reads them, its poll and the page alike,
    for its control room (`desk_room`): with the kind of each one's latest entry
    (`last_kind`)."""
    return _rows_read([round_id], desk=True)


def desk_room(*, round_: Round, rows: list[Row], now: datetime) -> dict[str, Any]:
    """The control room of the desk's round page, from the rows of `desk_rows_read`: one
    tile per table of the round, those needing attention first, each with its reasons in
    words ("tablet offline 4 min, 3 entries waiting") and its `last_entry_words` with its
    kind's label first ("Buy, 12 s ago"). `round_` with its event."""
    tiles = _tiles([round_], now, rows)
    kinds = {row.pk: row.last_kind for row in rows}
    for tile in tiles:
        if kinds[tile["id"]]:
            kind = kind_label(kinds[tile["id"]])
            tile["last_entry_words"] = f"{kind}, {tile['last_entry_words']}"
    return {"tables": tiles, "attention": sum(1 for tile in tiles if tile["attention"])}


def tables_needing_attention(*, event_id: int, now: datetime | None = None) -> list[dict[str, Any]]:
    """The tables of the event's live rounds that need attention, as desk_room's tiles."""
    now = now or timezone.now()
    rounds = list(
        Round.objects.filter(
            event_id=event_id, status__in=(Round.Status.RUNNING, Round.Status.TIME_CALLED)
        ).select_related("event")
    )
    if not rounds:
        return []
    (rows,) = read_all(_rows_read([round_.pk for round_ in rounds]))
    return [tile for tile in _tiles(rounds, now, rows) if tile["attention"]]


def round_table_status(*, round_id: int) -> list[dict[str, Any]]:
    """Each table of a round as the desk's round page lists it: who banks, referees and
    plays there, its console's address and, once closed, its verification code. Two
    queries whatever the number of tables."""
    username = get_user_model().USERNAME_FIELD
    tables = (
        Table.objects.filter(round_id=round_id)
        .order_by("number")
        .values(
            "pk",
            "number",
            "status",
            "verification_code",
            "key",
            banker_name=F(f"banker__user__{username}"),
            referee_name=F(f"referee__user__{username}"),
        )
    )
    players: dict[int, list[str]] = {}
    seated = Seat.objects.filter(table__round_id=round_id).order_by("table_id", "number")
    for table_id, name in seated.values_list("table_id", "player__name"):
        players.setdefault(table_id, []).append(name)
    return [
        {
            "id": table["pk"],
            "number": table["number"],
            "closed": table["status"] == Table.Status.CLOSED,
            "verification_code": table["verification_code"],
            "banker": table["banker_name"],
            "referee": table["referee_name"],
            "console_url": console_path(table["key"]),
            "players": players.get(table["pk"], []),
        }
        for table in tables
    ]


def tables_without_tablet(*, round_id: int) -> list[int]:
    """The numbers of the round's tables whose console has never reported (never opened)."""
    tables = Table.objects.filter(round_id=round_id, tablet__isnull=True).order_by("number")
    return list(tables.values_list("number", flat=True))
