"""The big screen: a secret link the organiser issues and revokes, the clock, a leaderboard
per table from the stored state, the bracket, and a page that keeps itself up to date."""

from __future__ import annotations

import csv
import io
import re
from datetime import timedelta
from html import unescape
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from playwright.sync_api import expect

from banking.models import TableLedger
from banking.selectors import table_state
from games.engine.money import money
from tests.browser import (
    SCREEN_BOARDS,
    TABLET_LANDSCAPE,
    check_page,
    snap,
    wait_until,
)
from tests.charts import chart_in, lines
from tests.conftest import World, client_for, close_and_confirm, make_world, play_round_one, run_out
from tests.entries import bank
from tests.played import final_tie_decided, night
from tournament.management.commands.load_demo import PLAYERS
from tournament.models import AuditEvent, Event, Result, Round, Table, Volunteer
from tournament.results.closing import round_end
from tournament.results.standings import leaderboard
from tournament.services.events import team_sponsor_set
from tournament.services.players import player_update
from tournament.services.rounds import round_create, round_seat, round_start
from tournament.services.screens import screen_link_issue, screen_link_revoke

FULL_HD = {"width": 1920, "height": 1080}


def screen_url(event: Event, token: str | None = None) -> str:
    token = event.screen_token if token is None else token
    return reverse("event-screen", kwargs={"event_id": event.pk, "token": token})


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
    polled = poll(client, screened.event)
    assert polled.status_code == 200
    assert polled["Cache-Control"] == "no-store"


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
    assert client.get(screen, headers={"HX-Request": "true"}).status_code == 404


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
    assert poll(client, screened.event, token=new).status_code == 404
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


# ------------------------------------------------------------------------------ what it shows


def poll(client, event: Event, etag: str = "", token: str | None = None, tables: str = ""):
    """The screen's poll, as htmx asks it: the page's address with HX-Request, and the ETag
    of what it shows; `tables`: the ids of the page of tables it shows."""
    headers = {"HX-Request": "true", **({"If-None-Match": etag} if etag else {})}
    asked = {"tables": tables} if tables else {}
    return client.get(screen_url(event, token), asked, headers=headers)


def screen_opened(live_server, new_page, world: World, asked: str = "") -> Any:
    """The world's big screen, its link issued, opened at 1920 x 1080 (`asked`: what
    follows its address)."""
    event = screen_link_issue(event_id=world.event.pk)
    page = new_page(viewport=FULL_HD)
    page.goto(f"{live_server.url}{screen_url(event)}{asked}")
    return page


def words(html: str) -> str:
    """The text of some HTML as it reads, tags taken out."""
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def boards(html: str) -> dict[int, list[str]]:
    """Each table's board as the hall reads it, a line a row: "1 Ann $1,700 cash $1,700"."""
    found = re.findall(
        r'<article class="board" id="board-\d+" data-table="(\d+)"[^>]*>(.*?)</article>', html, re.S
    )
    return {int(n): [words(r) for r in re.findall(r"<li.*?</li>", body)] for n, body in found}


def rows(html: str, table: int) -> list[str]:
    """The opening tag of each row of a table's board (its classes and figures)."""
    board = html.split(f'data-table="{table}">', 1)[1].split("</article>", 1)[0]
    return re.findall(r"<li [^>]*>", board)


def clock(html: str) -> str:
    return words(re.search(r'<div class="screen-clock".*?</div>', html, re.S).group(0))


def bracket(html: str) -> str:
    """The bracket's part of a page or of a poll ('' when a poll leaves it out)."""
    found = re.search(r'<div id="bracket"[^>]*>(.*?)(</div>\s*</div>\s*</section>|$)', html, re.S)
    return found.group(1) if found else ""


@pytest.mark.django_db
def test_the_screen_shows_the_clock_the_leaderboards_and_the_bracket(client, screened):
    bank(screened.table, kind="pass_go", seat=3)
    bank(screened.table, kind="buy", seat=1, space=39)
    for html in (client.get(screen_url(screened.event)), poll(client, screened.event)):
        html = html.content.decode()
        assert clock(html).startswith(f"Round {screened.round.number} · Preliminary")
        assert "Time is called at" in clock(html)
        shown = boards(html)
        assert list(shown) == [1, 2]
        name = {s.number: s.player.name for s in screened.table.seats.select_related("player")}
        # Seat 3 passed GO: 1,700. Two seats level at 1,500 share second place; Boardwalk's
        # owner is as rich but holds less cash, so comes fourth.
        assert shown[1][0] == f"1 {name[3]} $1,700 cash $1,700"
        assert [line.split()[0] for line in shown[1]] == ["1", "2", "2", "4"]
        assert shown[1][-1] == f"4 {name[1]} $1,500 cash $1,100"
        assert 'class="board-row leader"' in rows(html, 1)[0]
        assert all(line.endswith("$1,500 cash $1,500") for line in shown[2])  # no entry yet
        assert not any("leader" in row for row in rows(html, 2))  # all level: nobody in gold
        assert "Round 1 · Preliminary" in words(bracket(html))


