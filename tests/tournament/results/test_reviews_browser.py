"""The second person's check in a real browser: a referee on a phone disputes a closed table's
result, the ledger is fixed and the table closed again, and another referee confirms it; the
organiser's desk shows the review states, the disputed queue and the forced end."""

from __future__ import annotations

import time
from typing import Any

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from banking.models import Entry
from tests.browser import (
    PHONE,
    TABLET,
    check_page,
    log_in,
    serious_accessibility_violations,
    snap,
)
from tests.conftest import make_world
from tests.entries import bank
from tests.factories import VolunteerFactory
from tournament.models import AuditEvent, Result, Volunteer
from tournament.results.closing import table_close
from tournament.results.reviews import table_confirm, table_dispute

BREAKDOWN = "cash $1,100 + deeds $400 (Boardwalk $400) + buildings $0 = $1,500"  # seat 1's

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_referee_disputes_on_a_phone_and_another_confirms_after_the_fix(live_server, new_page):
    world = make_world(players=8)
    table = world.table
    wrong = bank(table, kind="buy", seat=1, space=39)  # it was seat 2's purchase
    bank(table, kind="pass_go", seat=3)
    table_close(table_id=table.pk)
    second = VolunteerFactory(event=world.event, role=Volunteer.Role.REFEREE).user
    event_url = reverse("referee-event", args=[world.event.pk])
    table_url = reverse("referee-table", args=[world.event.pk, table.pk])

    # The first referee sees the table waiting for a check, and disputes it.
    page = new_page(viewport=PHONE)
    log_in(page, live_server.url, world.referee.username, event_url)
    page.get_by_role("heading", name="Awaiting confirmation").wait_for()
    check_page(page, "event page, awaiting", labels=False)
    page.goto(live_server.url + table_url)
    page.get_by_role("button", name="Confirm the result of table 1").wait_for()
    assert page.get_by_text("cash $1,100 + deeds $400 (Boardwalk $400)").is_visible()
    page.get_by_text("Dispute…").click()
    page.get_by_label("What is wrong with the result?").fill(
        "Boardwalk went to seat 1: seat 2 bought it"
    )
    check_page(page, "table page, dispute form", labels=False)
    snap(page, "referee-result-dispute-phone")
    page.get_by_role("button", name="Dispute the result of table 1").click()
    page.get_by_text("Table 1: result disputed").wait_for()
    assert page.get_by_text("Disputed: Boardwalk went to seat 1").is_visible()
    check_page(page, "table page, disputed", labels=False)
    snap(page, "referee-table-disputed-phone")

    # The disputed queue tops the event page, with the way to the ledger.
    page.goto(live_server.url + event_url)
    queue = page.locator("section", has=page.get_by_role("heading", name="Disputed"))
    queue.get_by_role("link", name="Table 1").wait_for()
    check_page(page, "event page, disputed queue", labels=False)
    snap(page, "referee-event-disputed-phone")

    # The fix: the wrong purchase voided on the page, the right one by the banker, and the
    # banker closes the table again.
    queue.get_by_role("link", name="Table 1").click()
    page.wait_for_url(f"**{table_url}*")
    page.get_by_text("Void #1…").click()
    page.get_by_label("Why void entry #1?").fill("Wrong buyer")
    page.get_by_role("button", name="Void entry #1").click()
    page.get_by_text("Entry 1 voided (Wrong buyer).").wait_for()
    bank(table, kind="buy", seat=2, space=39)
    table_close(table_id=table.pk)

    # Another referee, on their phone, confirms the corrected result.
    other = new_page(viewport=PHONE)
    log_in(other, live_server.url, second.username, table_url)
    other.get_by_text(
        "cash $1,100 + deeds $400 (Boardwalk $400) + buildings $0 = $1,500"
    ).wait_for()
    other.get_by_role("button", name="Confirm the result of table 1").click()
    other.get_by_text("Table 1: result confirmed").wait_for()
    assert other.get_by_text(f"Confirmed by {second.username}").is_visible()
    check_page(other, "table page, confirmed", labels=False)
    snap(other, "referee-table-confirmed-phone")

    table.refresh_from_db()
    assert (table.status, table.review, table.reviewed_by) == ("closed", "confirmed", second)
    results = {r.seat.number: r for r in Result.objects.filter(seat__table=table)}
    assert (results[1].net_worth, results[2].property_value, results[3].rank) == (1500, 400, 1)
    assert Entry.objects.get(kind=Entry.VOID).voids_id == wrong.pk
    steps = AuditEvent.objects.filter(action__startswith="table_").order_by("id")
    assert [e.action for e in steps] == [
        "table_closed",
        "table_disputed",
        "table_closed",
        "table_confirmed",
    ]


