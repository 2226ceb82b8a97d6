"""The big screen: a secret link the organiser issues and revokes, the clock, a leaderboard
per table from the stored state, the bracket, and a page that redraws itself."""

from __future__ import annotations

import re
import time
from datetime import timedelta
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import expect

from banking.models import TableLedger
from banking.selectors import table_state
from tests.browser import (
    SCREEN_BOARDS,
    TABLET_LANDSCAPE,
    check_page,
    snap,
    wait_until,
)
from tests.charts import chart_in, lines
from tests.conftest import World, client_for, close_and_confirm, make_world
from tests.entries import bank
from tests.played import night
from tournament.models import AuditEvent, Event, Round, Table, Volunteer
from tournament.results.closing import round_end
from tournament.results.standings import leaderboard
from tournament.services.rounds import round_create, round_seat, round_start
from tournament.services.screens import screen_link_issue, screen_link_revoke

FULL_HD = {"width": 1920, "height": 1080}


def screen_url(event: Event, token: str | None = None) -> str:
    token = event.screen_token if token is None else token
    return reverse("event-screen", kwargs={"event_id": event.pk, "token": token})


def snapshot_url(event: Event, token: str | None = None) -> str:
    token = event.screen_token if token is None else token
    return reverse("event-screen-snapshot", kwargs={"event_id": event.pk, "token": token})


def link_api(event: Event) -> str:
    return f"/api/events/{event.pk}/screen-link/"


@pytest.fixture
def screened(world: World) -> World:
    world.event = screen_link_issue(event_id=world.event.pk)
    return world


# ------------------------------------------------------------------------------ the link


@pytest.mark.django_db
def test_the_screen_opens_with_its_token_and_no_login(client, screened):
    response = client.get(screen_url(screened.event))
    assert response.status_code == 200
    assert screened.event.name in response.content.decode()
    assert response["Cache-Control"] == "no-store"
    assert client.get(snapshot_url(screened.event)).status_code == 200


@pytest.mark.django_db
def test_a_screen_token_is_long_random_and_new_each_time(world):
    first = screen_link_issue(event_id=world.event.pk).screen_token
    second = screen_link_issue(event_id=world.event.pk).screen_token
    assert first != second
    assert len(first) >= 43  # 32 random bytes, URL-safe: 256 bits
    assert re.fullmatch(r"[A-Za-z0-9_-]+", first)


@pytest.mark.django_db
@pytest.mark.parametrize("wrong", ["nope", "x" * 43, "%20", "%00"])
def test_a_wrong_token_is_not_found(client, screened, wrong):
    screen = f"/events/{screened.event.pk}/screen/{wrong}/"
    assert client.get(screen).status_code == 404
    assert client.get(f"{screen}snapshot/").status_code == 404


@pytest.mark.django_db
def test_another_events_token_does_not_open_this_screen(client, screened):
    other = screen_link_issue(event_id=make_world(players=4).event.pk)
    kwargs = {"event_id": screened.event.pk, "token": other.screen_token}
    url = reverse("event-screen", kwargs=kwargs)
    assert client.get(url).status_code == 404


@pytest.mark.django_db
def test_an_event_without_a_link_has_no_screen(client, world):
    assert world.event.screen_token == ""
    assert client.get(f"/events/{world.event.pk}/screen/x/").status_code == 404


@pytest.mark.django_db
def test_a_revoked_or_replaced_link_stops_working(client, screened):
    old = screened.event.screen_token
    new = screen_link_issue(event_id=screened.event.pk).screen_token
    assert client.get(screen_url(screened.event, old)).status_code == 404
    assert client.get(screen_url(screened.event, new)).status_code == 200
    screen_link_revoke(event_id=screened.event.pk)
    assert client.get(screen_url(screened.event, new)).status_code == 404
    assert client.get(snapshot_url(screened.event, new)).status_code == 404
    links = AuditEvent.objects.filter(event=screened.event, action__startswith="screen_link")
    actions = list(links.values_list("action", flat=True))
    assert sorted(actions) == ["screen_link_issued", "screen_link_issued", "screen_link_revoked"]


# ------------------------------------------------------------------------------ the API