@pytest.mark.django_db
def test_each_name_has_a_short_form_for_a_crowded_screen_unless_it_reads_like_another(client):
    names = ["Henrietta Montgomery", "Henrietta Moss", "Cy van der Berg", "Prince", "Jo Ann 2"]
    world = make_world(players=5, table_size=5, names=names)
    event = screen_link_issue(event_id=world.event.pk)
    html = client.get(screen_url(event)).content.decode()
    found = re.findall(r'<span class="name" data-short="([^"]*)">([^<]*)<', html)
    assert {name: short for short, name in found} == {
        "Henrietta Montgomery": "Henrietta Montgomery",  # "Henrietta M." would be two people
        "Henrietta Moss": "Henrietta Moss",
        "Cy van der Berg": "Cy v. d. B.",
        "Prince": "Prince",
        "Jo Ann 2": "Jo A. 2",
    }


@pytest.mark.django_db
def test_what_people_typed_shows_as_text_never_as_markup(client):
    names = ['<b>Al</b> & "Bo"', "<script>x()</script>", "Cy", "Di"]
    world = make_world(players=4, names=names, name="<i>Night</i>", charity="A & B")
    event = screen_link_issue(event_id=world.event.pk)
    for html in (client.get(screen_url(event)), poll(client, event)):
        html = html.content.decode()
        assert "<b>Al" not in html
        assert "<script>x()" not in html
        assert "<i>Night" not in html
        assert {line.split(" ", 1)[1].rsplit(" $", 2)[0] for line in boards(html)[1]} == set(names)
        assert "&lt;b&gt;Al&lt;/b&gt; &amp; &quot;Bo&quot;" in bracket(html)
    page = client.get(screen_url(event)).content.decode()
    assert "&lt;i&gt;Night&lt;/i&gt;" in page
    assert "In aid of A &amp; B" in page


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
    run_out(screened.round, ago=timedelta(seconds=1))
    shown = clock(poll(client, screened.event).content.decode())
    assert shown == "Round 1 · Preliminary Last turn Time has been called: finish the turn"
    assert Round.objects.get(pk=screened.round.pk).status == Round.Status.RUNNING


@pytest.mark.django_db
def test_the_clock_says_last_turn_once_time_is_called(client, screened):
    html = client.get(screen_url(screened.event)).content.decode()
    assert re.search(r"Preliminary (\d+:)?\d+:\d\d Time is called at \d\d:\d\d$", clock(html))
    etag = poll(client, screened.event)["ETag"]
    Round.objects.filter(pk=screened.round.pk).update(status=Round.Status.TIME_CALLED)
    answer = poll(client, screened.event, etag)
    assert answer.status_code == 200
    assert "Last turn" in clock(answer.content.decode())


@pytest.mark.django_db
def test_before_any_round_the_screen_is_empty_but_whole(client):
    world = make_world(players=4, start=False)
    Round.objects.filter(pk=world.round.pk).update(status=Round.Status.PLANNED)
    event = screen_link_issue(event_id=world.event.pk)
    html = client.get(screen_url(event)).content.decode()
    assert clock(html) == "Tonight — No round has been seated yet"
    assert boards(html) == {}
    assert "The tables appear here once the round is seated." in html


@pytest.mark.django_db
def test_after_the_round_ends_the_bracket_shows_who_goes_through(client, screened):
    bank(screened.table, kind="pass_go", seat=2)
    bank(screened.tables[1], kind="pass_go", seat=4)
    run_out(screened.round, ago=timedelta(minutes=1))
    close_and_confirm(screened.round, by=screened.referee)
    round_end(round_id=screened.round.pk, actor=screened.organiser)
    html = client.get(screen_url(screened.event)).content.decode()
    assert clock(html) == "Round 1 · Preliminary Ended The results are in"
    assert bracket(html).count('class="bracket-player advances"') == 2
    assert "Table 1 · closed 1." in words(bracket(html))  # ranked


