"""The product as `make run` serves it on a venue's laptop, on SQLite: the development
settings with nothing set (tests/production/deployment.py, `served_as_make_run_serves`),
migrated, the demo event loaded, and Django's runserver, DEBUG on.

The demo night is played on over HTTP as the people there play it: the big screen's link is
made on the desk, a banker records and voids entries from the console's own API with the
table's key, time is called, the tables are closed and confirmed, the round ends and the
next one is seated, released and started, its first entries recorded. Then each person opens
every page they can reach by following links, as their browser would (with the addresses
their pages poll): nobody, the organiser, a referee, a banker, a player and the big screen.
Not one page may fail, none that a person may open is out of reach of their links
(tests/crawl.py, which the PostgreSQL suite shares), and what each shows is what was
played.

One server, one demo load, plain HTTP: no page here needs a browser to be opened, but for
one test that looks at the demo night in Chromium, each page at its person's screen size,
and keeps a screenshot of each (tests/artifacts/make-run/).
"""

from __future__ import annotations

import json
import re
import time
import uuid
from collections import Counter
from collections.abc import Iterator
from html import unescape
from http.cookiejar import CookieJar
from typing import Any
from urllib.error import HTTPError
from urllib.parse import urlencode, urljoin, urlsplit
from urllib.request import HTTPCookieProcessor, Request, build_opener

import pytest

from tests.browser import PHONE, SCREEN_BOARDS, TABLET, log_in, snap
from tests.crawl import Answer, crawl, failed, unreachable
from tests.production.deployment import Deployment, served_as_make_run_serves
from tournament.money import money

pytestmark = pytest.mark.laptop

PASSWORD = "monopoly-night"  # the demo's logins (tournament/management/commands/load_demo.py)
FULL_HD = {"width": 1920, "height": 1080}  # the big screen
LAPTOP = {"width": 1366, "height": 768}  # the organiser's, at the desk


@pytest.fixture(scope="module")
def laptop(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Deployment]:
    with served_as_make_run_serves(tmp_path_factory.mktemp("laptop")) as d:
        yield d


@pytest.fixture
def demo_laptop(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Deployment]:
    """A deployment of its own, the demo night as `make run` first shows it, whatever the
    tests on `laptop` have played."""
    with served_as_make_run_serves(tmp_path_factory.mktemp("demo")) as d:
        yield d


class Visitor:
    """One person's browser without the browser: their cookies (a session, once logged in)
    and what each page they opened answered."""

    def __init__(self, d: Deployment, name: str, **headers: str) -> None:
        self.d, self.name, self.headers = d, name, headers
        self.opener = build_opener(HTTPCookieProcessor(CookieJar()))
        self.opened: dict[str, int] = {}

    def open(
        self, path: str, data: bytes | None = None, headers: dict[str, str] | None = None
    ) -> Answer:
        url = urljoin(self.d.base + "/", path)
        request = Request(url, data=data, headers={**self.headers, **(headers or {})})  # noqa: S310 - our server
        try:
            with self.opener.open(request, timeout=60) as answer:
                return Answer(answer.status, answer.headers, answer.read(), answer.url)
        except HTTPError as refused:
            return Answer(refused.code, refused.headers, refused.read(), url)

    def post_form(self, page: str, fields: dict[str, str], action: str = "") -> Answer:
        """A form of `page` sent to `action` (the page itself by default) as its button sends
        it: with the page's CSRF token, from the page."""
        opened = self.open(page)
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', opened.text).group(1)
        body = urlencode({"csrfmiddlewaretoken": token, **fields}).encode()
        return self.open(action or page, body, {"Referer": opened.url})

    def log_in(self, username: str) -> None:
        answer = self.post_form("/accounts/login/", {"username": username, "password": PASSWORD})
        assert answer.status == 200, answer.status
        assert "/accounts/login/" not in answer.url, f"{username} is not logged in"

    def crawl(self, *starts: str) -> None:
        """Every page reachable from `starts` by following links, each opened once."""
        self.opened.update(crawl(self.open, *starts, base=self.d.base))

    def failed(self) -> dict[str, int]:
        return failed(self.opened)


