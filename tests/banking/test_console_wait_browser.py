"""The banker on slow venue Wi-Fi: the network slowed as Chromium's emulation does it (a
latency added to every request, 1.5 Mbit/s down, 0.75 up), the console never offers a move
on a table older than an entry on its way, and never asks the bank twice for one thing.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.console import open_console
from tests.entries import bank

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def slow_network(page: Any, latency_ms: int) -> None:
    """Venue Wi-Fi: `latency_ms` added to each request, 1.5 Mbit/s down and 0.75 up."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send(
        "Network.emulateNetworkConditions",
        {
            "offline": False,
            "latency": latency_ms,
            "downloadThroughput": 1_500_000 / 8,
            "uploadThroughput": 750_000 / 8,
        },
    )


def api_calls(page: Any) -> list[str]:
    """The method and path of every API request the page makes from now on."""
    calls: list[str] = []
    page.on("request", lambda r: calls.append(f"{r.method} {r.url}") if "/api/" in r.url else None)
    return calls


def test_buy_tapped_while_a_buy_is_sent_never_offers_the_deed_being_bought(live_server, new_page):
    banker, _ = open_console(live_server, new_page)
    slow_network(banker.page, 300)
    banker.player(1).move("buy").tap(".choice[data-space='39']")
    expect(banker.sheet.locator("[data-action=record]")).to_be_visible()
    banker.sheet.locator("[data-action=record]").click()
    banker.page.locator("#moves [data-move='buy']").click()  # at once, while it is sent
    choices = banker.sheet.locator(".choices")
    expect(choices).to_be_visible(timeout=15_000)
    expect(choices.locator(".choice[data-space='37']")).to_be_visible()
    expect(choices.locator(".choice[data-space='39']")).to_have_count(0)


def test_after_a_post_the_console_asks_for_no_options_and_never_asks_twice_at_once(
    live_server, new_page
):
    banker, world = open_console(live_server, new_page)
    page = banker.page
    calls = api_calls(page)
    slow_network(page, 300)
    banker.player(1).move("buy").tap(".choice[data-space='39']")
    banker.record("Boardwalk: " + banker.names[1])
    banker.move("buy")
    expect(banker.sheet.locator(".choice[data-space='37']")).to_be_visible()
    banker.sheet.locator("#sheet-close").click()
    assert [c for c in calls if "/options/" in c] == []

    # An entry made elsewhere: the console hears of it from its poll and asks for the options;
    # a Buy tapped while they are on their way waits for that same answer.
    bank(world.table, kind="buy", seat=2, space=37)
    asked = []
    page.on("request", lambda r: asked.append(r) if "/options/" in r.url else None)
    page.evaluate("window.dispatchEvent(new Event('online'))")  # the poll, now
    for _ in range(500):  # 10 s at most
        if asked:
            break
        page.wait_for_timeout(20)
    banker.move("buy")
    expect(banker.sheet.locator(".choices")).to_be_visible()
    expect(banker.sheet.locator(".choice[data-space='37']")).to_have_count(0)
    assert len(asked) == 1


def test_the_state_poll_comes_back_empty_until_the_table_changes(live_server, new_page):
    banker, world = open_console(live_server, new_page)
    page = banker.page
    page.wait_for_load_state("networkidle")  # the console's first poll is answered
    polls: list[Any] = []
    page.on("response", lambda r: polls.append(r) if "/state/" in r.url else None)

    def poll() -> Any:
        seen = len(polls)
        page.evaluate("window.dispatchEvent(new Event('online'))")  # the 5-second poll, now
        for _ in range(250):
            if len(polls) > seen:
                return polls[-1]
            page.wait_for_timeout(20)
        raise AssertionError("no poll")

    assert poll().status == 304  # as the console's first poll left it
    bank(world.table, kind="pass_go", seat=3)
    changed = poll()
    assert changed.status == 200
    assert changed.headers["content-encoding"] == "gzip"
    expect(page.locator("#seats [data-seat='3']")).to_contain_text("$1,700")
    expect(page.locator("#ledger [data-seq='1']")).to_be_visible()
    assert poll().status == 304


