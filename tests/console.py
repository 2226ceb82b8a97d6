"""The banker at the tablet, for browser tests: a Banker taps a player, a move, a choice,
then Record, and waits each time on what the banker would see."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from playwright.sync_api import expect

from banking.models import Entry
from tests.browser import TABLET
from tests.conftest import World, make_world
from tests.entries import bank


class Banker:
    """A volunteer at the tablet: taps a player, a move, a choice, then Record.

    `Banker(page, key)` knows its table by the console's key and reads the players' names
    off the console when it opens; `Banker.at(page, world)` is the banker of a test's World."""

    def __init__(self, page: Any, key: str, world: World | None = None) -> None:
        self.page = page
        self.key = key
        self.world = world
        self.names: dict[int, str] = {}
        self.seq = 0

    @classmethod
    def at(cls, page: Any, world: World) -> Banker:
        return cls(page, world.table.key, world)

    def open(self, base: str) -> Banker:
        self.page.goto(f"{base}/console/{self.key}/")
        expect(self.page.locator("html")).to_have_attribute("data-console", "ready")
        seats = self.page.locator("#seats [data-seat]")
        self.names = {
            int(seat.get_attribute("data-seat")): seat.locator(".seat-name").inner_text()
            for seat in seats.all()
        }
        return self

    @property
    def sheet(self) -> Any:
        return self.page.locator("#sheet")

    def player(self, seat: int) -> Banker:
        button = self.page.locator(f"#seats [data-seat='{seat}']")
        button.click()
        expect(button).to_have_attribute("aria-pressed", "true")
        expect(self.page.locator("#moves-title")).to_contain_text(self.names[seat])
        return self

    def move(self, kind: str) -> Banker:
        self.page.locator(f"#moves [data-move='{kind}']").click()
        expect(self.sheet).to_be_visible()
        return self

    def tap(self, selector: str) -> Banker:
        self.sheet.locator(selector).click()
        return self

    def shows(self, *texts: str) -> Banker:
        for text in texts:
            expect(self.sheet).to_contain_text(text)
        return self

    def record(self, *expected: str) -> Banker:
        """Check the confirmation shows `expected`, tap Record, wait for the ledger row."""
        expect(self.sheet.locator("[data-action=record]")).to_be_visible()
        self.shows(*expected)
        self.sheet.locator("[data-action=record]").click()
        expect(self.sheet).to_be_hidden()
        self.seq += 1
        expect(self.page.locator(f"#ledger [data-seq='{self.seq}']")).to_be_visible()
        expect(self.page.locator("#conn")).to_have_attribute("data-pending", "0")
        return self

    def queue_offline(self) -> Banker:
        """Offline there is no preview: the sheet says why, and one tap queues the entry."""
        self.shows("Offline: no preview", "waits on this tablet")
        expect(self.sheet).not_to_contain_text("null")
        self.tap("[data-action=queue]")
        expect(self.sheet).to_be_hidden()
        return self

    def pending(self, count: int) -> None:
        expect(self.page.locator("#conn")).to_have_attribute("data-pending", str(count))
        expect(self.page.locator("#ledger .entry.pending")).to_have_count(count)


def open_console(
    live_server: Any,
    new_page: Any,
    viewport: dict[str, int] = TABLET,
    played: Sequence[dict[str, Any]] = (),
    **world: Any,
) -> tuple[Banker, World]:
    """A World's first table with the entries `played` already recorded, and its console
    open at that table."""
    world_ = make_world(**world)
    for entry in played:
        bank(world_.table, **entry)
    banker = Banker.at(new_page(viewport), world_).open(live_server.url)
    banker.seq = len(played)
    return banker, world_


def kinds_and_seats(world: World) -> list[tuple[str, Any]]:
    return [(e.kind, e.fields.get("seat")) for e in Entry.objects.filter(table=world.table)]


# What a page shows smallest: the three smallest texts drawn, with their font size.
SMALLEST_TEXT = """() => {
    const sizes = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
        const node = walker.currentNode, el = node.parentElement, text = node.textContent.trim();
        if (!text || !el || el.closest('.sr-only, [hidden], script, style, svg')) continue;
        if (!el.getClientRects().length) continue;  // not shown
        sizes.push([parseFloat(getComputedStyle(el).fontSize), text.slice(0, 40)]);
    }
    return sizes.sort((a, b) => a[0] - b[0]).slice(0, 3);
}"""

# The words of a move's button or a deed that a line break cuts in two.
BROKEN_WORDS = """() => {
    const broken = [];
    for (const button of document.querySelectorAll('#moves button, #deeds .deed > span')) {
        for (const node of button.childNodes) {
            const text = node.textContent;
            const target = node.nodeType === 3 ? node : node.firstChild;
            if (!target || target.nodeType !== 3) continue;
            let at = 0;
            for (const word of text.split(/\\s+/).filter(Boolean)) {
                const start = target.textContent.indexOf(word, at);
                at = start + word.length;
                const range = document.createRange();
                range.setStart(target, start);
                range.setEnd(target, at);
                if (range.getClientRects().length > 1) broken.push(word);
            }
        }
    }
    return broken;
}"""