@pytest.mark.django_db
def test_a_poll_shows_a_new_entry_and_nothing_new_is_not_modified(client, screened):
    """What a viewer sees: the figure of a new entry at the next poll; a poll with nothing
    new swaps nothing (a 304, no body); the bracket, which grows with the night, comes
    again only once it changed."""
    page = client.get(screen_url(screened.event))
    etag = page["ETag"]
    assert f'data-etag="{etag.replace(chr(34), "&quot;")}"' in page.content.decode()
    quiet = poll(client, screened.event, etag)
    assert (quiet.status_code, quiet.content, quiet["ETag"]) == (304, b"", etag)

    bank(screened.table, kind="pass_go", seat=2)  # a leaderboard changes, not the bracket
    moved = poll(client, screened.event, etag)
    assert moved.status_code == 200
    html = moved.content.decode()
    name = screened.table.seats.get(number=2).player.name
    assert boards(html)[1][0] == f"1 {name} $1,700 cash $1,700"
    assert bracket(html) == ""  # held
    assert "<html" not in html
    # The screen holds the tables as they are: each board comes to its place, one by one.
    assert 'id="boards"' not in html
    assert f'id="board-{screened.table.pk}" data-table="1" hx-swap-oob="true"' in html
    assert moved["ETag"] != etag
    assert poll(client, screened.event, moved["ETag"]).status_code == 304
    assert "Round 1" in words(bracket(poll(client, screened.event, '"x.y"').content.decode()))

    run_out(screened.round, ago=timedelta(minutes=1))
    close_and_confirm(screened.round, by=screened.referee)
    round_end(round_id=screened.round.pk, actor=screened.organiser)
    ended = poll(client, screened.event, moved["ETag"]).content.decode()
    assert "advances" in bracket(ended)
    for asked in ("", "not-a-version", "x" * 5000):
        assert bracket(poll(client, screened.event, asked).content.decode()) == bracket(ended)


@pytest.mark.django_db
def test_a_screen_showing_a_page_of_tables_gets_those_alone(client):
    """A screen showing its tables page by page asks for the page it shows: the poll
    brings those boards, new figures and all, and none of the others; a screen that does
    not hold the tables as they are (a seat changed since) gets every board again."""
    world = make_world(players=16)  # four tables
    event = screen_link_issue(event_id=world.event.pk)
    etag = client.get(screen_url(event))["ETag"]
    first, second, *_ = world.tables
    for table in world.tables:
        bank(table, kind="pass_go", seat=1)
    page = poll(client, event, etag, tables=f"{first.pk},{second.pk}")
    assert page.status_code == 200
    shown = boards(page.content.decode())
    assert sorted(shown) == [first.number, second.number]
    assert all("$1,700" in shown[n][0] for n in shown)
    assert poll(client, event, page["ETag"], tables=f"{first.pk},{second.pk}").status_code == 304
    bank(world.tables[2], kind="pass_go", seat=2)  # a table on another page: not this one's
    assert poll(client, event, page["ETag"], tables=f"{first.pk},{second.pk}").status_code == 304

    player = world.tables[3].seats.get(number=1).player
    player_update(player_id=player.pk, changes={"name": "Zora Neale"}, actor=world.organiser)
    again = poll(client, event, page["ETag"], tables=f"{first.pk},{second.pk}").content.decode()
    assert 'id="boards" hx-swap-oob="innerHTML"' in again
    assert len(boards(again)) == 4
    assert "Zora Neale" in again


@pytest.mark.django_db
@pytest.mark.parametrize("asked", ["1,two", "1;2", "-1", ",", "1," * 600, "9" * 40])
def test_a_poll_asking_for_tables_in_a_wrong_shape_is_told_so(client, screened, asked):
    answer = poll(client, screened.event, tables=asked)
    assert answer.status_code == 400
    assert b"the ids of the tables shown" in answer.content


@pytest.mark.django_db
def test_the_night_ends_on_the_winners_screen(client):
    """Once the final has ended, the screen names its winner (a tie the organiser settled:
    the one sent on, not the others), their table and net worth, beside the final's chart,
    and says the results are in; a screen polling since the final was played gets it."""
    n = night()
    event = screen_link_issue(event_id=n.event.pk)
    etag = client.get(screen_url(event))["ETag"]
    winner, others = final_tie_decided(n)
    for html in (
        client.get(screen_url(event)).content.decode(),
        poll(client, event, etag).content.decode(),
    ):
        banner = words(re.search(r'<section class="winner-banner".*?</section>', html, re.S)[0])
        net_worth = money(winner.net_worth, "$")
        said = f"winner {winner.player.name} The final, table 1 · net worth {net_worth}"
        assert banner == f"Tonight\N{RIGHT SINGLE QUOTATION MARK}s {said}"
        assert not any(other.player.name in banner for other in others)
        assert chart_url(html)
        assert clock(html) == "Round 2 · Final Ended Congratulations to the winner!"


