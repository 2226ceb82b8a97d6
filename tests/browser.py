"""Browser-test support: Debian's Chromium driven by Playwright, screenshots and axe-core.

Registered as a pytest plugin by tests/conftest.py. Never downloads a browser:
it drives /usr/bin/chromium, which `make test` installs with apt-get.
"""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.factories import PASSWORD

# Playwright's sync API runs an event loop in this thread; the ORM calls that tests make
# between browser steps are still plain synchronous calls.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "tests" / "artifacts"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--no-first-run",
]
TABLET = {"width": 768, "height": 1024}
TABLET_LANDSCAPE = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="session")
def playwright() -> Iterator[Any]:
    """One Playwright for the whole session: its sync API allows only one per thread."""
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: `make test` installs Debian's chromium package.")
    with sync_playwright() as running:
        yield running


@pytest.fixture(scope="session")
def chromium(playwright: Any) -> Iterator[Any]:
    browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
    yield browser
    browser.close()


@pytest.fixture
def new_page(chromium: Any) -> Iterator[Callable[..., Any]]:
    """new_page(viewport=TABLET) opens a page in a fresh context (its own storage).

    A test ends only when its pages have stopped talking to the server: the console and
    the live pages poll on their own, and a request still running while the test database
    is emptied can deadlock with it."""
    contexts: list[tuple[Any, set[Any]]] = []

    def make(viewport: dict[str, int] = TABLET, **options: Any) -> Any:
        context = chromium.new_context(
            viewport=viewport, has_touch=viewport["width"] < 1300, **options
        )
        context.set_default_timeout(10_000)
        watch_content_security(context)
        running: set[Any] = set()
        context.on("request", lambda r: running.add(r) if "/api/" in r.url else None)
        context.on("requestfinished", lambda r: running.discard(r))
        context.on("requestfailed", lambda r: running.discard(r))
        contexts.append((context, running))
        return context.new_page()

    yield make
    for context, _ in contexts:
        context.set_offline(True)  # nothing new reaches the server
    for context, running in contexts:
        deadline = time.monotonic() + 10
        while running and time.monotonic() < deadline and context.pages:
            context.pages[0].wait_for_timeout(50)
    for context, _ in contexts:
        context.close()
    server_quiet()
    assert [c for context, _ in contexts for c in context.csp_complaints] == []


class ServerGate:
    """The live server's door: it lets requests in only while a test runs, and knows how many
    are still being served.

    The live server runs each request in a thread of its own, with its own database
    connection. A request the browser has given up on can still be running, or only just
    accepted, when the test ends; emptying the test database under it can deadlock
    (TRUNCATE against that request's locks). Once `close` has returned True, no request runs
    and none starts until `open`."""

    def __init__(self, httpd: Any) -> None:
        self._changed = threading.Condition()
        self._open = True
        self._serving = 0
        admit, serve = httpd.process_request, httpd.process_request_thread

        def process_request(request: Any, client_address: Any) -> None:
            with self._changed:
                if not self._open:
                    httpd.shutdown_request(request)  # closed: dropped unread
                    return
                self._serving += 1
            admit(request, client_address)

        def process_request_thread(request: Any, client_address: Any) -> None:
            try:
                serve(request, client_address)
            finally:
                with self._changed:
                    self._serving -= 1
                    self._changed.notify_all()

        httpd.process_request = process_request
        httpd.process_request_thread = process_request_thread

    @property
    def serving(self) -> int:
        return self._serving

    def open(self) -> None:
        with self._changed:
            self._open = True

    def close(self, seconds: float = 10) -> bool:
        """Let no new request in and wait until those being served have ended: False if some
        still run after `seconds`."""
        with self._changed:
            self._open = False
            return self._changed.wait_for(lambda: self._serving == 0, timeout=seconds)


@pytest.fixture(scope="session")
def live_server_gate(live_server: Any) -> ServerGate:
    return ServerGate(live_server.thread.httpd)


@pytest.fixture(autouse=True)
def _live_server_ends_quiet(request: pytest.FixtureRequest) -> Iterator[None]:
    """A test on the live server ends with the server's door closed and every request it
    was serving ended, before the test database is emptied (which comes after this)."""
    if "live_server" not in request.fixturenames:
        yield
        return
    request.getfixturevalue("transactional_db")
    gate: ServerGate = request.getfixturevalue("live_server_gate")
    gate.open()
    yield
    gate.close()
    server_quiet()


def server_quiet(seconds: float = 10) -> None:
    """Wait until no other session is busy on the test database. Going offline makes the
    browser give up a request at once, but the live server's thread still runs it on its
    own connection; emptying the database under it can deadlock (TRUNCATE against that
    request's locks). Tests without database access have nothing to wait for."""
    from django.db import connection

    busy = (
        "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
        "AND pid <> pg_backend_pid() AND state <> 'idle'"
    )
    try:
        deadline = time.monotonic() + seconds
        with connection.cursor() as cursor:
            while time.monotonic() < deadline:
                cursor.execute(busy)
                if cursor.fetchone()[0] == 0:
                    return
                time.sleep(0.05)
    except RuntimeError:  # pytest-django: this test has no database access
        return


def watch_content_security(context: Any) -> list[str]:
    """Collect what the console says against the Content-Security-Policy on the context's
    pages (a blocked script, style or image) in `context.csp_complaints`."""
    complaints: list[str] = []

    def heard(message: Any) -> None:
        if "Content Security Policy" in message.text:
            complaints.append(f"{message.page.url if message.page else ''}: {message.text}")

    context.on("console", heard)
    context.csp_complaints = complaints
    return complaints


