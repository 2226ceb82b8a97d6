"""The organiser desk through Django's test client: who reaches it, and what each page does."""

from __future__ import annotations

import re
from datetime import timedelta
from html import unescape

import pytest
from django.contrib.auth import authenticate
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.conftest import (
    World,
    close_and_confirm,
    make_world,
    play_round_one,
    run_out,
    session_for,
)
from tests.entries import bank
from tests.factories import PASSWORD, EventFactory, PlayerFactory, UserFactory, VolunteerFactory
from tests.played import final_tie_decided, night
from tournament import selectors
from tournament.models import (
    AuditEvent,
    Donation,
    Event,
    Player,
    PrintJob,
    Result,
    Round,
    Seat,
    Table,
    Volunteer,
)
from tournament.results import selectors as result_selectors
from tournament.results.closing import round_end
from tournament.results.overrides import result_override
from tournament.services.events import donation_add
from tournament.services.rounds import round_create, round_release, round_seat

pytestmark = pytest.mark.django_db


def seating_of(round_: Round) -> list[list[int]]:
    return [
        [seat.player_id for seat in table.seats.order_by("number")]
        for table in round_.tables.order_by("number")
    ]


def planned_round(players: int = 9, **event) -> tuple[Event, Round, object]:
    """An event with registered players, all checked in, and a first round planned, not
    seated."""
    event_obj = EventFactory(**event)
    organiser = VolunteerFactory(event=event_obj, role=Volunteer.Role.ORGANISER).user
    for n in range(players):
        PlayerFactory(
            event=event_obj, name=f"Player {n}", team="Reds" if n < 2 else "", checked_in=True
        )
    return event_obj, round_create(event_id=event_obj.pk), organiser


# --------------------------------------------------------------------------- who may come in

EVENT_PAGES = [
    "desk:event",
    "desk:event-edit",
    "desk:players",
    "desk:players-import",
    "desk:donations",
    "desk:volunteers",
    "desk:rounds",
    "desk:bracket",
    "desk:teams",
]
ROUND_PAGES = ["desk:round", "desk:results", "desk:seat"]


def page_urls(world: World) -> list[str]:
    urls = [reverse(name, args=[world.event.pk]) for name in EVENT_PAGES]
    urls += [reverse(name, args=[world.round.pk]) + "?seed=7" for name in ROUND_PAGES]
    return urls


@pytest.mark.parametrize("page", range(len(EVENT_PAGES) + len(ROUND_PAGES)))
@pytest.mark.parametrize(
    ("caller", "status"),
    [("organiser", 200), ("other_organiser", 403), ("referee", 403), ("anonymous", 302)],
)
def test_who_reaches_each_desk_page(db, other_organiser, page, caller, status):
    world = make_world(start=False)  # seated: its seating may still be previewed again
    url = page_urls(world)[page]
    user = {
        "organiser": world.organiser,
        "other_organiser": other_organiser,
        "referee": world.referee,
        "anonymous": None,
    }[caller]
    response = session_for(user).get(url)
    assert response.status_code == status
    if caller == "anonymous":
        assert response["Location"].startswith(reverse("login") + "?next=")
    if status == 403:
        assert b"organisers" in response.content


@pytest.mark.parametrize("name", ["desk:events", "desk:event-new"])
def test_the_event_list_and_new_event_pages_need_a_login(world, name):
    assert session_for().get(reverse(name)).status_code == 302
    world.organiser.is_staff = True  # organisers set events up
    world.organiser.save(update_fields=["is_staff"])
    assert session_for(world.organiser).get(reverse(name)).status_code == 200


def test_the_event_list_shows_only_events_the_person_organises(world, other_organiser):
    response = session_for(world.organiser).get(reverse("desk:events"))
    assert world.event.name in response.content.decode()
    other = Event.objects.exclude(pk=world.event.pk).get()
    assert other.name not in response.content.decode()
    referee_view = session_for(world.referee).get(reverse("desk:events")).content.decode()
    assert world.event.name not in referee_view


@pytest.mark.parametrize(
    ("name", "kind"),
    [
        ("desk:player-check-in", "player"),
        ("desk:player-paid", "player"),
        ("desk:round-start", "round"),
        ("desk:round-call-time", "round"),
        ("desk:round-end", "round"),
        ("desk:seat-confirm", "round"),
        ("desk:table-rotate-key", "table"),
    ],
)
def test_a_referee_cannot_act_at_the_desk_and_nothing_changes(world, name, kind):
    target = {
        "player": world.event.players.first(),
        "round": world.round,
        "table": world.table,
    }[kind]
    before = (world.round.status, world.table.key, target.pk)
    response = session_for(world.referee).post(
        reverse(name, args=[target.pk]), {"checked_in": "1", "paid": "5", "seed": "1"}
    )
    assert response.status_code == 403
    world.round.refresh_from_db()
    world.table.refresh_from_db()
    assert (world.round.status, world.table.key, target.pk) == before
    assert not Player.objects.filter(event=world.event, checked_in=True).exists()