class Console:
    """A banker's console at one table, as its script works it: its own configuration (the
    API's addresses) read from the page its key opens, then the API with that key."""

    def __init__(self, d: Deployment, path: str) -> None:
        # Its polls report on the tablet in their headers (the heartbeat): online, nothing
        # waiting to be sent.
        heartbeat = {"X-Console-Online": "1", "X-Console-Outbox": "0", "X-Console-Synced": "3"}
        key = path.rstrip("/").rsplit("/", 1)[1]
        self.visitor = Visitor(d, "banker", Authorization=f"Table {key}", **heartbeat)
        page = self.visitor.open(path)
        assert page.status == 200, page.status
        found = re.search(r'id="console-config" type="application/json">(.*?)</script>', page.text)
        self.api = json.loads(found.group(1))["api"]

    def call(self, path: str, body: Any = None, **headers: str) -> Any:
        data = None if body is None else json.dumps(body).encode()
        sent = {"Content-Type": "application/json", **headers} if data else headers
        answer = self.visitor.open(path, data, sent)
        assert answer.status < 300, (path, answer.status, answer.body[:300])
        return answer.json()

    def get(self, name: str) -> Any:
        return self.call(self.api[name])

    def record(self, kind: str, seat: int, **fields: Any) -> dict[str, Any]:
        """Previewed, then posted, as the console's buttons do."""
        entry = {"kind": kind, "seat": seat, **fields}
        self.call(self.api["preview"], entry)
        body = {"id": str(uuid.uuid4()), **entry}
        return self.call(self.api["entries"], body)["entry"]

    def void(self, entry_id: str, reason: str) -> None:
        self.call(self.api["void_preview"].replace("{id}", entry_id))
        body = {"id": str(uuid.uuid4()), "reason": reason}
        self.call(self.api["void"].replace("{id}", entry_id), body)

    def reads(self) -> list[str]:
        """What the console reads as it opens and polls: its state, its entries, its options."""
        return [self.api[name] for name in ("state", "entries", "options")]


@pytest.mark.browser
def test_the_demo_night_at_each_persons_screen_size(demo_laptop: Deployment, new_page: Any) -> None:
    """The demo's four tables as each person sees them, in Chromium, a screenshot of each:
    the desk's round page on the organiser's laptop, the banker's console on a tablet, the
    referee's and a player's pages on a phone, and the big screen at 1920 x 1080, its four
    boards filling it with every name whole (as tests/tournament/pages/test_screen.py asks
    of the demo's names)."""
    d = demo_laptop
    login = {"username": "organiser", "password": PASSWORD}
    d.token = d.api("POST", "/api/auth/token/", login)["token"]
    (event,) = d.api("GET", "/api/events/")
    *_, running = d.api("GET", f"/api/events/{event['id']}/rounds/")
    table = d.api("GET", f"/api/rounds/{running['id']}/tables/")["tables"][0]
    desk = Visitor(d, "organiser")
    desk.log_in("organiser")
    overview = f"/desk/events/{event['id']}/"
    desk.post_form(overview, {"action": "issue"}, f"{overview}screen-link/")
    screen_link = re.search(r'href="([^"]+)"[^>]*>Open the big screen<', desk.open(overview).text)
    message = desk.open(f"/desk/players/{table['seats'][0]['player_id']}/message/").text
    player_link = re.search(r'href="([^"]+)"[^>]*data-player-link', message).group(1)

    def opened(viewport: dict[str, int], path: str, user: str = "") -> Any:
        page = new_page(viewport)
        if user:
            log_in(page, d.base, user, next_url=path, password=PASSWORD)
        answer = page.goto(urljoin(d.base + "/", path))
        assert answer.status == 200, (path, answer.status)
        return page

    round_page = opened(LAPTOP, f"/desk/rounds/{running['id']}/", "organiser")
    round_page.get_by_role("heading", level=1, name=f"Round {running['number']}").wait_for()
    snap(round_page, "make-run/desk-round-1366x768")

    console = opened(TABLET, f"/console/{table['key']}/")
    console.locator("html[data-console=ready]").wait_for(state="attached")
    console.locator(".console-where").get_by_text(f"Table {table['number']}").wait_for()
    snap(console, "make-run/console-tablet")

    referee = opened(PHONE, "/referee/", "referee")
    referee.get_by_role("heading", level=1, name="Referee").wait_for()
    snap(referee, "make-run/referee-phone")

    player = opened(PHONE, player_link)
    player.get_by_role("heading", level=1, name=table["seats"][0]["name"]).wait_for()
    snap(player, "make-run/player-phone")

    screen = opened(FULL_HD, screen_link.group(1))
    screen.get_by_role("heading", level=1, name=event["name"]).wait_for()
    screen.locator("#boards .board").first.wait_for()
    snap(screen, "make-run/big-screen-1920x1080-4-tables")
    boards = screen.evaluate(SCREEN_BOARDS)
    assert boards["shown"] == [1, 2, 3, 4], boards
    assert (boards["inside"], boards["scrolled"], boards["cut"]) == (True, False, []), boards
    assert (boards["shortened"], boards["smallestName"] >= 36) == (0, True), boards
    assert boards["filled"] > 0.5, boards


