"""The banker console in a real browser: a game played by taps, offline and back, the looks.

Every step waits on something the banker would see (a sheet, a ledger row, the connection
indicator), never on a fixed delay.
"""

from __future__ import annotations

import re
import time
import uuid
from typing import Any

import pytest
from playwright.sync_api import expect

from banking.models import Entry
from banking.selectors import table_state
from tests.browser import (
    PHONE,
    TABLET,
    TABLET_LANDSCAPE,
    no_horizontal_scroll,
    serious_accessibility_violations,
    snap,
)
from tests.conftest import NAMES, World, make_world
from tests.console import BROKEN_WORDS, SMALLEST_TEXT, Banker, kinds_and_seats, open_console
from tests.entries import bank, post_entry, posted

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


# --------------------------------------------------------------------------- 1. a game by taps


def test_a_banker_plays_a_game_by_taps_and_the_ledger_holds_every_entry(live_server, new_page):
    banker, world = open_console(live_server, new_page)
    n = banker.names
    began, state_reads = time.monotonic(), []
    banker.page.on("request", lambda r: state_reads.append(r) if "/state/" in r.url else None)

    banker.player(1).move("pass_go").record("The bank pays " + n[1], "$200", "$1,700")
    banker.move("buy").tap(".choice[data-space='39']").record("Boardwalk: " + n[1], "$400")
    banker.move("buy").tap(".choice[data-space='37']").record("Park Place: " + n[1], "$350")

    # Rent: the bank's amount (a whole group, unbuilt: twice 50) shows before Record.
    banker.player(2).move("rent")
    expect(banker.sheet.locator(".choice[data-space='39']")).to_contain_text("$100")
    banker.tap(".choice[data-space='39']").record(f"{n[2]} pays {n[1]}", "$100")

    # Build: only the whole group, and only evenly.
    banker.player(1).move("build")
    expect(banker.sheet.locator(".choice")).to_have_count(2)
    banker.tap(".choice[data-space='37']").record("Park Place: no buildings \u2192 1 house", "$200")
    banker.move("build")
    expect(banker.sheet.locator(".choice")).to_have_count(1)
    expect(banker.sheet.locator(".choice[data-space='37']")).to_have_count(0)
    # The deed left out says why, in the bank's words.
    expect(banker.sheet.locator("[data-left-out='37']")).to_contain_text(
        "Build evenly: Boardwalk needs a house before Park Place gets another."
    )
    banker.tap(".choice[data-space='39']").record("Boardwalk: no buildings \u2192 1 house")

    banker.player(2).move("tax").tap(".choice[data-space='4'][data-choice='flat']")
    banker.record("Income Tax", "$200")
    banker.player(3).move("card").tap("[data-card='chance-dividend']").record("$50")
    banker.move("buy").tap(".choice[data-space='5']").record("Reading Railroad: " + n[3])
    banker.player(4).move("rent").tap(".choice[data-space='5']").record("$25")
    banker.move("buy").tap(".choice[data-space='12']").record("Electric Company: " + n[4])

    # A utility asks for the dice; the bank multiplies (one utility owned: 4 times 8).
    banker.player(3).move("rent").tap(".choice[data-space='12']").tap("[data-dice='8']")
    banker.record(f"{n[3]} pays {n[4]}", "$32")

    # A Chance card that sends a player to the nearest railroad: twice the rent.
    banker.player(2).move("card").tap("[data-card='chance-nearest-railroad-1']")
    banker.shows("Chance: nearest railroad").tap(".choice[data-space='5']").record("$50")

    banker.move("buy").tap(".choice[data-space='1']").record("Mediterranean Avenue: " + n[2])
    banker.move("mortgage").tap(".choice[data-space='1']").record("mortgaged", "$30")
    banker.move("unmortgage").tap(".choice[data-space='1']").record("mortgage lifted", "$33")

    # A trade: one form with both sides.
    banker.move("trade").tap(".seat-pick [data-seat='3']")
    banker.sheet.locator("input[name='give-2'][value='1']").check()
    banker.sheet.locator("#trade-3-cash").fill("100")
    banker.tap("button:has-text('Check the trade')")
    banker.record("Mediterranean Avenue: " + n[3], f"{n[3]} pays {n[2]}", "$100")

    banker.player(4).move("jail_fine").record("$50")

    # Undo the latest entry, with a reason: a recorded reversal, never a delete.
    banker.page.locator(f"#ledger [data-seq='{banker.seq}'] button", has_text="Undo").click()
    # What goes back and the balance after, as the bank works them out.
    banker.shows("Money going back", f"The bank pays {n[4]}", f"{n[4]}: $")
    banker.tap("button:has-text('Wrong player')").tap("[data-action=undo]")
    expect(banker.sheet).to_be_hidden()
    banker.seq += 1
    expect(banker.page.locator(f"#ledger [data-seq='{banker.seq}']")).to_contain_text(
        "Undo #18: Wrong player"
    )
    expect(banker.page.locator("#ledger [data-seq='18']")).to_have_class(re.compile("voided"))

    banker.player(1).move("pass_go").record("$200")

    # A card paid by every other player: each one's share and the total told apart.
    banker.player(4).move("card").tap("[data-deck='community_chest']")
    banker.tap("[data-card='chest-opera-night']")
    banker.record("$50 each, 3 payments", f"Total: {n[4]} receives $150")

    # The rare free-form payment: a keypad, no typing.
    banker.player(1).move("pay_player").tap(".seat-pick [data-seat='2']")
    for key in ("2", "5"):
        banker.tap(f".keypad button:text-is('{key}')")
    banker.tap("button:has-text('Check')").record(f"{n[1]} pays {n[2]}", "$25")
    banker.player(2).move("bank_payment").tap("[aria-label='Amount 50']")
    banker.tap("button:has-text('Check')").record(f"The bank pays {n[2]}", "$50")

    assert kinds_and_seats(world) == [
        ("pass_go", 1), ("buy", 1), ("buy", 1), ("rent", 2), ("build", 1), ("build", 1),
        ("tax", 2), ("card", 3), ("buy", 3), ("rent", 4), ("buy", 4), ("rent", 3), ("rent", 2),
        ("buy", 2), ("mortgage", 2), ("unmortgage", 2), ("trade", 2), ("jail_fine", 4),
        ("void", None), ("pass_go", 1), ("card", 4), ("pay_player", 1), ("bank_payment", 2),
    ]  # fmt: skip
    entries = list(Entry.objects.filter(table=world.table))
    assert [e.seq for e in entries] == list(range(1, 24))
    assert entries[11].fields["dice"] == 8
    assert entries[11].transfers[0]["amount"] == 32
    assert entries[12].fields["via_card"] == "nearest_railroad"
    assert entries[18].voids_id == entries[17].id
    state = world.banker().get(f"/api/tables/{world.table.pk}/state/").json()
    # Seat 1: 1500 +200 -400 -350 +100 -200 -200 +200 -50 -25.
    assert state["seats"][0]["cash"] == 775
    expect(banker.page.locator("#seats [data-seat='1']")).to_contain_text("$775")
    # Each answer carries the table's state: after 23 entries the console read the state
    # only on its own 5-second poll, never again after recording.
    assert len(state_reads) <= (time.monotonic() - began) // 5 + 1


