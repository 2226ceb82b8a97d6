"""An event's ledgers and results for its organisers: one JSON document, or a zip of CSV files
that open in a spreadsheet (players.csv, entries.csv, results.csv, donations.csv, and for a
points or aggregate event standings.csv).

The JSON keeps what a program needs to read it back (entry ids, seq, amounts as integers,
each entry's fields and transfers); the CSV files add the ledger in words. Both are built
from one document, read in a fixed number of queries whatever the size of the event.
"""

from __future__ import annotations

import csv
import io
import json
import zipfile
from collections import defaultdict
from collections.abc import Iterable, Mapping
from typing import Any

from django.core.serializers.json import DjangoJSONEncoder
from django.db.models import Prefetch
from django.utils import timezone
from django.utils.text import slugify

from banking.ledgers import rules_of
from banking.models import Entry
from banking.selectors import entry_lines
from tournament import selectors as event_selectors
from tournament.models import Donation, Event, Player, Seat, Table
from tournament.results.night import night_in_numbers
from tournament.results.selectors import preliminary_standings
from tournament.results.shape import result_rows, shaped
from tournament.text import visible
from tournament.timezones import in_event_zone

FORMATS = ("json", "csv")
VERSION = 1


def export_filename(event: Event, fmt: str, what: str = "") -> str:
    """`monopoly-night-spring-gala-2026-12-05.json` (or `.zip` for the CSV files); with
    `what`, `monopoly-night-spring-gala-2026-12-05-night.csv`."""
    slug = slugify(event.name).removeprefix("monopoly-night").strip("-") or f"event-{event.pk}"
    suffix = "csv" if what else ("zip" if fmt == "csv" else "json")
    return f"monopoly-night-{slug}-{event.date:%Y-%m-%d}{'-' + what if what else ''}.{suffix}"


def night_csv(event_id: int) -> str:
    """The night in numbers (`tournament.results.night`) as CSV: a figure a line, with its
    key for a program, its label for people, its value and its unit."""
    figures = night_in_numbers(event_id=event_id)
    rows = [{"figure": f.key, "label": f.label, "value": f.value, "unit": f.unit} for f in figures]
    return csv_text(["figure", "label", "value", "unit"], rows)


# ------------------------------------------------------------------------------ the document


def event_export(event_id: int) -> dict[str, Any]:
    """Everything an organiser keeps of an event: players, donations, and each round's
    tables with their seats, every ledger entry and each seat's result (shaped by
    tournament.results.shape, as the API and the pages show it); for a points or aggregate
    event, the standings over its preliminary rounds (results.selectors.
    preliminary_standings; else None); times in the event's time zone, with their offset."""
    event = Event.objects.get(pk=event_id)
    with in_event_zone(event):
        rules = rules_of(event)
        rounds = event_selectors.event_rounds(event_id).values(
            "id", "number", "kind", "status", "time_limit_minutes", "started_at", "ended_at"
        )
        tables = list(
            Table.objects.filter(round__event_id=event_id)
            .select_related("banker__user", "referee__user", "reviewed_by")
            .prefetch_related(
                Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("number"))
            )
            .order_by("round__number", "number")
        )
        entries: dict[int, list[Entry]] = defaultdict(list)
        for entry in (
            Entry.objects.filter(table__round__event_id=event_id)
            .select_related("voided_by", "voids")
            .order_by("table_id", "seq")
        ):
            entries[entry.table_id].append(entry)
        results: dict[int, list[dict[str, Any]]] = defaultdict(list)
        for row in result_rows(
            shaped(round__event_id=event_id).order_by("seat__table_id", "rank", "seat__number")
        ):
            results[row["table_id"]].append(row)

        by_round: dict[int, list[dict[str, Any]]] = defaultdict(list)
        for table in tables:
            by_round[table.round_id].append(
                _table(table, entries[table.pk], results[table.pk], rules=rules)
            )
        return {
            "export": {
                "format": "monopoly-night-event",
                "version": VERSION,
                "exported_at": _when(timezone.now()),
            },
            "event": _event(event),
            "players": list(
                Player.objects.filter(event_id=event_id)
                .order_by("id")
                .values("id", "name", "email", "team", "paid", "checked_in")
            ),
            "donations": [
                {**donation, "created_at": _when(donation["created_at"])}
                for donation in Donation.objects.filter(event_id=event_id)
                .order_by("created_at", "id")
                .values("id", "donor", "amount", "note", "created_at")
            ],
            "rounds": [
                {
                    **round_,
                    "started_at": _when(round_["started_at"]),
                    "ended_at": _when(round_["ended_at"]),
                    "tables": by_round[round_["id"]],
                }
                for round_ in rounds
            ],
            "standings": preliminary_standings(event=event),
        }


