"""The whole night, rehearsed as the people there live it: the site deployed as the image
deploys it (the production settings, gunicorn, a real Celery worker, PostgreSQL and Redis;
tests/production/deployment.py) and driven in Chromium.

The organiser, on a laptop (1366 x 768), sets the event up on the desk, imports 49 players
from a CSV, imports the sheet again (one player updated, nobody twice, no fee counted twice),
corrects a player by hand and checks 48 in; plans round 1, swaps two players on the seating
preview, confirms and releases it, opens the big screen from the desk (twelve tables on
1920 x 1080) and prints the table cards; the 49th player arrives late and is seated at an
open seat, nobody else moved and no table given a new key. The round starts with the desk
told that no table has a tablet open yet. Three bankers play a game each on the console (a
tablet, a phone, and a tablet that loses its connection for part of the round); a player
goes bankrupt on the phone's table, said the same on the console, the player's page and the
referee's ledger; the control room follows the tablet that came back and lists the tables
with no tablet yet; the nine other tables' tablets post through the API. A referee on a phone
logs in and reaches every page by links, reads a misspelt question on the FAQ ("did you
mean"), voids a mistaken entry and confirms tables; the organiser confirms the table the
referee corrected (nobody checks their own work). Time is called, the bankers close their
tables, the round ends: two table winners tie for the last place in the final, and one
decision settles the tie. The final is seated and played and ends on its winner: on the big
screen, the desk and the winner's page. The results, the bracket and the night in numbers are
printed, their figures checked against the night's ledger; the scoresheets are one page a
table, a code is checked at /verify/, and every player's own page tells the truth at each
stage.

Screenshots of each page go to tests/artifacts/rehearsal/. Marked `night`: `make rehearsal`
(or `pytest -m night`) runs it alone; `make test` runs it with the rest.
"""

from __future__ import annotations

import io
import re
import shutil
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect
from pypdf import PdfReader

from tests.browser import (
    PHONE,
    SCREEN_BOARDS,
    TABLET,
    check_page,
    log_in,
    wait_until,
)
from tests.console import Banker
from tests.production.deployment import Deployment
from tests.rehearsal.night import (
    FULL_HD,
    LAPTOP,
    PASSWORD,
    SHOTS,
    Pages,
    Tablet,
    next_step,
    pdf_read,
    printed,
    round_tables,
    shot,
)

pytestmark = [pytest.mark.night, pytest.mark.browser]