@pytest.mark.django_db
def test_an_organiser_issues_a_link_through_the_api_and_it_opens_the_screen(client, world):
    response = world.organiser_client().post(link_api(world.event))
    assert response.status_code == 201
    url = response.json()["url"]
    world.event.refresh_from_db()
    assert url == f"http://testserver{screen_url(world.event)}"
    assert client.get(url.removeprefix("http://testserver")).status_code == 200

    again = world.organiser_client().post(link_api(world.event)).json()["url"]
    assert again != url
    assert client.get(url.removeprefix("http://testserver")).status_code == 404


@pytest.mark.django_db
def test_an_organiser_revokes_the_link_through_the_api(client, screened):
    url = screen_url(screened.event)
    response = screened.organiser_client().delete(link_api(screened.event))
    assert response.status_code == 204
    assert client.get(url).status_code == 404
    assert screened.organiser_client().delete(link_api(screened.event)).status_code == 204


def caller(world: World, who: str) -> Any:
    if who == "anonymous":
        return client_for()
    if who == "banker_key":
        return world.banker()
    if who == "banker":
        banker = Volunteer.objects.get(event=world.event, role=Volunteer.Role.BANKER).user
        return client_for(banker)
    return client_for(getattr(world, who))


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("who", "issue", "revoke"),
    [
        ("anonymous", 401, 401),
        ("banker_key", 403, 403),
        ("banker", 403, 403),
        ("referee", 403, 403),
        ("organiser", 201, 204),
    ],
)
def test_only_organisers_issue_and_revoke_the_link(screened, who, issue, revoke):
    token = screened.event.screen_token
    response = caller(screened, who).post(link_api(screened.event))
    assert response.status_code == issue
    if issue != 201:
        assert set(response.json()) == {"error", "detail"}
        screened.event.refresh_from_db()
        assert screened.event.screen_token == token
    assert caller(screened, who).delete(link_api(screened.event)).status_code == revoke


@pytest.mark.django_db
def test_the_link_endpoints_are_in_the_api_schema(api):
    schema = api.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    operations = schema["paths"]["/api/events/{event_id}/screen-link/"]
    assert set(operations) >= {"post", "delete"}
    assert operations["post"]["responses"]["201"]["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/ScreenLink"
    }
    assert set(schema["components"]["schemas"]["ScreenLink"]["properties"]) == {"url"}
    assert "204" in operations["delete"]["responses"]


@pytest.mark.django_db
def test_the_api_for_an_unknown_event_is_not_found(world):
    assert world.organiser_client().post("/api/events/999999/screen-link/").status_code == 404


# ------------------------------------------------------------------------------ the snapshot


@pytest.mark.django_db
def test_the_snapshot_has_the_clock_the_leaderboards_and_the_bracket(client, screened):
    bank(screened.table, kind="pass_go", seat=3)
    bank(screened.table, kind="buy", seat=1, space=39)
    data = client.get(snapshot_url(screened.event)).json()
    assert set(data) >= {"event", "now", "clock", "tables", "bracket"}
    assert data["event"] == {
        "id": screened.event.pk,
        "name": screened.event.name,
        "charity": screened.event.charity,
    }
    clock = data["clock"]
    assert clock["round"] == screened.round.number
    assert clock["status"] == "running"
    assert clock["last_turn"] is False
    assert clock["ends_at"].startswith(str(screened.round.ends_at.year))
    assert [t["number"] for t in data["tables"]] == [1, 2]
    first = data["tables"][0]
    assert set(first) >= {"id", "number", "round", "closed", "currency", "leaderboard"}
    assert first["currency"] == "$"
    board = first["leaderboard"]
    assert set(board[0]) >= {"place", "seat", "name", "cash", "net_worth", "bankrupt"}
    assert board[0]["seat"] == 3  # passed GO: 1,700
    assert (board[0]["place"], board[0]["cash"], board[0]["net_worth"]) == (1, 1700, 1700)
    boardwalk = next(row for row in board if row["seat"] == 1)
    assert (boardwalk["cash"], boardwalk["net_worth"], boardwalk["deeds"]) == (1100, 1500, 1)
    assert data["tables"][1]["leaderboard"][0]["net_worth"] == 1500  # no entry yet: the start
    # Two seats level at 1,500 share second place; Boardwalk's owner is as rich but holds
    # less cash, so comes fourth.
    assert [row["place"] for row in board] == [1, 2, 2, 4]
    assert board[-1]["seat"] == 1
    assert data["bracket"]["rounds"][0]["number"] == screened.round.number