def teams_slide(html: str) -> list[str]:
    """Each row of the team standings' slide (or of a poll's part), as the hall reads it."""
    found = re.search(r'<div id="teams"[^>]*>(.*?)</div>', html, re.S)
    return [words(row) for row in re.findall(r"<li.*?</li>", found.group(1))] if found else []


@pytest.mark.django_db
def test_an_event_with_teams_has_a_slide_of_the_team_standings(client, screened):
    assert 'id="view-teams"' not in client.get(screen_url(screened.event)).content.decode()

    n = night(teams=("Reds", "Blues"))
    team_sponsor_set(event_id=n.event.pk, name="Reds", sponsor="Acme Bank")
    event = screen_link_issue(event_id=n.event.pk)
    page = client.get(screen_url(event))
    html = page.content.decode()
    assert 'id="view-teams" data-view="Teams"' in html
    totals = {
        team: sum(
            Result.objects.filter(round=n.round, player__team=team).values_list(
                "net_worth", flat=True
            )
        )
        for team in ("Reds", "Blues")
    }
    ordered = sorted(totals, key=lambda team: -totals[team])
    sponsor = {"Reds": " sponsored by Acme Bank", "Blues": ""}
    assert teams_slide(html) == [
        f"{place} {team}{sponsor[team]} R1 {money(totals[team], '$')} {money(totals[team], '$')}"
        for place, team in enumerate(ordered, start=1)
    ]
    assert teams_slide(poll(client, event, page["ETag"]).content.decode()) == []  # held
    team_sponsor_set(event_id=n.event.pk, name="Blues", sponsor="Corner Shop")
    assert "Blues sponsored by Corner Shop" in " ".join(
        teams_slide(poll(client, event, page["ETag"]).content.decode())
    )


@pytest.mark.django_db
def test_a_bankrupt_seat_reads_bankrupt_and_a_closed_table_says_so(client, screened):
    bank(screened.table, kind="buy", seat=1, space=39)
    bank(screened.table, kind="bank_payment", seat=2, amount=-1490)
    bank(screened.table, kind="rent", seat=2, space=39)  # $50 on $10: owed to seat 1
    bank(screened.table, kind="bankrupt", seat=2, creditor=1)
    close_and_confirm(screened.round, by=screened.referee)
    html = client.get(screen_url(screened.event)).content.decode()
    name = screened.table.seats.get(number=2).player.name
    assert boards(html)[1][-1] == f"4 {name} Bankrupt cash $0"
    assert 'class="board-row bankrupt"' in rows(html, 1)[-1]
    closed = '<h3><span>Table 1</span><span class="board-tag closed">Closed</span></h3>'
    assert closed in html


@pytest.mark.django_db
def test_the_screen_costs_the_same_queries_for_more_tables_and_entries(client):
    def queries(world: World, entries: int) -> int:
        for _ in range(entries):
            for table in world.tables:
                bank(table, kind="pass_go", seat=1)
        event = screen_link_issue(event_id=world.event.pk)
        with CaptureQueriesContext(connection) as captured:
            assert poll(client, event).status_code == 200
        return len(captured)

    few = queries(make_world(players=8), 1)
    many = queries(make_world(players=20), 10)
    assert many == few
    # The event, the versions, the clock, the bracket and whether there are teams (kept
    # until a round, table or seat changes: six), then the tables with their ledgers and
    # rounds' numbers, and their seats, as plain rows.
    assert few <= 10


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


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_team_standings_have_a_slide_in_the_screens_rotation(live_server, new_page):
    n = night(teams=("Reds", "Blues", "Greens"))
    team_sponsor_set(event_id=n.event.pk, name="Greens", sponsor="The Corner Shop")
    event = screen_link_issue(event_id=n.event.pk)
    page = new_page(viewport=FULL_HD)
    page.add_init_script("window.localStorage.clear()")
    page.goto(f"{live_server.url}{screen_url(event)}")
    page.locator("[data-action=pause]").click()
    page.locator("[data-action=next]").click()  # the bracket
    page.locator("[data-action=next]").click()  # the teams
    expect(page.locator("#view-teams")).to_be_visible()
    expect(page.locator("#view-teams .team-row")).to_have_count(3)
    expect(page.locator("#view-teams")).to_contain_text("sponsored by The Corner Shop")
    check_page(page, "screen teams", labels=False)
    snap(page, "screen-1920x1080-teams")
    page.locator("[data-action=next]").click()  # round again to the leaderboard
    expect(page.locator("#view-leaderboard")).to_be_visible()


