"""The words the pages' scripts draw are marked too: each kind of page a role reaches (one
address a route), opened in Chromium in the pseudo-locale (tests/pseudo.py) once its
scripts have run, and the banker's console with each move's sheet open, say nothing
outside the ⟦brackets⟧ but the night's own data."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

import pytest
from django.conf import settings
from django.urls import resolve
from playwright.sync_api import expect

from tests import crawl
from tests.browser import TABLET, log_in
from tests.console import Banker
from tests.pseudo import data_of_the_night, night_in_pseudo, report, unmarked

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# What a person reads of a page drawn in the browser: its text as rendered but what it
# shows as code (tests/pseudo.py), and the attributes a browser shows or says.
READ = """() => {
  let text = document.body.innerText;
  const code = [...document.querySelectorAll("code, pre, kbd, samp")]
    .flatMap(e => e.innerText.split("\\n")).filter(line => line.trim());
  for (const line of code.sort((a, b) => b.length - a.length)) text = text.replaceAll(line, " ");
  const attributes = [...document.querySelectorAll("[title], [aria-label], [placeholder], [alt]")]
    .flatMap(e => ["title", "aria-label", "placeholder", "alt"].map(a => e.getAttribute(a) || ""));
  return [document.title, text, ...attributes].join("\\n");
}"""


def kinds_of_page(user: Any, starts: list[str], pseudo: str) -> list[str]:
    """One address of each route that the role's crawl reaches as a whole page."""
    _, open_ = crawl.browser(user, HTTP_ACCEPT_LANGUAGE=pseudo)
    pages: dict[str, str] = {}

    def opened(url: str) -> crawl.Answer:
        answer = open_(url)
        html = answer.headers.get("Content-Type", "").startswith("text/html")
        if answer.status == 200 and html and "<html" in answer.text[:200]:
            path = urlsplit(answer.url).path
            pages.setdefault(resolve(path).route, answer.url.removeprefix(crawl.TEST_CLIENT))
        return answer

    crawl.crawl(opened, *starts, base=crawl.TEST_CLIENT)
    return sorted(pages.values())


def test_every_kind_of_page_draws_only_marked_words(pseudo: str, live_server, new_page) -> None:
    table, visitors = night_in_pseudo(pseudo)
    data = data_of_the_night()
    left: dict[str, list[str]] = {}
    opened = 0
    for role, (user, starts, _) in visitors.items():
        page = new_page(TABLET)
        if user is not None:
            log_in(page, live_server.url, user.get_username(), "/")
        cookie = {"name": settings.LANGUAGE_COOKIE_NAME, "value": pseudo, "url": live_server.url}
        page.context.add_cookies([cookie])
        for path in kinds_of_page(user, starts, pseudo):
            page.goto(live_server.url + path)
            page.wait_for_load_state("networkidle")
            opened += 1
            if words := unmarked(page.evaluate(READ), data):
                left[f"{role} {path}"] = words
    assert opened > 25

    # The console's sheets, each move's, drawn by its script from what the bank previews.
    banker = new_page(TABLET)
    log_in(banker, live_server.url, table.banker.user.get_username(), "/")
    cookie = {"name": settings.LANGUAGE_COOKIE_NAME, "value": pseudo, "url": live_server.url}
    banker.context.add_cookies([cookie])
    console = Banker(banker, table.key).open(live_server.url)
    moves = banker.locator("#moves [data-move]")
    for kind in [m.get_attribute("data-move") for m in moves.all() if m.is_visible()]:
        console.player(2)
        banker.locator(f"#moves [data-move='{kind}']").click()
        expect(console.sheet).to_be_visible()
        banker.wait_for_load_state("networkidle")
        if words := unmarked(console.sheet.inner_text(), data):
            left[f"the console's {kind} sheet"] = words
        banker.keyboard.press("Escape")
        expect(console.sheet).to_be_hidden()
    assert not left, report(left)