def test_actions_need_a_post(world):
    response = session_for(world.organiser).get(reverse("desk:round-start", args=[world.round.pk]))
    assert response.status_code == 405


# --------------------------------------------------------------------------- the event


def event_form(**overrides) -> dict:
    data = {
        "name": "Spring Monopoly Night",
        "date": "2027-03-20",
        "venue": "Guildhall",
        "charity": "Hospice",
        "entry_fee": "25",
        "edition": "uk",
        "variant_short_game": "on",
        "advancement": "points",
        "wildcards": "0",
        "finalists": "6",
    }
    data.update(overrides)
    return {k: v for k, v in data.items() if v is not None}


@pytest.fixture
def creator(outsider):
    """A person the admin granted "Can add event", who organises nothing yet."""
    from django.contrib.auth.models import Permission

    outsider.user_permissions.add(Permission.objects.get(codename="add_event"))
    return outsider


def test_creating_an_event_makes_its_creator_an_organiser(creator):
    outsider = creator
    response = session_for(outsider).post(reverse("desk:event-new"), event_form())
    event = Event.objects.get(name="Spring Monopoly Night")
    assert response.status_code == 302
    assert response["Location"] == reverse("desk:event", args=[event.pk])
    assert event.edition == "uk"
    assert event.variants == {
        "modern_us": False,
        "short_game": True,
        "double_rent_despite_mortgage": False,
    }
    assert (event.advancement, event.finalists, event.entry_fee) == ("points", 6, 25)
    assert Volunteer.objects.filter(event=event, user=outsider, role="organiser").exists()
    assert session_for(outsider).get(response["Location"]).status_code == 200


def test_the_new_event_page_offers_every_variant_with_its_description(creator):
    page = session_for(creator).get(reverse("desk:event-new")).content.decode()
    assert page.count('type="checkbox" name="variant_') == 3
    assert "hotels after three houses" in page


def test_a_refused_event_shows_the_sentence_and_creates_nothing(creator):
    response = session_for(creator).post(
        reverse("desk:event-new"), event_form(variant_modern_us="on")
    )
    assert response.status_code == 200
    assert "applies to the US edition only" in response.content.decode()
    assert not Event.objects.exists()


def test_the_rules_lock_once_a_round_has_started_but_details_still_change(world):
    client = session_for(world.organiser)
    url = reverse("desk:event-edit", args=[world.event.pk])
    page = client.get(url).content.decode()
    assert "The rules are locked" in page
    form = event_form(
        name="Renamed night", edition="us", variant_short_game=None, advancement="knockout"
    )
    assert client.post(url, form).status_code == 302
    world.event.refresh_from_db()
    assert world.event.name == "Renamed night"
    assert world.event.edition == "us"  # the disabled rule fields kept their values
    assert world.event.variants["double_rent_despite_mortgage"] is True


def test_rules_still_change_before_the_first_round_starts():
    event, _round, organiser = planned_round()
    url = reverse("desk:event-edit", args=[event.pk])
    form = event_form(name=event.name, edition="us", advancement="knockout", wildcards="2")
    assert session_for(organiser).post(url, form).status_code == 302
    event.refresh_from_db()
    assert (event.advancement, event.wildcards, event.variants["short_game"]) == (
        "knockout",
        2,
        True,
    )


# --------------------------------------------------------------------------- players


def test_adding_a_player(world):
    url = reverse("desk:players", args=[world.event.pk])
    response = session_for(world.organiser).post(
        url, {"new-name": "Zed", "new-email": "", "new-team": "Blues", "new-paid": "10"}
    )
    assert response.status_code == 302
    zed = Player.objects.get(event=world.event, name="Zed")
    assert (zed.team, zed.paid) == ("Blues", 10)


def test_a_name_already_registered_is_added_again_only_once_confirmed(world):
    url = reverse("desk:players", args=[world.event.pk])
    desk = session_for(world.organiser)
    fields = {"new-name": "Grace Hopper", "new-email": "", "new-team": "", "new-paid": "0"}
    assert desk.post(url, fields).status_code == 302
    again = desk.post(url, {**fields, "new-name": " grace hopper "})
    page = again.content.decode()
    assert again.status_code == 200  # the form again, with the question
    assert "Grace Hopper is already registered" in page
    assert "two badges would print" in page
    assert 'name="new-again"' in page  # the box to tick for another person of that name
    assert world.event.players.filter(name__iexact="grace hopper").count() == 1
    confirmed = desk.post(url, {**fields, "new-again": "on"})
    assert confirmed.status_code == 302
    assert world.event.players.filter(name="Grace Hopper").count() == 2


BAD_CSV = (
    "name,email,team,paid\n"
    "Ada,ada@example.org,Reds,20\n"
    ",nobody@example.org,,\n"
    "Brook,not-an-email,,0\n"
    "Cy,,,lots\n"
)


