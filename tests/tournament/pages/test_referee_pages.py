"""The referee's pages: every table of the event, a table's ledger, and the two corrections
(void, adjust) recorded under the referee's name with a reason; refusals change nothing."""

from __future__ import annotations

import re
import uuid
from datetime import timedelta
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from banking.models import Entry
from banking.selectors import table_for_reading, table_state
from banking.services.tablets import Report, tablet_heartbeat
from tests.browser import PHONE, check_page, log_in, snap
from tests.charts import chart_in, lines
from tests.conftest import World, make_world
from tests.entries import bank
from tests.factories import PASSWORD, UserFactory
from tournament.models import Table, Volunteer
from tournament.pages.referee import display, views
from tournament.results.closing import table_close
from tournament.services.rounds import round_call_time, round_start
from tournament.services.waves import round_waves_set, wave_start


def cash(table: Table, seat: int) -> int:
    state = table_state(table_for_reading(table.pk))
    return next(s["cash"] for s in state["seats"] if s["seat"] == seat)


def event_url(world: World) -> str:
    return reverse("referee-event", kwargs={"event_id": world.event.pk})


def table_url(world: World, table: Table | None = None) -> str:
    table = table or world.table
    return reverse("referee-table", kwargs={"event_id": world.event.pk, "table_id": table.pk})


def void_url(world: World, entry: Entry) -> str:
    return reverse(
        "referee-void",
        kwargs={"event_id": world.event.pk, "table_id": entry.table_id, "entry_id": entry.pk},
    )


def adjust_url(world: World, table: Table | None = None) -> str:
    table = table or world.table
    return reverse("referee-adjust", kwargs={"event_id": world.event.pk, "table_id": table.pk})


def html(response: Any) -> str:
    return response.content.decode()


def person(world: World, who: str) -> Any:
    if who == "referee":
        return world.referee
    if who == "organiser":
        return world.organiser
    if who == "banker":
        return Volunteer.objects.get(event=world.event, role=Volunteer.Role.BANKER).user
    if who == "referee_elsewhere":
        other = make_world(players=4)
        return other.referee
    return UserFactory()


# ------------------------------------------------------------------------------ who may look


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("who", "status"),
    [
        ("referee", 200),
        ("organiser", 200),
        ("banker", 403),
        ("referee_elsewhere", 403),
        ("outsider", 403),
    ],
)
@pytest.mark.parametrize("page", ["event", "table"])
def test_who_may_open_the_referee_pages(client, world, who, status, page):
    client.force_login(person(world, who))
    url = event_url(world) if page == "event" else table_url(world)
    response = client.get(url)
    assert response.status_code == status
    if status == 403:
        assert "Only referees and organisers" in html(response)


@pytest.mark.django_db
@pytest.mark.parametrize("page", ["home", "event", "table"])
def test_anonymous_visitors_are_sent_to_log_in(client, world, page):
    url = {"home": reverse("referee-home"), "event": event_url(world), "table": table_url(world)}[
        page
    ]
    response = client.get(url)
    assert response.status_code == 302
    assert response["Location"].startswith(f"{reverse('login')}?next=")


@pytest.mark.django_db
def test_corrections_need_a_referee_login(client, world):
    entry = bank(world.table, kind="pass_go", seat=1)
    response = client.post(void_url(world, entry), {"reason": "no"})
    assert response.status_code == 302
    client.force_login(person(world, "banker"))
    assert client.post(void_url(world, entry), {"reason": "no"}).status_code == 403
    adjust = {"seat": 1, "direction": "add", "amount": 10, "reason": "x"}
    assert client.post(adjust_url(world), adjust).status_code == 403
    assert Entry.objects.count() == 1


@pytest.mark.django_db
def test_the_referee_home_lists_the_events_they_referee(client, world):
    make_world(players=4, name="Somebody else's night")
    client.force_login(world.referee)
    page = html(client.get(reverse("referee-home")))
    assert world.event.name in page
    assert "Somebody else" not in page


