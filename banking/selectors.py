"""Selectors read the bank: a table's state as the API and the pages show it, its ledger
in words, and many tables at once for the pages that watch them (referees, the big screen,
players) in a fixed number of queries whatever the number of tables or entries."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from django.db import connection
from django.db.models import QuerySet

from banking import queries
from banking.checks import void_refusal
from banking.entry_words import entry_sentence, kind_label, party, worded
from banking.ledgers import read_ledger, rules_of, standings_of
from banking.models import Entry, TableLedger
from games import engine
from tournament.http.rows import id_list, read_together
from tournament.models import Round, Table
from tournament.selectors import table_wave, wave_clock


def table_for_reading(table_id: int) -> Table | None:
    return (
        Table.objects.with_event_and_banker().select_related("ledger").filter(pk=table_id).first()
    )


def table_clock(table: Table) -> dict[str, Any]:
    """The clock a table plays by: its round's status, but while the round is live its
    wave's (`waiting` until the desk starts it), and when time is called at it (`ends_at`,
    its wave's). A round of one wave reads the same either way."""
    round_ = table.round
    if not round_.is_live:
        return {"status": round_.status_now, "ends_at": round_.ends_at}
    clock = wave_clock(table.wave, table_wave(table))
    return {"status": clock.status, "ends_at": clock.ends_at}


def table_state(table: Table, ledger: TableLedger | None = None) -> dict[str, Any]:
    """The table as a banker sees it: each seat's cash and net worth, the deeds, the bank."""
    rules = rules_of(table.round.event)
    ledger = ledger or read_ledger(table, rules)
    state = engine.TableState.from_dict(ledger.state)
    seats = sorted((int(n), player_id, name) for n, (player_id, name) in ledger.seats.items())
    round_ = table.round
    clock = table_clock(table)
    return {
        "table": table.id,
        "number": table.number,
        "round": round_.id,
        "round_number": round_.number,
        "wave": table.wave,
        "status": clock["status"],
        "table_status": table.status,
        "last_turn": clock["status"] == Round.Status.TIME_CALLED,
        "ends_at": clock["ends_at"],
        "edition": rules.edition.code,
        "currency": round_.event.currency,
        "seats": [seat_row(state, rules, n, player_id, name) for n, player_id, name in seats],
        "spaces": [space_row(state, rules, space) for space in rules.edition.deeds],
        "bank": {"houses": state.bank_houses, "hotels": state.bank_hotels},
        "last_seq": ledger.last_seq,
        "last_entry_at": ledger.last_entry_at,
        "review": table.review,
        "review_note": table.review_note,
    }