def test_a_csv_with_bad_lines_lists_each_by_line_and_creates_nobody(world):
    before = world.event.players.count()
    response = session_for(world.organiser).post(
        reverse("desk:players-import", args=[world.event.pk]), {"text": BAD_CSV}
    )
    page = response.content.decode()
    assert response.status_code == 400
    assert "Line 3:" in page
    assert "The name is missing." in page
    assert "Line 4:" in page
    assert "not an email address" in page
    assert "Line 5:" in page
    assert "Paid must be a whole amount" in page
    assert "Line 2:" not in page
    assert "No player was added" in page
    assert world.event.players.count() == before


def test_a_good_csv_upload_adds_every_player(world):
    upload = SimpleUploadedFile(
        "players.csv", b"\xef\xbb\xbfname,team,paid\nZoe,Greens,20\nYann,,0\n", "text/csv"
    )
    client = session_for(world.organiser)
    response = client.post(reverse("desk:players-import", args=[world.event.pk]), {"file": upload})
    assert response.status_code == 302
    assert "Added 2 players." in client.get(response["Location"]).content.decode()
    assert set(
        world.event.players.filter(name__in=["Zoe", "Yann"]).values_list("name", "paid")
    ) == {("Zoe", 20), ("Yann", 0)}


def test_an_empty_import_form_asks_for_a_file_or_text(world):
    response = session_for(world.organiser).post(
        reverse("desk:players-import", args=[world.event.pk]), {"text": "  "}
    )
    assert "Choose a CSV file or paste the CSV text." in response.content.decode()


def test_check_in_is_one_tap_each_way(world):
    player = world.event.players.first()
    client = session_for(world.organiser)
    url = reverse("desk:player-check-in", args=[player.pk])
    response = client.post(url, {"checked_in": "1"})
    assert response.status_code == 302
    assert response["Location"].endswith(f"#player-{player.pk}")
    player.refresh_from_db()
    assert player.checked_in
    answer = client.post(url, {"checked_in": "0"}, headers={"X-Requested-With": "fetch"})
    player.refresh_from_db()
    assert not player.checked_in
    assert answer.json()["checked_in"] is False
    assert answer.json()["counts"] == {"registered": 8, "checked_in": 0, "paid": 0}


def test_the_players_page_shows_the_live_count(world):
    Player.objects.filter(pk__in=world.event.players.values("pk")[:3]).update(checked_in=True)
    page = session_for(world.organiser).get(reverse("desk:players", args=[world.event.pk]))
    assert "<span data-count-checked>3</span>" in page.content.decode()
    assert page.content.decode().count('aria-pressed="true"') == 3


def test_marking_paid_records_the_entry_fee_and_raises_the_total(world):
    Event.objects.filter(pk=world.event.pk).update(entry_fee=20)
    player = world.event.players.first()
    client = session_for(world.organiser)
    answer = client.post(
        reverse("desk:player-paid", args=[player.pk]),
        {"paid": "20"},
        headers={"X-Requested-With": "fetch"},
    )
    assert answer.json()["paid"] == 20
    assert answer.json()["money"] == {"fees": 20, "donations": 0, "total": 20}
    client.post(reverse("desk:player-paid", args=[player.pk]), {"paid": "0"})
    player.refresh_from_db()
    assert player.paid == 0


# --------------------------------------------------------------------------- money


def test_money_raised_sums_fees_paid_and_donations(world):
    players = list(world.event.players.all())
    Player.objects.filter(pk=players[0].pk).update(paid=20)
    Player.objects.filter(pk=players[1].pk).update(paid=15)
    client = session_for(world.organiser)
    response = client.post(
        reverse("desk:donations", args=[world.event.pk]),
        {"donor": "Acme Ltd", "amount": "1000", "note": "Matched giving"},
    )
    assert response.status_code == 302
    donation_add(event_id=world.event.pk, donor="Anonymous", amount=50)
    assert selectors.money_raised(world.event.pk) == {
        "fees": 35,
        "donations": 1050,
        "total": 1085,
    }
    overview = client.get(reverse("desk:event", args=[world.event.pk])).content.decode()
    # In the event's currency (by default its edition's: dollars for the US board).
    assert "data-money-total>$1,085<" in overview
    assert "$1,050" in overview
    assert "$35" in overview
    donations_page = client.get(reverse("desk:donations", args=[world.event.pk])).content.decode()
    assert "$1,000" in donations_page
    events = client.get(reverse("desk:events")).content.decode()
    assert "$1,085" in events
    Event.objects.filter(pk=world.event.pk).update(currency="GBP")  # the organiser's choice
    overview = client.get(reverse("desk:event", args=[world.event.pk])).content.decode()
    assert "\N{POUND SIGN}1,085" in overview
    assert "Acme Ltd" in donations_page
    assert "Matched giving" in donations_page