# ------------------------------------------------------------------------------ what they see


@pytest.mark.django_db
def test_the_event_page_shows_every_table_with_cash_net_worth_and_latest_entries(client, world):
    bank(world.table, kind="buy", seat=1, space=39)
    client.force_login(world.referee)
    response = client.get(event_url(world))
    assert response.status_code == 200
    page = html(response)
    for table in world.tables:
        assert f"Table {table.number}" in page
        for seat in table.seats.select_related("player"):
            assert seat.player.name in page
    assert "$1,100" in page  # 1500 - 400 for Boardwalk
    assert "Boardwalk" in page
    assert 'action="/faq/events/' in page  # the rules search box, usable without JavaScript


@pytest.mark.django_db
def test_the_event_page_lists_the_tables_needing_attention_as_the_desk_judges_them(client, world):
    tablet_heartbeat(
        table_id=world.tables[1].pk,
        report=Report(outbox=3, oldest_seconds=10, synced_seconds=5),
        now=timezone.now() - timedelta(minutes=4),
    )
    tablet_heartbeat(table_id=world.tables[0].pk, report=Report())
    bank(world.tables[0], kind="pass_go", seat=1)
    client.force_login(world.referee)
    page = html(client.get(event_url(world)))
    assert "Needs attention" in page
    assert f"Table {world.tables[1].number}</a>: tablet offline 4 min, 3 entries waiting" in page
    assert f"Table {world.tables[0].number}</a>:" not in page


@pytest.mark.django_db
def test_the_event_page_shows_each_tables_latest_entry_only_and_links_its_ledger(client, world):
    bank(world.table, kind="pass_go", seat=2)
    bank(world.table, kind="buy", seat=1, space=39)
    client.force_login(world.referee)
    page = html(client.get(event_url(world)))
    assert 'id="entry-2"' in page
    assert "Boardwalk" in page
    assert 'id="entry-1"' not in page  # a hundred tables stay a page a phone can load
    assert f'href="{table_url(world)}"' in page
    assert 'id="entry-1"' in html(client.get(table_url(world)))


@pytest.mark.django_db
def test_the_event_page_shows_each_seats_deeds_in_their_colours_as_they_change(client, world):
    client.force_login(world.referee)
    bank(world.table, kind="buy", seat=1, space=39)
    bank(world.table, kind="buy", seat=2, space=1)
    card = html(client.get(event_url(world)))
    assert card.count('<span class="deed-dots" role="img" aria-label="1 deed">') == 2
    assert '<span class="swatch g-dark_blue" aria-hidden="true"></span>' in card
    assert '<span class="swatch g-brown" aria-hidden="true"></span>' in card

    bank(world.table, kind="buy", seat=2, space=3)
    bank(world.table, kind="mortgage", seat=2, space=1)
    card = html(client.get(event_url(world)))
    assert (
        '<span class="deed-dots" role="img" aria-label="2 deeds">'
        '<span class="swatch g-brown mortgaged" aria-hidden="true"></span>'
        '<span class="swatch g-brown" aria-hidden="true"></span></span>'
    ) in card


HOSTILE = '<img src=x onerror="alert(1)">'


@pytest.mark.django_db
def test_the_referee_pages_show_peoples_texts_as_text_never_as_markup(client, world):
    player = world.table.seats.get(number=1).player
    player.name = f"Ada {HOSTILE}"
    player.save(update_fields=["name"])
    buy = bank(world.table, kind="buy", seat=1, space=1)
    bank(world.table, kind="mortgage", seat=1, space=1)
    bank(world.table, kind="bank_payment", seat=1, amount=5, memo=HOSTILE)
    client.force_login(world.referee)
    refused = client.post(void_url(world, buy), {"reason": HOSTILE})  # the mortgage needs it
    assert refused.status_code == 400

    escaped = "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;"
    for page in (html(client.get(event_url(world))), html(client.get(table_url(world)))):
        assert HOSTILE not in page
        assert f"1. Ada {escaped}" in page
        assert f'<div class="entry-details">{escaped}</div>' in page  # the memo
    assert HOSTILE not in html(refused)
    assert f'value="{escaped}"' in html(refused)  # the reason typed, kept for another go