def test_every_page_of_a_night_on_sqlite_opens_for_everyone(laptop: Deployment) -> None:
    d, started = laptop, time.monotonic()

    def step(name: str) -> None:
        print(f"{time.monotonic() - started:6.1f}s {name}", flush=True)

    desk, referee, screen = Visitor(d, "organiser"), Visitor(d, "referee"), Visitor(d, "screen")
    desk.log_in("organiser")
    referee.log_in("referee")
    login = {"username": "organiser", "password": PASSWORD}
    d.token = d.api("POST", "/api/auth/token/", login)["token"]
    (event,) = d.api("GET", "/api/events/")
    overview, refereeing = f"/desk/events/{event['id']}/", f"/referee/events/{event['id']}/"
    (first,) = d.api("GET", f"/api/events/{event['id']}/rounds/")
    tables = d.api("GET", f"/api/rounds/{first['id']}/tables/")["tables"]
    desk.post_form(overview, {"action": "issue"}, f"{overview}screen-link/")
    found = re.search(r'href="([^"]+)"[^>]*>Open the big screen<', desk.open(overview).text)
    assert found, "no big screen link on the desk"
    screen_link = found.group(1)

    # Round 1, as the demo left it running: a banker records and voids at table 1, from the
    # console; time is called, each table closed by its banker and confirmed by the referee.
    console = Console(d, f"/console/{tables[0]['key']}/")
    bought = console.record("buy", 2, space=37)
    console.void(bought["id"], "Wrong deed")
    console.record("pass_go", 2)  # table 1 won by seat 2: the best second place is alone
    d.api("POST", f"/api/rounds/{first['id']}/call-time/")
    for table in tables:
        d.api("POST", f"/api/tables/{table['id']}/close/", {}, auth=f"Table {table['key']}")
        page = f"{refereeing}tables/{table['id']}/"
        assert referee.post_form(page, {}, f"{page}confirm/").status == 200
    d.api("POST", f"/api/rounds/{first['id']}/end/", {})

    # Until the next round is seated, the room still sees the round that has just ended.
    shown = screen.open(screen_link, headers={"HX-Request": "true"}).text  # its poll
    assert re.findall(r'<article class="board" id="board-\d+" data-table="(\d+)"', shown) == [
        "1",
        "2",
        "3",
        "4",
    ]
    assert referee.open(refereeing).text.count('class="card ref-table"') == 4
    step("round 1 played")

    # Round 2 seated, released and started; its first entries recorded through the API.
    second = d.api("POST", f"/api/events/{event['id']}/rounds/", {})
    seating = d.api("POST", f"/api/rounds/{second['id']}/seat/", {"seed": 7})
    d.api("POST", f"/api/rounds/{second['id']}/release/")
    d.api("POST", f"/api/rounds/{second['id']}/start/")
    table = seating["tables"][0]
    banker = Console(d, f"/console/{table['key']}/")
    banker.record("buy", 1, space=1)
    banker.record("pass_go", 2)
    message = desk.open(f"/desk/players/{table['seats'][0]['player_id']}/message/").text
    player_link = re.search(r'href="([^"]+)"[^>]*data-player-link', message).group(1)
    step("round 2 under way")

    # Everyone opens every page they reach: not one fails.
    nobody, player = Visitor(d, "nobody"), Visitor(d, "player")
    nobody.crawl("/")
    desk.crawl("/", "/desk/")
    referee.crawl("/", "/referee/")
    banker.visitor.crawl(f"/console/{table['key']}/", *banker.reads())
    player.crawl(player_link)
    screen.crawl(screen_link)
    visitors = (nobody, desk, referee, banker.visitor, player, screen)
    step(f"{sum(len(v.opened) for v in visitors)} pages opened")
    failed = {v.name: v.failed() for v in visitors if v.failed()}
    assert failed == {}, f"{failed}\n{d.web_log.read_text()[-6000:]}"

    # Nor is there a page someone may open that no link of theirs reaches: the URL patterns
    # with the night's objects filled in, each asked for directly (tests/crawl.py). The
    # banker logs in too, and starts from home or the console's link on the table card.
    logged_banker = Visitor(d, "banker")
    logged_banker.log_in("banker")
    logged_banker.crawl("/", f"/console/{table['key']}/")
    assert logged_banker.failed() == {}
    objects = {
        "event_id": [event["id"]],
        "round_id": [first["id"], second["id"]],
        "table_id": [t["id"] for t in tables] + [t["id"] for t in seating["tables"]],
        "player_id": [table["seats"][0]["player_id"]],
    }
    token = urlsplit(player_link).path.strip("/").rsplit("/", 1)[-1]
    fills = [
        (nobody, {}, False),
        (desk, objects, True),
        (referee, objects, True),
        (logged_banker, {**objects, "key": [table["key"]]}, True),
        (player, {"token": [token]}, False),
    ]
    missed = {
        v.name: sorted(lost)
        for v, fill, logged_in in fills
        if (lost := unreachable(v.open, fill, v.opened, d.base, logged_in=logged_in))
    }
    assert missed == {}
    step("each reached every page it may open")

    # And each shows the table as its banker's console has it.
    state = banker.get("state")
    cash = {seat["name"]: seat["cash"] for seat in state["seats"]}
    shown = screen.open(screen_link, headers={"HX-Request": "true"}).text
    row = r'<span class="name" data-short="[^"]*">([^<]*)</span><span class="worth">[^<]*</span>'
    found = re.findall(f'{row}<span class="cash">cash ([^<]*)<', shown)
    assert {unescape(name): written for name, written in found} == {
        name: money(amount, state["currency"]) for name, amount in cash.items()
    }
    # The player's page polls its live part (htmx); with nothing new, "not modified".
    polled = player.open(player_link, headers={"HX-Request": "true"})
    assert polled.status == 200
    mine = " ".join(re.sub(r"<[^>]+>", " ", polled.text).split())
    cash_one = money(state["seats"][0]["cash"], state["currency"])
    assert "Table 1 Seat 1" in mine
    assert f"Your cash {cash_one}," in mine
    again = player.open(
        player_link, headers={"HX-Request": "true", "If-None-Match": polled.headers["ETag"]}
    )
    assert again.status == 304
    # So does the desk's round page (htmx): each table's latest entry, in the server's words.
    round_page = f"/desk/rounds/{second['id']}/"
    live = desk.open(round_page, headers={"HX-Request": "true"})
    assert live.status == 200, live.status
    room = " ".join(re.sub(r"<[^>]+>", " ", live.text).split())
    assert "Last entry Pass GO, " in room
    assert "<html" not in live.text  # the live part alone
    # Nothing new is "not modified" (asked again at once: the words "12 s ago" change with
    # each second).
    statuses = []
    for _ in range(3):
        etag = desk.open(round_page, headers={"HX-Request": "true"}).headers["ETag"]
        statuses.append(
            desk.open(round_page, headers={"HX-Request": "true", "If-None-Match": etag}).status
        )
        if statuses[-1] == 304:
            break
    assert statuses[-1] == 304, statuses