def test_a_donation_must_be_at_least_one(world):
    response = session_for(world.organiser).post(
        reverse("desk:donations", args=[world.event.pk]), {"donor": "Me", "amount": "0"}
    )
    assert response.status_code == 200
    assert not Donation.objects.exists()


# --------------------------------------------------------------------------- volunteers


def test_a_new_volunteer_gets_an_account_with_a_password_shown_once(world):
    client = session_for(world.organiser)
    url = reverse("desk:volunteers", args=[world.event.pk])
    response = client.post(url, {"username": "banker.bea", "role": "banker", "player": ""})
    assert response.status_code == 200
    assert response["Cache-Control"] == "no-store"
    password = response.context["enlisted"].password
    assert password
    assert password in response.content.decode()
    assert authenticate(username="banker.bea", password=password) is not None
    assert Volunteer.objects.filter(
        event=world.event, user__username="banker.bea", role="banker"
    ).exists()
    assert password not in client.get(url).content.decode()


def test_an_existing_account_gets_the_role_without_a_new_password(world):
    user = UserFactory(username="ref.rita")
    player = world.event.players.first()
    response = session_for(world.organiser).post(
        reverse("desk:volunteers", args=[world.event.pk]),
        {"username": "ref.rita", "role": "referee", "player": str(player.pk)},
    )
    assert response.status_code == 302
    volunteer = Volunteer.objects.get(event=world.event, user=user)
    assert (volunteer.role, volunteer.player_id) == ("referee", player.pk)
    assert user.check_password(PASSWORD)


def test_a_username_with_spaces_is_refused_with_a_sentence(world):
    response = session_for(world.organiser).post(
        reverse("desk:volunteers", args=[world.event.pk]),
        {"username": "two words", "role": "banker"},
    )
    assert "no spaces" in response.content.decode()
    assert not Volunteer.objects.filter(user__username="two words").exists()


# --------------------------------------------------------------------------- rounds


def test_planning_a_round(world):
    client = session_for(world.organiser)
    response = client.post(
        reverse("desk:rounds", args=[world.event.pk]),
        {"kind": "final", "time_limit_minutes": "60", "table_size": "4"},
    )
    final = world.event.rounds.get(number=2)
    assert response["Location"] == reverse("desk:round", args=[final.pk])
    assert (final.kind, final.time_limit_minutes) == ("final", 60)
    # Round 1 is still running: planning warns at once that the final must wait for it.
    page = client.get(response["Location"]).content.decode()
    assert "Round 2 is planned. Round 1 is still being played: seat round 2 once" in page


def test_the_seating_preview_writes_nothing_and_confirming_saves_the_same_seating():
    _event, round_, organiser = planned_round(players=9)
    client = session_for(organiser)
    assert client.get(reverse("desk:seat", args=[round_.pk]))["Location"].startswith(
        reverse("desk:seat", args=[round_.pk]) + "?seed="
    )
    response = client.get(reverse("desk:seat", args=[round_.pk]), {"seed": 4242})
    preview = response.context["preview"]
    assert not Table.objects.filter(round=round_).exists()
    round_.refresh_from_db()
    assert (round_.status, round_.seed) == ("planned", None)
    planned = [[s["player_id"] for s in t["seats"]] for t in preview["tables"]]
    assert sorted(len(t) for t in planned) == [4, 5]
    assert "Player 3" in response.content.decode()

    confirmed = client.post(reverse("desk:seat-confirm", args=[round_.pk]), {"seed": "4242"})
    assert confirmed["Location"] == reverse("desk:round", args=[round_.pk])
    round_.refresh_from_db()
    assert (round_.status, round_.seed) == ("seated", 4242)
    assert seating_of(round_) == planned


def test_the_next_rounds_seating_preview_names_the_late_arrivals_it_seats(world):
    late = PlayerFactory(event=world.event, name="Late Lou", checked_in=True)
    second = play_round_one(world)
    response = session_for(world.organiser).get(reverse("desk:seat", args=[second.pk]), {"seed": 5})
    page = response.content.decode()
    assert "Joining late (checked in after an earlier round was seated): Late Lou." in page
    seated = {s["player_id"] for t in response.context["preview"]["tables"] for s in t["seats"]}
    assert late.pk in seated


def next_step(client: Client, round_: Round) -> str:
    page = client.get(reverse("desk:round", args=[round_.pk])).content.decode()
    found = re.search(r"<section[^>]*data-next-step[^>]*>(.*?)</section>", page, re.S)
    assert found, "the round page says what to do next"
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", found.group(1))).strip()


def test_the_round_page_says_what_to_do_next_at_every_stage():
    world = make_world(players=12)  # three table winners: enough for one table in round 2
    client = session_for(world.organiser)
    second = round_create(event_id=world.event.pk)
    # Planned while round 1 is still played: it says so at once, with the way on.
    assert "Round 1 is still being played: seat round 2 once it has ended" in next_step(
        client, second
    )
    assert "Next: watch the tables" in next_step(client, world.round)
    second.delete()
    third = play_round_one(world)
    assert "Next: seat round 2." in next_step(client, world.round)
    assert "Next: seat the players (3 players at 1 table)." in next_step(client, third)
    round_seat(round_id=third.pk, seed=1)
    assert "Next: release the seating" in next_step(client, third)
    round_release(round_id=third.pk, actor=world.organiser)
    assert "Next: start round 2" in next_step(client, third)