# ------------------------------------------------------------------------------ the final's chart


def final_running() -> tuple[Event, Any]:
    """A night whose first round has ended and whose final is seated and running."""
    n = night(players=8)
    final = round_create(event_id=n.event.pk, kind=Round.Kind.FINAL)
    round_seat(round_id=final.pk, seed=7)
    round_start(round_id=final.pk)
    return screen_link_issue(event_id=n.event.pk), final.tables.get()


def chart_url(html: str) -> str:
    found = re.search(r'<figure class="final-chart" id="final-chart"[^>]*><img src="([^"]+)"', html)
    return unescape(found.group(1)) if found else ""


@pytest.mark.django_db
def test_during_the_final_the_screen_shows_its_chart_which_grows_with_each_entry(client):
    event, table = final_running()
    first = chart_url(client.get(screen_url(event)).content.decode())
    assert first
    before = lines(chart_in(client.get(first).content.decode()))
    bank(table, kind="pass_go", seat=1)
    bank(table, kind="pass_go", seat=2)
    later = chart_url(poll(client, event).content.decode())
    assert later != first
    after = client.get(later)
    assert after["Content-Type"] == "image/svg+xml"
    drawn = lines(chart_in(after.content.decode()))
    assert all(len(values) == 1 for values in before.values())
    assert all(len(values) == 3 for values in drawn.values())
    assert drawn[table.seats.get(number=2).player.name] == [1500, 1500, 1700]


@pytest.mark.django_db
def test_no_chart_before_the_final_and_none_for_another_table_or_token(client, screened):
    html = client.get(screen_url(screened.event)).content.decode()
    assert '<figure class="final-chart" id="final-chart" hidden></figure>' in html
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
    expect(chart).to_have_attribute("src", re.compile(r"\?v=8-en-USD$"), timeout=15_000)
    wait_until(page, "document.querySelector('#final-chart img').complete")
    snap(page, "big-screen-final-chart")


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_controls_hide_three_seconds_after_the_pointer_last_moved(live_server, new_page):
    world = make_world(players=8)
    page = screen_opened(live_server, new_page, world)
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
    never = Table.objects.filter(round=screened.round).exclude(pk=screened.table.pk).get()
    assert not hasattr(never, "ledger")  # no entry yet: no ledger stored
    for written_before in (False, True):
        if written_before:
            TableLedger.objects.filter(table=screened.table).update(standings=None)
        shown = boards(poll(client, screened.event).content.decode())
        for table in (screened.table, never):
            console = table_state(table)["seats"]
            board = {line.rsplit(" cash ", 1)[0].split(" ", 1)[1] for line in shown[table.number]}
            assert board == {f"{s['name']} {money(s['net_worth'], '$')}" for s in console}


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
def test_a_small_night_fills_the_screen_with_every_name_whole(live_server, new_page):
    """The demo's sixteen players at four tables: large type, not a strip across the top
    with names cut short."""
    names = [row["name"] for row in csv.DictReader(io.StringIO(PLAYERS))]
    world = make_world(players=len(names), names=names)
    page = screen_opened(live_server, new_page, world)
    page.locator("#boards .board").first.wait_for()
    boards = page.evaluate(SCREEN_BOARDS)
    assert boards["shown"] == [1, 2, 3, 4]
    assert boards["inside"], boards
    assert boards["filled"] > 0.5, boards
    assert boards["shortened"] == 0
    assert boards["smallestName"] >= 36


