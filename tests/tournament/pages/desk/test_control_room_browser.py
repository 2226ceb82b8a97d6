"""The control room in a real headless Chromium: a tablet loses its connection with entries
queued, the desk's tile shows it offline with the count, without reloading, then sees it
recover; the console's heartbeat rides on its state poll and adds no request."""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from django.db.models import F
from playwright.sync_api import expect

from banking.models import Entry, TabletHeartbeat
from banking.services.tablets import Report, tablet_heartbeat
from tests.banking import test_console_browser as console
from tests.browser import PHONE, TABLET, TABLET_LANDSCAPE, check_page, log_in, snap
from tests.conftest import make_world
from tournament.results.closing import table_close
from tournament.results.reviews import table_dispute

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def heartbeat_of(table) -> TabletHeartbeat | None:
    return TabletHeartbeat.objects.filter(table=table).first()


def wait_for(condition, timeout: float = 15) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "the condition never held"
        time.sleep(0.1)


def test_a_tablet_offline_with_entries_queued_shows_on_the_desk_then_recovers(
    live_server, new_page
):
    world = make_world(players=48, table_size=4)
    assert len(world.tables) == 12
    table, other, unopened = world.tables[0], world.tables[4], world.tables[1]
    for opened in world.tables[2:]:  # every console open but table 1's (opened below) and 2's
        tablet_heartbeat(table_id=opened.pk, report=Report())
    table_close(table_id=other.pk)
    table_dispute(table_id=other.pk, user=world.referee, reason="Rent on Boardwalk was missed")

    banker = console.Banker.at(new_page(TABLET), world).open(live_server.url)
    tablet, context = banker.page, banker.page.context

    # Online, the console's only requests are its state polls, each carrying its report.
    requests: list = []
    tablet.on("request", lambda r: requests.append(r) if "/api/" in r.url else None)
    tablet.wait_for_timeout(11_000)
    assert requests, "the console polls its table"
    assert {(r.method, r.url.removeprefix(live_server.url)) for r in requests} == {
        ("GET", f"/api/tables/{table.pk}/state/")
    }
    assert len(requests) <= 3  # one poll each 5 s
    assert all(r.headers.get("x-console-outbox") == "0" for r in requests)
    assert heartbeat_of(table).online is True

    # The Wi-Fi drops; the banker records three entries, which wait on the tablet.
    context.set_offline(True)
    expect(tablet.locator("#conn")).to_have_attribute("data-net", "offline")
    banker.player(1).move("pass_go").queue_offline()
    banker.player(2).move("pass_go").queue_offline()
    banker.player(3).move("pass_go").queue_offline()
    banker.pending(3)
    # A flicker of connection: the state poll gets through with the tablet's report, the
    # entries do not; then nothing at all.
    context.route("**/api/tables/*/entries/", lambda route: route.abort())
    context.set_offline(False)
    wait_for(lambda: (beat := heartbeat_of(table)) is not None and beat.outbox == 3)
    context.set_offline(True)
    expect(tablet.locator("#conn")).to_have_attribute("data-net", "offline")
    assert heartbeat_of(table).online is False
    assert Entry.objects.filter(table=table).count() == 0

    desk = new_page(TABLET_LANDSCAPE)
    log_in(desk, live_server.url, world.organiser.username, f"/desk/rounds/{world.round.pk}/")
    desk.evaluate("window.notReloaded = true")
    tile = desk.locator(f"[data-room-tile='{table.pk}']")
    expect(tile.locator("[data-field=tablet]")).to_contain_text("offline 0 min, 3 entries waiting")
    expect(desk.locator(f"[data-room-tile='{unopened.pk}']")).to_contain_text("never opened")

    # Four minutes pass with the tablet silent (the clock moved back on the heartbeat).
    TabletHeartbeat.objects.filter(table=table).update(
        seen_at=F("seen_at") - timedelta(minutes=4),
        synced_at=F("synced_at") - timedelta(minutes=4),
    )
    expect(tile.locator("[data-field=reasons]")).to_have_text(
        "tablet offline 4 min, 3 entries waiting", timeout=12_000
    )
    tiles = desk.locator("[data-room-tile]")
    expect(tiles).to_have_count(12)
    expect(tiles.nth(0)).to_have_attribute("data-room-tile", str(table.pk))
    expect(tiles.nth(1)).to_have_attribute("data-room-tile", str(unopened.pk))
    expect(tiles.nth(1).locator("[data-field=reasons]")).to_have_text("no tablet yet")
    expect(tiles.nth(2)).to_have_attribute("data-room-tile", str(other.pk))
    expect(tiles.nth(2).locator("[data-field=reasons]")).to_have_text("dispute waiting")
    expect(desk.locator("[data-room-count]")).to_have_text("3 need attention")
    assert desk.evaluate("window.notReloaded") is True
    snap(desk, "desk-control-room")
    check_page(desk, "desk-control-room-laptop")

    # The connection returns: the outbox empties, the tile says online again.
    context.unroute("**/api/tables/*/entries/")
    context.set_offline(False)
    expect(tablet.locator("#conn")).to_have_attribute("data-pending", "0", timeout=15_000)
    assert Entry.objects.filter(table=table).count() == 3
    expect(tile.locator("[data-field=tablet]")).to_have_text("online", timeout=15_000)
    expect(tile.locator("[data-field=entries]")).to_have_text("3")
    expect(desk.locator("[data-room-count]")).to_have_text("2 need attention")
    beat = heartbeat_of(table)
    assert beat.away_seconds > 0
    assert beat.back_at is not None
    assert desk.evaluate("window.notReloaded") is True


def test_the_control_room_fits_a_phone(live_server, new_page):
    world = make_world(players=48, table_size=4)
    phone = new_page(PHONE)
    log_in(phone, live_server.url, world.organiser.username, f"/desk/rounds/{world.round.pk}/")
    expect(phone.locator("[data-room-tile]")).to_have_count(12)
    check_page(phone, "desk-control-room-phone")