def test_a_final_that_cannot_be_seated_says_why_and_how_to_fix_it_when_planned(world):
    client = session_for(world.organiser)
    final = play_round_one(world, kind=Round.Kind.FINAL)  # two table winners
    said = next_step(client, final)
    assert "2 players cannot fill 1 table: every table needs at least 3 players" in said
    assert "more wildcards" in said
    assert "override a result" in said


def test_the_organiser_moves_and_swaps_players_on_the_preview_and_confirms_it():
    _event, round_, organiser = planned_round(players=9)
    client = session_for(organiser)
    url = reverse("desk:seat", args=[round_.pk])
    drawn = client.get(url, {"seed": 4242}).context["preview"]["tables"]
    big, small = sorted(drawn, key=lambda t: -len(t["seats"]))  # five and four players
    mover = big["seats"][0]
    a, b = big["seats"][1], small["seats"][0]
    moves = {
        f"t_{mover['player_id']}": small["number"],  # a move: five and four become four and five
        f"t_{a['player_id']}": small["number"],  # and a swap
        f"t_{b['player_id']}": big["number"],
    }
    response = client.get(url, {"seed": 4242, **moves})
    page = response.content.decode()
    after = {
        t["number"]: {s["player_id"] for s in t["seats"]}
        for t in response.context["preview"]["tables"]
    }
    assert {mover["player_id"], a["player_id"]} <= after[small["number"]]
    assert b["player_id"] in after[big["number"]]
    assert f'name="t_{mover["player_id"]}" value="{small["number"]}"' in page  # kept for confirm
    assert not Table.objects.filter(round=round_).exists()  # a preview writes nothing

    confirmed = client.post(
        reverse("desk:seat-confirm", args=[round_.pk]), {"seed": "4242", **moves}
    )
    assert confirmed.status_code == 302
    saved = {t.number: {s.player_id for s in t.seats.all()} for t in round_.tables.all()}
    assert saved == after


def test_a_move_that_leaves_a_table_too_small_is_refused_and_a_clash_is_said(world):
    _event, round_, organiser = planned_round(players=8)
    client = session_for(organiser)
    url = reverse("desk:seat", args=[round_.pk])
    first, second = client.get(url, {"seed": 7}).context["preview"]["tables"]
    moves = {f"t_{s['player_id']}": second["number"] for s in first["seats"][:2]}
    page = client.get(url, {"seed": 7, **moves}).content.decode()
    assert f"Table {first['number']} would have 2 players: every table needs at least 3." in page
    assert "Back to the seating without the moves" in page
    # Two team-mates moved to one table: allowed, and said. (The seed keeps them apart.)
    red = [first["seats"][0]["player_id"], second["seats"][0]["player_id"]]
    Player.objects.filter(pk__in=red).update(team="Red")
    apart = client.get(url, {"seed": 7}).context["preview"]["tables"]
    where = {s["player_id"]: t["number"] for t in apart for s in t["seats"]}
    assert where[red[0]] != where[red[1]]
    page = client.get(url, {"seed": 7, f"t_{red[0]}": where[red[1]]}).content.decode()
    assert "are team-mates (Red)." in page


def test_previewing_a_seated_round_again_changes_nothing(world):
    round_ = make_world(start=False).round
    organiser = Volunteer.objects.get(event=round_.event, role="organiser").user
    keys = list(round_.tables.values_list("key", flat=True))
    response = session_for(organiser).get(
        reverse("desk:seat", args=[round_.pk]), {"seed": 1, "include_all": "on"}
    )
    assert "already seated" in response.content.decode()
    assert list(round_.tables.values_list("key", flat=True)) == keys


def test_the_seating_preview_of_a_running_round_says_why_not_on_the_round_page(world):
    response = session_for(world.organiser).get(
        reverse("desk:seat", args=[world.round.pk]), {"seed": 3}, follow=True
    )
    assert response.redirect_chain == [(reverse("desk:round", args=[world.round.pk]), 302)]
    assert "This round has started: its seating is final." in response.content.decode()