# Each visible board's net worths, as the hall reads them.
SHOWN_WORTHS = """() => Object.fromEntries([...document.querySelectorAll('#boards .board')]
    .filter((b) => !b.hidden)
    .map((b) => [b.dataset.table, [...b.querySelectorAll('.worth')].map((w) => w.textContent)]))"""


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_page_of_tables_turns_with_its_figures_as_they_are(live_server, new_page):
    """A screen showing its tables page by page asks for the page it shows, and the next
    page comes into view on its own clock (a poll bringing new figures in between leaves
    the running page its time) with the bank's figures of that moment, not those of the
    last time it was shown."""
    world = make_world(players=4 * 30, name="Spring Monopoly Night")
    event = screen_link_issue(event_id=world.event.pk)
    page = new_page(viewport=FULL_HD)
    asked: list[str] = []
    page.on(
        "request",
        lambda r: asked.append(r.url.partition("tables=")[2]) if r.headers.get("hx-request") else 0,
    )
    page.goto(f"{live_server.url}{screen_url(event)}?page_seconds=5")
    page.locator("#boards .board").first.wait_for()
    first = page.evaluate(SHOWN_WORTHS)
    assert page.evaluate(SCREEN_BOARDS)["label"].endswith("page 1 of 3")
    for table in world.tables:  # every table's figures change while page 1 shows
        bank(table, kind="pass_go", seat=2)
    expect(page.locator("#boards-page")).to_have_text(re.compile("page 2 of 3$"), timeout=10_000)
    second = page.evaluate(SHOWN_WORTHS)
    assert not set(first) & set(second)
    for table in world.tables:
        if str(table.number) in second:
            worths = sorted((s["net_worth"] for s in table_state(table)["seats"]), reverse=True)
            assert second[str(table.number)] == [money(w, "$") for w in worths]
    pages = [set(ids.split("%2C")) for ids in asked if ids]
    assert pages, asked
    assert all(len(ids) == len(first) for ids in pages), asked


@pytest.mark.django_db
def test_with_two_rounds_in_play_each_board_says_its_round(client):
    world = make_world(players=16)  # four tables: four go through to one table
    alone = screen_link_issue(event_id=world.event.pk)
    assert 'class="board-tag"' not in poll(client, alone).content.decode()
    second = play_round_one(world)
    round_seat(round_id=second.pk, seed=5)
    round_start(round_id=second.pk)
    # A round whose last turn is still played beside the next (as an organiser may allow).
    Round.objects.filter(pk=world.round.pk).update(status=Round.Status.TIME_CALLED)
    html = poll(client, alone).content.decode()
    tag = r'<h3><span>Table (\d+)</span><span class="board-tag">Round (\d+)</span>'
    assert {round_ for _, round_ in re.findall(tag, html)} == {"1", "2"}


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_screen_says_when_it_lost_the_connection_and_picks_up_again(live_server, new_page):
    world = make_world(players=8)
    page = screen_opened(live_server, new_page, world)
    status = page.locator("#screen-status")
    expect(status).to_have_text(re.compile(r"^Live · updated"))
    cut = {"on": True}

    def network(route: Any) -> None:
        if cut["on"] and route.request.headers.get("hx-request"):
            route.abort()
        else:
            route.continue_()

    page.route("**/screen/**", network)
    expect(status).to_have_text(
        re.compile(r"^Connection lost: showing the figures of"), timeout=10_000
    )
    bank(world.table, kind="pass_go", seat=1)
    cut["on"] = False  # back: the next try (backing off: 8 s) brings the new figure
    table = page.locator(f"[data-table='{world.table.number}']")
    table.get_by_text("$1,700").first.wait_for(timeout=20_000)
    expect(status).to_have_text(re.compile(r"^Live · updated"))
    assert table.locator(".board-row.changed").count() == 1  # only the row that changed flashes


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_winners_screen_fits_a_full_hd_screen_whole(live_server, new_page):
    """The night ends on the winner: banner and chart on the screen at once, the banner's
    first line in view, nothing scrolled away."""
    n = night()
    event = screen_link_issue(event_id=n.event.pk)
    winner, _ = final_tie_decided(n)
    page = new_page(viewport=FULL_HD)
    page.goto(f"{live_server.url}{screen_url(event)}")
    banner = page.locator("#winner")
    expect(banner).to_contain_text(winner.player.name)
    expect(page.locator(".final-chart img")).to_be_visible()
    page.wait_for_timeout(4000)  # the view rests 3 s at the top before a long one scrolls
    fits = page.evaluate(
        """() => {
            const view = document.querySelector("#winner").closest(".view-scroll");
            const box = view.getBoundingClientRect();
            const label = document.querySelector(".winner-label").getBoundingClientRect();
            const chart = document.querySelector(".final-chart").getBoundingClientRect();
            return {scrolled: view.scrollTop, overflow: view.scrollHeight - view.clientHeight,
                    label: label.top >= box.top, chart: chart.bottom <= box.bottom};
        }"""
    )
    assert fits == {"scrolled": 0, "overflow": 0, "label": True, "chart": True}
    snap(page, "screen-1920x1080-winner")