def test_quick_clicks_on_make_pdf_each_make_one(laptop: Deployment) -> None:
    """SQLite lets one connection write at a time: six quick clicks on "Make PDF" (each
    made in the web process, as make run has no worker) wait their turn, none refused."""
    from concurrent.futures import ThreadPoolExecutor

    d = laptop
    login = {"username": "organiser", "password": PASSWORD}
    d.token = d.api("POST", "/api/auth/token/", login)["token"]
    (event,) = d.api("GET", "/api/events/")
    page = f"/print/events/{event['id']}/"
    desk = Visitor(d, "organiser")
    desk.log_in("organiser")
    opened = desk.open(page)
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', opened.text).group(1)
    kinds = ["bracket", "badges"] * 3

    def click(kind: str) -> Answer:
        body = urlencode({"csrfmiddlewaretoken": token, "kind": kind}).encode()
        return desk.open(page, body, {"Referer": opened.url})

    with ThreadPoolExecutor(len(kinds)) as clicks:
        answers = list(clicks.map(click, kinds))
    assert [a.status for a in answers] == [200] * len(kinds), [a.body[:300] for a in answers]
    # The clicks share one browser's cookies, so which answer shows which click's notice
    # is a matter of timing; what holds is that none was refused and each made its PDF.
    assert not any('class="notice error"' in a.text for a in answers)
    jobs = d.api("GET", f"/api/events/{event['id']}/print-jobs/")
    made = Counter(job["kind"] for job in jobs if job["status"] == "done")
    assert made == Counter(kinds), jobs