@pytest.mark.django_db
def test_each_name_has_a_short_form_for_a_crowded_screen_unless_it_reads_like_another(client):
    names = ["Henrietta Montgomery", "Henrietta Moss", "Cy van der Berg", "Prince", "Jo Ann 2"]
    world = make_world(players=5, table_size=5, names=names)
    event = screen_link_issue(event_id=world.event.pk)
    board = client.get(snapshot_url(event)).json()["tables"][0]["leaderboard"]
    assert {row["name"]: row["short"] for row in board} == {
        "Henrietta Montgomery": "Henrietta Montgomery",  # "Henrietta M." would be two people
        "Henrietta Moss": "Henrietta Moss",
        "Cy van der Berg": "Cy v. d. B.",
        "Prince": "Prince",
        "Jo Ann 2": "Jo A. 2",
    }


def test_the_leaderboard_ranks_by_net_worth_then_cash_with_bankrupt_seats_last():
    seats = [
        {"seat": 1, "name": "A", "cash": 100, "net_worth": 900, "bankrupt": False},
        {"seat": 2, "name": "B", "cash": 0, "net_worth": 0, "bankrupt": True},
        {"seat": 3, "name": "C", "cash": 500, "net_worth": 900, "bankrupt": False},
        {"seat": 4, "name": "D", "cash": 500, "net_worth": 900, "bankrupt": False},
        {"seat": 5, "name": "E", "cash": 50, "net_worth": 1200, "bankrupt": False},
    ]
    rows = leaderboard(seats)
    assert [(r["name"], r["place"]) for r in rows] == [
        ("E", 1),
        ("C", 2),
        ("D", 2),
        ("A", 4),
        ("B", 5),
    ]


@pytest.mark.django_db
def test_the_clock_says_last_turn_once_it_ran_out_with_no_worker_writing_nothing(client, screened):
    Round.objects.filter(pk=screened.round.pk).update(ends_at=timezone.now() - timedelta(seconds=1))
    clock = client.get(snapshot_url(screened.event)).json()["clock"]
    assert (clock["status"], clock["last_turn"]) == ("time_called", True)
    assert Round.objects.get(pk=screened.round.pk).status == Round.Status.RUNNING


@pytest.mark.django_db
def test_the_clock_says_last_turn_once_time_is_called(client, screened):
    Round.objects.filter(pk=screened.round.pk).update(status=Round.Status.TIME_CALLED)
    clock = client.get(snapshot_url(screened.event)).json()["clock"]
    assert clock["last_turn"] is True
    assert clock["status_label"] == "Time called"


@pytest.mark.django_db
def test_before_any_round_the_snapshot_is_empty_but_whole(client):
    world = make_world(players=4, start=False)
    Round.objects.filter(pk=world.round.pk).update(status=Round.Status.PLANNED)
    event = screen_link_issue(event_id=world.event.pk)
    data = client.get(snapshot_url(event)).json()
    assert data["clock"] is None
    assert data["tables"] == []


@pytest.mark.django_db
def test_after_the_round_ends_the_bracket_shows_who_goes_through(client, screened):
    bank(screened.table, kind="pass_go", seat=2)
    bank(screened.tables[1], kind="pass_go", seat=4)
    Round.objects.filter(pk=screened.round.pk).update(ends_at=timezone.now() - timedelta(minutes=1))
    close_and_confirm(screened.round, by=screened.referee)
    round_end(round_id=screened.round.pk, actor=screened.organiser)
    data = client.get(snapshot_url(screened.event)).json()
    assert data["clock"]["ended"] is True
    through = [
        p["name"]
        for table in data["bracket"]["rounds"][0]["tables"]
        for p in table["players"]
        if p["advances"]
    ]
    assert len(through) == 2


@pytest.mark.django_db
def test_a_screen_holding_the_bracket_is_sent_it_again_only_once_it_changed(client, screened):
    """The bracket grows with the night; the screen says which one it holds."""
    url = snapshot_url(screened.event)
    first = client.get(url).json()
    held = first["bracket_version"]
    bank(screened.table, kind="pass_go", seat=2)  # a leaderboard changes, not the bracket
    quiet = client.get(url, {"bracket_version": held})
    assert "bracket" not in quiet.json()
    assert quiet.json()["bracket_version"] == held
    assert quiet.json()["tables"][0]["leaderboard"][0]["cash"] == 1700
    assert len(quiet.content) < len(client.get(url).content) - 500

    Round.objects.filter(pk=screened.round.pk).update(ends_at=timezone.now() - timedelta(minutes=1))
    close_and_confirm(screened.round, by=screened.referee)
    round_end(round_id=screened.round.pk, actor=screened.organiser)
    ended = client.get(url, {"bracket_version": held}).json()
    assert ended["bracket_version"] != held
    assert any(p["advances"] for t in ended["bracket"]["rounds"][0]["tables"] for p in t["players"])
    for asked in ("", "not-a-version", "x" * 5000):
        assert client.get(url, {"bracket_version": asked}).json()["bracket"] == ended["bracket"]