def _event(event: Event) -> dict[str, Any]:
    return {
        "id": event.pk,
        "name": event.name,
        "date": event.date.isoformat(),
        "venue": event.venue,
        "charity": event.charity,
        "edition": event.edition,
        "time_zone": event.time_zone,
        "language": event.language,
        "currency": event.currency,
        "variants": event.variants,
        "advancement": event.advancement,
        "wildcards": event.wildcards,
        "finalists": event.finalists,
        "entry_fee": event.entry_fee,
        "status": event.status,
        "money_raised": event_selectors.money_raised(event.pk),
    }


def _table(
    table: Table, entries: list[Entry], results: list[dict[str, Any]], *, rules: Any
) -> dict[str, Any]:
    """A table with its seats, its entries in the ledger's words and its seats' results."""
    names = {seat.number: seat.player.name for seat in table.seats.all()}
    lines = entry_lines(entries, names=names, rules=rules)
    return {
        "id": table.pk,
        "number": table.number,
        "status": table.status,
        "review": table.review,
        "review_note": table.review_note,
        "reviewed_by": table.reviewed_by.get_username() if table.reviewed_by else None,
        "verification_code": table.verification_code,
        "banker": table.banker.user.get_username() if table.banker else None,
        "referee": table.referee.user.get_username() if table.referee else None,
        "seats": [
            {"seat": seat.number, "player_id": seat.player_id, "name": seat.player.name}
            for seat in table.seats.all()
        ],
        "entries": [_entry(entry, line) for entry, line in zip(entries, lines, strict=True)],
        "results": results,
    }


def _entry(entry: Entry, line: Mapping[str, Any]) -> dict[str, Any]:
    voided_by = getattr(entry, "voided_by", None)
    return {
        "id": str(entry.pk),
        "seq": entry.seq,
        "kind": entry.kind,
        "label": line["label"],
        "fields": entry.fields,
        "transfers": entry.transfers,
        "money": line["money"],
        "details": line["details"],
        "author": entry.author_name,
        "author_role": entry.author_role,
        "created_at": _when(entry.created_at),
        "voids": str(entry.voids_id) if entry.voids_id else None,
        "voids_seq": entry.voids.seq if entry.voids_id else None,
        "voided_by": str(voided_by.pk) if voided_by else None,
        "voided_by_seq": voided_by.seq if voided_by else None,
    }


def _when(moment: Any) -> str | None:
    """A moment in the current time zone (the event's, in an export), with its offset."""
    return timezone.localtime(moment).isoformat() if moment else None


# ------------------------------------------------------------------------------ the files


def export_json(document: Mapping[str, Any]) -> bytes:
    return json.dumps(document, indent=2, ensure_ascii=False, cls=DjangoJSONEncoder).encode()