# --------------------------------------------------------------------------- 2. offline


def test_entries_made_offline_survive_a_reload_and_arrive_once_in_order(live_server, new_page):
    banker, world = open_console(live_server, new_page)
    page, context = banker.page, banker.page.context
    expect(page.locator("html")).to_have_attribute("data-offline-ready", "yes")

    context.set_offline(True)
    expect(page.locator("#conn")).to_have_attribute("data-net", "offline")
    banker.player(1).move("pass_go").queue_offline()
    banker.player(2).move("pass_go").queue_offline()
    banker.player(1).move("buy").tap(".choice[data-space='39']").queue_offline()
    banker.player(3).move("jail_fine").queue_offline()
    banker.player(4).move("tax").tap(".choice[data-space='38']").queue_offline()
    banker.pending(5)
    # Queued with no preview: named by the bank's label for its kind, its player and deed.
    expect(page.locator("#ledger .entry.pending").first).to_contain_text(
        f"Tax \u00b7 {banker.names[4]} \u00b7 Luxury Tax"
    )
    assert Entry.objects.filter(table=world.table).count() == 0

    # Reloaded with no connection: the page comes from the tablet, the outbox from IndexedDB.
    page.reload()
    expect(page.locator("html")).to_have_attribute("data-console", "ready")
    banker.pending(5)
    expect(page.locator("#conn")).to_have_text("Offline \u00b7 5 waiting")
    assert Entry.objects.filter(table=world.table).count() == 0
    snap(page, "console-offline-pending")
    # Each entry's id was made on the tablet before its first (failed) send.
    made = page.evaluate(
        """async (table) => {
            const outbox = await import('/static/js/console/outbox.js');
            return (await outbox.items(table)).map((item) => item.body.id);
        }""",
        world.table.pk,
    )
    assert len(set(made)) == 5

    context.set_offline(False)
    expect(page.locator("#conn")).to_have_attribute("data-pending", "0", timeout=15_000)
    expect(page.locator("#conn")).to_have_attribute("data-net", "live")
    expect(page.locator("#ledger [data-seq='5']")).to_be_visible()
    assert kinds_and_seats(world) == [
        ("pass_go", 1), ("pass_go", 2), ("buy", 1), ("jail_fine", 3), ("tax", 4),
    ]  # fmt: skip
    assert [str(e.id) for e in Entry.objects.filter(table=world.table)] == made
    expect(page.locator("#seats [data-seat='1']")).to_contain_text("$1,300")

    # A refusal holds the queue: Park Place is bought twice while offline, the options on the
    # tablet being the last the bank sent.
    context.set_offline(True)
    expect(page.locator("#conn")).to_have_attribute("data-net", "offline")
    banker.player(2).move("buy").tap(".choice[data-space='37']").queue_offline()
    banker.player(3).move("buy").tap(".choice[data-space='37']").queue_offline()
    banker.player(4).move("pass_go").queue_offline()
    banker.pending(3)

    context.set_offline(False)
    held = page.locator("#held")
    expect(held).to_be_visible(timeout=15_000)
    expect(held).to_contain_text(f"Buy \u00b7 {banker.names[3]} \u00b7 Park Place")
    expect(held).to_contain_text(f"Park Place already belongs to {banker.names[2]}.")
    expect(page.locator("#conn")).to_have_attribute("data-net", "held")
    assert kinds_and_seats(world)[5:] == [("buy", 2)]
    snap(page, "console-held")

    # Trying again changes nothing: still refused, and the pass_go behind it still waits.
    attempts = int(page.locator("#conn").get_attribute("data-attempts"))
    held.locator("button", has_text="Try again").click()
    expect(page.locator("#conn")).to_have_attribute("data-attempts", str(attempts + 1))
    expect(page.locator("#conn")).to_have_attribute("data-net", "held")
    expect(held).to_contain_text("already belongs to")
    banker.pending(2)
    assert kinds_and_seats(world)[5:] == [("buy", 2)]

    held.locator("button", has_text="Discard this entry").click()
    expect(page.locator("#conn")).to_have_attribute("data-pending", "0")
    expect(held).to_have_count(0)
    expect(page.locator("#ledger [data-seq='7']")).to_contain_text(f"{banker.names[4]} passes GO")
    assert kinds_and_seats(world)[5:] == [("buy", 2), ("pass_go", 4)]