@pytest.mark.django_db
def test_the_snapshot_costs_the_same_queries_for_more_tables_and_entries(client):
    def queries(world: World, entries: int) -> int:
        for _ in range(entries):
            for table in world.tables:
                bank(table, kind="pass_go", seat=1)
        event = screen_link_issue(event_id=world.event.pk)
        with CaptureQueriesContext(connection) as captured:
            assert client.get(snapshot_url(event)).status_code == 200
        return len(captured)

    few = queries(make_world(players=8), 1)
    many = queries(make_world(players=20), 10)
    assert many == few
    # The event, the versions, the clock and bracket (kept until a round, table or seat
    # changes: five), then the tables with their ledgers and rounds' numbers, and their
    # seats, as plain rows.
    assert few <= 9


# ------------------------------------------------------------------------------ in a browser


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_big_screen_updates_when_an_entry_is_posted(live_server, new_page):
    world = make_world(players=36, name="Spring Monopoly Night")  # nine tables
    event = screen_link_issue(event_id=world.event.pk)
    page = new_page(viewport=TABLET_LANDSCAPE)
    page.goto(f"{live_server.url}{screen_url(event)}")
    table = page.locator(f"[data-table='{world.table.number}']")
    table.get_by_text("Table 1").wait_for()
    page.locator("#clock-time").get_by_text(re.compile(r"^\d+(:\d\d)+$")).wait_for()
    check_page(page, "screen 1280", labels=False)
    snap(page, "screen-1280x800")

    bank(world.table, kind="pass_go", seat=2)
    bank(world.table, kind="pass_go", seat=2)
    leader = table.locator(".board-row").first
    leader.get_by_text("$1,900").first.wait_for(timeout=15_000)
    seat_two = world.table.seats.get(number=2).player.name
    assert leader.locator(".name").inner_text() == seat_two
    assert page.evaluate("performance.getEntriesByType('navigation').length") == 1  # no reload
    # Nine tables on 1280x800: the type shrinks until all of them fit, nothing scrolls.
    boards = page.evaluate(SCREEN_BOARDS)
    assert (len(boards["shown"]), boards["inside"], boards["scrolled"]) == (9, True, False)
    snap(page, "screen-1280x800-updated")

    page.keyboard.press("ArrowRight")
    page.locator("#view-bracket").get_by_text("Round 1 · Preliminary").wait_for()
    check_page(page, "screen bracket", labels=False)
    snap(page, "screen-1280x800-bracket")
    page.keyboard.press("c")
    page.keyboard.press("+")
    assert page.evaluate("document.body.classList.contains('compact')")
    assert (
        page.evaluate(
            "getComputedStyle(document.documentElement).getPropertyValue('--screen-scale').trim()"
        )
        == "1.10"
    )
    page.keyboard.press("ArrowLeft")
    check_page(page, "screen compact", labels=False)
    snap(page, "screen-1280x800-compact")

    big = new_page(viewport=FULL_HD)
    big.goto(f"{live_server.url}{screen_url(event)}")
    big.locator(f"[data-table='{world.table.number}']").get_by_text("$1,900").first.wait_for()
    check_page(big, "screen 1920", labels=False)
    snap(big, "screen-1920x1080")

    screen_link_revoke(event_id=event.pk)
    big.get_by_text("This screen link no longer works.").wait_for(timeout=15_000)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_big_screen_says_last_turn_and_rotates_by_itself(live_server, new_page):
    world = make_world(players=8)
    Round.objects.filter(pk=world.round.pk).update(status=Round.Status.TIME_CALLED)
    event = screen_link_issue(event_id=world.event.pk)
    page = new_page(viewport=FULL_HD)
    page.add_init_script("window.localStorage.clear()")
    page.goto(f"{live_server.url}{screen_url(event)}")
    page.locator("#clock-time").get_by_text("Last turn").wait_for()
    page.evaluate("document.getElementById('screen').dataset.rotate = '1'")
    page.locator("[data-action=next]").click()  # to the bracket; the next turn comes in 1 s
    assert page.locator("#view-bracket").is_visible()
    page.locator("#view-leaderboard").wait_for(state="visible", timeout=5_000)
    page.locator("[data-action=pause]").click()
    assert page.locator("[data-action=pause]").get_attribute("aria-pressed") == "true"
    page.wait_for_timeout(1_500)
    assert page.locator("#view-leaderboard").is_visible()  # paused: it stays
    check_page(page, "screen last turn", labels=False)
    snap(page, "screen-1920x1080-last-turn")


