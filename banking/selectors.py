"""Selectors read: a table's state as the API and the pages show it, and its ledger."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet

from games import engine
from tournament.models import Result, Table

from .ledgers import ledger_of, rules_of
from .models import Entry, TableLedger


def table_for_reading(table_id: int) -> Table | None:
    return (
        Table.objects.select_related("round__event", "ledger", "banker__user")
        .filter(pk=table_id)
        .first()
    )


def table_state(table: Table, ledger: TableLedger | None = None) -> dict[str, Any]:
    """The table as a banker sees it: each seat's cash and net worth, the deeds, the bank."""
    rules = rules_of(table.round.event)
    ledger = ledger or ledger_of(table, rules)
    state = engine.TableState.from_dict(ledger.state)
    seats = sorted((int(n), player_id, name) for n, (player_id, name) in ledger.seats.items())
    round_ = table.round
    return {
        "table": table.id,
        "number": table.number,
        "round": round_.id,
        "round_number": round_.number,
        "status": round_.status,
        "table_status": table.status,
        "last_turn": round_.status == round_.Status.TIME_CALLED,
        "ends_at": round_.ends_at,
        "edition": rules.edition.code,
        "currency": rules.edition.currency,
        "seats": [_seat(state, rules, n, player_id, name) for n, player_id, name in seats],
        "spaces": [_space(state, rules, space) for space in rules.edition.deeds],
        "bank": {"houses": state.bank_houses, "hotels": state.bank_hotels},
        "last_seq": ledger.last_seq,
        "last_entry_at": ledger.last_entry_at,
        "review": table.review,
        "review_note": table.review_note,
    }


def table_review(table_id: int) -> dict[str, Any]:
    """A table's result and its second-person check: the review state, who checked it and
    when, and each seat's result as written when the table was closed."""
    table = Table.objects.select_related("round", "reviewed_by").get(pk=table_id)
    results = (
        Result.objects.filter(seat__table_id=table_id)
        .select_related("seat", "player")
        .order_by("rank", "seat__number")
    )
    return {
        "table": table.pk,
        "number": table.number,
        "round": table.round_id,
        "round_number": table.round.number,
        "table_status": table.status,
        "review": table.review,
        "review_note": table.review_note,
        "reviewed_by": table.reviewed_by.get_username() if table.reviewed_by else None,
        "reviewed_at": table.reviewed_at,
        "verification_code": table.verification_code,
        "results": [
            {
                "seat": r.seat.number,
                "player_id": r.player_id,
                "name": r.player.name,
                "cash": r.cash,
                "property_value": r.property_value,
                "building_value": r.building_value,
                "net_worth": r.net_worth,
                "bankrupt": r.bankrupt,
                "rank": r.rank,
                "tied": r.tied,
            }
            for r in results
        ],
    }


def _seat(
    state: engine.TableState, rules: engine.Rules, number: int, player_id: int, name: str
) -> dict[str, Any]:
    worth = engine.net_worth(state, rules, number)
    return {
        "seat": number,
        "player_id": player_id,
        "name": name,
        "cash": worth.cash,
        "property_value": worth.property_value,
        "building_value": worth.building_value,
        "net_worth": worth.total,
        "bankrupt": number in state.bankrupt,
        "jail_cards": len(state.jail_cards_of(number)),
    }


def _space(state: engine.TableState, rules: engine.Rules, space: engine.Space) -> dict[str, Any]:
    deed = state.deeds[space.position]
    return {
        "space": space.position,
        "name": space.name,
        "group": space.group,
        "owner": deed.owner,
        "houses": deed.houses,
        "hotel": deed.hotel,
        "mortgaged": deed.mortgaged,
    }


def table_entries(table_id: int) -> QuerySet[Entry]:
    return Entry.objects.filter(table_id=table_id).select_related("voided_by").order_by("seq")


def table_by_key(key: str) -> Table | None:
    """The table a console key opens, with what its page reads; None for an unknown key."""
    if not key:
        return None
    tables = Table.objects.select_related("round__event", "ledger").filter(key=key)
    return tables.order_by("pk").first()


# ------------------------------------------------------------------------------------------
# Watching tables: the referee view and the big screen. Every table of the current rounds
# with its stored state, in a fixed number of queries whatever the number of tables or
# entries. (This section was appended to a shared module: its imports are here.)

