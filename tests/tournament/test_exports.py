"""The export of an event for its organisers: one JSON document or a zip of CSV files, by the
API (a download) and by `manage.py export_event`, holding every entry and every result."""

from __future__ import annotations

import codecs
import csv
import io
import json
import uuid
import zipfile

import pytest
from django.core.management import CommandError, call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from drf_spectacular.generators import SchemaGenerator

from banking.models import Entry
from tests.conftest import client_for, make_world, organiser_elsewhere
from tests.entries import bank
from tests.played import next_preliminary, night, play_round
from tournament.models import Player, Result
from tournament.results.night import night_in_numbers

pytestmark = pytest.mark.django_db

SNEAKY = '=HYPERLINK("http://evil.example","Ada")'


@pytest.fixture
def played(db):
    """Spring Gala: round 1 played and ended. The player at table 1, seat 1 (who buys
    Boardwalk) registered under a name a spreadsheet would run as a formula."""
    world = make_world(name="Spring Gala")
    Player.objects.filter(seats__table=world.tables[0], seats__number=1).update(name=SNEAKY)
    play_round(world)
    return world


def _export(world, fmt="json"):
    return world.organiser_client().get(f"/api/events/{world.event.pk}/export/?format={fmt}")


def _tables(document):
    return {t["number"]: t for r in document["rounds"] for t in r["tables"]}


def _csv(archive, name):
    text = archive.read(name).decode("utf-8-sig")
    return list(csv.DictReader(io.StringIO(text)))


def test_the_json_export_has_each_tables_ledger_and_each_players_net_worth(played):
    response = _export(played)

    assert response.status_code == 200
    document = json.loads(response.content)
    tables = _tables(document)
    assert [e["kind"] for e in tables[1]["entries"]] == ["buy", "rent", "bank_payment", "void"]
    assert [e["kind"] for e in tables[2]["entries"]] == ["pass_go"]
    # Boardwalk (400) bought by seat 1, rent 50 paid by seat 2; seat 3's payment voided.
    worth = {r["seat"]: r["net_worth"] for r in tables[1]["results"]}
    assert worth == {1: 1150 + 400, 2: 1450, 3: 1500, 4: 1500}
    assert tables[1]["results"][0] == {
        **tables[1]["results"][0],
        "name": SNEAKY,
        "cash": 1150,
        "property_value": 400,
        "building_value": 0,
        "rank": 1,
    }
    assert {r["seat"]: r["net_worth"] for r in tables[2]["results"]}[3] == 1700
    # The same numbers as the results the desk and the API show.
    api = played.organiser_client().get(f"/api/rounds/{played.round.pk}/results/").json()
    exported = {r["player_id"]: r["net_worth"] for t in tables.values() for r in t["results"]}
    assert exported == {r["player_id"]: r["net_worth"] for r in api}


def test_a_void_in_the_json_export_names_the_entry_it_undoes(played):
    entries = _tables(json.loads(_export(played).content))[1]["entries"]
    payment, void = entries[2], entries[3]

    assert (void["voids"], void["voids_seq"]) == (payment["id"], 3)
    assert (payment["voided_by"], payment["voided_by_seq"]) == (void["id"], 4)
    assert void["fields"]["reason"] == "Recorded at the wrong table"
    assert void["author_role"] == "referee"
    assert payment["transfers"] == [{"from": 3, "to": "bank", "amount": 100}]


def test_the_json_export_reads_back_to_the_stored_entries(played):
    document = json.loads(_export(played).content)
    exported = {
        uuid.UUID(e["id"]): (e["seq"], e["kind"], e["transfers"])
        for t in _tables(document).values()
        for e in t["entries"]
    }

    stored = {
        e.pk: (e.seq, e.kind, e.transfers)
        for e in Entry.objects.filter(table__round__event=played.event)
    }
    assert exported == stored
    amounts = [t["amount"] for _, _, transfers in exported.values() for t in transfers]
    assert amounts == [400, 50, 100, 100, 200]
    assert all(type(a) is int for a in amounts)


