"""A round's result is data: each seat's breakdown (every deed, the tie-break rule) is stored
on its Result when the table closes, and one shaper (tournament/results/shape.py) gives it
to the API, the pages, the prints and the exports. Nothing reads the audit trail's text to
compute a result."""

from __future__ import annotations

import importlib
import uuid
from pathlib import Path

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.urls import reverse

from games.engine.money import money
from tests.conftest import World, close_and_confirm, guards_off, make_world
from tests.entries import bank
from tournament.api.serializers import ResultOutput
from tournament.exports import event_export
from tournament.models import AuditEvent, Result
from tournament.results import selectors as result_selectors
from tournament.results.closing import round_end, table_close
from tournament.results.overrides import result_override
from tournament.results.shape import result_row, result_rows
from tournament.templatetags.money import money as money_filter

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[3]
MOVES = (
    {"kind": "buy", "seat": 1, "space": 39},
    {"kind": "buy", "seat": 1, "space": 37},
    {"kind": "build", "seat": 1, "space": 39},
    {"kind": "build", "seat": 1, "space": 37},
    {"kind": "buy", "seat": 1, "space": 1},
    {"kind": "mortgage", "seat": 1, "space": 1},
    {"kind": "buy", "seat": 2, "space": 3},  # Baltic: seat 2 level with 3 and 4, less cash
)
HOW = (
    "cash $320 + deeds $780 (Mediterranean Avenue mortgaged $30, Park Place $350, Boardwalk"
    " $400) + buildings $400 (Park Place 1 house $200, Boardwalk 1 house $200) = $1,500"
)


def play(world: World) -> None:
    banker = world.banker()
    for move in MOVES:
        response = banker.post(
            f"/api/tables/{world.table.pk}/entries/",
            {"id": str(uuid.uuid4()), **move},
            format="json",
        )
        assert response.status_code == 201, response.json()


def stored(world: World) -> dict[int, Result]:
    results = Result.objects.filter(seat__table=world.table).select_related("seat")
    return {r.seat.number: r for r in results}


def test_closing_stores_each_deed_and_the_tie_break_rule_on_the_result(world):
    play(world)
    table_close(table_id=world.table.pk)
    results = stored(world)
    deeds = results[1].deeds
    assert [(d["name"], d["price"], d["mortgaged"], d["value"]) for d in deeds] == [
        ("Mediterranean Avenue", 60, True, 30),
        ("Park Place", 350, False, 350),
        ("Boardwalk", 400, False, 400),
    ]
    assert [(d["houses"], d["hotel"], d["building_value"]) for d in deeds] == [
        (0, False, 0),
        (1, False, 200),
        (1, False, 200),
    ]
    assert deeds[2]["group"] == "dark_blue"
    assert sum(d["value"] for d in deeds) == results[1].property_value
    assert sum(d["building_value"] for d in deeds) == results[1].building_value
    assert results[3].deeds == []
    # Every seat is worth 1,500: cash places seats 1 (320) and 2 (1,440) against the others;
    # seats 3 and 4 have the same cash too, so the organiser decides between them.
    assert (results[1].tie_break, results[2].tie_break) == (Result.TieBreak.CASH,) * 2
    assert (results[3].tie_break, results[4].tie_break) == (Result.TieBreak.ORGANISER,) * 2


def test_a_bankrupt_seat_stores_the_bankrupt_rule():
    world = make_world()
    for client, move in (
        (
            world.referee_client(),
            {"kind": "adjust", "seat": 4, "amount": -1600, "reason": "A debt to the bank"},
        ),
        (world.banker(), {"kind": "bankrupt", "seat": 4}),
    ):
        response = client.post(
            f"/api/tables/{world.table.pk}/entries/",
            {"id": str(uuid.uuid4()), **move},
            format="json",
        )
        assert response.status_code == 201, response.json()
    table_close(table_id=world.table.pk)
    assert stored(world)[4].tie_break == Result.TieBreak.BANKRUPT


def test_how_and_tie_break_do_not_read_the_audit_trail(client, world):
    play(world)
    close_and_confirm(world.round, by=world.referee)
    # The closing's audit record says something else entirely: the pages still show the
    # result as stored.
    with guards_off():
        AuditEvent.objects.filter(action="table_closed").update(
            subject="Something else",
            data={"seats": [{"seat": 1, "deeds": [], "net_worth": 1500}]},
        )
    client.force_login(world.organiser)
    page = client.get(reverse("desk:results", args=[world.round.pk])).content.decode()
    assert HOW in page
    assert "level with" in page
    assert "tied with" in page
    rows = {r["seat"]: r for r in result_selectors.table_results(world.table.pk)}
    assert rows[1]["how"] == HOW
    assert rows[2]["tie_break_text"].startswith("level with")
    with guards_off():
        AuditEvent.objects.filter(action="table_closed").delete()
    ranked = sorted(rows.values(), key=lambda r: (r["rank"], r["seat"]))
    assert result_selectors.table_results(world.table.pk) == ranked


def test_the_referee_page_shows_the_stored_breakdown_without_the_audit_record(client, world):
    play(world)
    table_close(table_id=world.table.pk)
    with guards_off():
        AuditEvent.objects.filter(action="table_closed").delete()
    client.force_login(world.referee)
    page = client.get(reverse("referee-table", args=[world.event.pk, world.table.pk]))
    assert HOW in page.content.decode()