# ------------------------------------------------------------------------------ the final's chart


def final_running() -> tuple[Event, Any]:
    """A night whose first round has ended and whose final is seated and running."""
    n = night(players=8)
    final = round_create(event_id=n.event.pk, kind=Round.Kind.FINAL)
    round_seat(round_id=final.pk, seed=7)
    round_start(round_id=final.pk)
    return screen_link_issue(event_id=n.event.pk), final.tables.get()


@pytest.mark.django_db
def test_during_the_final_the_snapshot_offers_its_chart_which_grows_with_each_entry(client):
    event, table = final_running()
    first = client.get(snapshot_url(event)).json()["final_chart"]
    assert first["table"] == table.number
    before = lines(chart_in(client.get(first["url"]).content.decode()))
    bank(table, kind="pass_go", seat=1)
    bank(table, kind="pass_go", seat=2)
    later = client.get(snapshot_url(event)).json()["final_chart"]
    assert later["url"] != first["url"]
    after = client.get(later["url"])
    assert after["Content-Type"] == "image/svg+xml"
    drawn = lines(chart_in(after.content.decode()))
    assert all(len(values) == 1 for values in before.values())
    assert all(len(values) == 3 for values in drawn.values())
    assert drawn[table.seats.get(number=2).player.name] == [1500, 1500, 1700]


@pytest.mark.django_db
def test_no_chart_before_the_final_and_none_for_another_table_or_token(client, screened):
    assert client.get(snapshot_url(screened.event)).json()["final_chart"] is None
    event, table = final_running()
    url = reverse("event-screen-chart", args=[event.pk, event.screen_token, table.pk])
    assert client.get(url).status_code == 200
    assert client.get(url.replace(event.screen_token, "wrong")).status_code == 404
    other = reverse("event-screen-chart", args=[event.pk, event.screen_token, screened.table.pk])
    assert client.get(other).status_code == 404


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_big_screen_shows_the_finals_chart_as_it_is_played(live_server, new_page):
    event, table = final_running()
    page = new_page(viewport=FULL_HD)
    page.goto(f"{live_server.url}{screen_url(event)}")
    chart = page.locator("#final-chart img")
    expect(chart).to_be_visible()
    wait_until(page, "document.querySelector('#final-chart img').naturalWidth > 0")
    check_page(page, "screen final chart", labels=False)
    for seat, space in ((1, 39), (2, 37), (3, 1), (1, 3)):
        bank(table, kind="buy", seat=seat, space=space)
        bank(table, kind="pass_go", seat=seat)
    expect(chart).to_have_attribute("src", re.compile(r"\?v=8$"), timeout=15_000)
    wait_until(page, "document.querySelector('#final-chart img').complete")
    snap(page, "big-screen-final-chart")


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_controls_hide_three_seconds_after_the_pointer_last_moved(live_server, new_page):
    world = make_world(players=8)
    event = screen_link_issue(event_id=world.event.pk)
    page = new_page(viewport=FULL_HD)
    page.goto(f"{live_server.url}{screen_url(event)}")
    controls = page.locator(".screen-controls")
    expect(controls).to_be_visible()
    page.wait_for_timeout(2000)
    expect(controls).to_be_visible()  # not before 3 s
    expect(controls).to_be_hidden(timeout=4000)
    page.mouse.move(400, 300)
    expect(controls).to_be_visible()
    pause = page.locator("[data-action=pause]")
    pause.click()  # and they work once back
    expect(pause).to_have_attribute("aria-pressed", "true")