def test_a_sent_entry_is_recorded_once_even_if_its_answer_is_lost(live_server, new_page):
    """The tablet resends an entry whose answer never came: the bank answers with the entry
    it already has (same id, same body), so nothing is recorded twice."""
    banker, world = open_console(live_server, new_page)
    entry_id = str(uuid.uuid4())
    body = {"id": entry_id, "kind": "pass_go", "seat": 2}
    first = post_entry(world.banker(), world.table, **body)
    assert first.status_code == 201
    # The same item lands in the tablet's outbox, as if its first send had lost its answer.
    banker.page.evaluate(
        """async (item) => {
            const outbox = await import('/static/js/console/outbox.js');
            await outbox.add(item);
        }""",
        {
            "table": world.table.pk,
            "id": entry_id,
            "url": f"/api/tables/{world.table.pk}/entries/",
            "body": body,
            "label": "Resent",
        },
    )
    banker.page.reload()
    expect(banker.page.locator("#conn")).to_have_attribute("data-pending", "0")
    expect(banker.page.locator("#ledger [data-seq='1']")).to_be_visible()
    assert Entry.objects.filter(table=world.table).count() == 1


def test_a_tablet_that_replays_its_whole_outbox_twice_records_nothing_twice(live_server, new_page):
    """Every entry the console sent goes back into its outbox, twice over, as if the tablet
    had lost track of what it sent: the bank answers each with the entry it has."""
    banker, world = open_console(live_server, new_page)
    sent: list[dict[str, Any]] = []
    banker.page.on(
        "request",
        lambda r: (
            sent.append(r.post_data_json)
            if r.method == "POST" and r.url.endswith("/entries/")
            else None
        ),
    )
    banker.player(1).move("pass_go").record("$200")
    banker.move("buy").tap(".choice[data-space='39']").record("$400")
    banker.player(2).move("rent").tap(".choice[data-space='39']").record("$50")
    assert [body["kind"] for body in sent] == ["pass_go", "buy", "rent"]
    state_url = f"/api/tables/{world.table.pk}/state/"
    before = world.banker().get(state_url).json()

    banker.page.evaluate(
        """async (items) => {
            const outbox = await import('/static/js/console/outbox.js');
            for (const item of items.concat(items)) await outbox.add(item);
        }""",
        [
            {
                "table": world.table.pk,
                "id": body["id"],
                "url": f"/api/tables/{world.table.pk}/entries/",
                "body": body,
                "label": "Sent again",
            }
            for body in sent
        ],
    )
    banker.page.reload()
    expect(banker.page.locator("#conn")).to_have_attribute("data-pending", "0")
    expect(banker.page.locator("#ledger [data-seq='3']")).to_be_visible()
    expect(banker.page.locator("#ledger [data-seq='4']")).to_have_count(0)
    assert len(sent) == 9  # three, then each of them twice more
    assert kinds_and_seats(world) == [("pass_go", 1), ("buy", 1), ("rent", 2)]
    after = world.banker().get(state_url).json()
    assert after["seats"] == before["seats"]
    assert after["last_seq"] == 3