def test_record_shows_the_banks_outcome_at_once_and_the_next_move_waits_for_nothing(
    live_server, new_page
):
    banker, world = open_console(live_server, new_page)
    page, n = banker.page, banker.names
    held: list[Any] = []  # the posts of entries, held back: entries still on their way
    holding = [True]

    def hold(route: Any) -> None:
        if holding[0] and route.request.method == "POST":
            held.append(route)
        else:
            route.continue_()

    page.route("**/entries/", hold)
    record = banker.sheet.locator("[data-action=record]")
    banker.player(1).move("pass_go")
    expect(record).to_be_visible()
    record.click()
    # What the bank's preview said, at once, marked as being sent.
    expect(page.locator("#seats [data-seat='1']")).to_contain_text("$1,700", timeout=1000)
    sending = page.locator("#ledger .entry.pending")
    expect(sending).to_contain_text("Sending", timeout=1000)
    expect(sending).to_contain_text(f"The bank pays {n[1]} $200", timeout=1000)

    # The next preview does not wait for the entry on its way: the bank works it out after it.
    banker.move("pass_go")
    expect(record).to_be_visible()
    banker.shows("$1,700", "$1,900")
    banker.sheet.locator("#sheet-close").click()
    # Nor do the next move's choices: the preview brought the moves legal after the entry.
    banker.move("buy").tap(".choice[data-space='39']")
    banker.shows("$1,700", "$1,300")
    record.click()
    expect(page.locator("#seats [data-seat='1']")).to_contain_text("$1,300", timeout=1000)
    banker.move("buy")
    expect(banker.sheet.locator(".choice[data-space='37']")).to_be_visible(timeout=1000)
    expect(banker.sheet.locator(".choice[data-space='39']")).to_have_count(0)
    banker.sheet.locator("#sheet-close").click()
    assert len(held) == 1  # all the while, the first entry had not landed

    # The table changed elsewhere: the bank refuses the Buy when it lands, the refusal shows
    # as always and the outcome shown on the way goes.
    bank(world.table, kind="buy", seat=2, space=39)
    holding[0] = False
    held[0].continue_()
    expect(page.locator("#held")).to_contain_text(
        "The bank refused a waiting entry", timeout=20_000
    )
    expect(page.locator("#ledger [data-seq='1']")).to_be_visible()
    expect(page.locator("#seats [data-seat='1']")).to_contain_text("$1,700")
    expect(page.locator("#ledger .entry.pending")).to_contain_text("Refused")


def test_a_move_tapped_the_moment_record_closes_the_sheet_still_opens(live_server, new_page):
    """The sheet's closing is announced a moment after it closes: a move tapped before then
    (a quick banker on a fast tablet) still gets its choices, never "Loading" for ever."""
    banker, _ = open_console(live_server, new_page)
    banker.player(1).move("pass_go")
    expect(banker.sheet.locator("[data-action=record]")).to_be_visible()
    banker.page.evaluate(
        """() => {
            document.querySelector('#sheet [data-action=record]').click();
            document.querySelector("#moves [data-move='buy']").click();
        }"""
    )
    expect(banker.sheet.locator(".choice[data-space='39']")).to_be_visible()


def test_a_poll_that_sees_an_entry_before_its_answer_does_asks_for_nothing_more(
    live_server, new_page
):
    """The state poll can read the table after an entry the bank has recorded, before the
    post's own answer is back: that answer brings the ledger row and the options, so the
    poll asks for neither."""
    banker, _ = open_console(live_server, new_page)
    page = banker.page
    page.wait_for_load_state("networkidle")
    landed: list[Any] = []  # (route, response): recorded by the bank, its answer held back

    def land_and_hold(route: Any) -> None:
        if route.request.method == "POST":
            landed.append((route, route.fetch()))
        else:
            route.continue_()

    page.route("**/entries/", land_and_hold)
    calls = api_calls(page)
    polls: list[Any] = []
    page.on("response", lambda r: polls.append(r) if "/state/" in r.url else None)
    banker.player(1).move("pass_go")
    banker.sheet.locator("[data-action=record]").click()
    for _ in range(500):  # 10 s at most
        if landed:
            break
        page.wait_for_timeout(20)
    page.evaluate("window.dispatchEvent(new Event('online'))")  # the 5-second poll, now
    for _ in range(500):
        if polls and polls[-1].status == 200:
            break
        page.wait_for_timeout(20)
    page.wait_for_timeout(500)  # what the poll would ask for next
    route, response = landed[0]
    route.fulfill(response=response)
    expect(page.locator("#ledger [data-seq='1']")).to_be_visible()
    expect(page.locator("#conn")).to_have_attribute("data-pending", "0")
    assert [c for c in calls if c.startswith("GET") and "/state/" not in c] == []