PLAYER_COLUMNS = ["player_id", "name", "email", "team", "paid", "checked_in", "points"]
ENTRY_COLUMNS = [
    "round",
    "table",
    "seq",
    "entry_id",
    "kind",
    "what",
    "details",
    "money",
    "author",
    "author_role",
    "created_at",
    "voids_seq",
    "voided_by_seq",
    "fields",
    "transfers",
]
RESULT_COLUMNS = [
    "round",
    "table",
    "seat",
    "player_id",
    "name",
    "cash",
    "property_value",
    "building_value",
    "net_worth",
    "bankrupt",
    "rank",
    "tied",
    "points",
    "advances",
    "undecided",
    "override_reason",
    "tie_break",
    "table_review",
    "how",
]
DONATION_COLUMNS = ["donation_id", "donor", "amount", "note", "created_at"]
# And a column per preliminary round (round_1, round_2, ...) after "name".
STANDING_COLUMNS = ["place", "player_id", "name", "total", "how", "cash", "points"]
STANDING_ENDS = ["advances", "undecided"]


def export_zip(document: Mapping[str, Any]) -> bytes:
    """The document as CSV files in a zip: UTF-8 (with the byte-order mark spreadsheets
    look for), a header row, one row per player, entry, result and donation; and, for a
    points or aggregate event, one per player of the standings."""
    files = [
        ("players.csv", PLAYER_COLUMNS, _player_rows(document)),
        ("entries.csv", ENTRY_COLUMNS, _entry_rows(document)),
        ("results.csv", RESULT_COLUMNS, _rows(document, "results")),
        ("donations.csv", DONATION_COLUMNS, _donation_rows(document)),
    ]
    if standings := document.get("standings"):
        rounds = [f"round_{number}" for number in standings["rounds"]]
        columns = [*STANDING_COLUMNS[:3], *rounds, *STANDING_COLUMNS[3:], *STANDING_ENDS]
        files.append(("standings.csv", columns, _standing_rows(standings, rounds)))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, columns, rows in files:
            archive.writestr(name, csv_text(columns, rows).encode("utf-8-sig"))
    return buffer.getvalue()


def csv_text(columns: list[str], rows: Iterable[Mapping[str, Any]]) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=columns, lineterminator="\r\n")
    writer.writeheader()
    for row in rows:
        writer.writerow({column: spreadsheet_cell(row.get(column)) for column in columns})
    return out.getvalue()


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_cell(value: Any) -> Any:
    """A value as a spreadsheet should show it. Text that a spreadsheet would run as a
    formula (a player named `=HYPERLINK(...)`) gets a leading apostrophe; numbers stay
    numbers, and lists and objects become JSON."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return value
    if isinstance(value, list | dict):
        value = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    text = str(value)
    # As it reads, too: a full-width equals sign or an invisible first character still runs.
    runs = text.startswith(FORMULA_STARTS) or visible(text).startswith(FORMULA_STARTS)
    return "'" + text if runs else text


def _rows(document: Mapping[str, Any], part: str) -> Iterable[dict[str, Any]]:
    """Every table's rows of `part` ("entries", "results"), each with where it was made."""
    for round_ in document["rounds"]:
        for table in round_["tables"]:
            at = {
                "round": round_["number"],
                "table": table["number"],
                "table_review": table["review"],
            }
            yield from ({**row, **at} for row in table[part])


def _player_rows(document: Mapping[str, Any]) -> Iterable[dict[str, Any]]:
    points: dict[int, int] = defaultdict(int)
    for result in _rows(document, "results"):
        points[result["player_id"]] += result["points"]
    for player in document["players"]:
        yield {"player_id": player["id"], "points": points[player["id"]], **player}


def _entry_rows(document: Mapping[str, Any]) -> Iterable[dict[str, Any]]:
    for entry in _rows(document, "entries"):
        yield {
            **entry,
            "entry_id": entry["id"],
            "what": entry["label"],
            "details": "; ".join(entry["details"]),
            "money": "; ".join(entry["money"]),
        }


def _standing_rows(standings: Mapping[str, Any], rounds: list[str]) -> Iterable[dict[str, Any]]:
    for row in standings["rows"]:
        place = f"{row['place']}=" if row["shared"] else row["place"]
        yield {**row, "place": place, **dict(zip(rounds, row["net_worths"], strict=True))}


def _donation_rows(document: Mapping[str, Any]) -> Iterable[dict[str, Any]]:
    for donation in document["donations"]:
        yield {"donation_id": donation["id"], **donation}
