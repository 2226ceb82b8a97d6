"""The console treats a refusal as final: an entry the bank refuses (bad text, a server
error) is shown with the bank's sentence and kept for the banker to try again or discard;
only what may succeed later (a busy or restarting server) is sent again by itself."""

from __future__ import annotations

import json
import uuid
from typing import Any

import pytest
from playwright.sync_api import expect

from banking.models import Entry
from tests.console import open_console

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

POLL_MS = 5000  # how often the console asks for its table's state (static/js/console/main.js)


def _queue_and_reopen(banker: Any, base: str, body: dict[str, Any]) -> None:
    """Put `body` in the tablet's outbox while no console is open (an open one would send
    it on its next poll, perhaps as the page goes), then open the console again."""
    banker.page.goto(f"{base}/")
    banker.page.evaluate(
        """async (item) => {
            const outbox = await import('/static/js/console/outbox.js');
            await outbox.add(item);
        }""",
        {
            "table": banker.world.table.pk,
            "id": body["id"],
            "url": f"/api/tables/{banker.world.table.pk}/entries/",
            "body": body,
            "label": "Bank payment",
        },
    )
    banker.open(base)


def test_a_refused_entry_is_shown_and_kept_until_the_banker_discards_it(live_server, new_page):
    banker, world = open_console(live_server, new_page)
    body = {"id": str(uuid.uuid4()), "kind": "bank_payment", "seat": 1, "amount": 5,
            "memo": "a\u0000b"}  # fmt: skip
    _queue_and_reopen(banker, live_server.url, body)
    held = banker.page.locator("#held")
    expect(held).to_contain_text("The bank refused a waiting entry")
    expect(held).to_contain_text("control character")
    expect(banker.page.locator("#conn")).to_have_attribute("data-pending", "1")
    held.get_by_role("button", name="Discard this entry").click()
    expect(banker.page.locator("#conn")).to_have_attribute("data-pending", "0")
    assert not Entry.objects.filter(table=world.table).exists()


def test_a_server_error_is_shown_not_sent_for_ever(live_server, new_page):
    banker, world = open_console(live_server, new_page)
    sent: list[str] = []

    def fail(route: Any) -> None:
        sent.append(route.request.url)
        route.fulfill(
            status=500,
            content_type="application/json",
            body=json.dumps({"error": "server_error", "detail": "Something went wrong."}),
        )

    banker.page.route("**/entries/", fail)
    banker.page.clock.install()  # the console's timers run on a clock the test can move on
    _queue_and_reopen(
        banker, live_server.url, {"id": str(uuid.uuid4()), "kind": "pass_go", "seat": 1}
    )
    expect(banker.page.locator("#held")).to_contain_text("Something went wrong.")
    expect(banker.page.locator("#conn")).to_have_attribute("data-pending", "1")
    # Three of the console's polls, each of which sends what waits unless it was refused:
    # a resend, if any, would have gone by the end of the first.
    for _ in range(3):
        with banker.page.expect_response(lambda r: "/state/" in r.url):
            banker.page.clock.run_for(POLL_MS)
    assert len(sent) == 1
    banker.page.unroute("**/entries/")
    banker.page.locator("#held").get_by_role("button", name="Try again").click()
    expect(banker.page.locator("#conn")).to_have_attribute("data-pending", "0")
    assert Entry.objects.filter(table=world.table).count() == 1