@pytest.mark.django_db
def test_the_event_page_works_out_each_tables_link_once(client, world, monkeypatch):
    display._table_href.cache_clear()  # ids are used again from one test to the next
    worked_out = []
    monkeypatch.setattr(
        display, "reverse", lambda *a, **kw: worked_out.append(kw["args"]) or reverse(*a, **kw)
    )
    client.force_login(world.referee)
    for seat in (1, 2):  # each entry makes the table's card again
        bank(world.table, kind="pass_go", seat=seat)
        assert f'href="{table_url(world)}"' in html(client.get(event_url(world)))

    tables = Table.objects.filter(round=world.round).values_list("pk", flat=True)
    assert sorted(worked_out) == sorted([world.event.pk, pk] for pk in tables)


@pytest.mark.django_db
def test_the_table_page_shows_deeds_and_the_ledger_newest_first(client, world):
    bank(world.table, kind="pass_go", seat=2)
    bank(world.table, kind="buy", seat=1, space=39)
    bank(world.table, kind="trade", seat=1, to_seat=2, give={"spaces": [39]}, take={"cash": 500})
    client.force_login(world.referee)
    page = html(client.get(table_url(world)))
    assert page.index('id="entry-3"') < page.index('id="entry-2"') < page.index('id="entry-1"')
    first, second = (s.player.name for s in world.table.seats.order_by("number")[:2])
    assert f"The bank pays {second} $200" in page  # the money each entry moved, in words
    assert f"{first} pays the bank $400" in page
    assert f"with {second} · gives Boardwalk" in page
    assert f"{second} pays {first} $500" in page
    assert "Void #3" in page
    assert "Void #1" in page


def test_the_table_page_reads_the_table_and_the_persons_roles_once_each(client, world):
    """Twenty referees open tables' pages beside the overview: what the page's parts share
    is read once (the check of a result asks for the same table and roles as the page)."""
    bank(world.table, kind="pass_go", seat=2)
    table_close(table_id=world.table.pk)
    client.force_login(world.referee)
    with CaptureQueriesContext(connection) as captured:
        page = html(client.get(table_url(world)))
    assert "Net worth over the round" in page
    sqls = [q["sql"] for q in captured]
    assert len([q for q in sqls if q.startswith('SELECT "tournament_table"."id"')]) == 1
    assert len([q for q in sqls if q.startswith('SELECT "tournament_volunteer"."role"')]) == 1


def test_an_open_tables_page_reads_nothing_for_the_check_of_its_result(client, world):
    """While the round runs a table has no result to check: its page does not read the
    results, the person's roles again, or whether they play or banked there."""
    bank(world.table, kind="pass_go", seat=2)
    client.force_login(world.referee)
    with CaptureQueriesContext(connection) as captured:
        page = html(client.get(table_url(world)))
    assert "its result then shows here" in page
    sqls = " ".join(q["sql"] for q in captured)
    for table in ("tournament_result", "tournament_volunteer", "tournament_player"):
        assert f'FROM "{table}"' not in sqls


@pytest.mark.django_db
def test_the_table_pages_templates_do_not_grow_with_its_ledger(client):
    """A table's ledger reaches hundreds of entries in a round: the page writes them all,
    each with its void form, in one loop of one template, not through a template apiece."""

    def templates(entries: int) -> int:
        world = make_world(players=4)
        for _ in range(entries):
            bank(world.table, kind="pass_go", seat=1)
        client.force_login(world.referee)
        response = client.get(table_url(world))
        assert html(response).count('class="void-form"') == entries
        return len(response.templates)

    assert templates(2) == templates(12)