def test_start_call_time_and_end_through_the_desk():
    _event, round_, organiser = planned_round(players=8)
    client = session_for(organiser)
    client.post(reverse("desk:seat-confirm", args=[round_.pk]), {"seed": "5"})
    response = client.post(reverse("desk:round-start", args=[round_.pk]), follow=True)
    round_.refresh_from_db()
    assert round_.status == "running"
    assert round_.ends_at is not None
    page = response.content.decode()
    assert 'class="countdown"' in page
    assert "has started" in page
    assert "1:29:5" in page  # the clock, rendered before desk.js ticks it

    client.post(reverse("desk:round-call-time", args=[round_.pk]))
    round_.refresh_from_db()
    assert round_.status == "time_called"

    close_and_confirm(round_, by=organiser)
    response = client.post(reverse("desk:round-end", args=[round_.pk]))
    assert response["Location"] == reverse("desk:results", args=[round_.pk])
    round_.refresh_from_db()
    assert round_.status == "ended"
    assert Result.objects.filter(round=round_).count() == 8
    results = client.get(response["Location"]).content.decode()
    assert "1,500" in results
    assert "cash $1,500 + deeds $0 + buildings $0 = $1,500" in results


def test_once_the_clock_ran_out_with_no_worker_the_desk_shows_time_called_writing_nothing(world):
    run_out(world.round, ago=timedelta(seconds=1))
    client = session_for(world.organiser)
    page = client.get(reverse("desk:round", args=[world.round.pk])).content.decode()
    assert "Time is called: each table plays its last turn" in page
    assert 'data-round-status="time_called"' in page
    poll = client.get(reverse("desk:round", args=[world.round.pk]), HTTP_HX_REQUEST="true")
    assert "data-round-label>Time called<" in poll.content.decode()
    assert Round.objects.get(pk=world.round.pk).status == Round.Status.RUNNING


def test_a_refused_start_shows_its_sentence_and_changes_nothing():
    _event, round_, organiser = planned_round()
    response = session_for(organiser).post(
        reverse("desk:round-start", args=[round_.pk]), follow=True
    )
    assert "Only a seated round can start." in response.content.decode()
    round_.refresh_from_db()
    assert round_.status == "planned"


def test_rotating_a_key_gives_the_table_a_new_console_link(world):
    old = world.table.key
    response = session_for(world.organiser).post(
        reverse("desk:table-rotate-key", args=[world.table.pk]), follow=True
    )
    world.table.refresh_from_db()
    assert world.table.key != old
    page = response.content.decode()
    assert f"/console/{world.table.key}/" in page
    assert old not in page
    assert AuditEvent.objects.filter(action="table_key_rotated", actor=world.organiser).exists()


def test_the_round_page_shows_each_tables_banker_players_and_latest_entry(world):
    bank(world.table, kind="pass_go", seat=1)
    bank(world.table, kind="buy", seat=2, space=39)
    client = session_for(world.organiser)
    page = client.get(reverse("desk:round", args=[world.round.pk])).content.decode()
    card = page[page.index('id="table-1"') :]
    assert f'href="/console/{world.table.key}/"' in card
    assert "none yet" not in card.split("</li>")[0]  # the banker's name
    assert world.table.seats.get(number=1).player.name in card
    assert 'data-field="last-entry">Buy, ' in page  # its tile
    assert 'data-field="last-entry">none yet</dd>' in page  # table 2's


def test_the_live_part_costs_the_same_queries_for_more_tables_and_entries():
    def queries(players: int, entries: int) -> int:
        world = make_world(players=players)
        for _ in range(entries):
            bank(world.table, kind="pass_go", seat=1)
        client = session_for(world.organiser)
        url = reverse("desk:round", args=[world.round.pk])
        with CaptureQueriesContext(connection) as captured:
            assert client.get(url, HTTP_HX_REQUEST="true").status_code == 200
        return len(captured)

    # The session's user, then the round, the roles and the tables in one round trip.
    assert queries(players=8, entries=1) == queries(players=24, entries=12) <= 10


@pytest.mark.parametrize(("caller", "status"), [("anonymous", 401), ("referee", 403)])
def test_the_live_part_is_for_organisers_only(world, caller, status):
    user = world.referee if caller == "referee" else None
    url = reverse("desk:round", args=[world.round.pk])
    response = session_for(user).get(url, HTTP_HX_REQUEST="true")
    assert response.status_code == status
    assert "Table 1" not in response.content.decode()


# --------------------------------------------------------------------------- results


def ended_world() -> World:
    world = make_world(players=8)
    bank(world.tables[0], kind="pass_go", seat=3)
    close_and_confirm(world.round, by=world.referee)
    round_end(round_id=world.round.pk)
    return world


def test_the_results_page_shows_net_worth_with_its_breakdown_and_flags():
    world = ended_world()
    page = session_for(world.organiser).get(reverse("desk:results", args=[world.round.pk]))
    html = page.content.decode()
    assert "1,700" in html
    assert "cash $1,700 + deeds $0 + buildings $0 = $1,700" in html
    assert "tied with" in html  # the tie-break applied: the organiser's decision
    assert "Advances" in html
    assert "Tied" in html
    assert "You decide:" in html