def test_the_desk_shows_reviews_the_queue_and_a_forced_end(live_server, new_page):
    world = make_world(players=12)
    first, _, third = world.tables
    bank(first, kind="buy", seat=1, space=39)
    bank(first, kind="pass_go", seat=2)
    for table in world.tables:
        table_close(table_id=table.pk)
    table_confirm(table_id=first.pk, user=world.referee)
    table_dispute(table_id=third.pk, user=world.referee, reason="Rent on Boardwalk is missing")
    round_url = reverse("desk:round", args=[world.round.pk])

    page = new_page(viewport=TABLET)
    log_in(page, live_server.url, world.organiser.username, round_url)
    page.get_by_role("heading", name="Disputed").wait_for()
    page.get_by_text("Force end…").click()
    page.get_by_label("Why end now?").fill("The hall closes at eleven")
    check_page(page, "desk round, unconfirmed tables", labels=False)
    snap(page, "desk-round-review-tablet")
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Force end of round 1").click()
    page.wait_for_url(f"**{reverse('desk:results', args=[world.round.pk])}")
    page.get_by_text(BREAKDOWN).wait_for()
    assert page.get_by_text("Not confirmed: forced in (disputed)").is_visible()
    check_page(page, "desk results after a forced end", labels=False)
    snap(page, "desk-results-forced-tablet")
    assert AuditEvent.objects.get(action="round_forced_end").reason == "The hall closes at eleven"


def test_the_banker_console_shows_the_check_of_its_result(live_server, new_page):
    world = make_world(players=8)
    table = world.table
    bank(table, kind="pass_go", seat=1)
    world.organiser_client().post(f"/api/rounds/{world.round.pk}/call-time/")
    page = new_page(viewport=TABLET)
    running: set[Any] = set()  # the console polls: the test ends once it has stopped
    page.on("request", lambda r: running.add(r) if "/api/" in r.url else None)
    page.on("requestfinished", lambda r: running.discard(r))
    page.on("requestfailed", lambda r: running.discard(r))
    try:
        page.goto(f"{live_server.url}/console/{table.key}/")
        expect(page.locator("html")).to_have_attribute("data-console", "ready")
        page.locator(".banner.last-turn button", has_text="Close table").click()
        page.locator("[data-action='close-table']").click()
        banner = page.locator("#banners")
        expect(banner).to_contain_text("Table closed: awaiting confirmation")

        reason = "Seat 2 paid rent twice"
        disputed = world.referee_client().post(
            f"/api/tables/{table.pk}/dispute/", {"reason": reason}, format="json"
        )
        assert disputed.status_code == 200, disputed.json()
        expect(banner).to_contain_text(f"Disputed: {reason}", timeout=12_000)
        assert serious_accessibility_violations(page) == []
        snap(page, "console-disputed")

        page.locator(".banner.last-turn button", has_text="Close table").click()
        page.locator("[data-action='close-table']").click()
        expect(banner).to_contain_text("Table closed: awaiting confirmation")
        checker = VolunteerFactory(event=world.event, role=Volunteer.Role.REFEREE).user
        table_confirm(table_id=table.pk, user=checker)
        expect(banner).to_contain_text("Confirmed.", timeout=12_000)
        assert serious_accessibility_violations(page) == []
        snap(page, "console-confirmed")
    finally:
        page.context.set_offline(True)
        deadline = time.monotonic() + 10
        while running and time.monotonic() < deadline:
            page.wait_for_timeout(50)