@pytest.mark.django_db
def test_the_table_page_shows_the_latest_entries_and_links_the_whole_ledger(
    client, world, monkeypatch
):
    monkeypatch.setattr(views, "LEDGER_LATEST", 3)
    for _ in range(5):
        bank(world.table, kind="pass_go", seat=1)
    client.force_login(world.referee)
    page = html(client.get(table_url(world)))
    shown = re.findall(r'id="entry-(\d+)"', page)
    assert shown == ["5", "4", "3"]
    assert "The latest 3 of 5 entries." in page
    whole = f"{table_url(world)}?ledger=all#ledger"
    assert f'href="{whole}"' in page
    page = html(client.get(whole))
    assert re.findall(r'id="entry-(\d+)"', page) == ["5", "4", "3", "2", "1"]
    assert "The latest" not in page


@pytest.mark.django_db
def test_a_refused_void_of_an_older_entry_shows_its_form_in_the_whole_ledger(
    client, world, monkeypatch
):
    monkeypatch.setattr(views, "LEDGER_LATEST", 2)
    first = bank(world.table, kind="pass_go", seat=1)
    for _ in range(3):
        bank(world.table, kind="pass_go", seat=2)
    client.force_login(world.referee)
    response = client.post(void_url(world, first), {"reason": " "})
    assert response.status_code == 400
    page = html(response)
    assert re.findall(r'id="entry-(\d+)"', page) == ["4", "3", "2", "1"]
    form = page[page.index('id="entry-1"') :]
    assert '<details class="void" open>' in form
    assert "Say why the entry is being voided." in form


def test_the_table_page_charts_each_players_net_worth_after_each_entry(client, world):
    bank(world.table, kind="pass_go", seat=2)
    bank(world.table, kind="buy", seat=2, space=39)
    client.force_login(world.referee)
    page = html(client.get(table_url(world)))
    assert "Net worth over the round" in page
    drawn = lines(chart_in(page))
    second = world.table.seats.get(number=2).player.name
    assert drawn[second] == [1500, 1700, 1700]  # $400 in cash became a $400 deed
    assert len(drawn) == world.table.seats.count()


@pytest.mark.django_db
def test_a_table_of_another_event_is_not_found(client, world):
    other = make_world(players=4)
    client.force_login(world.referee)
    assert client.get(table_url(world, other.table)).status_code == 404
    entry = bank(other.table, kind="pass_go", seat=1)
    assert client.post(void_url(world, entry), {"reason": "mine now"}).status_code == 404
    assert Entry.objects.filter(kind=Entry.VOID).count() == 0


@pytest.mark.django_db
def test_the_event_page_costs_the_same_queries_for_more_tables_and_entries(client):
    def queries(world: World, entries: int) -> int:
        for _ in range(entries):
            for table in world.tables:
                bank(table, kind="pass_go", seat=1)
        with CaptureQueriesContext(connection) as captured:
            assert client.get(event_url(world)).status_code == 200
        return len(captured)

    small = make_world(players=8)
    client.force_login(small.organiser)
    few = queries(small, 1)
    big = make_world(players=20)
    client.force_login(big.organiser)
    many = queries(big, 12)
    assert many == few
    # The login, the event with the person's roles in it, the versions, the current rounds
    # (with their event: not read again), the tables needing attention, then the tables,
    # their seats and their latest entries.
    assert few <= 9


# ------------------------------------------------------------------------------ corrections


@pytest.mark.django_db
def test_a_void_is_recorded_under_the_referees_name_with_the_reason(client, world):
    entry = bank(world.table, kind="pass_go", seat=1)
    assert cash(world.table, 1) == 1700
    client.force_login(world.referee)
    response = client.post(void_url(world, entry), {"reason": "Passed GO twice by mistake"})
    assert response.status_code == 302
    assert response["Location"].endswith(table_url(world) + "#ledger")
    void = Entry.objects.get(kind=Entry.VOID)
    assert void.voids_id == entry.pk
    assert void.author == world.referee
    assert (void.author_role, void.author_name) == ("referee", world.referee.username)
    assert void.fields["reason"] == "Passed GO twice by mistake"
    assert cash(world.table, 1) == 1500
    page = html(client.get(response["Location"]))
    assert "Entry 1 voided (Passed GO twice by mistake)." in page
    assert "Voided by #2" in page