def test_the_finals_results_say_who_won_the_night():
    """A final whose tie the organiser settled: the desk names its one winner, with table
    and net worth, marks them Winner, and marks nobody as going on."""
    n = night()
    winner, others = final_tie_decided(n)
    page = session_for(n.organiser).get(reverse("desk:results", args=[winner.round_id]))
    html = page.content.decode()
    line = re.search(r'<p class="notice ok winner-line".*?</p>', html, re.S)[0]
    said = re.sub(r"<[^>]+>", "", line)
    assert f"Winner: {winner.player.name} (table 1, ${winner.net_worth:,})" in unescape(said)
    assert not any(other.player.name in said for other in others)
    assert html.count('<span class="badge ok">Winner</span>') == 1
    assert '<span class="badge ok">Advances</span>' not in html


def test_an_override_records_its_reason_and_shows_it():
    world = ended_world()
    undecided = Result.objects.filter(round=world.round, undecided=True).select_related(
        "seat__table", "player"
    )[0]
    table = undecided.seat.table.number
    prefix = f"t{table}-"
    client = session_for(world.organiser)
    url = reverse("desk:override", args=[world.round.pk]) + f"?table={table}"
    response = client.post(
        url,
        {prefix + "player": undecided.player_id, prefix + "advances": "1", prefix + "reason": ""},
    )
    assert response.status_code == 400
    undecided.refresh_from_db()
    assert undecided.undecided
    assert not undecided.advances

    response = client.post(
        url,
        {
            prefix + "player": undecided.player_id,
            prefix + "advances": "1",
            prefix + "reason": "Won the coin toss",
        },
        follow=True,
    )
    undecided.refresh_from_db()
    assert undecided.advances
    assert not undecided.undecided
    assert undecided.override_reason == "Won the coin toss"
    audit = AuditEvent.objects.get(action="advancement_override")
    assert (audit.reason, audit.actor) == ("Won the coin toss", world.organiser)
    html = response.content.decode()
    assert "Tie decided by the organiser: Won the coin toss" in html
    assert f"{undecided.player.name}, round 1" in html


def test_an_override_of_a_player_from_another_table_is_refused():
    world = ended_world()
    other = Result.objects.filter(round=world.round, seat__table__number=2)[0]
    url = reverse("desk:override", args=[world.round.pk]) + "?table=1"
    response = session_for(world.organiser).post(
        url, {"t1-player": other.player_id, "t1-advances": "1", "t1-reason": "why not"}
    )
    assert response.status_code == 400
    other.refresh_from_db()
    assert other.override_reason == ""


# --------------------------------------------------------------------------- the bracket


def test_the_bracket_has_rounds_as_columns_and_carries_the_advancing_players(
    django_assert_max_num_queries,
):
    world = ended_world()
    for result in Result.objects.filter(round=world.round, undecided=True):
        result_override(
            round_id=world.round.pk,
            player_id=result.player_id,
            advances=result.seat.number % 2 == 0,
            reason="Organiser's decision",
            actor=world.organiser,
        )
    final = round_create(event_id=world.event.pk, kind=Round.Kind.FINAL)
    with django_assert_max_num_queries(4):
        shape = result_selectors.bracket(event_id=world.event.pk)

    assert set(shape) == {"event_id", "rounds", "next", "winners"}
    first, second = shape["rounds"]
    assert (first["number"], first["kind"], first["status"], first["ended"]) == (
        1,
        "preliminary",
        "ended",
        True,
    )
    assert [t["number"] for t in first["tables"]] == [1, 2]
    box = first["tables"][0]
    assert set(box) == {"id", "number", "closed", "players"}
    assert [p["rank"] for p in box["players"]] == sorted(p["rank"] for p in box["players"])
    assert set(box["players"][0]) == {
        "player_id",
        "name",
        "seat",
        "from_table",
        "rank",
        "net_worth",
        "bankrupt",
        "advances",
        "tied",
        "undecided",
        "overridden",
    }
    advancing = {r.player_id for r in Result.objects.filter(round=world.round, advances=True)}
    assert {p["player_id"] for p in first["advancing"]} == advancing
    assert (second["id"], second["kind"], second["tables"]) == (final.pk, "final", [])
    assert {p["player_id"] for p in second["waiting"]} == advancing
    assert shape["next"] == []
    assert shape["winners"] == []


def test_the_bracket_reads_the_nights_seats_as_rows_not_one_model_instance_each(monkeypatch):
    # The bracket holds every table and seat of the night: at 30 rounds of 100 tables,
    # building a model instance for each seat, player and result took a second.
    world = ended_world()
    names = {p.pk: p.name for p in Player.objects.filter(event=world.event)}
    built = []
    for model in (Table, Seat, Player, Result):
        build = model.from_db.__func__
        monkeypatch.setattr(
            model,
            "from_db",
            classmethod(lambda cls, *args, build=build: built.append(cls) or build(cls, *args)),
        )

    shape = result_selectors.bracket(event_id=world.event.pk)

    assert built == []
    seated = [p for box in shape["rounds"][0]["tables"] for p in box["players"]]
    assert {p["player_id"]: p["name"] for p in seated} == names