def test_the_csv_export_is_a_zip_of_spreadsheet_files(played):
    response = _export(played, "csv")

    assert response.status_code == 200
    assert response["Content-Type"] == "application/zip"
    archive = zipfile.ZipFile(io.BytesIO(response.content))
    assert sorted(archive.namelist()) == [
        "donations.csv",
        "entries.csv",
        "players.csv",
        "results.csv",
    ]
    # UTF-8 with the byte-order mark, so spreadsheets read names with accents right.
    assert archive.read("players.csv").startswith(codecs.BOM_UTF8 + b"player_id,name,")
    entries = _csv(archive, "entries.csv")
    assert [(r["table"], r["seq"], r["kind"]) for r in entries] == [
        ("1", "1", "buy"),
        ("1", "2", "rent"),
        ("1", "3", "bank_payment"),
        ("1", "4", "void"),
        ("2", "1", "pass_go"),
    ]
    assert entries[2]["voided_by_seq"] == "4"
    assert entries[3]["voids_seq"] == "3"
    assert entries[3]["details"].startswith("Undoes entry 3")
    results = _csv(archive, "results.csv")
    assert len(results) == 8
    winner = next(r for r in results if r["table"] == "1" and r["rank"] == "1")
    assert (winner["net_worth"], winner["cash"], winner["property_value"]) == (
        "1550",
        "1150",
        "400",
    )


def test_an_aggregate_events_export_has_each_players_net_worth_by_round_and_total():
    n = night(advancement="aggregate", finalists=4)
    next_preliminary(n)
    worths: dict[int, list[int]] = {}
    for result in Result.objects.filter(round__in=n.rounds).order_by("round__number"):
        worths.setdefault(result.player_id, []).append(result.net_worth)
    client = client_for(n.organiser)

    document = client.get(f"/api/events/{n.event.pk}/export/?format=json").json()
    standings = document["standings"]
    assert (standings["format"], standings["rounds"]) == ("aggregate", [1, 2])
    assert len(standings["rows"]) == 8
    for row in standings["rows"]:
        mine = worths[row["player_id"]]
        assert row["net_worths"] == mine
        assert row["total"] == sum(mine)
        assert row["how"] == f"${mine[0]:,} + ${mine[1]:,} = ${sum(mine):,}"
    totals = [row["total"] for row in standings["rows"]]
    assert totals == sorted(totals, reverse=True)
    assert sum(row["advances"] for row in standings["rows"]) == 4

    response = client.get(f"/api/events/{n.event.pk}/export/?format=csv")
    archive = zipfile.ZipFile(io.BytesIO(response.content))
    rows = _csv(archive, "standings.csv")
    assert list(rows[0])[:6] == ["place", "player_id", "name", "round_1", "round_2", "total"]
    for row in rows:
        mine = worths[int(row["player_id"])]
        assert [int(row["round_1"]), int(row["round_2"]), int(row["total"])] == [*mine, sum(mine)]
    assert [r["advances"] for r in rows].count("yes") == 4


def test_a_knock_out_events_export_has_no_standings(played):
    assert _export(played).json()["standings"] is None
    archive = zipfile.ZipFile(io.BytesIO(_export(played, "csv").content))
    assert "standings.csv" not in archive.namelist()


def test_a_name_that_looks_like_a_formula_is_text_in_the_csv_export(played):
    archive = zipfile.ZipFile(io.BytesIO(_export(played, "csv").content))

    names = [row["name"] for row in _csv(archive, "players.csv")]
    assert "'" + SNEAKY in names
    assert SNEAKY not in names
    results = _csv(archive, "results.csv")
    assert "'" + SNEAKY in [row["name"] for row in results]
    # Money stays numbers: a negative amount is not mistaken for a formula.
    assert all(row["net_worth"].lstrip("-").isdigit() for row in results)


@pytest.mark.parametrize(
    ("fmt", "filename", "content_type"),
    [
        ("json", "monopoly-night-spring-gala-2026-12-05.json", "application/json"),
        ("csv", "monopoly-night-spring-gala-2026-12-05.zip", "application/zip"),
    ],
)
def test_the_download_is_an_attachment_named_after_the_event(fmt, filename, content_type):
    world = make_world(name="Spring Gala", start=False)

    response = _export(world, fmt)

    assert response.status_code == 200
    assert response["Content-Type"] == content_type
    assert response["Content-Disposition"] == f'attachment; filename="{filename}"'


def test_json_is_the_format_when_none_is_asked_for(world):
    response = world.organiser_client().get(f"/api/events/{world.event.pk}/export/")

    assert response.status_code == 200
    assert json.loads(response.content)["event"]["id"] == world.event.pk