import secrets  # noqa: E402
from collections.abc import Iterable, Mapping  # noqa: E402

from django.contrib.auth.models import AbstractBaseUser  # noqa: E402
from django.db.models import F, Prefetch, Window  # noqa: E402
from django.db.models.functions import RowNumber  # noqa: E402
from django.utils import timezone  # noqa: E402

from tournament import access  # noqa: E402
from tournament import selectors as event_selectors  # noqa: E402
from tournament.models import Event, Round, Seat, Volunteer  # noqa: E402

ENTRY_LABELS = {
    "pass_go": "Passed GO",
    "buy": "Bought",
    "auction": "Auction",
    "deal": "Dealt a deed",
    "rent": "Rent",
    "tax": "Tax",
    "jail_fine": "Jail fine",
    "card": "Card",
    "use_jail_card": "Get Out of Jail Free card used",
    "bank_payment": "Bank payment",
    "pay_player": "Paid a player",
    "build": "Built",
    "sell_building": "Sold a building",
    "mortgage": "Mortgaged",
    "unmortgage": "Lifted a mortgage",
    "trade": "Trade",
    "bankrupt": "Bankrupt",
    "adjust": "Adjustment",
    Entry.VOID: "Void",
}


def refereed_events(user: AbstractBaseUser) -> list[Event]:
    """The events a person may referee (as referee or organiser), newest first."""
    events = Event.objects.order_by("-date", "name")
    if getattr(user, "is_superuser", False):
        return list(events)
    roles = (Volunteer.Role.ORGANISER, Volunteer.Role.REFEREE)
    return list(events.filter(volunteers__user=user, volunteers__role__in=roles).distinct())


def current_rounds(*, event_id: int) -> list[Round]:
    """The rounds being played (running, or time called); when none is, the latest round
    with tables: seated and about to start, or the one that has just ended."""
    rounds = list(
        Round.objects.filter(event_id=event_id)
        .exclude(status=Round.Status.PLANNED)
        .order_by("number")
    )
    return [r for r in rounds if r.is_live] or rounds[-1:]


def _tables_of(**filters: Any) -> list[Table]:
    return list(
        Table.objects.filter(**filters)
        .select_related("round__event", "ledger", "banker__user", "referee__user", "reviewed_by")
        .prefetch_related(
            Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("number"))
        )
        .order_by("round__number", "number")
    )


def _stored_state(table: Table, rules: engine.Rules) -> tuple[engine.TableState, int, Any]:
    """The table's stored state, last sequence number and time of its latest entry; a table
    with no entry yet is at its start (computed here: reading never writes)."""
    try:
        ledger = table.ledger
    except TableLedger.DoesNotExist:
        names = {seat.number: seat.player.name for seat in table.seats.all()}
        return engine.new_table(rules, names), 0, None
    return engine.TableState.from_dict(ledger.state), ledger.last_seq, ledger.last_entry_at


def _watched(table: Table) -> dict[str, Any]:
    """A table as people watching it see it: each seat with its cash, net worth and deeds."""
    round_ = table.round
    rules = rules_of(round_.event)
    state, last_seq, last_entry_at = _stored_state(table, rules)
    seats = [
        _seat(state, rules, seat.number, seat.player_id, seat.player.name)
        for seat in table.seats.all()
    ]
    deeds: dict[int, list[dict[str, Any]]] = {seat["seat"]: [] for seat in seats}
    unowned = 0
    for space in rules.edition.deeds:
        deed = _space(state, rules, space)
        if deed["owner"] in deeds:
            deeds[deed["owner"]].append(deed)
        elif deed["owner"] is None:
            unowned += 1
    for seat in seats:
        seat["deeds"] = deeds[seat["seat"]]
    return {
        "id": table.pk,
        "number": table.number,
        "round_id": round_.pk,
        "round_number": round_.number,
        "round_status": round_.status,
        "round_status_label": round_.get_status_display(),
        "last_turn": round_.status == Round.Status.TIME_CALLED,
        "closed": table.status == Table.Status.CLOSED,
        "verification_code": table.verification_code,
        "review": table.review,
        "review_label": table.get_review_display() if table.review else "",
        "review_note": table.review_note,
        "reviewed_at": table.reviewed_at,
        "reviewed_by": table.reviewed_by.get_username() if table.reviewed_by else "",
        "banker_user_id": table.banker.user_id if table.banker else None,
        "banker": table.banker.user.get_username() if table.banker else "",
        "referee": table.referee.user.get_username() if table.referee else "",
        "currency": rules.edition.currency,
        "seats": seats,
        "unowned_deeds": unowned,
        "bank": {"houses": state.bank_houses, "hotels": state.bank_hotels},
        "last_seq": last_seq,
        "last_entry_at": last_entry_at,
        "rules": rules,
    }