def overridden(world: World) -> AuditEvent:
    """Seat 3 of the first table wins it, the round ends with the rest tied, and the
    organiser decides one of the tied players advances: the override's audit record."""
    bank(world.table, kind="pass_go", seat=3)
    close_and_confirm(world.round, by=world.referee)
    round_end(round_id=world.round.pk)
    tied = Result.objects.filter(round=world.round, undecided=True).select_related("player")[0]
    result_override(
        round_id=world.round.pk,
        player_id=tied.player_id,
        advances=True,
        reason="Won the coin toss",
        actor=world.organiser,
    )
    return AuditEvent.objects.get(action="advancement_override")


def test_a_rounds_overrides_are_the_records_that_decide_its_seats_whatever_their_words(
    client, world
):
    override = overridden(world)
    # A record worded as an override of this round, which decides no seat: not one.
    AuditEvent.objects.create(
        event=world.event,
        actor=world.organiser,
        action=override.action,
        subject=override.subject,
        reason="Looks like an override",
        data=override.data,
    )
    # The real one, reworded: still the round's override.
    with guards_off():
        AuditEvent.objects.filter(pk=override.pk).update(
            action="advancement_decision", subject="Reworded"
        )

    assert list(result_selectors.round_overrides(round_id=world.round.pk)) == [override]
    client.force_login(world.organiser)
    page = client.get(reverse("desk:results", args=[world.round.pk])).content.decode()
    assert "Reworded" in page
    assert "Won the coin toss" in page
    assert "Looks like an override" not in page


def test_the_migration_links_the_overrides_recorded_before_it_to_their_seats(world):
    override = overridden(world)
    seat = override.decided_seat
    # As recorded before 0014, which ran before the database's guards (0016) existed.
    with guards_off():
        AuditEvent.objects.update(decided_seat=None)
        migration = importlib.import_module("tournament.migrations.0014_audit_event_decided_seat")
        apps = (
            MigrationExecutor(connection)
            .loader.project_state(("tournament", "0014_audit_event_decided_seat"))
            .apps
        )
        migration.link(apps, None)
    assert AuditEvent.objects.get(pk=override.pk).decided_seat == seat
    assert list(result_selectors.round_overrides(round_id=world.round.pk)) == [override]


def test_one_shaper_gives_the_api_the_review_the_export_and_the_prints_the_same_row(world):
    play(world)
    close_and_confirm(world.round, by=world.referee)
    shaped = {
        r.seat.number: r
        for r in Result.objects.filter(seat__table=world.table).select_related(
            "seat__table", "player", "round"
        )
    }
    rows = {r["seat"]: r for r in result_rows(shaped.values())}
    assert set(ResultOutput().fields) == set(rows[1])
    api = world.organiser_client().get(f"/api/rounds/{world.round.pk}/results/").json()
    assert {r["seat"]: r for r in api if r["table"] == world.table.number} == rows
    review = world.referee_client().post(f"/api/tables/{world.table.pk}/confirm/")
    assert review.status_code == 200, review.json()  # confirmed already: changes nothing
    assert {r["seat"]: r for r in review.json()["results"]} == rows
    exported = event_export(world.event.pk)["rounds"][0]["tables"][0]["results"]
    assert {r["seat"]: r for r in exported} == rows
    alone = result_row(shaped[1])
    assert alone | {"tie_break_text": rows[1]["tie_break_text"]} == rows[1]


def test_the_migration_fills_the_breakdown_of_results_closed_before_it(world):
    play(world)
    close_and_confirm(world.round, by=world.referee)
    before = {n: (r.deeds, r.tie_break) for n, r in stored(world).items()}
    # As closed before 0007, which ran before the database's guards (0016) existed.
    with guards_off():
        Result.objects.update(deeds=None, tie_break="")
        migration = importlib.import_module("tournament.migrations.0007_result_breakdown")
        executor = MigrationExecutor(connection)
        apps = executor.loader.project_state(
            [("tournament", "0007_result_breakdown"), ("banking", "0004_ledger_seats")]
        ).apps
        migration.fill(apps, None)
    assert {n: (r.deeds, r.tie_break) for n, r in stored(world).items()} == before


def test_money_is_written_one_way_on_the_desk_and_in_print(client, world):
    from tournament.printing.render import FIGURE_SPACE, PUNCTUATION_SPACE, figure

    assert money_filter(-50, "USD") == "\N{MINUS SIGN}$50" == money(-50, "$")
    assert figure(-50, "USD") == FIGURE_SPACE * 2 + PUNCTUATION_SPACE + "\N{MINUS SIGN}$50"
    assert figure(1500, "USD") == FIGURE_SPACE + "$1,500"
    world.event.players.update(paid=1250)
    client.force_login(world.organiser)
    page = client.get(reverse("desk:donations", args=[world.event.pk])).content.decode()
    assert money(1250 * world.event.players.count()) in page
    for name in ("print/results.html", "print/scoresheet.html", "print/fallback_sheet.html"):
        text = (ROOT / "templates" / name).read_text()
        assert "{{ currency }}{{" not in text, name
    for path in (ROOT / "templates" / "desk").glob("*.html"):
        assert 'floatformat:"0g"' not in path.read_text(), path.name
