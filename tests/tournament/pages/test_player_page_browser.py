"""A player's page in a real headless Chromium: an entry posted through the API at their
table shows on the open page without a reload, a poll with nothing new is a 304 that
swaps nothing, and a screen reader hears a short sentence, never the ticking clock."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser import PHONE, check_page
from tests.conftest import make_world
from tests.entries import posted
from tournament.money import money

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_an_entry_at_the_table_shows_on_the_open_page_and_nothing_new_swaps_nothing(
    live_server, new_page
):
    world = make_world(players=8)
    player = world.table.seats.get(number=3).player
    page = new_page(PHONE)
    polls: list = []
    page.on(
        "response",
        lambda r: polls.append(r) if r.request.headers.get("hx-request") == "true" else None,
    )
    page.goto(f"{live_server.url}/p/{player.token}/")
    cash = page.locator("#player-live .p-cash")
    expect(cash).to_contain_text("$1,500")
    expect(page.locator(".p-clock[role=timer]")).to_have_text(re.compile(r"^\d+:\d\d(:\d\d)?$"))
    # Only the short sentence is a live region: not the cards, not the clock.
    assert page.locator("[aria-live=polite], [role=status]").count() == 1
    assert page.locator("#player-news .p-clock, [aria-live=polite] .p-clock").count() == 0
    check_page(page, "player page")

    # Nothing changed at the table: the poll sends the ETag shown, gets a 304, swaps nothing.
    page.evaluate("document.querySelector('#player-live .p-money').dataset.kept = 'yes'")
    page.evaluate("window.stillHere = true")  # gone if the page were loaded again
    page.wait_for_timeout(11_000)
    assert polls, "the page polls its live part"
    etag = page.locator("#player-live").get_attribute("data-etag")
    assert [(r.status, r.request.headers.get("if-none-match")) for r in polls] == [
        (304, etag)
    ] * len(polls)
    assert page.locator("#player-live .p-money[data-kept=yes]").count() == 1
    expect(page.locator("#player-news")).to_have_text("")
    expect(page.locator("#player-updated")).to_contain_text("Up to date")

    # The banker records an entry through the API: the page shows it by itself.
    posted(world.banker(), world.table, kind="pass_go", seat=3)
    expect(cash).to_contain_text("$1,700", timeout=15_000)
    assert page.evaluate("window.stillHere") is True
    assert polls[-1].status == 200
    assert page.locator("#player-live .p-money[data-kept=yes]").count() == 0
    expect(page.locator("#player-news")).to_contain_text("Your cash $1,700")
    assert page.locator("#player-live").evaluate("e => e.querySelectorAll('.p-clock').length") == 1
    expect(page.locator(".p-clock[role=timer]")).to_have_text(re.compile(r"^\d+:\d\d(:\d\d)?$"))
    check_page(page, "player page after a swap")

    # The next poll carries the new ETag, and is a 304 again.
    before = len(polls)
    page.wait_for_timeout(10_500)
    assert len(polls) > before
    assert polls[-1].status == 304
    assert polls[-1].request.headers.get("if-none-match") == polls[before - 1].headers["etag"]

    # Another player buys a deed: the page is drawn again, but nothing of this player's
    # changed (cash, net worth, place), so nothing is said again.
    said = page.locator("#player-news").text_content()
    page.evaluate(
        """() => { window.said = 0; new MutationObserver(() => { window.said += 1; })
        .observe(document.querySelector('#player-news'),
          {childList: true, characterData: true, subtree: true}); }"""
    )
    posted(world.banker(), world.table, kind="buy", seat=4, space=1)
    with page.expect_response(lambda r: r.request.headers.get("hx-request") == "true") as poll:
        page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    assert poll.value.status == 200
    expect(page.locator("#player-live .p-money")).to_contain_text("entry 2")
    assert page.evaluate("window.said") == 0
    expect(page.locator("#player-news")).to_have_text(said)


def test_a_german_phone_reads_german_and_the_switcher_turns_the_page_french(live_server, new_page):
    """Chromium set to German: the page, and its script's line, in German; a tap on
    "Français" in the header brings the same page back in French, and it stays French."""
    world = make_world(players=4)
    player = world.table.seats.get(number=1).player
    page = new_page(PHONE, locale="de-DE")
    page.goto(f"{live_server.url}/p/{player.token}/")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator("#p-money-h")).to_have_text("Ihr Geld")
    expect(page.locator("#player-updated")).to_contain_text("Aktuell")  # the script's words

    page.get_by_role("link", name="Français").click()

    expect(page).to_have_url(f"{live_server.url}/p/{player.token}/")
    expect(page.locator("#p-money-h")).to_have_text("Votre argent")
    expect(page.locator("#player-updated")).to_contain_text("À jour")
    expect(page.locator(".p-cash")).to_contain_text(money(1500, "USD", "fr"))
    check_page(page, "player page in French")
    page.reload()
    expect(page.locator("#p-money-h")).to_have_text("Votre argent")