def entry_lines(
    entries: Iterable[Entry], *, names: Mapping[int, str], rules: engine.Rules
) -> list[dict[str, Any]]:
    """Ledger entries in words: what happened, to whom, the money moved, who recorded it."""

    def who(account: Any) -> str:
        if account == engine.BANK:
            return "Bank"
        return names.get(account, f"Seat {account}")

    lines = []
    for entry in entries:
        fields = entry.fields
        details: list[str] = []
        if entry.kind == Entry.VOID:
            details.append(f"Undoes entry {fields.get('seq')}")
        if isinstance(fields.get("space"), int) and 0 <= fields["space"] < 40:
            details.append(rules.edition.space(fields["space"]).name)
        if entry.kind == "card" and (card := rules.edition.cards.get(fields.get("card"))):
            details.append(f"“{card.text}”")
        if "to_seat" in fields:
            details.append(f"with {who(fields['to_seat'])}")
        for side, verb in (("give", "gives"), ("take", "takes")):
            spaces = (fields.get(side) or {}).get("spaces") or ()
            named = [rules.edition.space(n).name for n in spaces if n in range(40)]
            if named:
                details.append(f"{verb} {', '.join(named)}")
        if entry.kind == "bankrupt":
            creditor = fields.get("creditor")
            details.append("to the bank" if creditor is None else f"to {who(creditor)}")
        for text in (fields.get("memo"), fields.get("reason")):
            if text:
                details.append(str(text))
        voided_by = getattr(entry, "voided_by", None)
        lines.append(
            {
                "id": entry.pk,
                "seq": entry.seq,
                "kind": entry.kind,
                "label": ENTRY_LABELS.get(entry.kind, entry.kind.replace("_", " ").capitalize()),
                "seat": who(fields["seat"]) if "seat" in fields else "",
                "details": details,
                "money": [
                    f"{who(t['from'])} → {who(t['to'])} {rules.money(t['amount'])}"
                    for t in entry.transfers
                ],
                "author": entry.author_name,
                "author_role": entry.author_role,
                "created_at": entry.created_at,
                "is_void": entry.kind == Entry.VOID,
                "voided_by": voided_by.seq if voided_by is not None else None,
                "can_void": entry.kind != Entry.VOID and voided_by is None,
            }
        )
    return lines


def _latest_entries(table_ids: list[int], per_table: int) -> dict[int, list[Entry]]:
    """The newest `per_table` entries of each table, newest first, in one query."""
    latest = (
        Entry.objects.filter(table_id__in=table_ids)
        .select_related("voided_by")
        .annotate(
            newest=Window(RowNumber(), partition_by=[F("table_id")], order_by=F("seq").desc())
        )
        .filter(newest__lte=per_table)
        .order_by("table_id", "-seq")
    )
    by_table: dict[int, list[Entry]] = {table_id: [] for table_id in table_ids}
    for entry in latest:
        by_table[entry.table_id].append(entry)
    return by_table


def _names(table: dict[str, Any]) -> dict[int, str]:
    return {seat["seat"]: seat["name"] for seat in table["seats"]}


def referee_overview(*, event_id: int, recent: int = 1) -> dict[str, Any]:
    """Every table of the current rounds with its state and its `recent` latest entries
    (one by default: twenty phones reload this page for a hundred tables; each table's own
    page has the whole ledger).

    Six queries, whatever the number of tables and entries.
    """
    rounds = current_rounds(event_id=event_id)
    tables = [_watched(table) for table in _tables_of(round__in=rounds)]
    latest = _latest_entries([t["id"] for t in tables], recent) if recent else {}
    for table in tables:
        entries = latest.get(table["id"], [])
        table["entries"] = entry_lines(entries, names=_names(table), rules=table["rules"])
    running = (Round.Status.RUNNING, Round.Status.TIME_CALLED)
    live = [t for t in tables if t["round_status"] in running]
    return {
        "rounds": rounds,
        "tables": tables,
        # The queues at the top of the page: results to correct, and results to check.
        "disputed": [t for t in live if t["review"] == Table.Review.DISPUTED],
        "awaiting": [t for t in live if t["review"] == Table.Review.AWAITING],
    }