@pytest.fixture
def page(new_page: Callable[..., Any]) -> Any:
    return new_page()


def wait_until(page: Any, expression: str, timeout: float = 10_000) -> None:
    """Wait until the JavaScript `expression` is true in `page` (timeout in ms, as
    Playwright's). Playwright's own wait_for_function polls with eval(), which the site's
    Content-Security-Policy rightly forbids; page.evaluate() is not subject to it."""
    deadline = time.monotonic() + timeout / 1000
    while not page.evaluate(expression):
        if time.monotonic() > deadline:
            raise AssertionError(f"Still not true after {timeout / 1000:.0f} s: {expression}")
        page.wait_for_timeout(50)


def log_in(
    page: Any, base_url: str, username: str, next_url: str = "/desk/", password: str = PASSWORD
) -> None:
    """Log in through the login page as `username` (by default with the factories' PASSWORD)
    and wait until the site has sent the page on to `next_url`."""
    page.goto(f"{base_url}/accounts/login/?next={next_url}")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"**{next_url}")


def snap(page: Any, name: str) -> Path:
    """Save a full-page screenshot to tests/artifacts/ (`name` may name a folder under it)
    for a person to look at."""
    path = ARTIFACTS / f"{name}.png"
    path.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(path), full_page=True)
    return path


def serious_accessibility_violations(page: Any) -> list[dict[str, Any]]:
    """Run axe-core (WCAG 2 A and AA rules) on the page; return serious and critical findings."""
    if not AXE.exists():
        pytest.fail("node_modules/axe-core is missing: `make test` runs npm install.")
    page.evaluate(AXE.read_text())  # not a <script> tag: the site's policy allows none inline
    result = page.evaluate("async () => await axe.run(document, {runOnly: ['wcag2a', 'wcag2aa']})")
    found = [
        {
            "id": v["id"],
            "impact": v["impact"],
            "help": v["help"],
            "nodes": [n["target"] for n in v["nodes"][:5]],
        }
        for v in result["violations"]
        if v["impact"] in ("serious", "critical")
    ]
    if found:
        print(json.dumps(found, indent=2))
    return found


def no_horizontal_scroll(page: Any) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


# Visible form fields with no label, aria-label or aria-labelledby: their names.
UNLABELLED_INPUTS = """() => Array.from(document.querySelectorAll('input, select, textarea'))
  .filter(el => el.type !== 'hidden' && !el.closest('[hidden]'))
  .filter(el => !(el.labels && el.labels.length) && !el.getAttribute('aria-label')
                && !el.getAttribute('aria-labelledby'))
  .map(el => el.name || el.id || el.outerHTML)"""


def check_page(page: Any, name: str, *, labels: bool = True) -> None:
    """What every page keeps: nothing refused by the Content-Security-Policy, no serious axe
    findings, no sideways scrolling and, unless told otherwise, a label on every visible
    form field."""
    assert getattr(page.context, "csp_complaints", []) == [], name
    assert serious_accessibility_violations(page) == [], name
    assert no_horizontal_scroll(page), name
    if labels:
        assert page.evaluate(UNLABELLED_INPUTS) == [], name


@pytest.fixture
def faq_content(transactional_db: None) -> None:
    """The FAQ as its data migrations load it, in English and its translations. A
    transactional test run earlier flushes every table; Django's serialized_rollback would
    restore it, but not reliably once Playwright's greenlets have run, so it is loaded here
    (the English entries into a flushed table; the translations by slug and language:
    loading twice is fine)."""
    import importlib
    from types import SimpleNamespace

    from django.apps import apps
    from django.db import connection

    from games.models import FaqEntry

    editor = SimpleNamespace(connection=connection)
    if not FaqEntry.objects.exists():
        importlib.import_module("games.migrations.0003_faq_content").load(apps, editor)
    importlib.import_module("games.migrations.0005_faq_translations").load(apps, editor)


# The big screen's leaderboards: which tables show, whether all of them lie inside the view and
# nothing scrolls, the smallest name's type size, the page label and the
# names cut although a short form of them was there to show.
SCREEN_BOARDS = """() => {
    const view = document.querySelector('#view-leaderboard .view-scroll');
    const scroller = view.getBoundingClientRect();
    const shown = [...document.querySelectorAll('#boards .board')].filter((b) => !b.hidden);
    return {
        shown: shown.map((b) => Number(b.dataset.table)),
        all: document.querySelectorAll('#boards .board').length,
        inside: shown.every((b) => {
            const r = b.getBoundingClientRect();
            return r.top >= scroller.top && r.bottom <= scroller.bottom && r.right <= innerWidth;
        }),
        scrolled: document.scrollingElement.scrollHeight > innerHeight,
        smallestName: Math.min(...shown.flatMap((b) => [...b.querySelectorAll('.name')])
            .map((n) => parseFloat(getComputedStyle(n).fontSize))),
        label: document.querySelector('#boards-page').textContent,
        cut: shown.flatMap((b) => [...b.querySelectorAll('.name')])
            .filter((n) => n.scrollWidth > n.clientWidth && n.textContent !== n.dataset.short)
            .map((n) => n.textContent),
        shortened: shown.flatMap((b) => [...b.querySelectorAll('.name')])
            .filter((n) => n.dataset.full && n.textContent !== n.dataset.full).length,
        filled: shown.reduce((sum, b) => {
            const r = b.getBoundingClientRect();
            return sum + r.width * r.height;
        }, 0) / (scroller.width * scroller.height),
    };
}"""
