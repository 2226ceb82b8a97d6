"""Every word a person reads is marked for translation, on every page each role reaches by
links and in every document a print job makes: read in the pseudo-locale (tests/pseudo.py),
where each marked message is ⟦bracketed⟧, nothing is left outside the brackets but the
night's own data. A failure names each page or document and the words nobody marked. The
words the pages' scripts draw are read in Chromium: test_every_string_translated_browser.py."""

from __future__ import annotations

import pytest
from django.utils import translation

from tests import crawl
from tests.played import end, night, play
from tests.print_jobs import job_for
from tests.pseudo import data_of_the_night, night_in_pseudo, read, report, unmarked
from tournament.models import Round
from tournament.printing import registry
from tournament.printing.render import html_of
from tournament.services.rounds import round_create, round_seat

pytestmark = pytest.mark.django_db

TEAMS = ("Reds", "Blues")


def test_every_page_says_only_marked_words(pseudo: str) -> None:
    _, visitors = night_in_pseudo(pseudo)
    data = data_of_the_night()
    left: dict[str, list[str]] = {}
    pages: dict[str, int] = {}
    for role, (user, starts, _) in visitors.items():
        answers: dict[str, crawl.Answer] = {}
        _, open_ = crawl.browser(user, HTTP_ACCEPT_LANGUAGE=pseudo)

        def opened(url: str, open_: crawl.Open = open_, answers: dict = answers) -> crawl.Answer:
            answers[url] = answer = open_(url)
            return answer

        crawl.crawl(opened, *starts, base=crawl.TEST_CLIENT)
        for url, answer in answers.items():
            if not answer.headers.get("Content-Type", "").startswith("text/html"):
                continue
            pages[role] = pages.get(role, 0) + 1
            if "<html" in answer.text:  # a whole page, not a fragment htmx asks for
                assert f'<html lang="{pseudo}"' in answer.text, url
            if words := unmarked(read(answer.text), data):
                left[f"{role} {url.removeprefix(crawl.TEST_CLIENT)}"] = words
    assert sum(pages.values()) > 40
    assert set(pages) == set(visitors)  # the big screen among them
    assert not left, report(left)


def test_every_printed_document_says_only_marked_words(pseudo: str) -> None:
    n = night(ended=False, teams=TEAMS)
    play(n.round)
    end(n.round, n.referee)
    final = round_create(event_id=n.event.pk, kind=Round.Kind.FINAL)
    round_seat(round_id=final.pk, seed=7)
    data = data_of_the_night()
    left: dict[str, list[str]] = {}
    with translation.override(pseudo):
        for kind, document in registry.DOCUMENTS.items():
            job = job_for(n, kind, final if kind == "table_cards" else None)
            html = html_of(document, list(document.parts(job).items))
            if words := unmarked(read(html), data):
                left[kind] = words
    assert {"badges", "scoresheets", "results", "bracket", "table_cards"} <= set(registry.DOCUMENTS)
    assert not left, report(left)