def referee_table(*, event_id: int, table_id: int) -> dict[str, Any] | None:
    """One table of the event with its state and its whole ledger, newest first."""
    found = _tables_of(round__event_id=event_id, pk=table_id)
    if not found:
        return None
    table = _watched(found[0])
    entries = Entry.objects.filter(table_id=table_id).select_related("voided_by").order_by("-seq")
    table["entries"] = entry_lines(entries, names=_names(table), rules=table["rules"])
    return table


def screen_event(*, event_id: int, token: str) -> Event | None:
    """The event whose big screen this token opens; None for a wrong or revoked token."""
    event = Event.objects.filter(pk=event_id).first()
    if event is None or not event.screen_token or not token:
        return None
    if not secrets.compare_digest(event.screen_token.encode(), token.encode()):
        return None
    return event


def leaderboard(seats: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """A table's seats by net worth, best first: more cash breaks a tie, bankrupt seats
    come last. Seats still level share a place."""
    ordered = sorted(seats, key=lambda s: (s["bankrupt"], -s["net_worth"], -s["cash"], s["seat"]))
    rows: list[dict[str, Any]] = []
    for index, seat in enumerate(ordered):
        place = index + 1
        if rows:
            before = ordered[index - 1]
            level = (before["bankrupt"], before["net_worth"], before["cash"]) == (
                seat["bankrupt"],
                seat["net_worth"],
                seat["cash"],
            )
            place = rows[-1]["place"] if level else place
        rows.append(
            {
                "place": place,
                "seat": seat["seat"],
                "name": seat["name"],
                "cash": seat["cash"],
                "net_worth": seat["net_worth"],
                "bankrupt": seat["bankrupt"],
                "deeds": len(seat.get("deeds", ())),
            }
        )
    return rows


def _clock(round_: Round | None) -> dict[str, Any] | None:
    if round_ is None:
        return None
    return {
        "round_id": round_.pk,
        "round": round_.number,
        "kind": round_.kind,
        "kind_label": round_.get_kind_display(),
        "status": round_.status,
        "status_label": round_.get_status_display(),
        "time_limit_minutes": round_.time_limit_minutes,
        "started_at": round_.started_at,
        "ends_at": round_.ends_at,
        "last_turn": round_.status == Round.Status.TIME_CALLED,
        "ended": round_.status == Round.Status.ENDED,
    }


def screen_snapshot(*, event: Event) -> dict[str, Any]:
    """What the big screen shows, as JSON-ready data: the round clock, a leaderboard for
    each table of the current rounds (from the stored state) and the event's bracket.
    A round whose seating is not released yet shows no table ("Seating coming soon").

    Eight queries, whatever the number of tables or entries.
    """
    rounds = current_rounds(event_id=event.pk)
    # A seating the organiser has not released yet stays on the desk: no table, no names.
    shown = [r for r in rounds if event_selectors.seating_shown(r)]
    tables = [_watched(table) for table in _tables_of(round__in=shown)] if shown else []
    bracket = event_selectors.bracket(event_id=event.pk)
    for column in bracket["rounds"]:
        column["seating_soon"] = column["status"] != "planned" and not column["seating_shown"]
        if column["seating_soon"]:
            column["tables"] = []
            column["advancing"] = []
    return {
        "event": {"id": event.pk, "name": event.name, "charity": event.charity},
        "now": timezone.now(),
        "seating_soon": bool(rounds) and not event_selectors.seating_shown(rounds[-1]),
        "clock": _clock(rounds[-1] if rounds else None),
        "tables": [
            {
                "id": table["id"],
                "number": table["number"],
                "round": table["round_number"],
                "closed": table["closed"],
                "currency": table["currency"],
                "last_seq": table["last_seq"],
                "leaderboard": leaderboard(table["seats"]),
            }
            for table in tables
        ],
        "bracket": bracket,
    }


def referee_actor_role(user: AbstractBaseUser, event_id: int) -> str | None:
    """The role a person corrects tables under in this event: referee (first) or organiser."""
    roles = access.roles_in_event(user, event_id)
    for role in (access.Role.REFEREE, access.Role.ORGANISER):
        if role in roles:
            return str(role)
    return None