def seat_row(
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


def space_row(state: engine.TableState, rules: engine.Rules, space: engine.Space) -> dict[str, Any]:
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


def watched_tables(
    table_ids: Iterable[int],
    *,
    event_id: int | None = None,
    rounds: Iterable[Round] = (),
    recent: int = 0,
) -> list[dict[str, Any]]:
    """These tables (those of them at `event_id`'s event, when given) as people watching
    them see them (the referees' pages, the big screen): each seat with its cash, net worth
    and deeds, in page order (round, then number); with `recent`, each table's `recent`
    latest entries too (`latest`: newest first, each with the entry that voids it as
    `voided_by`; read alone, however long the ledgers).

    Plain rows whatever the number of tables, read in one round trip (`read_together`),
    each statement's text the same every time (so PostgreSQL plans it once per connection):
    the tables with their ledgers and volunteers' names, their seats, their rounds with
    events (unless the caller has them: `rounds`, with their event), their latest entries.
    A table with no entry yet has no stored ledger and is shown at its start (computed
    here: reading never writes)."""
    tables_sql, seats_sql = queries.watched_tables_sql(), queries.table_seats_sql()
    ids = id_list(table_ids)
    by_id = {r.pk: r for r in rounds}  # the rounds at hand, then those read
    statements = [(tables_sql.sql, [ids]), (seats_sql.sql, [ids])]
    if not by_id:
        statements.append((queries.watched_rounds_sql().sql, [ids]))
    if recent:
        statements.append((queries.latest_entries_sql().sql, [recent, ids]))
    table_rows, seat_rows, *more = read_together(*statements)
    round_rows = more.pop(0) if not by_id else []
    latest = _latest(more.pop(0)) if recent else {}
    table_part, ledger_part = tables_sql.parts
    tables = []
    for row in table_rows:
        table, ledger, names = tables_sql.split(row)
        tables.append((table_part.as_dict(table), ledger_part.as_dict(ledger), names))
    rounds_sql = queries.watched_rounds_sql()
    round_part, event_part = rounds_sql.parts
    for row in round_rows:
        round_values, event_values, _ = rounds_sql.split(row)
        round_ = round_part.instance(round_values)
        Round._meta.get_field("event").set_cached_value(round_, event_part.instance(event_values))
        by_id[round_.pk] = round_
    if event_id is not None:
        tables = [t for t in tables if by_id[t[0]["round_id"]].event_id == event_id]
    seated = _seated([t["id"] for t, _, _ in tables], seat_rows)
    return [
        _watched(table, ledger, names, by_id[table["round_id"]], seated[table["id"]])
        | ({"latest": latest.get(table["id"], [])} if recent else {})
        for table, ledger, names in tables
    ]


#: Who sits at each table, by table id: (seat number, player id, name), by seat number.
Seated = dict[int, list[tuple[int, int, str]]]


def table_seats(table_ids: Iterable[int]) -> Seated:
    """Who sits at each of these tables (Seated), in one query."""
    table_ids = list(table_ids)
    (seat_rows,) = read_together((queries.table_seats_sql().sql, [id_list(table_ids)]))
    return _seated(table_ids, seat_rows)


def _seated(table_ids: list[int], seat_rows: list[tuple[Any, ...]]) -> Seated:
    """The seats' rows (queries.table_seats_sql) of these tables, by table."""
    statement = queries.table_seats_sql()
    (seat_part,) = statement.parts
    seated: Seated = {table_id: [] for table_id in table_ids}
    for row in seat_rows:
        values, more = statement.split(row)
        seat = seat_part.as_dict(values)
        if seat["table_id"] in seated:
            seated[seat["table_id"]].append((seat["number"], seat["player_id"], more["name"]))
    return seated


def table_standings(
    table_ids: Iterable[int], *, rules: engine.Rules, seated: Seated
) -> list[dict[str, Any]]:
    """These tables of one event (played by `rules`) as their standings show them (the big
    screen's leaderboards), in page order (round, then number): each table's number, its
    round's, whether it is closed, its ledger's `last_seq`, and its seats ranked as the
    ledger keeps them after each entry (banking.ledgers.standings_of), each named as
    `seated` (table_seats) has them. One query of plain rows, and no more than the
    standings read: no table's state, but for a table with none kept yet (no entry: its
    start, computed here), nor its volunteers or review."""
    statement = queries.table_standings_sql()
    (rows,) = read_together((statement.sql, [id_list(table_ids)]))
    table_part, ledger_part = statement.parts
    state_field = TableLedger._meta.get_field("state")
    standings = []
    for row in rows:
        table_values, ledger_values, more = statement.split(row)
        table = table_part.as_dict(table_values)
        kept = ledger_part.as_dict(ledger_values)
        table_id = table["id"]
        names = {number: name for number, _, name in seated[table_id]}
        if kept["standings"] is None:  # no entry yet, or written before standings were kept
            stored = state_field.from_db_value(more["unkept_state"], None, connection)
            seats = {str(n): [player_id, name] for n, player_id, name in seated[table_id]}
            ranked = standings_of(_stored_state(stored, rules, seated[table_id]), seats, rules)
        else:
            ranked = kept["standings"]
        standings.append(
            {
                "id": table_id,
                "number": table["number"],
                "round_number": more["round_number"],
                "closed": table["status"] == Table.Status.CLOSED,
                "last_seq": kept["last_seq"] or 0,
                "seats": [{**seat, "name": names[seat["seat"]]} for seat in ranked],
            }
        )
    return standings


def _stored_state(
    stored: dict[str, Any] | None, rules: engine.Rules, seated: list[tuple[int, int, str]]
) -> engine.TableState:
    """A table's state as its ledger stores it; a table with no entry yet has no stored
    ledger, and its start is computed here (reading never writes)."""
    if stored is None:
        return engine.new_table(rules, {number: name for number, _, name in seated})
    return engine.TableState.from_dict(stored)


def _watched(
    row: dict[str, Any],
    ledger: dict[str, Any],
    names: dict[str, Any],
    round_: Round,
    seated: list[tuple[int, int, str]],
) -> dict[str, Any]:
    """One table's row, its ledger's (all None without one) and its volunteers' names
    (queries.watched_tables_sql: `banker_user_id`, `banker_name`, `referee_name`,
    `reviewer_name`), shaped."""
    rules = rules_of(round_.event)
    state = _stored_state(ledger["state"], rules, seated)
    seats = [seat_row(state, rules, number, player_id, name) for number, player_id, name in seated]
    for seat in seats:
        seat["deeds"] = [
            space_row(state, rules, space)
            for space in rules.edition.deeds
            if state.deeds[space.position].owner == seat["seat"]
        ]
    review = row["review"]
    return {
        "id": row["id"],
        "number": row["number"],
        "round_id": round_.pk,
        "round_number": round_.number,
        "round_status": round_.status_now,
        "round_status_label": round_.status_now_label,
        "last_turn": round_.status_now == Round.Status.TIME_CALLED,
        "closed": row["status"] == Table.Status.CLOSED,
        "verification_code": row["verification_code"],
        "review": review,
        "review_label": Table.Review(review).label if review else "",
        "review_note": row["review_note"],
        "reviewed_at": row["reviewed_at"],
        "reviewed_by": names["reviewer_name"] or "",
        "banker_user_id": names["banker_user_id"],
        "banker": names["banker_name"] or "",
        "referee": names["referee_name"] or "",
        "currency": round_.event.currency,
        "seats": seats,
        "unowned_deeds": sum(state.deeds[d.position].owner is None for d in rules.edition.deeds),
        "bank": {"houses": state.bank_houses, "hotels": state.bank_hotels},
        "last_seq": ledger["last_seq"] or 0,
        "last_entry_at": ledger["last_entry_at"],
        "rules": rules,
    }


def entry_lines(
    entries: Iterable[Entry], *, names: Mapping[int, str], rules: engine.Rules
) -> list[dict[str, Any]]:
    """Ledger entries in words: what happened, to whom, the money moved (`transfers`, each
    with its words, and `money`: each in a line with its amount), who recorded it."""
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
            details.append(f"with {party(fields['to_seat'], names) or 'Bank'}")
        for side, verb in (("give", "gives"), ("take", "takes")):
            spaces = (fields.get(side) or {}).get("spaces") or ()
            named = [rules.edition.space(n).name for n in spaces if n in range(40)]
            if named:
                details.append(f"{verb} {', '.join(named)}")
        sentence = entry_sentence(entry.kind, fields, names=names, rules=rules)
        if entry.kind == "bankrupt":  # who goes bankrupt to whom, and what the creditor takes
            details.append(sentence)
        details.extend(str(text) for text in (fields.get("memo"), fields.get("reason")) if text)
        voided_by = getattr(entry, "voided_by", None)
        transfers = worded(entry.transfers, names=names, rules=rules)
        lines.append(
            {
                "id": entry.pk,
                "seq": entry.seq,
                "kind": entry.kind,
                "label": kind_label(entry.kind),
                "sentence": sentence,
                "seat": (party(fields["seat"], names) or "Bank") if "seat" in fields else "",
                "details": details,
                "transfers": transfers,
                "money": [f"{t['words']} {rules.money(t['amount'])}" for t in transfers],
                "author": entry.author_name,
                "author_role": entry.author_role,
                "created_at": entry.created_at,
                "is_void": entry.kind == Entry.VOID,
                "voided_by": voided_by.seq if voided_by is not None else None,
                "can_void": void_refusal(entry, voided=voided_by is not None, corrects=True)
                is None,
            }
        )
    return lines


def bankruptcies(
    table_ids: Iterable[int], *, seated: Seated, rules: engine.Rules
) -> dict[int, dict[int, dict[str, Any]]]:
    """The bankruptcies that stand (not voided) at these tables of one event (played by
    `rules`, seated as `seated` says), in the ledger's words (entry_lines): by table, then
    by the seat that went bankrupt, its `sentence` and its `money`, a line a transfer. For
    the bankrupt player's page and the scoresheets, in one query."""
    entries = Entry.objects.filter(
        table_id__in=list(table_ids), kind="bankrupt", voided_by__isnull=True
    ).order_by("table_id", "seq")
    found: dict[int, dict[int, dict[str, Any]]] = {}
    for entry in entries:
        names = {number: name for number, _, name in seated.get(entry.table_id, ())}
        (line,) = entry_lines([entry], names=names, rules=rules)
        said = {"sentence": line["sentence"], "money": line["money"]}
        found.setdefault(entry.table_id, {})[entry.fields["seat"]] = said
    return found


def _latest(rows: Iterable[Sequence[Any]]) -> dict[int, list[Entry]]:
    """The entries of the latest entries' rows, by table, each with its void."""
    statement = queries.latest_entries_sql()
    entry, void = statement.parts
    voided_by = Entry._meta.get_field("voided_by")
    by_table: dict[int, list[Entry]] = {}
    for row in rows:
        entry_values, void_values, _ = statement.split(row)
        found = entry.instance(entry_values)
        voided_by.set_cached_value(found, void.instance(void_values))
        by_table.setdefault(found.table_id, []).append(found)
    return by_table


def seat_names(table: dict[str, Any]) -> dict[int, str]:
    return {seat["seat"]: seat["name"] for seat in table["seats"]}