def void_form(client: Any, world: World, entry: Entry, reason: str) -> dict[str, str]:
    """The void form of `entry` as the table's page gives it, its reason typed."""
    page = html(client.get(table_url(world)))
    form = page[page.index(f'action="{void_url(world, entry)}"') :]
    void_id = re.search(r'name="void_id" value="([^"]+)"', form[: form.index("</form>")])
    assert void_id is not None
    return {"reason": reason, "void_id": void_id.group(1)}


@pytest.mark.django_db
def test_sending_the_same_void_twice_records_it_once(client, world):
    entry = bank(world.table, kind="pass_go", seat=1)
    client.force_login(world.referee)
    form = void_form(client, world, entry, "double")
    for _ in range(2):
        assert client.post(void_url(world, entry), form).status_code == 302
    assert Entry.objects.filter(kind=Entry.VOID).count() == 1


@pytest.mark.django_db
def test_a_banker_cannot_block_a_referees_void_by_taking_its_id_first(client, world):
    entry = bank(world.table, kind="pass_go", seat=1)
    client.force_login(world.referee)
    form = void_form(client, world, entry, "wrong seat")
    # Whatever id a banker could work out from the entry's, they take it first.
    for guess in (uuid.uuid5(entry.pk, "void"), uuid.uuid5(entry.pk, form["reason"])):
        taken = {"id": str(guess), "kind": "pass_go", "seat": 2}
        world.banker().post(f"/api/tables/{world.table.pk}/entries/", taken, format="json")
    assert str(uuid.uuid5(entry.pk, "void")) != form["void_id"]

    assert client.post(void_url(world, entry), form).status_code == 302
    void = Entry.objects.get(kind=Entry.VOID)
    assert void.voids_id == entry.pk


@pytest.mark.django_db
def test_an_adjustment_is_recorded_under_the_referees_name_with_the_reason(client, world):
    client.force_login(world.referee)
    entry_id = uuid.uuid4()
    form = {
        "seat": 2,
        "direction": "take",
        "amount": 50,
        "reason": "Rent on turn 12 was missed",
        "entry_id": str(entry_id),
    }
    response = client.post(adjust_url(world), form)
    assert response.status_code == 302
    entry = Entry.objects.get(kind="adjust")
    assert entry.pk == entry_id
    assert entry.fields == {"seat": 2, "amount": -50, "reason": "Rent on turn 12 was missed"}
    assert (entry.author_role, entry.author_name) == ("referee", world.referee.username)
    assert cash(world.table, 2) == 1450
    assert client.post(adjust_url(world), form).status_code == 302  # sent again: once only
    assert Entry.objects.filter(kind="adjust").count() == 1


@pytest.mark.django_db
def test_a_used_adjust_form_sent_again_with_other_figures_is_refused_with_a_fresh_form(
    client, world
):
    client.force_login(world.referee)
    form = {"seat": 2, "direction": "take", "amount": 50, "reason": "Missed rent"}
    form["entry_id"] = str(uuid.uuid4())
    assert client.post(adjust_url(world), form).status_code == 302
    response = client.post(adjust_url(world), {**form, "amount": 60})  # back, edited, sent
    assert response.status_code == 400
    page = html(response)
    assert "That form was already used for an adjustment" in page
    shown = re.search(r'name="entry_id" value="([^"]+)"', page).group(1)
    assert shown != form["entry_id"]  # the form shown again carries a new id
    assert Entry.objects.filter(kind="adjust").count() == 1