# --------------------------------------------------------------------------- 3 and 4. looks


def _some_play(world: World) -> None:
    banker = world.banker()
    for body in (
        {"kind": "pass_go", "seat": 1},
        {"kind": "buy", "seat": 1, "space": 37},
        {"kind": "buy", "seat": 1, "space": 39},
        {"kind": "buy", "seat": 2, "space": 5},
        {"kind": "buy", "seat": 3, "space": 12},
        {"kind": "mortgage", "seat": 3, "space": 12},
        {"kind": "build", "seat": 1, "space": 37},
        {"kind": "rent", "seat": 4, "space": 37},
        {"kind": "card", "seat": 2, "deck": "chance", "card": "chance-jail-free"},
    ):
        posted(banker, world.table, **body)


def _labels_missing(page: Any) -> list[str]:
    return page.evaluate(
        """() => [...document.querySelectorAll('input, select, textarea')]
            .filter((el) => !(el.labels && el.labels.length) && !el.getAttribute('aria-label')
                            && !el.getAttribute('aria-labelledby'))
            .map((el) => el.outerHTML)"""
    )


@pytest.mark.parametrize(
    ("name", "viewport"), [("tablet", TABLET), ("landscape", TABLET_LANDSCAPE)]
)
def test_the_console_reads_well_on_a_tablet(live_server, new_page, name, viewport):
    world = make_world()
    _some_play(world)
    banker = Banker.at(new_page(viewport), world).open(live_server.url)
    page = banker.page
    expect(page.locator("#ledger [data-seq='9']")).to_be_visible()
    expect(page.locator("#conn")).to_have_text("Live")
    assert no_horizontal_scroll(page)
    assert serious_accessibility_violations(page) == []
    assert _labels_missing(page) == []
    snap(page, f"console-{name}")

    # Every move button shown is a large target.
    sizes = page.eval_on_selector_all(
        "#moves button:not([hidden]), #seats button",
        "els => els.map(e => [e.getBoundingClientRect().width, e.getBoundingClientRect().height])",
    )
    assert all(w >= 48 and h >= 48 for w, h in sizes), sizes

    # The confirmation sheet: every balance before and after.
    banker.player(2).move("rent").tap(".choice[data-space='39']")
    expect(banker.sheet.locator("[data-action=record]")).to_be_visible()
    banker.shows("Balances", "$1,300", "$1,200")
    assert no_horizontal_scroll(page)
    assert serious_accessibility_violations(page) == []
    snap(page, f"console-{name}-confirm")

    # The keypad sheet: every input labelled.
    banker.sheet.locator("#sheet-close").click()
    banker.player(1).move("pay_player")
    assert _labels_missing(page) == []
    assert serious_accessibility_violations(page) == []
    snap(page, f"console-{name}-keypad")
    banker.sheet.locator("#sheet-close").click()

    # The trade form: both sides, every checkbox and amount labelled.
    banker.player(1).move("trade").tap(".seat-pick [data-seat='3']")
    expect(banker.sheet.locator("fieldset.side")).to_have_count(2)
    assert _labels_missing(page) == []
    assert serious_accessibility_violations(page) == []
    snap(page, f"console-{name}-trade")


