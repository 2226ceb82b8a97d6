"""The FAQ's pages: an event's public FAQ (its own settings beside the answers), search as
you type, and the briefing the organiser picks and a referee reads aloud."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.urls import reverse

from games.models import FaqEntry
from tests.browser import (
    PHONE,
    TABLET,
    check_page,
    log_in,
    snap,
    wait_until,
)
from tests.factories import EventFactory, UserFactory, VolunteerFactory
from tournament.models import BriefingItem, Event, Volunteer

DOUBLE_RENT_QUESTION = "one site is mortgaged. Is rent on the others still doubled?"


def event_with(**variants: bool) -> Event:
    base = {"modern_us": False, "short_game": False, "double_rent_despite_mortgage": True}
    return EventFactory(variants={**base, **variants})


def faq_url(event: Event, **query: str) -> str:
    url = reverse("faq-event", kwargs={"event_id": event.pk})
    return f"{url}?q={query['q']}" if query else url


def search_url(event: Event, q: str) -> str:
    return f"{reverse('faq-event-search', kwargs={'event_id': event.pk})}?q={q}"


def briefing_url(event: Event) -> str:
    return reverse("faq-briefing", kwargs={"event_id": event.pk})


def edit_url(event: Event) -> str:
    return reverse("faq-briefing-edit", kwargs={"event_id": event.pk})


def html(response: Any) -> str:
    return response.content.decode()


def volunteer(event: Event, role: str) -> Any:
    return VolunteerFactory(event=event, role=role).user


def questions_in_order(page: str) -> list[str]:
    return re.findall(r'<h2 class="briefing-q"[^>]*>(.*?)</h2>', page)


def faq(slug: str) -> FaqEntry:
    return FaqEntry.objects.get(slug=slug, language="en")


# ------------------------------------------------------------------------------ the public page


@pytest.mark.django_db
@pytest.mark.parametrize(("on", "word"), [(False, "off"), (True, "on")])
def test_the_public_faq_shows_the_events_own_setting_beside_a_variant_answer(client, on, word):
    event = event_with(double_rent_despite_mortgage=on)
    response = client.get(faq_url(event))  # no login: players read it
    assert response.status_code == 200
    page = html(response)
    assert DOUBLE_RENT_QUESTION in page
    assert f"At this event: double rent despite a mortgaged site — {word}" in page


@pytest.mark.django_db
def test_a_setting_left_out_of_the_event_shows_the_editions_default(client):
    uk = EventFactory(edition="uk", variants={})
    page = html(client.get(faq_url(uk)))
    assert "At this event: double rent despite a mortgaged site — off" in page  # UK default
    assert "Modern US rules:" not in page  # a US-only setting is not listed for a UK event


@pytest.mark.django_db
def test_each_answer_says_what_it_depends_on(client):
    page = html(client.get(faq_url(event_with())))
    assert "Every game" in page
    assert "UK edition only" in page
    assert "This event plays the US edition." in page  # beside the UK-only answer
    assert "Depends on the setting: short game" in page
    assert "At this event: short game — off" in page


@pytest.mark.django_db
def test_the_answers_are_grouped_by_topic(client):
    page = html(client.get(faq_url(event_with())))
    headings = re.findall(r'<h2 id="topic-\d+-h">(.*?)</h2>', page)
    assert headings[:3] == ["Rent", "Houses and hotels", "Mortgages"]
    assert page.index("How do I mortgage a property?") > page.index(">Mortgages</h2>")
    assert page.count('class="faq-item"') == FaqEntry.objects.filter(language="en").count()


@pytest.mark.django_db
def test_an_unknown_event_has_no_faq_page(client):
    assert client.get(reverse("faq-event", kwargs={"event_id": 999999})).status_code == 404


# ------------------------------------------------------------------------------ search


@pytest.mark.django_db
def test_the_search_endpoint_finds_the_mortgage_answers_for_a_misspelling(client):
    event = event_with()
    response = client.get(search_url(event, "morgage"))
    assert response.status_code == 200
    fragment = html(response)
    assert "<html" not in fragment  # a fragment for the search box, not a page
    questions = re.findall(r"<h3>(.*?)</h3>", fragment)
    assert questions[0] == "How do I mortgage a property?"
    assert len(questions) >= 3
    assert all("mortgage" in question for question in questions)
    assert f"{len(questions)}</strong> answers for “morgage”" in fragment


@pytest.mark.django_db
def test_search_results_show_the_events_setting(client):
    event = event_with(double_rent_despite_mortgage=False)
    fragment = html(client.get(search_url(event, "double rent mortgaged")))
    assert DOUBLE_RENT_QUESTION in fragment
    assert "At this event: double rent despite a mortgaged site — off" in fragment


@pytest.mark.django_db
def test_a_blank_search_gives_an_empty_fragment_and_nonsense_says_so(client):
    event = event_with()
    blank = html(client.get(search_url(event, "  ")))
    assert re.sub(r"<[^>]+>", "", blank).strip() == ""  # nothing shown, nothing announced
    assert "No answer matches" in html(client.get(search_url(event, "zzqxv")))


@pytest.mark.django_db
def test_without_javascript_the_search_form_leads_the_page_with_its_results(client):
    page = html(client.get(faq_url(event_with(), q="morgage")))
    results = page[page.index('id="faq-results"') : page.index('class="faq-topics"')]
    assert "How do I mortgage a property?" in results
    assert 'value="morgage"' in page


# ------------------------------------------------------------------------------ the briefing


@pytest.mark.django_db
def test_the_briefing_needs_a_login(client):
    event = event_with()
    response = client.get(briefing_url(event))
    assert response.status_code == 302
    assert response["Location"].startswith(f"{reverse('login')}?next=")
    response = client.get(edit_url(event))
    assert response.status_code == 302


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("role", "read", "edit"),
    [
        (Volunteer.Role.ORGANISER, 200, 200),
        (Volunteer.Role.REFEREE, 200, 403),
        (Volunteer.Role.BANKER, 403, 403),
        (None, 403, 403),
    ],
)
def test_who_may_read_the_briefing_and_who_picks_it(client, role, read, edit):
    event = event_with()
    client.force_login(volunteer(event, role) if role else UserFactory())
    assert client.get(briefing_url(event)).status_code == read
    assert client.get(edit_url(event)).status_code == edit
    response = client.post(edit_url(event), {"pick": [faq("mortgage-how").pk]})
    assert response.status_code == (302 if edit == 200 else 403)


@pytest.mark.django_db
def test_with_nothing_picked_the_briefing_reads_the_suggested_questions(client):
    event = event_with()
    client.force_login(volunteer(event, Volunteer.Role.REFEREE))
    page = html(client.get(briefing_url(event)))
    suggested = list(
        FaqEntry.objects.filter(briefing=True, language="en")
        .order_by("position")
        .values_list("question", flat=True)
    )
    assert len(suggested) >= 5
    assert questions_in_order(page) == suggested
    assert f"Question 1 of {len(suggested)}" in page
    assert "At this event: double rent despite a mortgaged site — on" in page


@pytest.mark.django_db
def test_the_organiser_picks_the_briefing_questions_and_their_order(client):
    event = event_with()
    organiser = volunteer(event, Volunteer.Role.ORGANISER)
    client.force_login(organiser)
    first, second, third = faq("mortgage-how"), faq("jail-collect-rent"), faq("rent-utility")
    form = {
        "pick": [first.pk, second.pk, third.pk],
        f"order-{first.pk}": "2",
        f"order-{second.pk}": "",  # unnumbered: after the numbered ones
        f"order-{third.pk}": "1",
        f"order-{faq('rent-station').pk}": "3",  # numbered but not ticked: left out
    }
    response = client.post(edit_url(event), form)
    assert response.status_code == 302
    assert response["Location"] == briefing_url(event)
    expected = [third.question, first.question, second.question]
    picked = BriefingItem.objects.filter(event=event).values_list("faq__question", flat=True)
    assert list(picked) == expected
    page = html(client.get(briefing_url(event)))
    assert questions_in_order(page) == expected
    assert "The briefing has 3 questions, in your order." in page

    other = event_with()  # another event keeps the suggested questions
    client.force_login(volunteer(other, Volunteer.Role.ORGANISER))
    assert len(questions_in_order(html(client.get(briefing_url(other))))) > 3

    client.force_login(organiser)
    editing = html(client.get(edit_url(event)))
    assert f'name="order-{third.pk}" value="1"' in editing
    assert f'name="order-{first.pk}" value="2"' in editing

    client.post(edit_url(event), {"reset": "1"})
    assert not BriefingItem.objects.filter(event=event).exists()
    suggested = FaqEntry.objects.filter(briefing=True, language="en").count()
    assert len(questions_in_order(html(client.get(briefing_url(event))))) == suggested


# ------------------------------------------------------------------------------ in a browser


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_public_faq_on_a_phone_and_a_tablet(live_server, new_page, faq_content):
    event = event_with(double_rent_despite_mortgage=False)
    for name, viewport in (("phone", PHONE), ("tablet", TABLET)):
        page = new_page(viewport=viewport)
        page.goto(f"{live_server.url}{faq_url(event)}")
        page.get_by_role("heading", name="Rules FAQ").wait_for()
        check_page(page, f"faq {name}")
        snap(page, f"faq-{name}")

        page.get_by_label("Search the rules").fill("morgage")
        results = page.locator("#faq-results")
        results.get_by_text("How do I mortgage a property?").wait_for()
        page.get_by_label("Search the rules").fill("double rent mortgaged")
        results.get_by_text("At this event: double rent despite a mortgaged site — off").wait_for()
        check_page(page, f"faq search {name}")
        snap(page, f"faq-search-{name}")


# What a screen reader hears of the page: every live region's text.
LIVE_REGIONS = """() => Array.from(document.querySelectorAll('[aria-live], [role=status]'))
  .map(el => ({id: el.id, text: el.textContent.trim()}))"""


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_screen_reader_hears_how_many_answers_not_all_of_them(live_server, page, faq_content):
    event = event_with()
    page.goto(f"{live_server.url}{faq_url(event)}")
    search = page.get_by_label("Search the rules")
    search.press_sequentially("hotel on boardwalk", delay=40)
    results = page.locator("#faq-results")
    results.get_by_text("answers for “hotel on boardwalk”").wait_for()
    assert results.get_attribute("aria-live") is None
    wait_until(page, "document.getElementById('faq-status').textContent.includes('answers')")
    (heard,) = page.evaluate(LIVE_REGIONS)
    assert heard["id"] == "faq-status"
    # The number the bank worked out, then how many answers are shown.
    assert heard["text"].startswith("Rent on Boardwalk"), heard
    assert re.search(r"\. \d+ answers for “hotel on boardwalk”\.$", heard["text"]), heard
    search.fill("zzqx")
    wait_until(page, "document.getElementById('faq-status').textContent.includes('zzqx')")
    assert page.evaluate(LIVE_REGIONS)[0]["text"] == "No answer matches “zzqx”."


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_organiser_picks_the_briefing_and_reads_it_one_question_at_a_time(
    live_server, new_page, faq_content
):
    event = event_with()
    organiser = volunteer(event, Volunteer.Role.ORGANISER)
    page = new_page(viewport={"width": 1280, "height": 800})
    log_in(page, live_server.url, organiser.username, edit_url(event))
    check_page(page, "briefing edit")

    ticked = page.locator("input[name=pick]:checked")
    while ticked.count():
        ticked.first.uncheck()
    picks = [
        ("jail-collect-rent", "1"),
        ("mortgage-how", "2"),
        ("rent-double-with-mortgaged-site", "3"),
    ]
    for slug, order in picks:
        entry = faq(slug)
        page.locator(f"#pick-{entry.pk}").check()
        page.locator(f"#order-{entry.pk}").fill(order)
    snap(page, "briefing-edit")
    page.get_by_role("button", name="Save the briefing").click()
    # The briefing's script marks the question it shows in the address (#item-1), as soon
    # as it runs: the page is reached with or without it.
    page.wait_for_url(re.compile(re.escape(briefing_url(event)) + r"(#item-\d+)?$"))

    visible = page.locator("[data-briefing-item]:visible")
    assert visible.count() == 1
    assert visible.locator("h2").inner_text() == faq("jail-collect-rent").question
    check_page(page, "briefing")
    snap(page, "briefing-1280")

    shown = page.locator("[data-briefing-item]:visible h2")
    page.get_by_role("link", name="Next →").click()
    assert shown.inner_text() == faq("mortgage-how").question
    page.keyboard.press("ArrowRight")
    third = page.locator("[data-briefing-item]:visible")
    assert third.locator("h2").inner_text() == faq("rent-double-with-mortgaged-site").question
    assert "At this event: double rent despite a mortgaged site — on" in third.inner_text()
    assert "Question 3 of 3" in third.inner_text()
    check_page(page, "briefing last")
    snap(page, "briefing-last-1280")
    page.keyboard.press("ArrowLeft")
    assert shown.inner_text() == faq("mortgage-how").question

    phone = new_page(viewport=PHONE)
    phone.context.add_cookies(page.context.cookies())
    phone.goto(f"{live_server.url}{briefing_url(event)}")
    check_page(phone, "briefing phone")
    snap(phone, "briefing-phone")


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("q", "said"),
    [
        ("how much rent with a hotel on boardwalk", "Rent on Boardwalk with a hotel: $2,000"),
        ("rent park place 3 houses", "Rent on Park Place with 3 houses: $1,100"),
        (
            "rent on boardwalk with the whole group and no houses",
            "Rent on Boardwalk with the whole group and no houses: $100",
        ),
        ("morgage boardwalk", "Mortgage on Boardwalk: it raises $200; lifting it costs $220"),
        ("rent for 3 railroads", "Rent on a railroad with 3 railroads owned: $100"),
        (
            "electric company rent with both utilities dice 8",
            "Rent on Electric Company with both utilities owned: 10 times the dice, $80 for an 8",
        ),
        ("how much is a house on marvin gardens", "A house on Marvin Gardens costs $150"),
    ],
)
def test_a_question_naming_a_deed_is_answered_with_the_banks_number(client, q, said):
    event = event_with()
    page = html(client.get(search_url(event, q)))
    assert said in page
    assert "data-deed-answer" in page
    # Without JavaScript, the same answer leads the page.
    assert said in html(client.get(faq_url(event, q=q)))


@pytest.mark.django_db
def test_a_uk_event_answers_in_pounds_from_its_own_board(client):
    event = EventFactory(edition="uk")
    page = html(client.get(search_url(event, "rent on mayfair with a hotel")))
    assert "Rent on Mayfair with a hotel: \N{POUND SIGN}2,000" in page


@pytest.mark.django_db
@pytest.mark.parametrize("q", ["can I collect rent while in jail", "free parking money"])
def test_a_question_naming_no_deed_gets_no_number(client, q):
    assert "data-deed-answer" not in html(client.get(search_url(event_with(), q)))


@pytest.mark.django_db
def test_a_misspelt_word_the_bank_cannot_read_gets_a_suggestion_not_a_number(client):
    event = event_with()
    page = html(client.get(search_url(event, "hotle rent boardwalk")))

    # Read without its hotel, the question would get the rent on a bare site: no number.
    assert "data-deed-answer" not in page
    assert "$50" not in page
    assert "Did you mean" in page
    suggested = re.search(r'href="([^"]*)"[^>]*data-did-you-mean', page)
    assert suggested is not None
    followed = html(client.get(suggested.group(1).replace("&amp;", "&")))
    assert "Rent on Boardwalk with a hotel: $2,000" in followed


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("q", "said"),
    [
        ("hotell rent boardwalk", "Rent on Boardwalk with a hotel: $2,000"),
        ("whats the rent on boardwalk with 2 houses please", "with 2 houses: $600"),
    ],
)
def test_a_question_whose_every_word_is_read_gets_the_number(client, q, said):
    page = html(client.get(search_url(event_with(), q)))
    assert said in page
    assert "Did you mean" not in page


@pytest.mark.django_db
@pytest.mark.parametrize(
    "q", ["rent on boardwalk with a castle", "rent on boardwalk after a double"]
)
def test_a_word_the_bank_does_not_know_leaves_the_faq_to_answer(client, q):
    page = html(client.get(search_url(event_with(), q)))
    assert "data-deed-answer" not in page
    assert "answer" in page  # the FAQ's own answers, or its word that none matches