@pytest.mark.django_db
def test_an_organiser_adjusts_as_an_organiser(client, world):
    client.force_login(world.organiser)
    form = {"seat": 1, "direction": "add", "amount": 25, "reason": "Card misread"}
    assert client.post(adjust_url(world), form).status_code == 302
    entry = Entry.objects.get(kind="adjust")
    assert (entry.author_role, entry.author_name) == ("organiser", world.organiser.username)
    assert cash(world.table, 1) == 1525


@pytest.mark.django_db
def test_a_refused_void_shows_the_banks_sentence_and_writes_nothing(client, world):
    buy = bank(world.table, kind="buy", seat=1, space=1)
    bank(world.table, kind="mortgage", seat=1, space=1)
    client.force_login(world.referee)
    before = Entry.objects.count()
    response = client.post(void_url(world, buy), {"reason": "Bought by the wrong player"})
    assert response.status_code == 400
    page = html(response)
    assert "Nothing was changed." in page
    assert "Entry 2 (Mortgage) depends on this one: void it first." in page
    assert Entry.objects.count() == before
    assert 'value="Bought by the wrong player"' in page  # the reason is kept for another go


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("form", "sentence"),
    [
        ({"reason": ""}, "Say why the entry is being voided."),
        ({"reason": "   "}, "Say why the entry is being voided."),
    ],
)
def test_a_void_needs_a_reason(client, world, form, sentence):
    entry = bank(world.table, kind="pass_go", seat=1)
    client.force_login(world.referee)
    response = client.post(void_url(world, entry), form)
    assert response.status_code == 400
    assert sentence in html(response)
    assert Entry.objects.count() == 1


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("form", "sentence"),
    [
        ({"seat": 1, "direction": "add", "amount": 10, "reason": ""}, "Say why the balance"),
        ({"seat": 1, "direction": "add", "amount": "", "reason": "x"}, "Type the amount."),
        ({"seat": 1, "direction": "add", "amount": 0, "reason": "x"}, "greater than or equal to 1"),
        ({"seat": 9, "direction": "add", "amount": 10, "reason": "x"}, "Select a valid choice"),
        ({"seat": 1, "amount": 10, "reason": "x"}, "Choose give or take."),
    ],
)
def test_a_bad_adjustment_says_what_is_wrong_and_writes_nothing(client, world, form, sentence):
    client.force_login(world.referee)
    response = client.post(adjust_url(world), form)
    assert response.status_code == 400
    assert sentence in html(response)
    assert Entry.objects.count() == 0


@pytest.mark.django_db
def test_no_correction_once_the_round_is_over(client, world):
    entry = bank(world.table, kind="pass_go", seat=1)
    world.round.status = "ended"
    world.round.save(update_fields=["status"])
    client.force_login(world.referee)
    response = client.post(void_url(world, entry), {"reason": "late"})
    assert response.status_code == 400
    assert "The round is over: no more entries can be recorded." in html(response)
    form = {"seat": 1, "direction": "add", "amount": 10, "reason": "late"}
    response = client.post(adjust_url(world), form)
    assert response.status_code == 400
    assert "The round is over" in html(response)
    assert Entry.objects.count() == 1