def test_keyboard_focus_is_always_visible(live_server, new_page):
    banker, _ = open_console(live_server, new_page)
    page = banker.page
    outlines = []
    for _ in range(6):
        page.keyboard.press("Tab")
        outlines.append(
            page.evaluate(
                """() => {
                    const s = getComputedStyle(document.activeElement);
                    return [document.activeElement.tagName, s.outlineStyle, s.outlineWidth];
                }"""
            )
        )
    assert all(style != "none" and width != "0px" for _, style, width in outlines), outlines


@pytest.mark.parametrize("viewport", [PHONE, TABLET], ids=["phone", "tablet"])
def test_the_focused_control_is_never_under_the_sticky_header(live_server, new_page, viewport):
    """Moving back up the page with Shift+Tab, each control that takes the focus shows
    whole below the console's header, which stays on top as the page scrolls."""
    banker, _ = open_console(live_server, new_page, viewport)
    page = banker.page
    banker.player(1)
    page.locator("#ledger-title").scroll_into_view_if_needed()
    page.locator("#moves [data-move='bankrupt']").focus()
    hidden = []
    for _ in range(12):
        page.keyboard.press("Shift+Tab")
        where = page.evaluate(
            """() => [document.activeElement.textContent.trim().slice(0, 20),
                      document.activeElement.getBoundingClientRect().top,
                      document.querySelector('.console-header').getBoundingClientRect().bottom]"""
        )
        if where[1] < where[2]:
            hidden.append(where)
    assert hidden == []


def test_last_turn_and_debts_show_what_to_do(live_server, new_page):
    world = make_world()
    _some_play(world)
    post_entry(world.banker(), world.table, kind="bank_payment", seat=4, amount=-1600)
    world.organiser_client().post(f"/api/rounds/{world.round.pk}/call-time/")
    banker = Banker.at(new_page(TABLET), world).open(live_server.url)
    page = banker.page
    expect(page.locator(".banner.last-turn")).to_contain_text("LAST TURN")
    expect(page.locator("#clock")).to_have_text("Time is up")
    expect(page.locator("#ledger [data-seq='10']")).to_contain_text("pays the bank")
    debt = page.locator(".banner.debt")
    expect(debt).to_contain_text(f"{banker.names[4]} owes")
    expect(debt).to_contain_text("sell buildings, mortgage, trade")
    expect(debt.locator("button")).to_have_count(4)
    snap(page, "console-last-turn")
    # The banners are a live region, not redrawn when what comes in changes none of them
    # (a screen reader would say them all again): here a referee's correction elsewhere.
    expect(page.locator("#banners")).to_have_attribute("aria-live", "polite")
    page.evaluate(
        """() => { window.bannerChanges = 0;
            new MutationObserver((m) => { window.bannerChanges += m.length; })
                .observe(document.getElementById('banners'), {childList: true, subtree: true}); }"""
    )
    corrected = post_entry(
        world.referee_client(), world.table, kind="adjust", seat=1, amount=5, reason="Miscount"
    )
    assert corrected.status_code == 201
    expect(page.locator("#ledger [data-seq='11']")).to_contain_text("Miscount", timeout=12_000)
    assert page.evaluate("window.bannerChanges") == 0

    # A voluntary spend the cash does not cover: the refusal, and the way out.
    banker.player(4).move("auction").tap(".choice[data-space='1']")
    banker.tap("[aria-label='Amount 50']").tap("button:has-text('Check')")
    banker.shows("The bank says no", "needs more cash", "Sell buildings", "Mortgage", "Trade")
    assert serious_accessibility_violations(page) == []
    snap(page, "console-refusal")


