"""The organiser desk in a real headless Chromium: import, seat, start; every page at tablet
and phone size, with axe-core, no horizontal scrolling and a label on every input."""

from __future__ import annotations

import re

import pytest

from tests.browser import (
    PHONE,
    TABLET,
    check_page,
    log_in,
    snap,
    wait_until,
)
from tests.conftest import close_and_confirm, make_world
from tests.entries import bank
from tests.factories import EventFactory, UserFactory, VolunteerFactory
from tournament.models import Event, Player, Result, Round, Table, Volunteer
from tournament.results.closing import round_end, table_close
from tournament.results.overrides import result_override
from tournament.services.events import donation_add
from tournament.services.rounds import round_call_time, round_create

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


CSV = "name,email,team,paid\n" + "\n".join(
    f"{name},{name.lower()}@example.org,{team},{paid}"
    for name, team, paid in [
        ("Ada", "Reds", 20),
        ("Brook", "Reds", 20),
        ("Cy", "", 0),
        ("Dee", "Blues", 20),
        ("Eli", "Blues", 0),
        ("Fay", "", 20),
        ("Gus", "", 20),
        ("Hal", "", 0),
        ("Ivy", "", 20),
    ]
)


def test_an_organiser_imports_players_seats_a_round_and_starts_it(live_server, new_page):
    organiser = UserFactory(username="olive")
    event = EventFactory(name="Autumn Monopoly Night", entry_fee=20)
    VolunteerFactory(event=event, user=organiser, role=Volunteer.Role.ORGANISER)
    VolunteerFactory(event=event, role=Volunteer.Role.BANKER)
    page = new_page(viewport=TABLET)
    page.on("dialog", lambda dialog: dialog.accept())
    log_in(page, live_server.url, "olive")

    page.get_by_role("link", name=re.compile("Open the desk")).click()
    page.get_by_role("link", name="Players", exact=True).click()
    page.get_by_role("link", name="Import a CSV").click()
    page.get_by_label("…or paste the CSV here").fill(CSV + "\n,nameless@example.org,,\nZed,,,a lot")
    page.get_by_role("button", name="Import players").click()
    errors = page.get_by_role("alert")
    errors.filter(has_text="Line 11: The name is missing.").wait_for()
    assert "Line 12: Paid must be a whole amount" in errors.inner_text()
    assert Player.objects.filter(event=event).count() == 0  # a bad line: nobody added
    snap(page, "desk-browser-import-errors")
    check_page(page, "import errors")

    page.get_by_label("…or paste the CSV here").fill(CSV)
    page.get_by_role("button", name="Import players").click()
    page.get_by_text("Added 9 players.").wait_for()
    assert Player.objects.filter(event=event).count() == 9
    assert (
        page.locator("[data-money-total]").first.inner_text() == "$120"
    )  # in the event's currency

    # one tap checks a player in, without reloading the page
    page.get_by_role("button", name="Check in — Ada").click()
    wait_until(page, "document.querySelector('[data-count-checked]').textContent.trim() === '1'")
    assert Player.objects.get(event=event, name="Ada").checked_in
    snap(page, "desk-browser-players-after-check-in")

    page.get_by_role("link", name="Rounds").click()
    page.get_by_label("Time limit (minutes)").fill("45")
    page.get_by_role("button", name="Plan round").click()
    round_ = Round.objects.get(event=event, number=1)
    page.get_by_role("link", name="Seat players").click()
    # only Ada is checked in: the organiser includes the players not checked in
    page.get_by_label("Include players not checked in").check()
    page.get_by_role("button", name="Show").click()
    page.get_by_role("button", name="Confirm seating").wait_for()
    snap(page, "desk-browser-seat-preview")
    assert not Table.objects.filter(round=round_).exists()  # a preview writes nothing
    shown = page.locator(".table-card").count()
    assert shown == 2

    page.get_by_role("button", name="Confirm seating").click()
    page.get_by_role("button", name="Start round 1").click()
    page.locator(".countdown").wait_for()
    wait_until(
        page, "/^4[0-4]:[0-5][0-9]$/.test(document.querySelector('.countdown').textContent.trim())"
    )

    round_.refresh_from_db()
    assert round_.status == Round.Status.RUNNING
    assert round_.ends_at is not None
    tables = list(round_.tables.order_by("number").prefetch_related("seats"))
    assert len(tables) == 2
    assert sorted(t.seats.count() for t in tables) == [4, 5]
    assert all(t.banker is not None for t in tables)

    # the tables' live status refreshes by itself: a banker's entry shows up within seconds
    bank(tables[0], kind="pass_go", seat=1)
    last = page.locator(f"[data-room-tile='{tables[0].pk}'] [data-field=last-entry]")
    last.filter(has_text="Pass GO, ").wait_for(timeout=15_000)
    assert last.inner_text().endswith(" s ago")
    snap(page, "desk-browser-round-running")

    # and when time is called elsewhere (the clock task), the page follows
    round_call_time(round_id=round_.pk, now_=True)
    page.get_by_text("Time is called: each table plays its last turn").wait_for(timeout=15_000)


def test_a_reason_being_typed_to_force_the_end_survives_the_pages_refresh(live_server, new_page):
    world = make_world(players=8)
    round_call_time(round_id=world.round.pk, now_=True)
    page = new_page(TABLET)
    log_in(page, live_server.url, world.organiser.username, f"/desk/rounds/{world.round.pk}/")
    page.get_by_text("Force end…").click()
    page.get_by_label("Why end now?").fill("The hall closes at eleven")

    # A table closes meanwhile: the page's live part is drawn again, the form kept as it was.
    table_close(table_id=world.table.pk)
    tile = page.locator(f"[data-room-tile='{world.table.pk}'] [data-field=status]")
    tile.filter(has_text="Awaiting confirmation").wait_for(timeout=15_000)
    assert page.get_by_label("Why end now?").input_value() == "The hall closes at eleven"
    assert page.locator("#force-end").get_attribute("open") is not None