EVENT = "Harbour Lights Monopoly Night"
FIRST = [
    *("Ada", "Brook", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lou"),
    *("Max", "Nia", "Oz", "Pam", "Quin", "Rex", "Sue", "Tam", "Uma", "Vic", "Wes", "Yara"),
]
PLAYERS = [f"{first} {last}" for last in ("Lovelace", "Hopper") for first in FIRST]
LATE = "Zed Latimer"
TEAMS = {
    "Ada Lovelace": "Reds",
    "Brook Lovelace": "Reds",
    "Cy Hopper": "Blues",
    "Dee Hopper": "Blues",
}
CSV = "name,email,team,paid\n" + "\n".join(
    f"{name},{name.lower().replace(' ', '.')}@example.org,{TEAMS.get(name, '')},10"
    for name in [*PLAYERS, LATE]
)


def test_a_whole_night_from_the_desk_to_the_final(
    site: Deployment, device: Any, tmp_path: Path
) -> None:
    shutil.rmtree(SHOTS, ignore_errors=True)  # this run's pages only
    d, base = site, site.base
    started = time.monotonic()

    def step(name: str) -> None:
        print(f"{time.monotonic() - started:6.1f}s {name}", flush=True)

    # -- the organiser sets the night up ---------------------------------------------------
    desk = device(LAPTOP)
    desk.on("dialog", lambda dialog: dialog.accept())
    log_in(desk, base, "olive", "/desk/", PASSWORD)
    desk.get_by_role("link", name="New event").click()
    desk.get_by_label("Name", exact=True).fill(EVENT)
    desk.get_by_label("Date").fill("2026-12-05")
    desk.get_by_label("Charity").fill("The Food Bank")
    desk.get_by_label("Entry fee").fill("10")
    desk.get_by_label("Points: the best over the preliminary rounds play the final").check()
    desk.get_by_label("Finalists").fill("4")
    desk.get_by_role("button", name="Create event").click()
    desk.get_by_text(f"{EVENT} is set up.").wait_for()
    event_id = int(re.search(r"/desk/events/(\d+)/", desk.url).group(1))
    overview = f"{base}/desk/events/{event_id}/"
    step("event created")

    desk.get_by_role("link", name="Volunteers").first.click()
    desk.get_by_label("Username").fill("rita")
    desk.get_by_label("Role").select_option("referee")
    desk.get_by_role("button", name="Add volunteer").click()
    referee_password = desk.locator("code.password").inner_text()
    assert referee_password

    desk.goto(overview)
    desk.get_by_role("link", name="Import CSV").click()
    desk.get_by_label("…or paste the CSV here").fill(CSV)
    desk.get_by_role("button", name="Import players").click()
    desk.get_by_text("Added 49 players.").wait_for()
    shot(desk, "desk-players-imported")
    raised = desk.locator("[data-money-total]")
    expect(raised).to_have_text("$490")
    # The registration sheet comes again, Fay's team added at the door: nobody twice, no fee
    # counted again, and a line for each player it found.
    desk.get_by_role("link", name="Import a CSV").click()
    desk.get_by_label("…or paste the CSV here").fill(
        CSV.replace("fay.lovelace@example.org,,", "fay.lovelace@example.org,Greens,")
    )
    desk.get_by_role("button", name="Import players").click()
    desk.get_by_text("No player added: updated 1; 48 already registered, unchanged.").wait_for()
    expect(desk.get_by_text("Line 7: Fay Lovelace — updated: team → Greens")).to_be_visible()
    expect(desk.get_by_text("Line 2: Ada Lovelace — already registered, unchanged")).to_be_visible()
    expect(desk.locator("[data-count-registered]")).to_have_text("49")
    expect(raised).to_have_text("$490")
    shot(desk, "desk-players-imported-again")
    # And the desk corrects her email by hand.
    desk.get_by_role("link", name=re.compile(r"^Fay Lovelace")).click()
    desk.get_by_label("Email").fill("fay@example.org")
    desk.get_by_role("button", name="Save").click()
    desk.get_by_text("Fay Lovelace: saved.").wait_for()
    expect(desk.locator("tr", has_text="Fay Lovelace")).to_contain_text("Greens · fay@example.org")

    # Each player's own page, from the desk's "Link and QR code".
    desk.goto(f"{overview}check-in/")
    messages = [a.get_attribute("href") for a in desk.locator("a[href$='/message/']").all()]
    links: dict[str, str] = {}
    for href in messages:
        html = desk.request.get(base + href).text()
        name = re.search(r"<h1>([^<]+)</h1>", html).group(1)
        link = re.search(r'href="([^"]+)"[^>]*data-player-link', html).group(1)
        links[name] = link.removeprefix(base)
    assert sorted(links) == sorted([*PLAYERS, LATE]), sorted(links)
    pages = Pages(d, links)
    pages.expect(lambda name: "check_in")

    for name in PLAYERS:
        desk.get_by_role("button", name=f"Check in — {name}").click()
    wait_until(desk, "document.querySelector('[data-count-checked]').textContent.trim() === '48'")
    shot(desk, "desk-check-in")
    pages.expect(lambda name: "check_in" if name == LATE else "waiting")
    step("players imported and checked in")

    # -- round 1: planned, seated with a swap, released, on the big screen, cards printed ---
    desk.goto(overview)
    desk.get_by_role("link", name="Plan a round").click()
    desk.get_by_label("Time limit (minutes)").fill("60")
    desk.get_by_role("button", name="Plan round").click()
    next_step(desk, "Seat players")
    desk.get_by_role("button", name="Confirm seating").wait_for()
    assert desk.locator("[data-seating-who]").inner_text() == (
        "Only the 48 players checked in are seated: 1 not checked in is left out."
    )
    cards = desk.locator("ul.table-cards > li")
    expect(cards).to_have_count(12)
    one, two = (
        cards.nth(n).locator(".seat-move .sr-only").first.inner_text().removeprefix("Table for ")
        for n in (0, 1)
    )
    desk.get_by_label(f"Table for {one}").select_option("2")
    desk.get_by_label(f"Table for {two}").select_option("1")
    desk.get_by_role("button", name="Check the changes").click()
    expect(cards.nth(0)).to_contain_text(two)
    expect(cards.nth(1)).to_contain_text(one)
    shot(desk, "desk-seating-swapped")
    desk.get_by_role("button", name="Confirm seating").click()
    expect(desk.locator("#table-1 .players-line")).to_contain_text(two)
    expect(desk.locator("#table-2 .players-line")).to_contain_text(one)
    round_url = desk.url
    pages.expect(lambda name: "check_in" if name == LATE else "coming_soon")

    desk.get_by_role("button", name="Release seating").click()
    expect(desk.locator("[data-release-state]")).to_contain_text("Seating released")
    pages.expect(lambda name: "not_seated" if name == LATE else "seated")
    assert (
        pages.read(LATE)[1]
        == "You are not seated in round 1: you were not checked in. Ask at the desk."
    )
    step("round 1 seated and released")

    desk.get_by_role("button", name="Print table cards").click()
    assert "12 pages" in printed(desk).inner_text()
    shot(desk, "desk-print-table-cards")

    desk.goto(overview)
    desk.get_by_role("button", name="Make a big screen link").click()
    screen_path = desk.get_by_role("link", name="Open the big screen").get_attribute("href")
    shot(desk, "desk-overview")
    check_page(desk, "overview")
    screen = device(FULL_HD)
    screen.goto(base + screen_path)
    screen.locator("#boards .board").first.wait_for()
    # Held on the leaderboards (its P key), as the desk holds it while tables fill: left to
    # rotate, the screen shows the bracket for 20 s in every 40.
    screen.keyboard.press("p")
    expect(screen.locator("[data-action=pause]")).to_have_attribute("aria-pressed", "true")

    # The latecomer checks in at the desk once the tables are out.
    desk.goto(f"{overview}check-in/")
    desk.get_by_role("button", name=f"Check in — {LATE}").click()
    wait_until(desk, "document.querySelector('[data-count-checked]').textContent.trim() === '49'")
    state, text = pages.read(LATE)
    assert (state, text) == (
        "not_seated",
        "You are not seated in round 1: you checked in after it was seated. "
        "The desk can seat you in the next round.",
    )

    # The round page says who came late; seated at an open seat, nobody else moves and no
    # table gets a new key (the cards printed stay true).
    desk.goto(round_url)
    tables_before = round_tables(desk)
    lines_before = desk.locator("[data-tables] .players-line").all_inner_texts()
    desk.get_by_role("button", name=f"Seat {LATE}").click()
    desk.get_by_text(f"{LATE}: table 1, seat 5").wait_for()
    assert round_tables(desk) == tables_before
    lines_after = desk.locator("[data-tables] .players-line").all_inner_texts()
    assert lines_after[1:] == lines_before[1:]
    assert lines_after[0] == f"{lines_before[0]}, {LATE}"
    shot(desk, "desk-late-arrival-seated")
    assert pages.read(LATE)[0] == "seated"

    desk.get_by_role("button", name="Start round 1").click()
    desk.locator(".countdown").wait_for()
    # No console is open yet: the desk is told which tables have none.
    expect(desk.locator(".notice", has_text="no tablet open yet")).to_contain_text(
        "Tables 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 and 12 have no tablet open yet"
    )
    table_ids, keys = zip(*round_tables(desk), strict=True)
    assert (table_ids, keys) == tuple(zip(*tables_before, strict=True))
    pages.expect(lambda name: "playing")
    step("round 1 started")

    boards = screen.evaluate(SCREEN_BOARDS)
    assert (len(boards["shown"]), boards["inside"], boards["scrolled"]) == (12, True, False)
    assert boards["smallestName"] >= 32
    screen.locator("#clock-time").get_by_text(re.compile(r"^\d+(:\d\d)+$")).wait_for()

    # -- three consoles: a tablet, a phone, and a tablet that goes offline for a while ------
    first = Banker(device(TABLET), keys[0]).open(base)
    second = Banker(device(PHONE), keys[1]).open(base)
    third = Banker(device(TABLET), keys[2]).open(base)
    n1, n2, n3 = first.names, second.names, third.names
    assert n1[1] != n2[1]
    assert two in n1.values()
    assert one in n2.values()

    first.player(1).move("pass_go").record(f"The bank pays {n1[1]}", "$200", "$1,700")
    first.move("buy").tap(".choice[data-space='39']").record(f"Boardwalk: {n1[1]}", "$400")
    first.move("buy").tap(".choice[data-space='37']").record(f"Park Place: {n1[1]}", "$350")
    first.player(2).move("rent").tap(".choice[data-space='39']").record(
        f"{n1[2]} pays {n1[1]}", "$100"
    )
    first.player(1).move("build").tap(".choice[data-space='37']").record("1 house", "$200")
    first.player(3).move("tax").tap(".choice[data-space='4'][data-choice='flat']")
    first.record("Income Tax", "$200")
    first.player(4).move("buy").tap(".choice[data-space='5']").record(f"Reading Railroad: {n1[4]}")
    first.player(3).move("rent").tap(".choice[data-space='5']").record(
        f"{n1[3]} pays {n1[4]}", "$25"
    )
    first.player(4).move("jail_fine").record("$50")  # recorded by mistake: voided below
    first.player(2).move("pass_go").record("$200")
    first.player(1).move("pass_go").record("$200")
    shot(first.page, "console-tablet")

    second.player(1).move("pass_go").record("$200")
    second.player(1).move("pass_go").shows("Again?")
    expect(second.sheet.locator("[data-action=record]")).to_have_text("Record again")
    second.record("$200")
    second.move("buy").tap(".choice[data-space='1']").record(f"Mediterranean Avenue: {n2[1]}")
    second.move("buy").tap(".choice[data-space='3']").record(f"Baltic Avenue: {n2[1]}")
    second.player(2).move("rent").tap(".choice[data-space='3']").record(
        f"{n2[2]} pays {n2[1]}", "$8"
    )
    second.player(3).move("tax").tap(".choice[data-space='38']").record("Luxury Tax", "$75")
    second.player(4).move("card").tap("[data-card='chance-dividend']").record("$50")
    shot(second.page, "console-phone")
    # A bankruptcy at table 2: a fine leaves Brook's seat $2, and the rent on Baltic Avenue
    # is $8. The console, the referee's ledger and the player's page say it in one way.
    broke = n2[2]
    second.player(2).move("bank_payment").tap("[data-sign='-1']")
    for key in "1490":
        second.tap(f".keypad button:text-is('{key}')")
    second.tap("button:has-text('Check')").record("$1,490")
    second.move("rent").tap(".choice[data-space='3']").record(f"{broke} pays {n2[1]}", "$8")
    banners = second.page.locator("#banners")
    expect(banners).to_contain_text(f"{broke} owes $6.")
    banners.get_by_role("button", name=f"{broke} goes bankrupt").click()
    second.tap("[data-creditor='1']")
    bankruptcy = f"{broke} goes bankrupt to {n2[1]}, who takes {broke}'s cash and deeds"
    expect(second.sheet.locator(".what")).to_have_text(bankruptcy)
    debt_given_back = f"{n2[1]} gives back the part of the debt {broke} cannot pay"
    given_back = second.sheet.locator("ul.transfers li")
    expect(given_back).to_have_count(1)
    expect(given_back.locator("span")).to_have_text(debt_given_back)
    expect(given_back.locator(".amount")).to_have_text("$6")
    shot(second.page, "console-phone-bankruptcy")
    second.record(bankruptcy)
    row = second.page.locator(f"#ledger [data-seq='{second.seq}']")
    expect(row.locator(".entry-text")).to_have_text(bankruptcy)
    expect(row.locator(".entry-money")).to_have_text(f"{debt_given_back} $6")
    player = device(PHONE)
    player.goto(base + links[broke])
    expect(player.locator(".p-bankruptcy")).to_have_text(f"{bankruptcy}.")
    expect(player.locator(".p-bankruptcy-money li")).to_have_text([f"{debt_given_back} $6"])
    expect(player.locator(".p-next")).not_to_contain_text("Good luck")
    shot(player, "player-page-bankrupt")

    expect(third.page.locator("html")).to_have_attribute("data-offline-ready", "yes")
    third.player(1).move("pass_go").record("$200")
    third.move("buy").tap(".choice[data-space='6']").record(f"Oriental Avenue: {n3[1]}")
    third.player(2).move("rent").tap(".choice[data-space='6']").record(
        f"{n3[2]} pays {n3[1]}", "$6"
    )
    third.page.context.set_offline(True)
    expect(third.page.locator("#conn")).to_have_attribute("data-net", "offline")
    third.player(3).move("pass_go").queue_offline()
    third.player(1).move("pass_go").queue_offline()
    third.player(4).move("tax").tap(".choice[data-space='38']").queue_offline()
    third.pending(3)
    shot(third.page, "console-offline")
    third.page.context.set_offline(False)
    expect(third.page.locator("#conn")).to_have_attribute("data-pending", "0", timeout=20_000)
    expect(third.page.locator("#ledger [data-seq='6']")).to_be_visible()
    third.seq = 6
    third.player(1).move("pass_go").record("$200")
    expect(third.page.locator("#seats [data-seat='1']")).to_contain_text("$2,006")
    step("three consoles played")

    # The control room follows its tables: table 3's tablet, back online, has sent all it
    # held; the nine tables whose console was never opened are listed for attention.
    def tile(number: int) -> Any:
        return desk.locator(f"[data-room-tile='{table_ids[number - 1]}']")

    expect(tile(3).locator("[data-field=tablet]")).to_have_text("online")
    expect(tile(3).locator("[data-field=entries]")).to_have_text("7")
    expect(tile(3)).not_to_have_class(re.compile("needs-attention"))
    expect(tile(4).locator("[data-field=reasons]")).to_have_text("no tablet yet")
    expect(desk.locator("[data-room-count]")).to_have_text("9 need attention")
    shot(desk, "desk-control-room")

    # The nine other tables: two winners tie at $1,900 for the final's last place.
    tablets = [Tablet(d, t, k) for t, k in zip(table_ids, keys, strict=True)]
    for number, tablet in enumerate(tablets[3:], start=4):
        for _ in range(2 if number in (4, 5) else 1):
            tablet.post("pass_go", 1)
        tablet.post("buy", 2, space=39)
        tablet.post("rent", 3, space=39)
    tied_names = [tablets[n].seat_name(1) for n in (3, 4)]
    screen.locator("[data-table='4']").get_by_text("$1,900").first.wait_for(timeout=20_000)
    boards = screen.evaluate(SCREEN_BOARDS)
    assert (len(boards["shown"]), boards["inside"], boards["scrolled"]) == (12, True, False)
    shot(screen, "big-screen-1920x1080-12-tables")
    check_page(screen, "big screen", labels=False)
    shot(desk, "desk-round-running")

    # -- the referee, on a phone ----------------------------------------------------------
    # From the site's address, by links alone: logged in, a referee lands on their events.
    referee = device(PHONE)
    referee.goto(base)
    referee.locator("main").get_by_role("link", name="Log in").click()
    referee.get_by_label("Username").fill("rita")
    referee.get_by_label("Password").fill(referee_password)
    referee.get_by_role("button", name="Log in").click()
    referee.wait_for_url(f"{base}/referee/")
    referee.get_by_role("link", name=re.compile(EVENT)).click()
    # A banker asks about a hotel on Boardwalk, misspelt: no number the bank did not read.
    referee.get_by_label("Search the rules").fill("hotle rent boardwalk")
    results = referee.locator("#faq-results")
    expect(results.locator(".faq-suggestion")).to_contain_text("Did you mean: hotel?")
    expect(results.locator("[data-deed-answer]")).to_have_count(0)
    expect(results).not_to_contain_text("$50")
    shot(referee, "referee-faq-did-you-mean")
    results.locator("[data-did-you-mean]").click()
    expect(referee.locator("[data-deed-answer]")).to_contain_text(
        "Rent on Boardwalk with a hotel: $2,000"
    )
    referee.go_back()
    referee.get_by_role("link", name=re.compile(r"Table 1: ledger")).click()
    referee.get_by_text("Void #9…").click()
    referee.get_by_label("Why void entry #9?").fill("The jail fine was for another table")
    referee.get_by_role("button", name="Void entry #9").click()
    referee.get_by_text("Entry 9 voided (The jail fine was for another table).").wait_for()
    shot(referee, "referee-table-phone")
    check_page(referee, "referee table")
    # The banker sees the correction without a reload.
    expect(first.page.locator("#ledger [data-seq='9']")).to_have_class(
        re.compile("voided"), timeout=15_000
    )
    step("a void by the referee")

    # -- time is called; the bankers close their tables -------------------------------------
    desk.goto(round_url)
    desk.get_by_role("button", name="Call time now").click()
    desk.get_by_text("Time is called: each table plays its last turn, then closes.").wait_for()
    pages.expect(lambda name: "bankrupt" if name == broke else "playing")
    for banker in (first, second, third):
        banker.page.locator(".banner.last-turn button", has_text="Close table").click(
            timeout=15_000
        )
        banker.page.locator("[data-action='close-table']").click()
        expect(banker.page.locator("#banners")).to_contain_text(
            "Table closed: awaiting confirmation"
        )
        expect(banker.page.locator("#moves-title")).to_have_text("No moves: the table is closed")
    for tablet in tablets[3:]:
        tablet.close()
    step("time called, tables closed")

    # The referee confirms the tables they did not touch; table 1 is the organiser's to check.
    def awaiting(number: int) -> None:
        """The referee opens the table from their list of those awaiting confirmation."""
        referee.get_by_role("link", name=f"← All tables of {EVENT}").click()
        referee.locator("[aria-labelledby=awaiting-h]").get_by_role(
            "link", name=f"Table {number}", exact=True
        ).click()

    for number in (2, 3):
        awaiting(number)
        referee.get_by_role("button", name=f"Confirm the result of table {number}").click()
        referee.get_by_text(re.compile("^Confirmed by rita")).wait_for()
        if number == 2:  # the bankruptcy, in the referee's ledger as on the console
            entry = referee.locator("#ledger li", has_text=bankruptcy)
            expect(entry.locator(".entry-details")).to_have_text(bankruptcy)
            expect(entry.locator(".entry-money")).to_have_text(f"{debt_given_back} $6")
            shot(referee, "referee-ledger-bankruptcy")
    awaiting(1)
    expect(referee.get_by_role("button", name="Confirm the result of table 1")).to_have_count(0)
    shot(referee, "referee-cannot-check-own-work")
    token = d.api("POST", "/api/auth/token/", {"username": "rita", "password": referee_password})
    for table_id in table_ids[3:]:
        d.api("POST", f"/api/tables/{table_id}/confirm/", {}, auth=f"Token {token['token']}")
    desk.goto(f"{base}/referee/events/{event_id}/tables/{table_ids[0]}/")
    desk.get_by_role("button", name="Confirm the result of table 1").click()
    desk.get_by_text(re.compile("^Confirmed by olive")).wait_for()
    expect(first.page.locator("#banners")).to_contain_text("Confirmed.", timeout=15_000)
    step("every table confirmed")

    # -- the round ends: a tie for the final's last place, settled once ---------------------
    desk.goto(round_url)
    desk.get_by_role("button", name="End round").click()
    desk.get_by_text("Round 1 has ended: here are its results.").wait_for()
    tied = desk.locator("[role=status]", has_text="You decide")
    expect(tied).to_contain_text("table 4")
    expect(tied).to_contain_text("table 5")
    shot(desk, "desk-results-tie")
    # The tied: the winners at tables 4 and 5, $1,900 each in cash alone.
    chosen, other = tied_names
    expect(tied).to_contain_text(f"{chosen} (table 4), {other} (table 5)")
    pages.expect(lambda name: "undecided" if name in (chosen, other) else "points")
    table_of_chosen = desk.locator(".results-card", has_text=chosen)
    table_of_chosen.locator("summary", has_text="Override who advances").click()
    table_of_chosen.get_by_label("Player").select_option(label=chosen)
    table_of_chosen.get_by_label("Advances").check()
    table_of_chosen.get_by_label("Reason").fill("Won the coin toss")
    table_of_chosen.get_by_role("button", name="Record the decision").click()
    expect(desk.locator("[role=status]", has_text="You decide")).to_have_count(0)
    expect(desk.locator(".results-card", has_text=other)).to_contain_text(
        f"Tie settled with {chosen}"
    )
    shot(desk, "desk-results-settled")
    assert pages.read(chosen)[0] == "points"
    assert pages.read(other)[0] == "points"
    assert "you would reach the final" in pages.read(chosen)[1]
    assert "you would not reach the final" in pages.read(other)[1]
    step("round 1 ended, the tie settled once")

    # -- the final ----------------------------------------------------------------------------
    finalists = {n1[1], n2[1], n3[1], chosen}
    desk.goto(overview)
    desk.get_by_role("link", name="Plan a round").click()
    desk.get_by_label("Kind").select_option("final")
    desk.get_by_label("Time limit (minutes)").fill("45")
    desk.get_by_role("button", name="Plan round").click()

    def final_state(name: str, playing: str) -> str:
        return playing if name in finalists else "out"

    pages.expect(lambda name: final_state(name, "through"))
    next_step(desk, "Seat players")
    desk.get_by_role("button", name="Confirm seating").click()
    desk.get_by_role("button", name="Start round 2").click()
    desk.locator(".countdown").wait_for()
    [(final_id, final_key)] = round_tables(desk)
    pages.expect(lambda name: final_state(name, "playing"))
    player.goto(base + links[n1[1]])
    expect(player.locator(".p-next")).to_contain_text("Good luck!")
    shot(player, "player-page-final")
    check_page(player, "player page")

    final = Banker(device(TABLET), final_key).open(base)
    f = final.names
    assert set(f.values()) == finalists
    final.player(1).move("pass_go").record("$200")
    final.player(2).move("buy").tap(".choice[data-space='39']").record(f"Boardwalk: {f[2]}")
    final.player(3).move("rent").tap(".choice[data-space='39']").record(
        f"{f[3]} pays {f[2]}", "$50"
    )
    final.player(4).move("tax").tap(".choice[data-space='38']").record("Luxury Tax", "$75")
    Tablet(d, final_id, final_key).close()
    awaiting(1)
    referee.get_by_role("button", name="Confirm the result of table 1").click()
    referee.get_by_text(re.compile("^Confirmed by rita")).wait_for()
    # The desk's round page follows its tables by its poll: the final's tile says so.
    tile_status = desk.locator(f"[data-room-tile='{final_id}'] [data-field=status]")
    expect(tile_status).to_have_text("Confirmed", timeout=15_000)
    step("final played")
    desk.goto(overview)
    desk.get_by_role("link", name=re.compile("Round 2 · Final")).click()
    desk.get_by_role("button", name="End round").click()
    desk.get_by_text("Round 2 has ended: here are its results.").wait_for()
    # The night ends on its winner: the desk names them, their page and the big screen too.
    winner_line = desk.locator(".winner-line")
    expect(winner_line).to_contain_text(f"Winner: {f[1]} (table 1, $")
    winner_worth = re.search(r"\(table 1, (\$[\d,]+)\)", winner_line.inner_text()).group(1)
    shot(desk, "desk-final-results")
    pages.expect(lambda name: "won" if name == f[1] else "over")
    player.goto(base + links[f[1]])
    expect(player.locator(".p-next")).to_contain_text("You won the final. Congratulations!")
    shot(player, "player-page-won")
    expect(screen.locator("#winner .winner-name")).to_have_text(f[1])
    expect(screen.locator("#winner .winner-detail")).to_have_text(
        f"The final, table 1 · net worth {winner_worth}"
    )
    expect(screen.locator("#clock")).to_contain_text("Congratulations to the winner!")
    shot(screen, "big-screen-1920x1080-winner")

    # -- printed: results and the bracket; a scoresheet's code checked at /verify/ -----------
    desk.goto(f"{base}/print/events/{event_id}/")
    texts = {}
    jobs = desk.locator("tr[data-job]")
    for title in ("Results", "Bracket", "The night in numbers"):
        made = jobs.count()
        desk.locator("form[data-print-form]").filter(
            has=desk.get_by_role("heading", name=title)
        ).get_by_role("button", name="Make PDF").click()
        expect(jobs).to_have_count(made + 1)  # the new one, on top
        texts[title] = pdf_read(desk, printed(desk), base, tmp_path)
    shot(desk, "desk-print-results-and-bracket")
    # Their figures are the ledger's: the bankers' entries apart from the referee's void,
    # the three entries the tablet sent once back, the fees counted once, the winner.
    bankers = sum(b.seq for b in (first, second, third, final)) + sum(t.posted for t in tablets)
    night = texts["The night in numbers"]
    for figure in (
        f"Winner of the final {f[1]}",
        "Players registered 49",
        "Players checked in 49",
        "Players who played 49",
        "Rounds played 2",
        "Tables 13",
        f"Entries recorded by the bankers {bankers}",
        "Entries voided by a referee 1",
        "Adjustments by a referee 0",
        "Results disputed 0",
        "Minutes tablets spent offline 0 min",
        "Entries tablets sent once back online 3",
        "Raised from entry fees $490",
        "Raised in all $490",
    ):
        assert figure.casefold() in night.casefold(), (figure, night)
    # The results: the final's winner at their net worth, the one winner of the final; the
    # bankrupt player of table 2 said so.
    results = texts["Results"]
    named = f[1] + (f" {TEAMS[f[1]]}" if f[1] in TEAMS else "")  # a team printed after the name
    standings = rf"1 {named} 1 #1 at table (\$[\d,]+ ){{3}}{re.escape(winner_worth)} WINNER 2 "
    assert re.search(standings, results, re.I), results
    assert f"Final (1 table, 4 players): {f[1]} (T1) Team standings" in results, results
    assert f"{broke} (bankrupt) $0" in results, results
    # Round 1's scoresheets: one page a table, each with the code the desk shows for it.
    desk.goto(round_url)
    codes = desk.locator("[data-tables] code").all_inner_texts()
    assert len(codes) == 12
    code = codes[0]
    desk.get_by_role("button", name="Print scoresheets").click()
    href = printed(desk).get_by_role("link", name="Open PDF").get_attribute("href")
    pdf = PdfReader(io.BytesIO(desk.request.get(href if "://" in href else base + href).body()))
    assert len(pdf.pages) == 12
    assert [c in page.extract_text() for c, page in zip(codes, pdf.pages, strict=True)] == [
        True
    ] * 12
    visitor = device(PHONE)
    visitor.goto(f"{base}/verify/")
    visitor.get_by_label("Verification code").fill(code)
    visitor.get_by_role("button", name="Check").click()
    expect(visitor.locator("main")).to_contain_text(n1[1])
    shot(visitor, "verify-scoresheet")
    step("printed and verified")