def test_closing_a_table_that_recorded_nothing_warns_first(live_server, new_page):
    world = make_world()
    world.organiser_client().post(f"/api/rounds/{world.round.pk}/call-time/")
    banker = Banker.at(new_page(TABLET), world).open(live_server.url)
    banker.page.locator(".banner.last-turn").get_by_role("button", name="Close table").click()
    expect(banker.sheet.locator("[data-empty-table]")).to_contain_text(
        "Nothing has been recorded at this table"
    )
    banker.sheet.get_by_role("button", name="Cancel").click()
    banker.player(1).move("pass_go").record("$200")
    banker.page.locator(".banner.last-turn").get_by_role("button", name="Close table").click()
    expect(banker.sheet.locator("[data-action=close-table]")).to_be_visible()
    expect(banker.sheet.locator("[data-empty-table]")).to_have_count(0)


def test_a_referees_correction_appears_without_a_reload(live_server, new_page):
    banker, world = open_console(live_server, new_page)
    banker.player(1).move("pass_go").record("$200")
    # Said to a screen reader once recorded.
    news = banker.page.locator("#console-news")
    expect(news).to_have_text(re.compile(rf"^Recorded #1: {banker.names[1]} passes GO\. .*\$200"))
    adjusted = post_entry(
        world.referee_client(),
        world.table,
        kind="adjust",
        seat=1,
        amount=-200,
        reason="Passed GO twice",
    )
    assert adjusted.status_code == 201
    # The console polls the table every few seconds: the correction shows up on its own.
    row = banker.page.locator("#ledger [data-seq='2']")
    expect(row).to_contain_text("Passed GO twice", timeout=12_000)
    expect(row).to_contain_text("by referee")
    expect(banker.page.locator("#seats [data-seat='1']")).to_contain_text("$1,500")
    # The referee's correction is theirs to undo: the banker is offered Undo on their own.
    expect(row.get_by_role("button", name=re.compile("^Undo"))).to_have_count(0)
    mine = banker.page.locator("#ledger [data-seq='1']")
    expect(mine.get_by_role("button", name=re.compile("^Undo"))).to_have_count(1)


def test_a_tap_on_a_player_is_not_lost_to_a_poll_that_changed_nothing(live_server, new_page):
    """A finger on a player while the console polls: the first poll after an entry brings
    the table as the entry's answer had it, so the seats stay as drawn and the tap still
    picks the player (a seat drawn again under the finger loses the tap)."""
    banker, _ = open_console(live_server, new_page)
    banker.player(1).move("pass_go").record("$200")
    page = banker.page
    seat = page.locator("#seats [data-seat='2']")
    box = seat.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    polls: list[Any] = []
    page.context.on("response", lambda r: polls.append(r) if "/state/" in r.url else None)
    page.mouse.down()
    # Two polls (one each 5 s): the first one's drawing is done once the second answers.
    deadline = time.monotonic() + 20
    while len(polls) < 2 and time.monotonic() < deadline:
        page.wait_for_timeout(50)
    assert len(polls) >= 2, "the console did not poll"
    page.mouse.up()
    expect(seat).to_have_attribute("aria-pressed", "true")