# ------------------------------------------------------------------------------ in a browser


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_referee_on_a_phone_voids_an_entry(live_server, new_page, faq_content):
    world = make_world(players=8)
    referee = world.referee
    buy = bank(world.table, kind="buy", seat=1, space=39)
    bank(world.table, kind="pass_go", seat=2)
    bank(world.tables[1], kind="pass_go", seat=3)

    page = new_page(viewport=PHONE)
    page.goto(f"{live_server.url}{event_url(world)}")
    page.wait_for_url("**/accounts/login/**")
    page.get_by_label("Username").fill(referee.username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"**{event_url(world)}")
    page.get_by_role("heading", name=f"Table {world.table.number}", exact=False).first.wait_for()
    check_page(page, "referee event")
    snap(page, "referee-event-phone")

    page.get_by_label("Search the rules").fill("morgage")
    page.locator("#faq-results").get_by_text("How do I mortgage a property?").wait_for()
    check_page(page, "referee search")

    page.get_by_role("link", name=re.compile(rf"Table {world.table.number}: ledger")).click()
    page.wait_for_url(f"**{table_url(world)}")
    page.get_by_text("Void #1…").click()
    page.get_by_label("Why void entry #1?").fill("Boardwalk went to the wrong player")
    check_page(page, "referee table")
    snap(page, "referee-table-phone")
    page.get_by_role("button", name="Void entry #1").click()
    page.get_by_text("Entry 1 voided (Boardwalk went to the wrong player).").wait_for()
    assert page.get_by_text("Voided by #3").is_visible()
    check_page(page, "referee table after void")
    snap(page, "referee-table-voided-phone")

    void = Entry.objects.get(kind=Entry.VOID)
    assert void.voids_id == buy.pk
    assert (void.author_role, void.author_name) == ("referee", referee.username)
    assert void.fields["reason"] == "Boardwalk went to the wrong player"
    assert cash(world.table, 1) == 1500


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_refused_void_in_the_browser_shows_the_sentence(live_server, new_page):
    world = make_world(players=4)
    buy = bank(world.table, kind="buy", seat=1, space=1)
    bank(world.table, kind="mortgage", seat=1, space=1)
    page = new_page(viewport=PHONE)
    log_in(page, live_server.url, world.referee.username, table_url(world))
    page.get_by_text("Void #1…").click()
    page.get_by_label("Why void entry #1?").fill("wrong player")
    page.get_by_role("button", name="Void entry #1").click()
    page.get_by_role("alert").get_by_text("depends on this one: void it first").wait_for()
    check_page(page, "refused void")
    snap(page, "referee-table-refused-phone")
    assert not Entry.objects.filter(voids=buy).exists()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_on_a_phone_the_referees_links_are_big_enough_to_tap(live_server, new_page):
    world = make_world(players=4)
    page = new_page(viewport=PHONE)
    log_in(page, live_server.url, world.referee.username, event_url(world))
    for name in ("← Events", "All answers", "Briefing"):
        box = page.get_by_role("link", name=name, exact=True).bounding_box()
        assert box is not None
        assert box["height"] >= 44, (name, box)


def test_a_card_kept_for_one_referees_language_is_not_shown_to_another(client, world):
    """The overview's cards are kept for every referee (tournament/watched/kept.py): one made
    for a German phone (its latest entry's money in German) is never the one an English
    phone gets."""
    bank(world.table, kind="buy", seat=1, space=39)
    buyer = world.table.seats.get(number=1).player.name
    client.force_login(world.referee)
    german = html(client.get(event_url(world), headers={"Accept-Language": "de"}))
    english = html(client.get(event_url(world), headers={"Accept-Language": "en"}))
    assert f"{buyer} zahlt an die Bank" in german
    assert f"{buyer} pays the bank" in english
    assert "zahlt" not in english


# ------------------------------------------------------------------------------ in waves


def cards_by_number(page: str) -> dict[int, str]:
    found = re.findall(r'<article class="card ref-table".*?</article>', page, re.S)
    return {int(re.search(r"Table (\d+)", card).group(1)): card for card in found}


@pytest.mark.django_db
def test_a_table_reads_last_turn_when_its_own_wave_has_time_called(client):
    world = make_world(players=16, start=False)
    round_waves_set(round_id=world.round.pk, waves=2)  # tables 1 and 2, then 3 and 4
    round_start(round_id=world.round.pk)
    round_call_time(round_id=world.round.pk, wave=1, now_=True)
    wave_start(round_id=world.round.pk, number=2)
    client.force_login(world.referee)
    cards = cards_by_number(html(client.get(event_url(world))))
    assert {n: "Last turn" in card for n, card in cards.items()} == {
        1: True,
        2: True,
        3: False,
        4: False,
    }
    first, third = world.tables[0], world.tables[2]
    assert "Last turn" in html(client.get(table_url(world, first)))
    assert "Last turn" not in html(client.get(table_url(world, third)))