@pytest.mark.django_db
def test_the_screens_leaderboards_are_the_banks_net_worths(client, screened):
    """The screen reads each table's standings as its ledger keeps them after each entry
    (banking.selectors.table_standings); each leaderboard holds what the console shows of
    its seats, for a table in play with a bankrupt seat, for a table never written to, and
    for a ledger written before standings were kept."""
    bank(screened.table, kind="buy", seat=1, space=39)
    bank(screened.table, kind="bank_payment", seat=2, amount=-1490)
    bank(screened.table, kind="rent", seat=2, space=39)  # $50 on $10: owed to seat 1
    bank(screened.table, kind="bankrupt", seat=2, creditor=1)
    never = Table.objects.filter(round=screened.round).exclude(pk=screened.table.pk).get()
    assert not hasattr(never, "ledger")  # no entry yet: no ledger stored
    for written_before in (False, True):
        if written_before:
            TableLedger.objects.filter(table=screened.table).update(standings=None)
        shown = {t["id"]: t for t in client.get(snapshot_url(screened.event)).json()["tables"]}
        for table in (screened.table, never):
            console = table_state(table)["seats"]
            board = shown[table.pk]["leaderboard"]
            assert {
                (r["seat"], r["name"], r["cash"], r["net_worth"], r["bankrupt"]) for r in board
            } == {(s["seat"], s["name"], s["cash"], s["net_worth"], s["bankrupt"]) for s in console}
        board = shown[screened.table.pk]["leaderboard"]
        assert [r["seat"] for r in board if r["bankrupt"]] == [2]
        assert {r["seat"]: r["deeds"] for r in board}[1] == 1  # Boardwalk


# What the page shows of the tables: each visible board's box and its smallest name size.
@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("tables", [12, 30])
def test_every_table_fits_a_1920_screen_with_names_of_32_px(live_server, new_page, tables):
    # Full names, as people register: a first name and a surname, some of them long.
    first = ("Alexandra", "Brook", "Cy", "Dee", "Maximilian", "Fay", "Gus", "Henrietta", "Jo", "Li")
    last = ("Lovelace", "Montgomery", "Hopper", "Oyelaran-Smith", "Taylor", "Ng", "Bellweather")
    names = [
        f"{first[n % 10]} {last[n // 10 % 7]} {n // 70 or ''}".strip() for n in range(4 * tables)
    ]
    world = make_world(players=4 * tables, names=names, name="Spring Monopoly Night")
    event = screen_link_issue(event_id=world.event.pk)
    page = new_page(viewport=FULL_HD)
    page.goto(f"{live_server.url}{screen_url(event)}?page_seconds=2")
    page.locator("#boards .board").first.wait_for()
    seen: set[int] = set()
    for _ in range(8):
        boards = page.evaluate(SCREEN_BOARDS)
        assert boards["all"] == tables
        assert boards["inside"], boards  # no table cut off, nothing to scroll
        assert not boards["scrolled"]
        assert boards["smallestName"] >= 32
        assert boards["cut"] == []  # a long name gives way to its short form before it is cut
        seen.update(boards["shown"])
        if len(seen) == tables:
            break
        page.wait_for_timeout(2_100)  # the next page
    assert seen == set(range(1, tables + 1))
    if tables == 12:
        assert boards["label"] == ""  # twelve tables: one page
        snap(page, "big-screen-1920x1080-12-tables")
    else:
        assert re.fullmatch(r"Tables \d+\N{EN DASH}\d+ of 30 · page \d of \d", boards["label"])
        snap(page, "big-screen-1920x1080-30-tables")


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_tables_pages_turn_while_the_figures_keep_changing(live_server, new_page):
    """A busy round redraws the boards at every fetch (every 4 s); the page still turns on
    its own clock (here 6 s), not only in a quiet moment."""
    world = make_world(players=4 * 30, name="Spring Monopoly Night")
    event = screen_link_issue(event_id=world.event.pk)
    page = new_page(viewport=FULL_HD)
    page.goto(f"{live_server.url}{screen_url(event)}?page_seconds=6")
    page.locator("#boards .board").first.wait_for()
    first = page.evaluate(SCREEN_BOARDS)["label"]
    assert first.endswith("page 1 of 3"), first
    seats = 0
    deadline = time.monotonic() + 15
    while page.evaluate(SCREEN_BOARDS)["label"] == first and time.monotonic() < deadline:
        bank(world.tables[seats % 30], kind="pass_go", seat=1)  # a table's figures change
        seats += 1
        page.wait_for_timeout(1_000)
    assert page.evaluate(SCREEN_BOARDS)["label"].endswith("page 2 of 3")
