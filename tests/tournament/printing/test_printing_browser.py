"""The print page in a real headless Chromium: ask for documents, watch them finish or fail,
retry; at tablet and phone size, with axe-core and no sideways scrolling.

Celery runs eagerly here (the test settings), so a job is made while its request commits;
the page still follows it through the JSON API as it would a worker's.
"""

from __future__ import annotations

import pytest

from tests.browser import (
    PHONE,
    TABLET,
    log_in,
    no_horizontal_scroll,
    serious_accessibility_violations,
    snap,
    wait_until,
)
from tests.played import night
from tournament.models import PrintJob

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def card(page, title: str):
    return page.locator("form[data-print-form]").filter(has=page.get_by_role("heading", name=title))


def test_an_organiser_prints_documents_and_retries_one_that_failed(
    live_server, new_page, settings, tmp_path
):
    settings.MEDIA_ROOT = tmp_path / "media"
    n = night(ended=False)
    url = f"/print/events/{n.event.pk}/"
    page = new_page(viewport=TABLET)
    log_in(page, live_server.url, n.organiser.get_username(), url)
    assert page.get_by_role("heading", name="Print", exact=True).is_visible()
    assert serious_accessibility_violations(page) == []
    assert no_horizontal_scroll(page)

    card(page, "Table cards").get_by_role("button", name="Make PDF").click()
    row = page.locator("tr[data-job]").first
    row.get_by_role("link", name="Open PDF").wait_for()
    assert "2 pages" in row.inner_text()
    job = PrintJob.objects.get(kind="table_cards")
    assert job.status == PrintJob.Status.DONE

    card(page, "Scoresheets").get_by_role("button", name="Make PDF").click()
    failed = page.locator("tr[data-job]").first
    failed.get_by_role("button", name="Retry").wait_for()
    assert "Round 1 has no results yet" in failed.inner_text()
    snap(page, "print-page-tablet")

    with page.expect_response(lambda response: response.url.endswith("/retry/")):
        failed.get_by_role("button", name="Retry").click()
    wait_until(page, "() => document.querySelector('tr[data-job]').dataset.status === 'failed'")
    assert PrintJob.objects.get(kind="scoresheets").attempts == 2

    phone = new_page(viewport=PHONE)
    log_in(phone, live_server.url, n.organiser.get_username(), url)
    assert no_horizontal_scroll(phone)
    assert serious_accessibility_violations(phone) == []
    snap(phone, "print-page-phone")