def test_the_bracket_page_marks_who_advances(world):
    page = session_for(world.organiser).get(reverse("desk:bracket", args=[world.event.pk]))
    html = page.content.decode()
    assert "Round 1" in html
    assert "Table 2" in html
    assert "Ada" in html


def test_the_winner_of_the_final_tops_the_bracket():
    world = make_world(players=4, table_size=4)
    bank(world.table, kind="pass_go", seat=2)
    Round.objects.filter(pk=world.round.pk).update(kind=Round.Kind.FINAL)
    close_and_confirm(world.round, by=world.referee)
    round_end(round_id=world.round.pk)
    shape = result_selectors.bracket(event_id=world.event.pk)
    winner = world.table.seats.get(number=2).player
    expected = {"player_id": winner.pk, "name": winner.name, "table": 1, "net_worth": 1700}
    assert shape["winners"] == [expected]


# --------------------------------------------------------------------------- home


def test_home_welcomes_a_visitor_with_the_login_link(db):
    page = Client().get("/").content.decode()
    assert reverse("login") in page
    assert "Log in" in page


def test_home_lists_a_persons_events_with_the_desk_for_those_they_organise(world):
    organiser_home = session_for(world.organiser).get("/").content.decode()
    assert world.event.name in organiser_home
    assert reverse("desk:event", args=[world.event.pk]) in organiser_home
    referee_home = session_for(world.referee).get("/").content.decode()
    assert world.event.name in referee_home
    assert "Referee" in referee_home
    assert reverse("desk:event", args=[world.event.pk]) not in referee_home


# --------------------------------------------------------------------------- tonight's links


def test_the_overview_links_to_everything_run_on_the_night(world):
    page = session_for(world.organiser).get(reverse("desk:event", args=[world.event.pk]))
    html = page.content.decode()
    for name, args in (
        ("print-page", [world.event.pk]),
        ("desk:check-in", [world.event.pk]),
        ("verify", []),
        ("faq-event", [world.event.pk]),
        ("faq-briefing", [world.event.pk]),
    ):
        assert f'href="{reverse(name, args=args)}"' in html, name
    assert "Make a big screen link" in html


def test_the_big_screen_link_is_made_opened_and_revoked_from_the_desk(world, client):
    desk = session_for(world.organiser)
    url = reverse("desk:screen-link", args=[world.event.pk])
    assert desk.post(url, {"action": "issue"}).status_code == 302
    world.event.refresh_from_db()
    screen = reverse("event-screen", args=[world.event.pk, world.event.screen_token])
    html = desk.get(reverse("desk:event", args=[world.event.pk])).content.decode()
    assert f'href="{screen}"' in html  # open it
    assert f"http://testserver{screen}" in html  # the whole address, to copy
    assert client.get(screen).status_code == 200
    assert desk.post(url, {"action": "revoke"}).status_code == 302
    assert client.get(screen).status_code == 404
    assert desk.post(url, {"action": "sideways"}).status_code == 400
    referee = session_for(world.referee)
    assert referee.post(url, {"action": "issue"}).status_code == 403
    actions = AuditEvent.objects.filter(event=world.event, action__startswith="screen_link")
    assert [a.action for a in actions.order_by("pk")] == [
        "screen_link_issued",
        "screen_link_revoked",
    ]


def test_a_seated_round_prints_its_table_cards_from_its_own_page(
    world, django_capture_on_commit_callbacks
):
    desk = session_for(world.organiser)
    page = desk.get(reverse("desk:round", args=[world.round.pk])).content.decode()
    assert "Print table cards" in page
    assert f'name="round" value="{world.round.pk}"' in page
    with django_capture_on_commit_callbacks(execute=False):
        answer = desk.post(
            reverse("print-page", args=[world.event.pk]),
            {"kind": "table_cards", "round": str(world.round.pk)},
        )
    assert answer.status_code == 302
    job = PrintJob.objects.get(event=world.event)
    assert (job.kind, job.round_id) == ("table_cards", world.round.pk)


def test_the_preview_of_a_one_table_final_warns_of_nothing_no_seating_could_avoid():
    """The final's one table seats a table's winner with the wildcard who sat with them in
    round 1, and two team-mates: nothing any seating could keep apart, so nothing said."""
    n = night()
    final = round_create(event_id=n.event.pk, kind=Round.Kind.FINAL)
    client = session_for(n.organiser)
    url = reverse("desk:seat", args=[final.pk])
    (table,) = client.get(url, {"seed": 1}).context["preview"]["tables"]
    finalists = [seat["player_id"] for seat in table["seats"]]
    Player.objects.filter(pk__in=finalists[:2]).update(team="Reds")

    response = client.get(url, {"seed": 1})
    assert len(response.context["preview"]["tables"]) == 1
    assert response.context["preview"]["clashes"] == []
    page = response.content.decode()
    assert "data-clashes" not in page
    assert "are team-mates" not in page
    assert "in another round too" not in page
