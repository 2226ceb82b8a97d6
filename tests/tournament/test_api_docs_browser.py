"""The API's documentation page in a real headless Chromium, with no way out to the internet:
Swagger UI comes from this site, draws every group of operations, and the site's
Content-Security-Policy has nothing to complain about (tests/browser.py checks the console).
"""

from __future__ import annotations

import pytest

from tests.browser import snap

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_api_docs_draw_the_operations_without_the_internet(live_server, page):
    outside: list[str] = []

    def block(route) -> None:
        outside.append(route.request.url)
        route.abort()

    page.context.route(lambda url: not url.startswith(live_server.url), block)
    page.goto(f"{live_server.url}/api/docs/")

    page.get_by_role("heading", name="Monopoly Night API").wait_for()
    entries = page.locator(".opblock-summary-path", has_text="/api/tables/{table_id}/entries/")
    entries.first.wait_for()
    assert page.locator(".opblock-tag", has_text="tables").count() == 1
    assert page.locator(".opblock").count() > 20  # the whole API, not a stub
    snap(page, "api-docs")
    assert outside == []