def test_an_unknown_format_is_refused(world):
    response = _export(world, "xlsx")

    assert response.status_code == 400
    assert response.json() == {
        "error": "unknown_format",
        "detail": "Ask for format=json or format=csv.",
    }


@pytest.mark.parametrize(("caller", "status"), [("referee", 403), ("other_organiser", 403)])
def test_only_the_events_organisers_may_export_it(world, caller, status):
    client = world.referee_client() if caller == "referee" else client_for(organiser_elsewhere())

    response = client.get(f"/api/events/{world.event.pk}/export/?format=csv")

    assert response.status_code == status
    assert set(response.json()) == {"error", "detail"}


def test_an_unknown_event_is_a_404(world):
    response = world.organiser_client().get("/api/events/999999/export/?format=json")

    assert response.status_code == 404
    assert set(response.json()) == {"error", "detail"}


def _queries(world):
    with CaptureQueriesContext(connection) as queries:
        assert _export(world).status_code == 200
    return len(queries)


def test_the_export_costs_the_same_queries_whatever_the_size_of_the_event(played):
    bigger = make_world(players=16)
    for table in bigger.tables:
        for seat in (1, 2, 3, 4):
            bank(table, kind="pass_go", seat=seat)

    assert _queries(bigger) == _queries(played) <= 12


def test_the_desks_event_page_links_to_both_downloads(world, client):
    client.force_login(world.organiser)
    page = client.get(f"/desk/events/{world.event.pk}/")

    assert page.status_code == 200
    html = page.content.decode()
    assert f"/api/events/{world.event.pk}/export/?format=csv" in html
    assert f"/api/events/{world.event.pk}/export/?format=json" in html


# The command.


def test_the_command_writes_the_same_document_as_the_download(played, tmp_path, capsys):
    output = tmp_path / "night.json"

    call_command("export_event", str(played.event.pk), "--format", "json", "--output", str(output))

    written = json.loads(output.read_text())
    downloaded = json.loads(_export(played).content)
    for document in (written, downloaded):
        document["export"].pop("exported_at")
    assert written == downloaded
    assert f"Wrote {output} (json): 8 players, 1 round(s), 5 entries." in capsys.readouterr().out


def test_the_command_writes_the_csv_zip_under_the_events_name(played, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)

    call_command("export_event", str(played.event.pk), "--format", "csv")

    archive = zipfile.ZipFile(tmp_path / "monopoly-night-spring-gala-2026-12-05.zip")
    assert len(_csv(archive, "entries.csv")) == 5


def test_the_command_never_overwrites_a_file(world, tmp_path):
    output = tmp_path / "kept.json"
    output.write_text("the organiser's notes")

    with pytest.raises(CommandError, match="already exists"):
        call_command("export_event", str(world.event.pk), "--output", str(output))
    assert output.read_text() == "the organiser's notes"


def test_the_command_refuses_an_unknown_event(db, tmp_path):
    output = tmp_path / "none.json"

    with pytest.raises(CommandError, match="There is no event with id 999999"):
        call_command("export_event", "999999", "--output", str(output))
    assert not output.exists()


def test_the_schema_documents_the_download_and_its_formats():
    schema = SchemaGenerator().get_schema(request=None, public=True)

    download = schema["paths"]["/api/events/{event_id}/export/"]["get"]
    (fmt,) = [p for p in download["parameters"] if p["name"] == "format"]
    assert fmt["schema"]["enum"] == ["csv", "json"]
    assert set(download["responses"]["200"]["content"]) == {"application/json", "application/zip"}
    assert {"400", "403", "404"} <= set(download["responses"])


def test_the_night_in_numbers_downloads_as_csv_with_the_printed_figures(db):
    n = night(final=True)
    response = client_for(n.organiser).get(f"/api/events/{n.event.pk}/night/")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    assert response["Content-Disposition"].endswith('-night.csv"')
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    expected = night_in_numbers(event_id=n.event.pk)
    assert [r["figure"] for r in rows] == [f.key for f in expected]
    assert [r["value"] for r in rows] == [str(f.value) for f in expected]
    by_key = {r["figure"]: r for r in rows}
    assert by_key["raised_total"]["value"] == str(8 * 20 + 150)
    assert by_key["entries"]["value"] == str(
        Entry.objects.filter(table__round__event=n.event).count()
    )
