"""The control room with a keyboard and a screen reader, in a real headless Chromium: a poll
that brings a change keeps focus on the control that had it, and a change in the number of
tables needing attention is said once in a live region, not at each poll."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from banking.services.tablets import Report, tablet_heartbeat
from tests.browser import TABLET_LANDSCAPE, log_in
from tests.conftest import make_world
from tests.entries import posted

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

POLL_NOW = "document.dispatchEvent(new Event('visibilitychange'))"  # the page polls on it
FOCUSED_TILE = "document.activeElement.closest('[data-room-tile]')?.dataset.roomTile ?? null"


def test_a_poll_keeps_focus_and_says_a_new_count_of_tables_needing_attention_once(
    live_server, new_page
):
    world = make_world(players=8)  # two tables, running, no tablet open yet
    first = world.tables[0]
    desk = new_page(TABLET_LANDSCAPE)
    log_in(desk, live_server.url, world.organiser.username, f"/desk/rounds/{world.round.pk}/")
    expect(desk.locator("[data-room-count]")).to_have_text("2 need attention")
    news = desk.locator("#room-news")
    expect(news).to_have_attribute("role", "status")
    expect(news).to_have_text("")  # nothing said as the page opens
    assert desk.locator("#round-live[aria-live], #round-live [aria-live=polite]").count() == 0
    desk.evaluate(
        """() => { window.said = [];
        new MutationObserver(() => window.said.push(document.querySelector('#room-news')
          .textContent)).observe(document.querySelector('#room-news'),
          {childList: true, characterData: true, subtree: true}); }"""
    )

    # Keyboard focus on table 1's tile; its tablet opens, and the next poll redraws the room.
    desk.locator(f"[data-room-tile='{first.pk}'] a.tile-name").focus()
    tablet_heartbeat(table_id=first.pk, report=Report())
    desk.evaluate(POLL_NOW)
    expect(desk.locator("[data-room-count]")).to_have_text("1 needs attention")
    assert desk.evaluate(FOCUSED_TILE) == str(first.pk)
    expect(news).to_have_text("1 table needs attention")

    # An entry at table 1 changes its tile, not the count: focus stays, nothing more is said.
    desk.locator("#round-start, #round-call-time").first.focus()
    posted(world.banker(), first, kind="pass_go", seat=1)
    desk.evaluate(POLL_NOW)
    tile = desk.locator(f"[data-room-tile='{first.pk}']")
    expect(tile.locator("[data-field=entries]")).to_have_text("1")
    assert desk.evaluate("document.activeElement.id") == "round-call-time"
    desk.evaluate(POLL_NOW)  # nothing new: a 304
    desk.wait_for_timeout(500)
    assert desk.evaluate("window.said") == ["1 table needs attention"]
    expect(news).to_have_text("1 table needs attention")