def test_moves_on_what_a_player_holds_show_once_they_hold_it(live_server, new_page):
    banker, _ = open_console(live_server, new_page)
    held = ("unmortgage", "sell_building", "use_jail_card")
    moves = {kind: banker.page.locator(f"#moves [data-move='{kind}']") for kind in held}
    banker.player(1)
    for move in moves.values():
        expect(move).to_be_hidden()
    banker.move("buy").tap(".choice[data-space='39']").record("$400")
    banker.move("mortgage").tap(".choice[data-space='39']").record("$200")
    expect(moves["unmortgage"]).to_be_visible()
    expect(moves["sell_building"]).to_be_hidden()
    banker.player(2)  # nothing held: nothing to unmortgage
    expect(moves["unmortgage"]).to_be_hidden()


def test_the_same_move_again_within_a_minute_is_asked_about_first(live_server, new_page):
    banker, world = open_console(live_server, new_page)
    banker.player(1).move("pass_go").record("$200")
    banker.player(1).move("pass_go")
    banker.shows("Again?", "(#1): record it again?")
    expect(banker.sheet.locator("[data-action=record]")).to_have_text("Record again")
    banker.record("$200")  # two GOs in a row can be right: it is recorded once asked
    assert Entry.objects.filter(table=world.table, kind="pass_go").count() == 2
    banker.player(2).move("pass_go")
    expect(banker.sheet.locator("[data-action=record]")).to_have_text("Record")
    expect(banker.sheet).not_to_contain_text("Again?")


def test_several_houses_across_a_group_in_one_entry_by_two_taps(live_server, new_page):
    banker, world = open_console(
        live_server,
        new_page,
        played=[{"kind": "buy", "seat": 1, "space": 37}, {"kind": "buy", "seat": 1, "space": 39}],
    )
    banker.player(1).move("build")
    # $750 in hand at $200 a house: the bank offers two or three at once.
    counts = banker.sheet.locator("[data-several='37'] [data-count]")
    expect(counts).to_have_count(2)
    banker.tap("[data-several='37'] [data-count='3']")
    banker.record(
        f"{banker.names[1]} builds 3 houses on the dark blue sites",
        f"{banker.names[1]} pays the bank",
        "$600",
    )
    houses = {
        d["space"]: d["houses"]
        for d in table_state(world.table)["spaces"]
        if d["space"] in (37, 39)
    }
    assert houses == {37: 2, 39: 1}
    assert Entry.objects.filter(table=world.table, kind="build").count() == 1


def test_undoing_an_entry_a_later_one_depends_on_says_why_before_any_reason(live_server, new_page):
    banker, world = open_console(
        live_server,
        new_page,
        played=[{"kind": "buy", "seat": 1, "space": 39}, {"kind": "rent", "seat": 2, "space": 39}],
    )
    banker.page.locator("#ledger [data-seq='1'] button", has_text="Undo").click()
    banker.shows("The bank says no", "Entry 2 (Rent) depends on this one: void it first.")
    expect(banker.sheet.locator("[data-action=undo]")).to_have_count(0)
    assert Entry.objects.filter(table=world.table).count() == 2


def test_an_undo_offline_waits_on_the_tablet_and_goes_through_when_back(live_server, new_page):
    banker, world = open_console(
        live_server, new_page, played=[{"kind": "buy", "seat": 1, "space": 39}]
    )
    undo = banker.page.locator("#ledger [data-seq='1'] button", has_text="Undo")
    expect(undo).to_be_visible()
    banker.page.context.set_offline(True)
    undo.click()
    banker.shows("Offline: no preview", "The undo waits on this tablet")
    banker.tap("button:has-text('Wrong player')").tap("[data-action=undo]")
    expect(banker.page.locator("#conn")).to_have_attribute("data-pending", "1")
    banker.page.context.set_offline(False)
    expect(banker.page.locator("#ledger [data-seq='2']")).to_contain_text(
        "Wrong player", timeout=15_000
    )
    assert Entry.objects.filter(table=world.table, kind="void").count() == 1