def populated_world():
    """An event mid-evening: round 1 ended with an override, the final planned, a few
    donations, and the organiser's password known."""
    world = make_world(players=12, entry_fee=20)
    Player.objects.filter(event=world.event).update(paid=20)
    Player.objects.filter(pk__in=world.event.players.values("pk")[:7]).update(checked_in=True)
    for n, player in enumerate(world.event.players.order_by("pk")):
        player.team = ("Analysts", "Pitchers and Catchers of the North")[n % 2]
        player.save(update_fields=["team"])
    donation_add(event_id=world.event.pk, donor="Acme Ltd", amount=500, note="Matched")
    donation_add(event_id=world.event.pk, donor="Anonymous", amount=40)
    for table, seat in zip(world.tables[:2], (2, 3), strict=True):  # table 3: a four-way tie
        bank(table, kind="buy", seat=seat, space=39)
        bank(table, kind="pass_go", seat=seat)
    close_and_confirm(world.round, by=world.referee)
    round_end(round_id=world.round.pk, actor=world.organiser)
    tied = Result.objects.filter(round=world.round, undecided=True).order_by("seat__number")
    for n, result in enumerate(tied):
        result_override(
            round_id=world.round.pk,
            player_id=result.player_id,
            advances=n == 0,
            reason="Won the coin toss" if n == 0 else "Lost the coin toss",
            actor=world.organiser,
        )
    final = round_create(event_id=world.event.pk, kind=Round.Kind.FINAL, time_limit_minutes=60)
    running = make_world(players=8)  # a second event whose round is running, same organiser
    bank(running.table, kind="buy", seat=1, space=1)
    VolunteerFactory(event=running.event, user=world.organiser, role=Volunteer.Role.ORGANISER)
    return world, final, running


@pytest.mark.parametrize(("size", "viewport"), [("tablet", TABLET), ("phone", PHONE)])
def test_every_desk_page_reads_well_on_a_tablet_and_a_phone(live_server, new_page, size, viewport):
    world, final, running = populated_world()
    event = world.event.pk
    pages = {
        "home": "/",
        "events": "/desk/",
        "new-event": "/desk/events/new/",
        "overview": f"/desk/events/{event}/",
        "settings": f"/desk/events/{event}/settings/",
        "players": f"/desk/events/{event}/players/",
        "import": f"/desk/events/{event}/players/import/",
        "donations": f"/desk/events/{event}/donations/",
        "volunteers": f"/desk/events/{event}/volunteers/",
        "rounds": f"/desk/events/{event}/rounds/",
        "round-ended": f"/desk/rounds/{world.round.pk}/",
        "results": f"/desk/rounds/{world.round.pk}/results/",
        "seat-preview-final": f"/desk/rounds/{final.pk}/seat/?seed=11",
        "bracket": f"/desk/events/{event}/bracket/",
        "teams": f"/desk/events/{event}/teams/",
        "team": f"/desk/events/{event}/teams/Pitchers%20and%20Catchers%20of%20the%20North/",
        "round-running": f"/desk/rounds/{running.round.pk}/",
    }
    world.organiser.is_staff = True  # organisers set events up
    world.organiser.save(update_fields=["is_staff"])
    page = new_page(viewport=viewport)
    log_in(page, live_server.url, world.organiser.get_username())
    for name, path in pages.items():
        response = page.goto(live_server.url + path)
        assert response.status == 200, name
        snap(page, f"desk-{name}-{size}")
        check_page(page, name)

    # the 403 page for a referee, and the login page for everyone else
    referee = new_page(viewport=viewport)
    log_in(referee, live_server.url, world.referee.get_username(), next_url="/")
    response = referee.goto(f"{live_server.url}/desk/events/{event}/")
    assert response.status == 403
    snap(referee, f"desk-forbidden-{size}")
    check_page(referee, "forbidden")


def test_an_organiser_sets_up_an_event_through_the_form(live_server, new_page):
    UserFactory(username="nora", is_staff=True)  # organisers set events up
    page = new_page(viewport=TABLET)
    log_in(page, live_server.url, "nora")
    page.get_by_role("link", name="New event").click()
    double_rent = page.get_by_label("Double rent despite a mortgage")
    assert double_rent.is_checked()  # the US edition's usual rule
    page.get_by_label("United Kingdom (London)").check()
    assert not double_rent.is_checked()  # desk.js: the UK edition's defaults
    page.get_by_label("Name", exact=True).fill("Winter Monopoly Night")
    page.get_by_label("Date").fill("2027-01-30")
    page.get_by_label("Short game").check()
    page.get_by_label("Points: the best over the preliminary rounds play the final").check()
    page.get_by_label("Finalists").fill("4")
    page.get_by_label("Entry fee").fill("15")
    page.get_by_role("button", name="Create event").click()
    page.get_by_text("Winter Monopoly Night is set up.").wait_for()
    snap(page, "desk-browser-new-event-created")
    check_page(page, "overview")

    event = Event.objects.get(name="Winter Monopoly Night")
    assert (event.edition, event.advancement, event.finalists, event.entry_fee) == (
        "uk",
        "points",
        4,
        15,
    )
    assert event.variants == {
        "modern_us": False,
        "short_game": True,
        "double_rent_despite_mortgage": False,
    }