def test_a_creditor_lifts_a_mortgage_at_the_bankruptcy_by_taps(live_server, new_page):
    played = [
        {"kind": "buy", "seat": 1, "space": 37},
        {"kind": "buy", "seat": 2, "space": 39},
        {"kind": "mortgage", "seat": 1, "space": 37},
        {"kind": "bank_payment", "seat": 1, "amount": -1300},
        {"kind": "rent", "seat": 1, "space": 39},  # 50 owed, 25 in hand
    ]
    banker, world = open_console(live_server, new_page, played=played)

    banker.player(1).move("bankrupt").tap("[data-creditor='2']")
    # To a player, with a mortgaged deed among what they receive: which to lift now?
    banker.shows("Park Place")
    banker.sheet.locator("input[name=lift][value='37']").check()
    banker.tap("[data-action=check-bankruptcy]")
    # The money in words, each transfer with what it is for: the part of the debt the
    # creditor gives back, and the mortgage it lifts on the deed it receives.
    creditor, debtor = banker.names[2], banker.names[1]
    banker.shows(f"{creditor} gives back the part of the debt {debtor} cannot pay")
    banker.shows(f"{creditor} pays the bank to lift the mortgage on Park Place")
    banker.shows(f"Total: {creditor} pays $218")
    banker.record(f"{creditor}, who takes {debtor}'s cash and deeds and lifts the mortgage")
    # The console's ledger says the same, from the bank's words.
    row = banker.page.locator(f"#ledger [data-seq='{banker.seq}']")
    expect(row).to_contain_text(f"{creditor} pays the bank to lift the mortgage on Park Place $193")

    bankrupt = Entry.objects.get(table=world.table, kind="bankrupt")
    assert (bankrupt.fields["creditor"], bankrupt.fields["lift"]) == (2, [37])
    # The creditor paid the bank the mortgage value and its 10% once, in this entry: 175 + 18.
    to_the_bank = [t["amount"] for t in bankrupt.transfers if (t["from"], t["to"]) == (2, "bank")]
    assert to_the_bank == [193]
    # 1,500 - 400 (Boardwalk) + 50 (rent) - 25 (the debt's shortfall) - 193 = 932 in cash;
    # worth 932 + 400 + 350, Park Place counted at its full price now it is lifted.
    seat = banker.page.locator("#seats [data-seat='2']")
    expect(seat).to_contain_text("$932")
    expect(seat).to_contain_text("Worth $1,682")


# --------------------------------------------------------------------------- 5. small print


@pytest.mark.parametrize(("name", "viewport"), [("tablet", TABLET), ("phone", PHONE)])
def test_no_console_text_is_under_15px_and_no_move_or_deed_name_breaks(
    live_server, new_page, name, viewport
):
    world = make_world(names=[f"{name} Lovelace" for name in NAMES[:8]])  # full names
    bank(world.table, kind="buy", seat=1, space=39)
    bank(world.table, kind="mortgage", seat=1, space=39)  # Unmortgage is offered
    banker = Banker.at(new_page(viewport), world).open(live_server.url)
    banker.player(1)
    smallest = banker.page.evaluate(SMALLEST_TEXT)
    assert smallest[0][0] >= 15, smallest
    assert banker.page.evaluate(BROKEN_WORDS) == []
    banker.move("buy")
    assert banker.page.evaluate(SMALLEST_TEXT)[0][0] >= 15


def test_a_closed_or_confirmed_table_shows_its_state_and_no_live_moves(live_server, new_page):
    from tournament.results.closing import table_close
    from tournament.results.reviews import table_confirm

    banker, world = open_console(live_server, new_page)
    moves = banker.page.locator("#moves .moves")
    expect(moves).to_be_visible()
    table_close(table_id=world.table.pk)
    banker.page.reload()
    expect(banker.page.locator("[data-review=awaiting]")).to_be_visible()
    expect(moves).to_be_hidden()
    expect(banker.page.locator("#moves-title")).to_have_text("No moves: the table is closed")
    table_confirm(table_id=world.table.pk, user=world.referee)
    banker.page.reload()
    expect(banker.page.locator("[data-review=confirmed]")).to_be_visible()
    expect(moves).to_be_hidden()
